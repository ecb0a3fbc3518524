"""The pages a teacher hands out beside the lessons: the make exercises (each a hand of 13 cards, the
author whose rule decides it, a self-check with a score, the answer in our words, the other book's
rule when it gives the same hand) and the technique index (a definition per technique, its examples
by book linking to the lesson's trick).  The built site is the session fixture ``site``."""

from __future__ import annotations

import html
import re
from pathlib import Path

from replayer.lessons.pages import exercises, technique_definitions
from replayer.teaching.annotate import TECHNIQUES
from replayer.teaching.make_examples import EXAMPLES, Chair, MakeExample, Rules
from replayer.teaching.techniques import VOCABULARY
from support.browser import chromium, new_tab

TRANSCRIPTION_WORDS = re.compile(r"\b(OCR|slip|transcri\w*|misprint\w*|as the reference prints)\b", re.I)


def items(page: str) -> list[str]:
    """Each exercise's HTML, in order."""
    return re.findall(r'<li class="exercise".*?</li>\n(?=<li class="exercise"|</ol>)', page, re.DOTALL)


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def makes_page(site: Path) -> str:
    return (site / "makes.html").read_text(encoding="utf-8")


def test_every_exercise_shows_a_hand_of_13_cards_by_suit_red_suits_by_their_symbol(site: Path) -> None:
    found = items(makes_page(site))
    assert len(found) == len(exercises()) > 10
    for item in found:
        hand = item[item.index('class="suits ex-hand"') : item.index("</ul>")]
        suits = re.findall(
            r'<span class="suit (red|black)" aria-hidden="true">(.)</span>.*?</span>([^<]*)</li>', hand
        )
        assert [(colour, symbol) for colour, symbol, _ in suits] == [
            ("black", "♠"),
            ("red", "♥"),
            ("red", "♦"),
            ("black", "♣"),
        ], item[:80]
        assert sum(len(cards.split()) for _, _, cards in suits) == 13, item[:80]


def test_a_hand_printed_with_another_count_than_13_is_no_exercise() -> None:
    fourteen = MakeExample(
        "A 8 2", "A K J 6 5 2", "9 7 3", "A 4", Chair.DUMMY, "hearts", "p. 44", Rules.FOSTER
    )
    twelve = MakeExample("A 8", "A K J 6 5 2", "9 7", "A 4", Chair.DUMMY, "hearts", "p. 44", Rules.FOSTER)
    good = EXAMPLES[0]
    assert [e.source for e in exercises((fourteen, good, twelve))] == [good.source]


def test_each_exercise_names_the_author_whose_rule_decides_it_and_asks_the_make(site: Path) -> None:
    for item, ex in zip(items(makes_page(site)), exercises(), strict=True):
        words = text(item)
        assert f"by {ex.author}'s rule" in words
        assert re.search(rf"By {ex.author}'s rule, what do you (declare|make)\?", words)
        values = re.findall(r'<input type="radio" name="ex-\d+" value="([a-z-]+)">', item)
        assert ex.answer in values
        assert ("pass" in values) == (ex.seat == "dealer")  # dummy may not pass the make back


def test_no_answer_carries_a_transcription_remark(site: Path) -> None:
    for item in items(makes_page(site)):
        answer = text(item[item.index('<details class="ex-answer">') :])
        assert not TRANSCRIPTION_WORDS.search(answer), answer


def test_a_hand_two_books_give_is_one_exercise_saying_where_the_other_rule_differs(site: Path) -> None:
    keys = [(frozenset(e.cards()), e.seat, e.score) for e in EXAMPLES if len(e.cards()) == 13]
    assert len(exercises()) == len(set(keys)) < len(keys)
    page = text(makes_page(site))
    # Foster p. 39: no-trumps with one ace and two very strong suits; Elwell passes the same hand
    assert "By Foster's rule — one ace and two very strong suits" in page
    assert "Elwell's rule differs: pass — one ace and only two guarded suits" in page
    assert "Elwell's rule agrees: no trumps — one ace and three guarded suits" in page
    hands = [
        re.sub(r"\s+", " ", text(i[i.index("ex-hand") : i.index("</ul>")])) for i in items(makes_page(site))
    ]
    assert len(hands) == len(set(hands))


