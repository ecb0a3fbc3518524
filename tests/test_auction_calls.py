"""Calls: notation, scanning, and the laws of the auction (Auction with royal spades, Contract).

Worked cases come from rules-reference §1.4, §1.5 and §4.1 (S3, S4, W25).
"""

from __future__ import annotations

import pytest

from replayer.rules.auction import Call, CallSyntaxError, Contract, check_auction, scan_calls
from replayer.rules.cards import Strain
from replayer.rules.regimes import find_regime
from replayer.rules.seats import Seat
from support.auctions import calls, codes  # tests/ is on sys.path

AUCTION = find_regime("auction")
CONTRACT = find_regime("contract")

ALL_CALLS = [Call("bid", level, strain) for level in range(1, 8) for strain in Strain] + [
    Call("pass"),
    Call("double"),
    Call("redouble"),
]


# ---------------------------------------------------------------------------------------------
# Notation


@pytest.mark.parametrize("call", ALL_CALLS, ids=lambda c: c.ascii())
def test_round_trip(call: Call) -> None:
    assert Call.parse(call.ascii()) == call
    assert Call.parse(str(call)) == call


@pytest.mark.parametrize(
    ("call", "canonical", "ascii"),
    [
        (Call("bid", 1, Strain.SPADES), "1♠", "1S"),
        (Call("bid", 4, Strain.HEARTS), "4♥", "4H"),
        (Call("bid", 5, Strain.DIAMONDS), "5♦", "5D"),
        (Call("bid", 3, Strain.CLUBS), "3♣", "3C"),
        (Call("bid", 2, Strain.NOTRUMP), "2NT", "2NT"),
        (Call("bid", 3, Strain.ROYAL_SPADES), "3R", "3R"),
        (Call("pass"), "Pass", "Pass"),
        (Call("double"), "Double", "X"),
        (Call("redouble"), "Redouble", "XX"),
    ],
)
def test_formats(call: Call, canonical: str, ascii: str) -> None:
    assert str(call) == canonical
    assert call.ascii() == ascii


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1S", Call("bid", 1, Strain.SPADES)),
        ("1s", Call("bid", 1, Strain.SPADES)),
        ("1♠", Call("bid", 1, Strain.SPADES)),
        ("1♤", Call("bid", 1, Strain.SPADES)),
        ("1 spade", Call("bid", 1, Strain.SPADES)),
        ("1 Spades", Call("bid", 1, Strain.SPADES)),
        ("one spade", Call("bid", 1, Strain.SPADES)),
        ("2NT", Call("bid", 2, Strain.NOTRUMP)),
        ("2nt", Call("bid", 2, Strain.NOTRUMP)),
        ("2N", Call("bid", 2, Strain.NOTRUMP)),
        ("2 no trumps", Call("bid", 2, Strain.NOTRUMP)),
        ("2 No-Trump", Call("bid", 2, Strain.NOTRUMP)),
        ("two no trumps", Call("bid", 2, Strain.NOTRUMP)),
        ("3R", Call("bid", 3, Strain.ROYAL_SPADES)),
        ("3R♠", Call("bid", 3, Strain.ROYAL_SPADES)),
        ("3 royals", Call("bid", 3, Strain.ROYAL_SPADES)),
        ("3 royal spades", Call("bid", 3, Strain.ROYAL_SPADES)),
        ("7 hearts", Call("bid", 7, Strain.HEARTS)),
        ("5 diamonds", Call("bid", 5, Strain.DIAMONDS)),
        ("4 clubs", Call("bid", 4, Strain.CLUBS)),
        ("pass", Call("pass")),
        ("PASS", Call("pass")),
        ("p", Call("pass")),
        ("-", Call("pass")),
        ("no bid", Call("pass")),
        ("No", Call("pass")),
        ("X", Call("double")),
        ("x", Call("double")),
        ("double", Call("double")),
        ("Dbl", Call("double")),
        ("XX", Call("redouble")),
        ("redouble", Call("redouble")),
        ("rdbl", Call("redouble")),
    ],
)
def test_parse_notations(text: str, expected: Call) -> None:
    assert Call.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "in_message", "in_hint"),
    [
        ("", "empty", "1♠"),
        ("8S", "1 to 7", "1 to 7"),
        ("0NT", "1 to 7", "1 to 7"),
        ("1Z", "strain", "R for royal spades"),
        ("3", "no strain", "3NT"),
        ("S", "cannot read", "no level"),
        ("bid", "cannot read", "Pass"),
    ],
)
def test_parse_errors_explain(text: str, in_message: str, in_hint: str) -> None:
    with pytest.raises(CallSyntaxError) as info:
        Call.parse(text)
    assert in_message in str(info.value)
    assert info.value.hint is not None and in_hint in info.value.hint


