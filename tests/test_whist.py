"""Whist: the turned trump card, the eldest hand's lead, no dummy, and the scoring of the Club Code.

The rules and their sources are in docs/rules-whist.md.  The hand tests use a generated hand
(tests/fixtures/whist/generated-1.yaml, written by tests/whist_hands.py); no book hand is used.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.record.reader import load
from replayer.rules.cards import Card, Strain
from replayer.rules.regimes import RuleSet
from replayer.rules.seats import BookPair, Pair, Seat
from replayer.scoring.base import Column, DealFacts, LineKind
from replayer.scoring.sheet import SCORING, score_game
from replayer.scoring.whist import WhistOptions, game_value, rubber, score_deal
from replayer.validation.validate import validate
from tests.whist_hands import whist_hand

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "tests" / "fixtures" / "whist" / "generated-1.yaml"
TEXT = HAND.read_text(encoding="utf-8")
YZ, AB = Pair.NS, Pair.EW  # Z deals at South


def check(text: str, path: str = "whist.yaml"):  # type: ignore[no-untyped-def]
    record, diags = load(text, path)
    assert record is not None, diags
    game, more = validate(record)
    return game, diags + more


def errors(diags):  # type: ignore[no-untyped-def]
    return [d for d in diags if d.severity.value == "error"]


# ---------------------------------------------------------------------------------------------
# The declaration: the dealer's card turned up


def test_the_generated_hand_is_valid_with_the_turned_suit_as_trumps_and_no_dummy() -> None:
    game, diags = check(TEXT)
    assert errors(diags) == []
    assert game is not None and game.declaration is not None
    assert game.regime.name is RuleSet.WHIST
    assert game.declaration.turned == Card.parse("♥A")
    assert game.declaration.strain is Strain.HEARTS
    assert game.declaration.dummy is None
    assert game.opening_leader is Seat.W  # A, the eldest hand, on the dealer's left


def test_a_turned_card_not_in_the_dealers_hand_is_an_error_at_the_card() -> None:
    # ♥K is A's (West's): the dealer, Z, holds ♥A 3
    text = TEXT.replace("declaration: {turned: ♥A}", "declaration: {turned: ♥K}")
    _, diags = check(text)
    [err] = [d for d in diags if d.code == "turned-card"]
    assert (err.span.line, err.span.col) == (4, 23)
    assert "not in the dealer's hand" in err.message
    assert err.hint is not None and "♥A and ♥3" in err.hint


def test_a_turned_suit_the_dealer_does_not_hold_says_so() -> None:
    # the dealer holds one club, the ♣5: a club turned that is not it names it; Y's void in spades
    # is irrelevant, but a suit the dealer lacks entirely gets its own hint
    rng = random.Random(5)
    for _ in range(200):
        hand = whist_hand(rng)
        dealer = hand.hands[Seat.S]
        missing = [s for s in ("♠", "♥", "♦", "♣") if not any(c.suit.symbol == s for c in dealer)]
        if missing:
            break
    else:
        pytest.fail("no generated dealer is void in a suit")
    suit = missing[0]
    text = hand.text.replace(f"{{turned: {hand.turned}}}", f"{{turned: {suit}7}}")
    _, diags = check(text)
    [err] = [d for d in diags if d.code == "turned-card"]
    assert (err.span.line, err.span.col) == hand.turned_at
    assert err.hint is not None and "holds no" in err.hint


def test_an_unreadable_turned_card_is_reported_at_its_value() -> None:
    _, diags = check(TEXT.replace("{turned: ♥A}", "{turned: ♥Z}"))
    [err] = [d for d in diags if d.code == "bad-value"]
    assert err.span.line == 4 and "turned" in err.message


def test_a_make_or_an_auction_under_whist_is_a_declaration_mismatch() -> None:
    _, diags = check(TEXT.replace("{turned: ♥A}", "{maker: Z, trump: hearts}"))
    [err] = [d for d in diags if d.code == "declaration-mismatch"]
    assert "turned up" in err.message and "turned" in (err.hint or "")


def test_a_turned_card_with_another_games_keys_is_mixed() -> None:
    _, diags = check(TEXT.replace("{turned: ♥A}", "{turned: ♥A, maker: Z}"))
    [err] = [d for d in diags if d.code == "declaration-mixed"]
    assert err.span.line == 4 and "maker" in err.message


def test_the_eldest_hand_leads_and_another_opening_leader_is_an_error() -> None:
    text = TEXT.replace("  columns: [A, Y, B, Z]\n", "  columns: [A, Y, B, Z]\n  leader: Y\n")
    _, diags = check(text)
    [err] = [d for d in diags if d.code == "lead-out-of-turn"]
    assert "WH-2" in err.message and (err.span.line, err.span.col) == (7, 11)
    assert check(text.replace("leader: Y", "leader: A"))[1] == []


def test_no_dummy_exemption_a_renounce_by_y_is_a_revoke() -> None:
    # at trick 1 Y (North, the Bridge Whist dummy) plays ♣K; swap it with his ♦2 of trick 3
    text = TEXT.replace("- ♣3 ♣K ♣4 ♣5", "- ♣3 ♦2 ♣4 ♣5").replace("- ♠Q ♦2 ♠8 ♠4", "- ♠Q ♣K ♠8 ♠4")
    _, diags = check(text)
    codes = [d.code for d in errors(diags)]
    assert "revoke" in codes and "dummy-renounce" not in [d.code for d in diags]
    first = next(d for d in diags if d.code == "revoke")
    assert (first.span.line, first.span.col) == (8, 10)
    assert "revoke at trick 1: Y (N) plays ♦2" in first.message


# ---------------------------------------------------------------------------------------------
# Scoring: the Club Code's laws 1-10 and 72, 81-82 [CC]


def facts(tricks_yz: int, honours_yz: int = 0, honours_ab: int = 0, below=None, revokes=None) -> DealFacts:  # type: ignore[no-untyped-def]
    return DealFacts(
        strain=Strain.SPADES,
        declarer_side=YZ,
        tricks={YZ: tricks_yz, AB: 13 - tricks_yz},
        honours={YZ: (honours_yz, honours_yz), AB: (honours_ab, honours_ab)},
        below=below or {},
        revokes=revokes or {},
    )


def test_w1_the_rubber_is_six_points_to_two_a_balance_of_four() -> None:
    # W1, "Points at Short Whist" (bennetdictionary.com/whist, research17.md [BEN]), which is CC L8-L10:
    # A-B win game 1 five to four (single), Y-Z game 2 five to one (double), A-B game 3 five to love
    # (treble): A-B 1 + 3 + 2 rubber points = 6, Y-Z 2, "a balance of 4".
    r = rubber([(AB, 4), (YZ, 1), (AB, 0)])
    assert r.winner is AB
    assert [v for _, v in r.games] == [1, 2, 3]
    assert (r.points[AB], r.points[YZ], r.balance) == (6, 2, 4)


def test_game_values_treble_double_single() -> None:
    # CC L8
    assert [game_value(n) for n in range(5)] == [3, 2, 2, 1, 1]


def test_a_rubber_needs_two_games_and_ends_there() -> None:
    with pytest.raises(ValueError, match="not finished"):
        rubber([(AB, 0)])
    with pytest.raises(ValueError, match="after the end"):
        rubber([(AB, 0), (AB, 0), (YZ, 0)])
    assert rubber([(YZ, 2), (YZ, 3)]).points == {YZ: 2 + 1 + 2, AB: 0}


def test_w2_a_revoke_penalty_scores_first_and_wins_a_treble_game() -> None:
    # W2, CC L72 V: the claimants at two, their opponents at nothing, add three and win the game,
    # whatever tricks and honours the revokers made (the revokers here: Y-Z, all 13 tricks, 4 honours).
    score = score_deal(
        facts(13, honours_yz=4, below={AB: 2, YZ: 0}, revokes={YZ: 1}), WhistOptions(revoke_penalty="add")
    )
    assert score.game is AB
    assert score.items(AB, LineKind.REVOKE) == 3
    assert score.total(YZ, Column.BELOW) == 0
    assert score.items(AB, LineKind.GAME_BONUS) == 3  # treble: the losers had not scored


def test_w3_three_by_cards_and_three_honours_from_love_is_a_treble_game() -> None:
    # W3, constructed from CC L2, L3, L5, L8 (not a worked example in a source)
    score = score_deal(facts(4, honours_ab=3))  # A-B take 9 tricks and hold three honours
    assert score.items(AB, LineKind.TRICKS) == 3 and score.items(AB, LineKind.HONOURS) == 2
    assert score.game is AB and score.items(AB, LineKind.GAME_BONUS) == 3


def test_w4_honours_do_not_count_for_a_side_at_four() -> None:
    # W4, constructed from CC L4: A-B at four hold four honours and take six tricks; Y-Z take seven
    score = score_deal(facts(7, honours_ab=4, below={AB: 4, YZ: 0}))
    assert score.total(AB) == 0 and score.items(YZ, LineKind.TRICKS) == 1
    assert score.game is None
    assert any("CC L4" in n for n in score.notes)


def test_w5_tricks_score_before_honours() -> None:
    # W5, constructed from CC L5 and L8 (our reading of "honours last" as an order): Y-Z at four take
    # seven tricks and go out first; A-B at three with four honours are not scored: a single game
    score = score_deal(facts(7, honours_ab=4, below={AB: 3, YZ: 4}))
    assert score.game is YZ
    assert score.items(AB, LineKind.HONOURS) == 0
    assert score.items(YZ, LineKind.GAME_BONUS) == 1
    # with the game not over, A-B at three score their honours
    assert score_deal(facts(6, honours_ab=4, below={AB: 3, YZ: 0})).items(AB, LineKind.HONOURS) == 4


def test_the_revokers_cannot_win_the_game_on_that_deal() -> None:
    # CC2 L82: "he cannot score more than four"
    # Y-Z at one take all thirteen tricks and revoke: three tricks go to A-B (the default choice), and the
    # four by cards left would take Y-Z to five: they are scored up to four
    score = score_deal(facts(13, below={YZ: 1, AB: 0}, revokes={YZ: 1}))
    assert score.items(YZ, LineKind.TRICKS) == 3 and score.game is None
    assert any("L82" in n for n in score.notes)


def test_the_revoke_penalty_deducting_three_points() -> None:
    score = score_deal(facts(7, below={YZ: 4, AB: 0}, revokes={YZ: 1}), WhistOptions(revoke_penalty="deduct"))
    assert score.items(YZ, LineKind.REVOKE) == -3
    assert score.items(YZ, LineKind.TRICKS) == 1 and score.game is None


def test_american_whist_counts_no_honours_and_plays_to_seven() -> None:
    options = SCORING[RuleSet.WHIST].make_options({"variant": "american"})
    assert isinstance(options, WhistOptions) and options.game == 7
    score = score_deal(facts(13, honours_yz=4, below={YZ: 0}), options)
    assert score.items(YZ, LineKind.HONOURS) == 0 and score.game is YZ  # seven by cards
    assert score_deal(facts(12, honours_yz=4), options).game is None  # six by cards
    with pytest.raises(ValueError, match="english, american"):
        SCORING[RuleSet.WHIST].make_options({"variant": "german"})


def test_the_generated_hand_is_scored_with_whist_honours() -> None:
    game, _ = check(TEXT)
    assert game is not None
    score = score_game(game)
    assert score is not None
    # Y-Z take 7 tricks and hold ♥A Q J (three honours: 2); ♥10 is no whist honour
    assert score.items(game.pair(BookPair.YZ), LineKind.TRICKS) == 1
    assert score.items(game.pair(BookPair.YZ), LineKind.HONOURS) == 2


# ---------------------------------------------------------------------------------------------
# The commands


def test_validate_score_annotate_and_build_work_on_a_whist_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(HAND)]) == 0
    assert main(["score", "--json", str(HAND)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "whist"
    assert main(["show", "--json", str(HAND)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["dummy"] is None and shown["trump"] == "H"
    assert main(["annotate", str(HAND)]) == 0
    capsys.readouterr()
    site = tmp_path / "site"
    assert main(["build", "-q", "--no-pdf", "--out", str(site), str(HAND)]) == 0
    page = (site / "generated-1.html").read_text(encoding="utf-8")
    assert "(the ♥A turned by the dealer)" in page
    assert "eldest hand" in page and ">dummy<" not in page
