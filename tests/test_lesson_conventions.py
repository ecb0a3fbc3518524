"""The page's conventions kept everywhere (issue 15): a red suit's symbol is red in the notes' running
text as in the diagram, the stepper and the table, and the note's words stay escaped."""

from __future__ import annotations

from replayer.lessons.html import markdown_block, markdown_inline


def test_red_suit_symbols_in_running_text_are_red() -> None:
    html = str(markdown_block("B wins with the ♥10 and returns the ♦K; the ♠2 and ♣A stay."))
    assert html.count('<span class="suit red">♥</span>10') == 1
    assert '<span class="suit red">♦</span>K' in html
    assert "♠2" in html and "♣A" in html and html.count("suit red") == 2


def test_the_words_around_them_stay_escaped() -> None:
    html = str(markdown_inline("<b>♥A</b> & ♦2"))
    assert (
        html == '&lt;b&gt;<span class="suit red">♥</span>A&lt;/b&gt; &amp; <span class="suit red">♦</span>2'
    )