@pytest.mark.parametrize(
    ("kind", "level", "strain"),
    [
        ("bid", None, None),
        ("bid", 1, None),
        ("pass", 1, None),
        ("double", None, Strain.CLUBS),
        ("bet", None, None),
    ],
)
def test_malformed_call_values_refused(kind: str, level: int | None, strain: Strain | None) -> None:
    with pytest.raises(ValueError):
        Call(kind, level, strain)


def test_scan_s4_example() -> None:
    text = "1♠ pass 1♣ 1NT 2♣ 2R p p 3♣ X p 2NT p p p"
    tokens = scan_calls(text)
    assert [t.call.ascii() for t in tokens if t.call] == (
        [
            "1S",
            "Pass",
            "1C",
            "1NT",
            "2C",
            "2R",
            "Pass",
            "Pass",
            "3C",
            "X",
            "Pass",
            "2NT",
            "Pass",
            "Pass",
            "Pass",
        ]
    )
    assert all(t.error is None for t in tokens)
    assert all(text[t.start : t.end] == t.text for t in tokens)
    assert (tokens[3].start, tokens[3].end) == (11, 14)


def test_scan_joins_words_and_collects_errors() -> None:
    text = "1 spade, no bid, 2 no trumps; 3 royal spades 8S  1 spaed X"
    tokens = scan_calls(text)
    assert [t.text for t in tokens] == [
        "1 spade",
        "no bid",
        "2 no trumps",
        "3 royal spades",
        "8S",
        "1 spaed",
        "X",
    ]
    assert [t.call for t in tokens] == [
        Call("bid", 1, Strain.SPADES),
        Call("pass"),
        Call("bid", 2, Strain.NOTRUMP),
        Call("bid", 3, Strain.ROYAL_SPADES),
        None,
        None,
        Call("double"),
    ]
    assert all(text[t.start : t.end] == t.text for t in tokens)
    assert [t.error is not None for t in tokens] == [False, False, False, False, True, True, False]


def test_scan_does_not_join_separate_calls() -> None:
    assert [t.text for t in scan_calls("1 NT p no 1 X")] == ["1 NT", "p", "no", "1", "X"]
    assert scan_calls("1 NT p no 1 X")[3].error is not None


# ---------------------------------------------------------------------------------------------
# Auction: bid ranking by worth (AU-2..AU-6), worked comparator cases of rules-reference §4.1
# The dealer must open (AUSEQ-5), so each case starts with the dealer's bid.


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("2R 3C p p p", Contract(3, Strain.CLUBS, 0, Seat.W)),  # 18 = 18, more tricks
        ("3C X p 2NT p p p", Contract(2, Strain.NOTRUMP, 0, Seat.E)),  # 20 > 18 doubled; double gone
        ("1C 3S p p p", Contract(3, Strain.SPADES, 0, Seat.W)),  # 6 = 6, more tricks [W25 L44]
        ("3R p p 5C p p p", Contract(5, Strain.CLUBS, 0, Seat.E)),  # 30 > 27
        ("6NT p 7NT p p p", Contract(7, Strain.NOTRUMP, 0, Seat.S)),  # S named no-trumps first
    ],
)
def test_auction_sufficient_bids(text: str, contract: Contract) -> None:
    assert check_auction(AUCTION, Seat.S, calls(text)) == (contract, False, [])


def test_auction_insufficient_bid_names_the_least_sufficient() -> None:
    # AU-6: four clubs (24) over three royals (27); five clubs (30) would do.
    # passed by S, it stood (Law 50; S4 line 32): a warning, and 4♣ is the contract
    contract, passed_out, problems = check_auction(AUCTION, Seat.W, calls("3R p 4C p p p"))
    assert codes(problems) == [(2, "insufficient-bid-stood")]
    assert problems[0].message.startswith(
        "E bids 4♣ (worth 24) over W's 3R (worth 27): a bid must be worth more"
    )
    assert "the least sufficient club bid is 5♣ (worth 30)" in (problems[0].hint or "")
    assert contract == Contract(4, Strain.CLUBS, 0, Seat.E)
    assert not passed_out


