"""The auction's irregularities the laws allow: an insufficient bid that stands, and what stays an error.

Under Auction, "If an insufficient declaration is passed or over-called by the player on the left, it
is too late to demand any penalty, and the insufficient bid stands as regular" [S4 §IRREGULARITIES IN
DECLARING; the penalty is Law 50 of the Whist Club of New York code, 1913, WATP]: a warning
(``insufficient-bid-stood``) at the bid, and the bid is the one to beat from then on.  Illegal under
every reading, and so errors at the call's line and column: an insufficient bid nobody called after,
or followed by a redouble; an impossible bid; a double of partner; a redouble of no double; a call
after the auction closed; any insufficient bid under Contract (no such law in our sources).
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from replayer.record.diagnostics import Severity
from replayer.rules.auction import Call, Contract, check_auction, scan_calls
from replayer.rules.cards import Strain
from replayer.rules.regimes import find_regime
from replayer.rules.seats import Seat
from replayer.validation.files import check_file
from support.auctions import calls, codes  # tests/ is on sys.path

AUCTION = find_regime("auction")
CONTRACT = find_regime("contract")
WORTH = dict(AUCTION.bid_values)

# Foster's example deal (docs/hand-format.md): N Y, E B, S Z, W A.
DEAL = "N:Q2.AKJ42.A93.654 JT65.Q9.KT642.73 A9.8653.QJ85.T98 K8743.T7.7.AKQJ2"

# S4's own example: Z (S) deals and opens 1♠; A (W) three royals, Y (N) four clubs (24 < 27), B and Z
# pass; "A can repeat his bid of three royals if he likes, as that is enough to over-call four clubs".
SEED_EXAMPLE = "1♠ 3R 4♣ pass pass 3R pass pass pass"


def hand(tmp_path: Path, calls_text: str, rules: str = "auction", extra: str = "") -> Path:
    """A hand file whose calls are on line 5, starting at column 10."""
    path = tmp_path / "hand.yaml"
    path.write_text(
        f"title: irregular auction\nrules: {rules}\ndealer: S\ndeclaration:\n  calls: {calls_text}\n"
        f'{extra}deal: "{DEAL}"\n',
        encoding="utf-8",
    )
    return path


def found(path: Path) -> list[tuple[str, str, int, int]]:
    checked = check_file(path)
    return [
        (d.code, d.severity.value, d.span.line, d.span.col)
        for d in checked.diagnostics
        if d.span is not None and d.severity is not Severity.NOTE
    ]


def col(calls_text: str, n: int) -> int:
    """The column of call ``n`` (from 0) on line 5 of :func:`hand`."""
    return len("  calls: ") + scan_calls(calls_text)[n].start + 1


# ---------------------------------------------------------------------------------------------
# The worked example from the source


def test_seed_example_stands_and_a_may_repeat_three_royals() -> None:
    contract, passed_out, problems = check_auction(AUCTION, Seat.S, calls(SEED_EXAMPLE))
    assert codes(problems) == [(2, "insufficient-bid-stood")]
    message = problems[0].message
    assert message.startswith("N bids 4♣ (worth 24) over W's 3R (worth 27): a bid must be worth more")
    assert "E passed over it" in message
    assert "Law 50 (Whist Club of New York code, 1913)" in message
    assert "stands as regular" in message and "[S4 §IRREGULARITIES IN DECLARING]" in message
    assert "5♣ (worth 30)" in (problems[0].hint or "")
    assert contract == Contract(3, Strain.ROYAL_SPADES, 0, Seat.W)
    assert not passed_out


def test_seed_example_as_a_hand_file_validates_with_one_warning(tmp_path: Path) -> None:
    # A (W) declares three royals: Y (N), on his left, leads.
    path = hand(
        tmp_path,
        SEED_EXAMPLE,
        extra="  contract: 3R\n  declarer: A\n",
    )
    text = path.read_text(encoding="utf-8") + "play:\n  tricks:\n    - ♥10 ♥A ♥9 ♥8\n"
    path.write_text(text, encoding="utf-8")
    checked = check_file(path)
    assert found(path) == [("insufficient-bid-stood", "warning", 5, col(SEED_EXAMPLE, 2))]
    assert col(SEED_EXAMPLE, 2) == 16
    game = checked.game
    assert game is not None and game.declaration is not None
    assert (game.declaration.level, game.declaration.strain) == (3, Strain.ROYAL_SPADES)
    assert game.declaration.declarer is Seat.W and game.opening_leader is Seat.N


# ---------------------------------------------------------------------------------------------
# The stood bid is the bid to beat


def test_stood_bid_is_the_contract_when_left_in() -> None:
    # Y's 4♣ passed out: Y (N), first of his side to name clubs, declares four clubs.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1♠ 3R 4♣ pass pass pass"))
    assert codes(problems) == [(2, "insufficient-bid-stood")]
    assert contract == Contract(4, Strain.CLUBS, 0, Seat.N)


def test_a_later_bid_need_only_beat_the_stood_bid() -> None:
    # N's 2♥ (16) is short of W's 3NT (30) and stands; E's 2R (18), short of 3NT too, beats the
    # stood 2♥: sufficient, no second warning.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1♠ 3NT 2♥ 2R pass pass pass"))
    assert codes(problems) == [(2, "insufficient-bid-stood")]
    assert "E bid over it" in problems[0].message
    assert contract == Contract(2, Strain.ROYAL_SPADES, 0, Seat.E)


def test_a_double_over_it_makes_it_stand_and_doubles_it() -> None:
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("3R 4♣ X pass pass pass"))
    assert codes(problems) == [(1, "insufficient-bid-stood")]
    assert "N doubled over it" in problems[0].message
    assert contract == Contract(4, Strain.CLUBS, 1, Seat.W)


def test_the_declarer_is_the_first_of_the_side_to_name_the_stood_strain() -> None:
    # N names clubs first (1♣); S's insufficient 2♣ (12 < 2R 18) stands; N declares.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1♠ pass 1♣ 2R 2♣ pass pass pass"))
    assert codes(problems) == [(4, "insufficient-bid-stood")]
    assert contract == Contract(2, Strain.CLUBS, 0, Seat.N)


def test_equal_worth_fewer_tricks_is_insufficient_and_stands() -> None:
    # 3♣ (18) then 2R (18): equal worth needs more tricks [W25 L44]; passed, it stands.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("3C 2R p p p"))
    assert codes(problems) == [(1, "insufficient-bid-stood")]
    assert "equal worth must name more tricks" in problems[0].message
    assert contract == Contract(2, Strain.ROYAL_SPADES, 0, Seat.W)


def test_two_stood_bids_in_one_auction_each_warned() -> None:
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("3R 4♣ 3♦ pass pass pass"))
    # 4♣ (24) < 3R (27) stands; 3♦ (21) < 4♣ (24) stands too.
    assert codes(problems) == [(1, "insufficient-bid-stood"), (2, "insufficient-bid-stood")]
    assert contract == Contract(3, Strain.DIAMONDS, 0, Seat.N)


# ---------------------------------------------------------------------------------------------
# Errors: illegal under every reading, at the call's line and column


def test_insufficient_bid_nobody_called_after_is_an_error(tmp_path: Path) -> None:
    text = "1♠ 3R 4♣"
    result = found(hand(tmp_path, text))
    assert ("insufficient-bid", "error", 5, col(text, 2)) in result
    assert ("insufficient-bid-stood", "warning", 5, col(text, 2)) not in result
    contract, _, problems = check_auction(AUCTION, Seat.S, calls(text))
    assert codes(problems) == [(2, "insufficient-bid"), (3, "auction-unfinished")]
    assert "nobody called after it" in problems[0].message
    assert "Law 50" in (problems[0].hint or "")
    assert contract == Contract(3, Strain.ROYAL_SPADES, 0, Seat.W)  # the 3R stands again


def test_insufficient_bid_followed_by_a_redouble_is_an_error(tmp_path: Path) -> None:
    # S 1♥, W doubles, N 1♣ (6 < 8), E redoubles: neither a pass nor an overcall of the 1♣.
    text = "1♥ X 1♣ XX pass pass pass"
    result = found(hand(tmp_path, text))
    assert ("insufficient-bid", "error", 5, col(text, 2)) in result
    assert ("redouble-own-double", "error", 5, col(text, 3)) in result
    assert all(code != "insufficient-bid-stood" for code, *_ in result)
    contract, _, _ = check_auction(AUCTION, Seat.S, calls(text))
    assert contract == Contract(1, Strain.HEARTS, 1, Seat.S)


def test_impossible_bid_stays_an_error_even_when_passed(tmp_path: Path) -> None:
    # 7♦ is worth 49 < 5NT's 50: "impossible", with remedies that never leave the auction as written.
    text = "5NT 7♦ pass pass pass"
    assert ("impossible-bid", "error", 5, col(text, 1)) in found(hand(tmp_path, text))
    contract, _, problems = check_auction(AUCTION, Seat.S, calls(text))
    assert codes(problems) == [(1, "impossible-bid")]
    assert contract == Contract(5, Strain.NOTRUMP, 0, Seat.S)


def test_double_of_partner_is_an_error_at_the_call(tmp_path: Path) -> None:
    text = "1♠ 3R pass X pass pass pass"  # E doubles W's 3R, his partner's
    assert ("double-own-side", "error", 5, col(text, 3)) in found(hand(tmp_path, text))


def test_double_of_partners_stood_bid_is_an_error() -> None:
    # W's 4♣ stood when N passed; E then doubles his partner's bid.
    _, _, problems = check_auction(AUCTION, Seat.S, calls("3R 4♣ pass X pass pass pass"))
    assert codes(problems) == [(1, "insufficient-bid-stood"), (3, "double-own-side")]


def test_redouble_of_no_double_is_an_error_at_the_call(tmp_path: Path) -> None:
    text = "1♠ 3R XX pass pass pass"
    assert ("redouble-without-double", "error", 5, col(text, 2)) in found(hand(tmp_path, text))


def test_call_after_the_auction_closed_is_an_error_at_the_call(tmp_path: Path) -> None:
    text = "1♠ 3R 4♣ pass pass pass 5♣"
    result = found(hand(tmp_path, text))
    assert ("call-after-end", "error", 5, col(text, 6)) in result
    assert ("insufficient-bid-stood", "warning", 5, col(text, 2)) in result


# ---------------------------------------------------------------------------------------------
# Contract: no such law in our sources


def test_contract_insufficient_bid_stays_an_error_naming_the_law(tmp_path: Path) -> None:
    text = "1♦ 1♣ pass pass pass"
    result = found(hand(tmp_path, text, rules="contract"))
    assert ("insufficient-bid", "error", 5, col(text, 1)) in result
    assert all(code != "insufficient-bid-stood" for code, *_ in result)
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls(text))
    assert codes(problems) == [(1, "insufficient-bid")]
    hint = problems[0].hint or ""
    assert hint.startswith("the least sufficient club bid is 2♣")
    assert "Law 50 of the Whist Club of New York code, 1913" in hint
    assert contract == Contract(1, Strain.DIAMONDS, 0, Seat.N)


# ---------------------------------------------------------------------------------------------
# Properties


def _beats(new: tuple[int, Strain], old: tuple[int, Strain]) -> bool:
    """AU-2, written again here: worth more, or as much with more tricks."""
    w_new, w_old = new[0] * WORTH[new[1]], old[0] * WORTH[old[1]]
    return w_new > w_old or (w_new == w_old and new[0] > old[0])


ALL_BIDS = [(level, strain) for level in range(1, 8) for strain in WORTH]


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[list[Call], tuple[int, Strain], int]:
    """A legal Auction auction (dealer first, S dealing) ending in three passes: the calls, the final
    bid and its doubling."""
    out: list[Call] = []
    bid = draw(st.sampled_from(ALL_BIDS[:12]))
    out.append(Call("bid", *bid))
    bidder, doubled, passes = 0, 0, 0
    for i in range(1, draw(st.integers(1, 14))):
        same_side = (i - bidder) % 2 == 0
        options = ["pass"]
        if any(_beats(b, bid) for b in ALL_BIDS):
            options.append("bid")
        if not same_side and doubled == 0:
            options.append("double")
        if same_side and doubled == 1:
            options.append("redouble")
        kind = draw(st.sampled_from(options))
        if kind == "pass":
            passes += 1
            if passes == 3:
                return out + [Call("pass")], bid, doubled
            out.append(Call("pass"))
            continue
        passes = 0
        if kind == "bid":
            bid = draw(st.sampled_from([b for b in ALL_BIDS if _beats(b, bid)]))
            bidder, doubled = i, 0
            out.append(Call("bid", *bid))
        else:
            doubled += 1
            out.append(Call(kind))
    return out + [Call("pass")] * (3 - passes), bid, doubled


@settings(max_examples=150, deadline=None)
@given(legal_auctions())
def test_random_legal_auctions_have_no_warning(auction: tuple[list[Call], tuple[int, Strain], int]) -> None:
    seq, (level, strain), doubled = auction
    contract, passed_out, problems = check_auction(AUCTION, Seat.S, seq)
    assert problems == []
    assert not passed_out and contract is not None
    assert (contract.level, contract.strain, contract.doubled) == (level, strain, doubled)


@settings(max_examples=150, deadline=None)
@given(legal_auctions(), st.data())
def test_one_bid_lowered_then_passed_gives_exactly_one_warning(
    auction: tuple[list[Call], tuple[int, Strain], int], data: st.DataObject
) -> None:
    seq, last, _ = auction
    # Cut before the closing passes, lower the next player's call below the bid standing, then pass out.
    prefix = seq[:-3]
    short = [
        b for b in ALL_BIDS if not _beats(b, last) and any(_beats((lv, b[1]), last) for lv in range(1, 8))
    ]
    assume(short)  # nothing is below the dealer's 1♠
    lowered = data.draw(st.sampled_from(short))
    then = data.draw(st.sampled_from(["pass", "over", "double"]))
    over = [b for b in ALL_BIDS if _beats(b, lowered)]
    follow = {"pass": Call("pass"), "over": Call("bid", *over[0]), "double": Call("double")}[then]
    closing = [Call("pass")] * (2 if then == "pass" else 3)
    calls_ = [*prefix, Call("bid", *lowered), follow, *closing]
    contract, _, problems = check_auction(AUCTION, Seat.S, calls_)
    assert codes(problems) == [(len(prefix), "insufficient-bid-stood")]
    assert contract is not None
    final = over[0] if then == "over" else lowered
    assert (contract.level, contract.strain) == final
    assert contract.doubled == (1 if then == "double" else 0)
