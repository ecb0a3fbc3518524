"""Double-dummy analysis through endplay (DDS): per-card numbers on Foster's five hands, their
consistency, the cache, end positions and unfinished tricks, and a verdict for every claim.

endplay is installed wherever these tests run (the ``dds`` extra); only ``dds_available`` is
tested without it, by hiding the package."""

from __future__ import annotations

import dataclasses
import functools
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from replayer.analysis import (
    CardAnalysis,
    ClaimVerdict,
    PlayAnalysis,
    analyse,
    best_line,
    dds,
    dds_available,
    verify_claims,
)
from replayer.analysis.positions import position_key, recorded_positions
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.game import Game
from replayer.rules.play import Trick, trick_winner
from replayer.rules.seats import Letter, Seat
from support.endplay_ref import endplay_deal
from support.games import ROOT, foster, game_from_yaml

FIXTURES = Path(__file__).parent / "fixtures" / "valid"


def c(text: str) -> Card:
    return Card.parse(text)


def record(n: int) -> HandRecord:
    rec, _ = load(
        (ROOT / "hands" / "foster-1904" / f"hand-{n}.yaml").read_text(encoding="utf-8"), f"hand-{n}"
    )
    assert rec is not None
    return rec


@functools.cache
def analysed(n: int) -> PlayAnalysis:
    return analyse(foster(n), {})


def at(n: int, trick: int, letter: str) -> CardAnalysis:
    game = foster(n)
    found = analysed(n).card(trick, game.seat_of(Letter[letter]))
    assert found is not None
    return found


def numbers(n: int, trick: int, letter: str) -> tuple[int, int, int, int]:
    x = at(n, trick, letter)
    return x.before, x.after, x.cost, x.gain


@pytest.fixture
def solver_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Count the solver's calls (analysis imports them from ``analysis.dds`` when it needs them)."""
    counts = {"analyse_play": 0, "solve_board": 0}

    def counting(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kw: Any) -> Any:
            counts[name] += 1
            return fn(*args, **kw)

        return wrapper

    for name in counts:
        monkeypatch.setattr(dds, name, counting(name, getattr(dds, name)))
    yield counts


# ---------------------------------------------------------------------------------------------
# Availability


def test_endplay_is_there() -> None:
    assert dds_available() is None


def test_dds_available_says_how_to_install_when_endplay_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds, "_LOADED", [])  # as in a process that has not loaded DDS yet
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    message = dds_available()
    assert message is not None and "pip install replayer[dds]" in message
    with pytest.raises(ImportError, match=r"replayer\[dds\]"):
        analyse(foster(4), {})


def test_a_full_cache_needs_no_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[str, int] = {}
    first = analyse(foster(4), cache)
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    again = analyse(foster(4), cache)
    assert again.cards == first.cards and again.solver_calls == 0