def test_auction_equal_worth_needs_more_tricks() -> None:
    _, _, problems = check_auction(AUCTION, Seat.S, calls("3C 2R p p p"))
    assert codes(problems) == [(1, "insufficient-bid-stood")]
    assert "equal worth must name more tricks" in problems[0].message
    assert "3R (worth 27)" in (problems[0].hint or "")


@pytest.mark.parametrize("level", [6, 7])
def test_auction_impossible_bid(level: int) -> None:
    # 5NT is worth 50; seven diamonds only 49.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls(f"5NT {level}D p p p"))
    assert codes(problems) == [(1, "impossible-bid")]
    assert "49" in problems[0].message
    assert contract == Contract(5, Strain.NOTRUMP, 0, Seat.S)


S4_EXAMPLE = "1♠ pass 1♣ 1NT 2♣ 2R p p 3♣ X p 2NT p p p"


def test_s4_bidding_example() -> None:
    # Z = S deals; A = W, Y = N, B = E.  B first named no-trumps: B (E) declares.
    contract, passed_out, problems = check_auction(AUCTION, Seat.S, calls(S4_EXAMPLE))
    assert problems == []
    assert not passed_out
    assert contract == Contract(2, Strain.NOTRUMP, 0, Seat.E)
    assert str(contract) == "2NT by E"


@pytest.mark.parametrize(
    ("ending", "doubled", "text"),
    [("p p p", 0, "3♣ by N"), ("X p p p", 1, "3♣ doubled by N")],
)
def test_s4_example_left_at_three_clubs(ending: str, doubled: int, text: str) -> None:
    # Y (N) first named clubs, so Y declares although Z (S) bid three clubs.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1♠ pass 1♣ 1NT 2♣ 2R p p 3♣ " + ending))
    assert problems == []
    assert contract == Contract(3, Strain.CLUBS, doubled, Seat.N)
    assert str(contract) == text


def test_auction_overcall_annuls_double_and_redouble() -> None:
    # AU-4 [S4 §DOUBLING]: A two hearts, Y doubles, B redoubles, Z two royals; A goes three hearts.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1S 2H X XX 2R p p 3H p p p"))
    assert problems == []
    assert contract == Contract(3, Strain.HEARTS, 0, Seat.W)


def test_royal_spades_and_spades_are_different_strains() -> None:
    # S names spades first, N royals first: the royal-spade contract is N's.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("1S p 1R p 2R p p p"))
    assert problems == []
    assert contract == Contract(2, Strain.ROYAL_SPADES, 0, Seat.N)


def test_dealers_one_spade_can_be_left_in_and_names_spades() -> None:
    assert check_auction(AUCTION, Seat.E, calls("1S p p p")) == (
        Contract(1, Strain.SPADES, 0, Seat.E),
        False,
        [],
    )
    contract, _, _ = check_auction(AUCTION, Seat.S, calls("1S 1C 4S p p p"))
    assert contract == Contract(4, Strain.SPADES, 0, Seat.S)


def test_auction_dealer_must_bid() -> None:
    contract, passed_out, problems = check_auction(AUCTION, Seat.N, calls("p 1H p p p"))
    assert codes(problems) == [(0, "dealer-must-bid")]
    assert "1♠" in (problems[0].hint or "")
    assert contract == Contract(1, Strain.HEARTS, 0, Seat.E)
    assert not passed_out


def test_auction_four_passes_reported_once() -> None:
    assert check_auction(AUCTION, Seat.N, calls("p p p p"))[:2] == (None, True)
    assert codes(check_auction(AUCTION, Seat.N, calls("p p p p"))[2]) == [(0, "dealer-must-bid")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1H p X p p p", [(2, "double-own-side")]),  # AU-5: no doubling partner
        ("1H X p XX p p p", [(3, "redouble-own-double")]),  # redouble only an opponent's double
        ("1H X XX X p p p", [(3, "too-many-doublings")]),  # once only
        ("1H X XX p p XX p p p", [(5, "too-many-doublings")]),
    ],
)
def test_auction_doubling_limits(text: str, expected: list[tuple[int, str]]) -> None:
    _, _, problems = check_auction(AUCTION, Seat.S, calls(text))
    assert codes(problems) == expected


def test_auction_two_problems_both_reported() -> None:
    # W's 4♣ is insufficient but N passes over it, so it stands; then E doubles his partner's 4♣.
    contract, _, problems = check_auction(AUCTION, Seat.S, calls("3R 4C p X p p p"))
    assert codes(problems) == [(1, "insufficient-bid-stood"), (3, "double-own-side")]
    assert contract == Contract(4, Strain.CLUBS, 0, Seat.W)