def test_the_self_check_scores_choices_in_chromium(site: Path) -> None:
    with chromium() as browser:
        tab = new_tab(browser, site, viewport={"width": 1280, "height": 900})
        page = tab.page
        page.goto((site / "makes.html").as_uri())
        score = page.locator("#ex-score")
        assert score.is_visible() and "0 right of 0 checked" in score.inner_text()
        first, second = exercises()[0], exercises()[1]
        wrong = next(c.value for c in second.choices if c.value != second.answer)
        page.click("#exercise-3 .ex-check-button")  # nothing chosen yet: no score
        assert page.inner_text("#exercise-3 .ex-verdict") == "Choose a make first."
        page.check(f"#exercise-1 input[value='{first.answer}']")
        page.click("#exercise-1 .ex-check-button")
        assert page.inner_text("#exercise-1 .ex-verdict").startswith("Right")
        assert page.locator("#exercise-1 details.ex-answer").evaluate("d => d.open")
        page.check(f"#exercise-2 input[value='{wrong}']")
        page.click("#exercise-2 .ex-check-button")
        assert page.inner_text("#exercise-2 .ex-verdict").startswith("Not by this rule: the answer is")
        assert page.locator("#exercise-2 input[type=radio]:not([disabled])").count() == 0  # checked once
        assert f"1 right of 2 checked ({len(exercises())} exercises)" in score.inner_text()
        page.click("#ex-score .ex-restart")
        assert "0 right of 0 checked" in score.inner_text()
        assert page.locator("#exercise-2 input[type=radio]:checked").count() == 0
        assert tab.errors == [] and all(r.startswith("file:") for r in tab.requests)


def test_without_javascript_the_answers_open_and_no_dead_check_button_shows(site: Path) -> None:
    with chromium() as browser:
        tab = new_tab(browser, site, java_script_enabled=False)
        tab.page.goto((site / "makes.html").as_uri())
        assert not tab.page.locator("#ex-score").is_visible()
        assert not tab.page.locator("#exercise-1 .ex-check-button").is_visible()
        tab.page.click("#exercise-1 details.ex-answer summary")
        assert "By Foster's rule" in tab.page.inner_text("#exercise-1 details.ex-answer")


def test_the_technique_index_defines_each_technique_and_links_its_examples_by_book(site: Path) -> None:
    page = (site / "techniques.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="technique" id="([^"]+)".*?</section>', page, re.DOTALL)
    bodies = re.findall(r'<section class="technique" id="[^"]+".*?</section>', page, re.DOTALL)
    assert len(sections) > 20
    for body in bodies:
        assert re.search(r'<p class="technique-definition">[^<]{20,}\.</p>', body), body[:120]
    echo = bodies[sections.index("the-down-and-out-echo")]
    definition = VOCABULARY["echo"].definition.partition(": ")[2]
    assert f'<p class="technique-definition">{html.escape(definition)}.</p>' in echo
    assert "<cite>The Gist of Bridge</cite>" in echo and "<cite>Advanced Bridge</cite>" in echo
    assert re.search(r'href="foster-1904/hand-\d+\.html#trick-\d+"', echo)


def test_a_definition_never_repeats_its_heading() -> None:
    definitions = technique_definitions("The make")
    assert set(definitions) == {"The make", *TECHNIQUES.values()}
    for heading, definition in definitions.items():
        assert not re.match(rf"(the )?{re.escape(heading.casefold())}:", definition.casefold()), heading
    assert definitions["The Eleven Rule"].startswith("from a fourth-best lead")