def test_the_module_imports_without_endplay() -> None:
    code = (
        "import sys; sys.modules['endplay'] = None; sys.modules['endplay.dds'] = None\n"
        "import replayer.analysis as a\n"
        "assert a.dds_available() is not None\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# ---------------------------------------------------------------------------------------------
# Per-card numbers on Foster's hands (pinned: what DDS finds)


def test_hand_1_start_and_end() -> None:
    a = analysed(1)
    yz, ab = foster(1).dealer.side, foster(1).dealer.lho.side
    assert (a.start[yz], a.start[ab]) == (8, 5)
    assert (a.end[yz], a.end[ab]) == (9, 4)  # 3 by cards, as the book says
    assert a.total == 13 and len(a.cards) == 52


def test_hand_1_a_leads_his_singleton_diamond_at_trick_4_and_gives_a_trick() -> None:
    assert numbers(1, 4, "A") == (5, 4, 1, 0)
    assert at(1, 4, "A").best == (c("♣A"), c("♣2"))
    assert numbers(1, 4, "Y") == (9, 9, 0, 1)  # dummy's ♦A takes the gift


def test_hand_1_dummy_s_spade_queen_at_trick_10_costs_nothing_double_dummy() -> None:
    assert at(1, 10, "Y").card == c("♠Q")
    assert numbers(1, 10, "Y") == (9, 9, 0, 0)


def test_hand_1_only_one_error_double_dummy() -> None:
    assert [(e.trick, str(e.card)) for e in analysed(1).errors] == [(4, "♦7")]


def test_hand_2_has_no_double_dummy_error() -> None:
    a = analysed(2)
    ab = foster(2).dealer.lho.side
    assert a.errors == () and a.start[ab] == 7 and a.end[ab] == 7


def test_hand_3_the_bath_coup_costs_nothing_and_gains_only_by_a_s_continuation() -> None:
    assert numbers(3, 1, "Z") == (8, 8, 0, 0)  # holding up the ace: no loss, no gain yet
    assert numbers(3, 2, "A") == (5, 3, 2, 0)  # A's ♦6 continuation gives two tricks
    assert at(3, 2, "A").best == (c("♠9"), c("♠8"))
    assert numbers(3, 2, "Y") == (10, 10, 0, 2)


def test_hand_3_trick_7_the_dealer_s_club_nine_and_a_s_failure_to_cover() -> None:
    assert numbers(3, 7, "Z") == (10, 9, 1, 0)
    assert numbers(3, 7, "A") == (4, 3, 1, 1)
    assert at(3, 7, "A").best == (c("♣K"),)
    assert analysed(3).end[foster(3).dealer.side] == 10


def test_hand_4_has_no_double_dummy_error() -> None:
    a = analysed(4)
    yz = foster(4).dealer.side
    assert a.errors == () and a.start[yz] == 8 and a.end[yz] == 8


def test_hand_5_the_dealer_s_spade_five_at_trick_4_throws_the_game() -> None:
    x = at(5, 4, "Z")
    assert x.card == c("♠5") and (x.before, x.after, x.cost) == (8, 7, 1)
    assert x.best == (c("♣7"), c("♣6"))
    assert x.text == "♠5: costs a trick (Y–Z could have made 8; now 7); ♣7 or ♣6 kept 8"
    assert numbers(5, 5, "A") == (6, 6, 0, 1)
    assert numbers(5, 1, "B") == (5, 5, 0, 0)  # the Eleven Rule's ten: best
    assert [(e.trick, str(e.card)) for e in analysed(5).errors] == [(4, "♠5")]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_numbers_are_consistent(n: int) -> None:
    a = analysed(n)
    last = dict(a.start)
    lost = {"NS": 0, "EW": 0}
    for x in a.cards:
        assert x.after == x.before - x.cost
        assert x.cost >= 0 and x.gain >= 0
        assert x.gain == x.before - last[x.side]
        assert bool(x.best) == (x.cost > 0)
        assert x.text.startswith(f"{x.card}: ")
        last[x.side] = x.after
        lost[x.side] += x.cost
    assert a.start["NS"] + a.start["EW"] == a.end["NS"] + a.end["EW"] == a.total
    for side, other in (("NS", "EW"), ("EW", "NS")):
        # what one side gives away, the other gains
        assert a.end[side] == a.start[side] - lost[side] + lost[other]
    assert a.end == dict(foster(n).tricks_won)


@pytest.mark.parametrize("n", [2, 5])
def test_analyse_play_agrees_with_solve_board_at_every_position(n: int) -> None:
    """The values read from one AnalysePlayBin call are the best of endplay's solve_board's, position by
    position (endplay's own wrapper of the same DDS)."""
    from endplay.dds import solve_board

    cache: dict[str, int] = {}
    analyse(foster(n), cache)
    positions, _ = recorded_positions(foster(n))
    for pos in positions:
        if pos.remaining > 1:
            assert cache[pos.key] == max(t for _, t in solve_board(endplay_deal(pos)))


# ---------------------------------------------------------------------------------------------
# The cache


def test_a_second_analysis_with_the_cache_calls_the_solver_zero_times(solver_calls: dict[str, int]) -> None:
    cache: dict[str, int] = {}
    first = analyse(foster(3), cache)
    assert solver_calls["analyse_play"] == 1
    # the better cards, one solve per error but for the one whose other legal cards are one run of
    # equal cards: those are the better cards, with no solve
    assert len(first.errors) == 3 and solver_calls["solve_board"] == 2
    assert first.solver_calls == 3
    before = dict(solver_calls)
    again = analyse(foster(3), json.loads(json.dumps(cache)))  # as the lead keeps it: a JSON file
    assert solver_calls == before and again.solver_calls == 0
    assert again.cards == first.cards and again.start == first.start and again.end == first.end


def test_claims_reuse_the_cache_too(solver_calls: dict[str, int]) -> None:
    cache: dict[str, int] = {}
    first = verify_claims(foster(5), record(5), cache)
    assert sum(solver_calls.values()) > 0
    before = dict(solver_calls)
    assert verify_claims(foster(5), record(5), cache) == first
    assert solver_calls == before


def test_a_partly_filled_cache_solves_only_what_is_missing(solver_calls: dict[str, int]) -> None:
    cache: dict[str, int] = {}
    analyse(foster(2), cache)
    keys = list(cache)
    for key in keys[len(keys) // 2 :]:
        del cache[key]
    solver_calls.update(analyse_play=0, solve_board=0)
    analyse(foster(2), cache)
    assert solver_calls == {"analyse_play": 1, "solve_board": 0}


def test_cache_keys_name_trump_leader_hands_and_the_trick() -> None:
    cache: dict[str, int] = {}
    analyse(foster(1), cache)
    start = position_key([foster(1).deal[s] for s in Seat], Seat.W, [], c("♥A").suit)
    assert start == "H W Q2.AKJ42.A93.654 JT65.Q9.KT642.73 A9.8653.QJ85.T98 K8743.T7.7.AKQJ2 |"
    assert cache[start] == 5  # A–B's five tricks, West on lead
    assert all(isinstance(k, str) and isinstance(v, int) for k, v in cache.items())


# ---------------------------------------------------------------------------------------------
# End positions, unfinished tricks, revokes, other rule sets


def fixture(name: str) -> Game:
    return game_from_yaml((FIXTURES / f"{name}.yaml").read_text(encoding="utf-8"), name)


def test_an_end_position_from_trick_10() -> None:
    game = fixture("end-position")
    a = analyse(game, {})
    assert game.first_trick == 10 and a.total == 4
    assert a.start == {"NS": 4, "EW": 0} and a.end == {"NS": 4, "EW": 0}
    assert [x.trick for x in a.cards] == [10] * 4 + [11] * 4 + [12] * 4 + [13] * 4
    assert a.errors == ()


def test_a_problem_with_no_play_gets_its_double_dummy_value() -> None:
    game = fixture("problem")
    a = analyse(game, {})
    assert a.cards == () and a.total == 3
    assert a.start[game.dealer.side] == 3  # Y–Z can take all three tricks, as the problem says


@pytest.mark.parametrize("shown", [1, 2, 3])
def test_an_unfinished_last_trick(shown: int, solver_calls: dict[str, int]) -> None:
    game = foster(2)
    last = game.tricks[-1]
    cut = dataclasses.replace(
        game, tricks=game.tricks[:-1] + (Trick(last.number, last.leader, last.plays[:shown], None),)
    )
    cache: dict[str, int] = {}
    a = analyse(cut, cache)
    assert len(a.cards) == 48 + shown
    assert a.end == analysed(2).end  # the last trick is played out double dummy
    assert [(x.before, x.after) for x in a.cards] == [
        (x.before, x.after) for x in analysed(2).cards[: 48 + shown]
    ]
    before = dict(solver_calls)
    analyse(cut, cache)
    assert solver_calls == before


def test_an_unfinished_trick_in_the_middle_of_the_deal() -> None:
    game = foster(5)
    t = game.tricks[6]
    cut = dataclasses.replace(game, tricks=game.tricks[:6] + (Trick(t.number, t.leader, t.plays[:2], None),))
    a = analyse(cut, {})
    assert len(a.cards) == 26
    assert a.end[game.dealer.side] == 7  # Y–Z's number after the dealer's error stays 7
    assert a.cards == analysed(5).cards[:26]


def test_a_revoke_kept_as_printed_is_analysed_card_by_card() -> None:
    game = fixture("book-revoke")
    assert game.revokes
    a = analyse(game, {})
    assert len(a.cards) == 52
    for x in a.cards:
        assert x.after == x.before - x.cost


def test_auction_and_contract_hands_are_analysed_alike() -> None:
    for name in ("auction", "contract"):
        a = analyse(fixture(name), {})
        assert len(a.cards) == 52 and a.start["NS"] + a.start["EW"] == 13


def test_compass_names_when_asked() -> None:
    a = analyse(foster(5), {}, letters=False)
    x = a.card(4, foster(5).seat_of(Letter.Z))
    assert x is not None and x.text.startswith("♠5: costs a trick (N–S could have made 8; now 7)")


# ---------------------------------------------------------------------------------------------
# Claims


def verdicts(n: int) -> list[ClaimVerdict]:
    return verify_claims(foster(n), record(n), {})


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_every_claim_gets_a_verdict_with_a_sentence(n: int) -> None:
    rec = record(n)
    claims = [cl for note in rec.notes for cl in note.claims]
    out = verdicts(n)
    assert [v.claim for v in out] == claims
    for v in out:
        assert v.verdict in ("confirmed", "refuted", "not checkable", "checked by the cards")
        assert v.text and v.text[0].isupper() and v.text.endswith(".")
        assert (v.verdict == "checked by the cards") == (v.claim.kind == "holding")
        assert bool(v.line) == (v.verdict == "refuted")


def summary(v: ClaimVerdict) -> tuple[str, int, str, int | None, int | None, int | None, str | None]:
    return (
        v.claim.kind,
        v.claim.trick,
        v.verdict,
        v.tricks,
        v.as_played,
        v.needed,
        str(v.substitute) if v.substitute else None,
    )


def test_hand_1_without_dummy_s_diamond_ace_y_z_do_not_win_the_game() -> None:
    v = [x for x in verdicts(1) if x.claim.kind == "alternative"]
    assert [summary(x) for x in v] == [("alternative", 4, "confirmed", 7, 9, 9, "♦3")]
    assert "Y–Z 7 tricks (the odd trick), A–B 6: neither side wins the game" in v[0].text


def test_hand_2_had_a_gone_on_with_spades_y_z_would_win_2_by_cards_and_the_game() -> None:
    v = [x for x in verdicts(2) if x.claim.kind == "alternative"]
    assert [summary(x) for x in v] == [("alternative", 3, "confirmed", 8, 6, 8, "♠6")]
    assert "going on with spades" in v[0].text


def test_hand_4_the_game_is_out_of_reach_and_the_unblock_saves_it() -> None:
    v = {x.claim.kind: x for x in verdicts(4)}
    assert summary(v["outcome"]) == ("outcome", 2, "confirmed", 8, None, 9, None)
    # "he loses the game" ({side: YZ, game: true}): without the unblock Y–Z take 9, their game
    assert summary(v["alternative"]) == ("alternative", 1, "confirmed", 9, 8, 9, "♣4")
    assert "Y–Z 9 tricks (3 by cards), A–B 4: Y–Z win the game. Confirmed" in v["alternative"].text


def test_hand_5_the_eleven_rule_and_b_s_discards() -> None:
    v = {x.claim.kind: x for x in verdicts(5)}
    assert summary(v["alternative"]) == ("alternative", 1, "confirmed", 10, 8, None, "♥A")
    assert summary(v["outcome"]) == ("outcome", 4, "refuted", 8, None, 8, None)
    line = v["outcome"].line
    game = foster(5)
    z = game.seat_of(Letter.Z)
    assert line[:4] == (
        (game.seat_of(Letter.A), c("♥K")),
        (game.seat_of(Letter.Y), c("♥J")),
        (game.seat_of(Letter.B), c("♦6")),
        (z, c("♣6")),
    )
    assert won_by(line, None)[z.side] == 8  # A–B took the first three tricks: 8 of the last 10, the game
    assert (
        "The best play from there: At trick 4, A leads the ♥K (Y\u00a0♥J, B\u00a0♦6, Z\u00a0♣6 instead of the ♠5)"
        in v["outcome"].text
    )


def won_by(line: tuple[tuple[Seat, Card], ...], trump: Any) -> dict[str, int]:
    out = {"NS": 0, "EW": 0}
    for k in range(0, len(line) - len(line) % 4, 4):
        out[trick_winner(line[k : k + 4], trump).side] += 1
    return out


def test_best_line_from_a_trick_keeps_the_book_s_cards_while_they_are_best(
    solver_calls: dict[str, int],
) -> None:
    game = foster(2)  # no double-dummy error: the best line is the book's play
    cache: dict[str, int] = {}
    analyse(game, cache)
    before = dict(solver_calls)
    line = best_line(game, 1, cache)
    assert [card for _, card in line] == [card for t in game.tricks for _, card in t.plays]
    assert solver_calls == before  # the analysis's cache says the book's cards are best


def test_best_line_leaves_the_book_at_the_first_error() -> None:
    game = foster(5)
    line = best_line(game, 4, {})
    book = [card for t in game.tricks[3:] for _, card in t.plays]
    assert [card for _, card in line[:3]] == book[:3] and line[3][1] == c("♣6") != book[3]


def test_a_claim_outside_the_recorded_play_is_not_checkable() -> None:
    rec = record(1)
    note = rec.notes[-1]
    claim = dataclasses.replace(note.claims[0], trick=14)
    bad = dataclasses.replace(rec, notes=(dataclasses.replace(note, claims=(claim,)),))
    [v] = verify_claims(foster(1), bad, {})
    assert v.verdict == "not checkable" and "trick 14" in v.text


def test_an_outcome_about_the_game_in_an_end_position_is_not_checkable() -> None:
    rec = record(4)
    note = next(n for n in rec.notes if any(cl.kind == "outcome" for cl in n.claims))
    claim = dataclasses.replace(next(cl for cl in note.claims if cl.kind == "outcome"), trick=10)
    bad = dataclasses.replace(rec, notes=(dataclasses.replace(note, claims=(claim,)),))
    [v] = verify_claims(fixture("end-position"), bad, {})
    assert v.verdict == "not checkable" and "tricks are not all known" in v.text


def test_a_hand_with_no_declaration() -> None:
    game = dataclasses.replace(foster(1), declaration=None)
    with pytest.raises(ValueError, match="no trump"):
        analyse(game, {})
    assert {v.verdict for v in verify_claims(game, record(1), {})} == {
        "checked by the cards",
        "not checkable",
    }


def with_claim(n: int, **changes: Any) -> HandRecord:
    """Foster's record n with one claim only: its first alternative claim, changed."""
    rec = record(n)
    note = next(nt for nt in rec.notes if any(cl.kind == "alternative" for cl in nt.claims))
    claim = dataclasses.replace(next(cl for cl in note.claims if cl.kind == "alternative"), **changes)
    return dataclasses.replace(rec, notes=(dataclasses.replace(note, claims=(claim,)),))


def test_without_the_quote_s_hint_the_alternative_is_the_seat_s_best_other_card() -> None:
    rec = with_claim(2, quote="If A had led anything else, the dealer would have won 2 by cards.")
    [v] = verify_claims(foster(2), rec, {})
    assert summary(v) == ("alternative", 3, "refuted", 6, 6, 8, "♦2")
    assert "Refuted: with ♦2, Y–Z cannot win the game and Y–Z cannot make 2 by cards." in v.text
    assert won_by(v.line, c("♥A").suit)[foster(2).dealer.side] == 6  # and Y–Z took none of tricks 1-2


def test_a_refuting_line_that_starts_inside_a_trick() -> None:
    rec = with_claim(1, outcome={"side": "YZ", "game": True})  # "without the ♦A they still win the game"
    [v] = verify_claims(foster(1), rec, {})
    assert v.verdict == "refuted" and v.substitute == c("♦3") and v.line_from == 1
    y = foster(1).seat_of(Letter.Y)
    assert v.line[0] == (y, c("♦3"))
    assert v.line_text.startswith("N: ♦3 ") and v.line_text.split(" | ")[0].count("♦") == 3
    assert "The best play with Y's ♦3: At trick 4, Y plays the ♦3 instead of the ♦A (" in v.text


def test_a_claim_naming_another_card_puts_that_card_in() -> None:
    rec = with_claim(5, card=c("♥4"), quote="Had B played the four, Y-Z would have made 4 by cards.")
    [v] = verify_claims(foster(5), rec, {})
    assert v.substitute == c("♥4") and "(the card the claim names)" in v.text
    assert v.tricks == 11 and v.verdict == "confirmed"  # ♥4 lets dummy's ♥7 win: 11 tricks
