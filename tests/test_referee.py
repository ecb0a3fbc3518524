"""Double dummy as referee of the teaching notes (issue 14, item 4): a note never praises a card the
solver finds cost a trick without saying so; where double dummy cannot judge a card (a lead, a count,
a signal) the note says that too; a note that contradicts the author says so, in his words."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from replayer.analysis import verify_claims
from replayer.cli.main import main
from replayer.lessons.model import book_author
from replayer.lessons.refereed import authors_words, with_double_dummy
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.seats import Seat
from replayer.teaching.context import Author
from replayer.teaching.findings import Finding
from replayer.teaching.referee import AuthorsWord, Weighed, key_card, referee
from support.games import ROOT, foster

# Foster's Hand 3, trick 7: the dealer (S) leads the ♣9 and dummy (N) plays the ♣6
HAND_3 = foster(3)
C9, C6 = Card.parse("C9"), Card.parse("C6")


def _finding(motif: str, label: str, trick: int, seats: tuple[Seat, ...], cards: tuple[Card, ...]) -> Finding:
    return Finding(motif, label, trick, seats, cards, "A note.", technique=motif)


def test_the_key_card_is_the_last_of_the_findings_cards_played_in_its_trick() -> None:
    f = _finding("finesse", "FINESSE", 7, (Seat.S, Seat.N), (C9, C6))
    assert key_card(HAND_3, f) == (Seat.N, C6)


def test_a_note_on_a_card_that_cost_a_trick_says_so_with_the_cards_that_kept_it() -> None:
    f = _finding("finesse", "FINESSE", 7, (Seat.N,), (C6,))
    cost = Weighed(7, Seat.N, C6, 1, (Card.parse("CQ"),))
    (out,) = referee(HAND_3, [f], [cost], author=Author.FOSTER)
    assert out.text == (
        "A note. But double dummy, seeing all four hands, finds that dummy's ♣6 cost a trick "
        "(♣Q would have kept it)."
    )
    assert out.facts["double_dummy_cost"] == 1


def test_a_card_that_cost_nothing_or_another_card_that_cost_leaves_the_note_alone() -> None:
    f = _finding("finesse", "FINESSE", 7, (Seat.N,), (C6,))
    free = Weighed(7, Seat.N, C6, 0)
    other = Weighed(7, Seat.S, C9, 2, (Card.parse("HA"),))  # the dealer's lead, not the note's card
    assert referee(HAND_3, [f], [free, other]) == [f]


def test_where_double_dummy_cannot_judge_the_card_the_note_says_why() -> None:
    lead = HAND_3.tricks[0].plays[0]
    f = _finding("lead", "LEAD_OK", 1, (lead[0],), (lead[1],))
    (out,) = referee(HAND_3, [f], [Weighed(1, lead[0], lead[1], 2, (Card.parse("S9"), Card.parse("S8")))])
    assert "cost two tricks (♠9 or ♠8 would have kept them)" in out.text
    assert out.text.endswith(
        "it cannot judge this card: a lead by the rules is chosen without seeing the hidden hands."
    )
    assert not out.text.startswith("A note. But")


def test_a_note_on_a_departure_already_condemns_the_card_and_gets_no_cost() -> None:
    f = _finding("finesse", "FINESSE_MISSED", 7, (Seat.N,), (C6,))
    assert referee(HAND_3, [f], [Weighed(7, Seat.N, C6, 1)]) == [f]


def test_a_hidden_finding_is_left_as_it_is() -> None:
    f = Finding("finesse", "FINESSE", 7, (Seat.N,), (C6,), "A note.", shown=False)
    assert referee(HAND_3, [f], [Weighed(7, Seat.N, C6, 1)]) == [f]


def test_a_note_praising_a_card_the_author_says_was_wrong_quotes_him() -> None:
    f = _finding("finesse", "FINESSE", 7, (Seat.N,), (C6,))
    word = AuthorsWord(7, Seat.N, C6, True, "Dummy should have played the queen.", "Double dummy: confirmed.")
    (out,) = referee(HAND_3, [f], [], [word], Author.FOSTER)
    assert (
        out.text
        == "A note. Foster thought otherwise: “Dummy should have played the queen.” Double dummy: confirmed."
    )


def test_a_note_calling_a_card_wrong_that_the_author_says_was_right_quotes_him() -> None:
    word = AuthorsWord(7, Seat.N, C6, False, "The six was right.")
    wrong = _finding("finesse", "FINESSE_MISSED", 7, (Seat.N,), (C6,))
    right = _finding("finesse", "FINESSE", 7, (Seat.N,), (C6,))
    out_wrong, out_right = referee(HAND_3, [wrong, right], [], [word], Author.ELWELL)
    assert out_wrong.text.endswith("Elwell thought otherwise: “The six was right.”")
    assert out_right == right  # agreeing with the author: nothing to add


def _record(book: str, n: int) -> HandRecord:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    record, _ = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None
    return record


def test_the_authors_alternative_claims_are_read_as_for_or_against_the_card_played() -> None:
    # Foster, Hand 1 trick 4: "If dummy does not put on the ace of diamonds second hand, he loses the
    # game" — the ace was right: not against it
    record = _record("foster-1904", 1)
    game = foster(1)
    (word,) = authors_words(game, verify_claims(game, record, {}))
    assert (word.trick, word.seat, word.card, word.against) == (4, Seat.N, Card.parse("DA"), False)
    assert word.verdict.startswith("Double dummy:") and "Confirmed" in word.verdict


def test_the_lesson_and_the_evaluation_read_the_same_refereed_notes() -> None:
    # Foster's Hand 3 as a lesson shows it: every note on a card double dummy finds costly says so
    record = _record("foster-1904", 3)
    found = with_double_dummy(foster(3), record, book_author(record), {})
    costly = [f for f in found if "double_dummy_cost" in f.facts]
    assert costly, "Foster's Hand 3 has notes on cards double dummy finds costly"
    assert all("double dummy, seeing all four hands" in f.text.lower() for f in costly)


def test_the_evaluation_says_it_was_refereed(tmp_path: Path) -> None:
    hands = tmp_path / "hands" / "foster-1904"
    hands.mkdir(parents=True)
    (hands / "hand-3.yaml").write_text((ROOT / "hands/foster-1904/hand-3.yaml").read_text(encoding="utf-8"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["annotate", "--evaluate", str(tmp_path / "hands")])
    assert out.getvalue().rstrip().endswith("refereed by double dummy.")


def test_a_note_that_reads_a_card_gets_nothing_of_what_the_card_cost() -> None:
    # B's Eleven-Rule count reads A's lead: the lead's cost is no comment on the count
    lead = HAND_3.tricks[0].plays[0]
    f = _finding("eleven", "ELEVEN_COUNT", 1, (lead[0],), (lead[1],))
    assert referee(HAND_3, [f], [Weighed(1, lead[0], lead[1], 2)]) == [f]