# ---------------------------------------------------------------------------------------------
# Contract (CBSEQ-1..3)


def test_contract_rank_by_level_then_strain() -> None:
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls("1S 1NT p p p"))
    assert problems == []
    assert contract == Contract(1, Strain.NOTRUMP, 0, Seat.E)


def test_contract_insufficient_bid() -> None:
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls("1D 1C p p p"))
    assert codes(problems) == [(1, "insufficient-bid")]
    assert problems[0].message.startswith("E bids 1♣ over N's 1♦")
    assert (problems[0].hint or "").startswith("the least sufficient club bid is 2♣")
    assert contract == Contract(1, Strain.DIAMONDS, 0, Seat.N)


def test_contract_impossible_bid() -> None:
    _, _, problems = check_auction(CONTRACT, Seat.N, calls("7NT 7S p p p"))
    assert codes(problems) == [(1, "impossible-bid")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1S p X p p p", [(2, "double-own-side")]),
        ("1S X p X p p p", [(3, "already-doubled")]),
        ("1S p p XX p p p", [(3, "redouble-without-double")]),
        ("1S X p XX p p p", [(3, "redouble-own-double")]),
        ("1S X XX p p XX p p p", [(5, "too-many-doublings")]),
        ("X 1S p p p", [(0, "double-nothing")]),
        ("XX 1S p p p", [(0, "redouble-without-double")]),
        ("1R p p p", [(0, "strain-not-in-rules")]),
    ],
)
def test_contract_illegal_calls(text: str, expected: list[tuple[int, str]]) -> None:
    _, _, problems = check_auction(CONTRACT, Seat.N, calls(text))
    assert codes(problems) == expected


def test_contract_double_and_redouble() -> None:
    assert check_auction(CONTRACT, Seat.N, calls("1S X p p p"))[0] == Contract(1, Strain.SPADES, 1, Seat.N)
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls("1S X XX p p p"))
    assert problems == []
    assert contract == Contract(1, Strain.SPADES, 2, Seat.N)
    assert str(contract) == "1♠ redoubled by N"


def test_contract_passed_out() -> None:
    assert check_auction(CONTRACT, Seat.W, calls("p p p p")) == (None, True, [])


@pytest.mark.parametrize(
    ("text", "declarer"),
    [
        ("1C p 1H p 2H p p p", Seat.S),  # S named hearts first, though N bid them last
        ("1C 1H p p 2H p p p", Seat.N),  # E named hearts first, but for the other side
        ("p 1NT p 3NT p p p", Seat.E),
    ],
)
def test_contract_declarer_first_of_side_to_name_strain(text: str, declarer: Seat) -> None:
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls(text))
    assert problems == []
    assert contract is not None and contract.declarer == declarer


def test_bid_out_of_range_built_directly() -> None:
    _, _, problems = check_auction(CONTRACT, Seat.N, [Call("bid", 8, Strain.CLUBS), *calls("p p p")])
    assert codes(problems) == [(0, "bid-out-of-range")]


# ---------------------------------------------------------------------------------------------
# Ends, early and late


@pytest.mark.parametrize("regime", [AUCTION, CONTRACT], ids=lambda r: r.name)
def test_unfinished_auction(regime) -> None:
    contract, passed_out, problems = check_auction(regime, Seat.N, calls("1H p p"))
    assert codes(problems) == [(3, "auction-unfinished")]
    assert "two passes" in problems[0].message
    assert contract == Contract(1, Strain.HEARTS, 0, Seat.N)  # provisional, so later checks can go on
    assert not passed_out


def test_empty_auction_is_unfinished() -> None:
    assert codes(check_auction(CONTRACT, Seat.N, [])[2]) == [(0, "auction-unfinished")]


def test_calls_after_end_reported_once() -> None:
    contract, _, problems = check_auction(CONTRACT, Seat.N, calls("1H p p p 2H p"))
    assert codes(problems) == [(4, "call-after-end")]
    assert "and 1 more" in problems[0].message
    assert contract == Contract(1, Strain.HEARTS, 0, Seat.N)


def test_bridge_whist_has_no_auction() -> None:
    with pytest.raises(ValueError):
        check_auction(find_regime("bridge-whist"), Seat.N, calls("1S p p p"))
