"""BBO's LIN format: reading the corpus, attaching commentary and alerts, writing, round trips,
building boards from plain values, and Handviewer links."""

from __future__ import annotations

import random
import re
import urllib.parse
from dataclasses import fields
from itertools import pairwise
from pathlib import Path

import pytest

from replayer.formats.lin import (
    HANDVIEWER,
    LinBoard,
    LinCall,
    LinMake,
    handviewer_link,
    handviewer_url,
    lin_text,
    make_board,
    read_call,
    read_card,
    read_lin,
    write_lin,
)
from replayer.record.diagnostics import Severity
from replayer.rules.cards import Card, Strain, Suit
from replayer.rules.seats import Seat
from support.corpus import corpus_dir

CORPUS = corpus_dir() / "lin"
FILES = sorted(CORPUS.glob("*.lin"))


def C(text: str) -> Card:
    return Card.parse(text)


def read(name: str) -> list[LinBoard]:
    path = CORPUS / name
    boards, diagnostics = read_lin(path.read_text(encoding="utf-8"), str(path))
    assert not [d for d in diagnostics if d.severity is Severity.ERROR], diagnostics
    return boards


# ---------------------------------------------------------------------------------------------
# The corpus: counts

# file: (boards, pc cards, nt| comments, an| alerts, mc| claims), as in the corpus's SOURCES.md.
# The vugraph file puts one command group per line: the commands that open a line count too.
COUNTS = {
    "bridgebots_usbf2010_sf_vugraph.lin": (30, 732, 549, 16, 30),
    "bridgebots_sample.lin": (1, 52, 0, 1, 0),
    "endplay_example1_multi.lin": (8, 400, 0, 30, 2),
    "replayer_deal_only.lin": (1, 0, 0, 0, 0),
    "replayer_passed_out.lin": (1, 0, 0, 0, 0),
}


def test_every_corpus_file_is_counted() -> None:
    assert {p.name for p in FILES} == set(COUNTS) and all(boards > 0 for boards, *_ in COUNTS.values())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_corpus_file_reads_cleanly_with_the_expected_counts(path: Path) -> None:
    boards, diagnostics = read_lin(path.read_text(encoding="utf-8"), str(path))
    assert diagnostics == []
    got = (
        len(boards),
        sum(b.cards_played for b in boards),
        sum(b.comment_count for b in boards),
        sum(b.alert_count for b in boards),
        sum(1 for b in boards if b.claim is not None),
    )
    assert got == COUNTS[path.name]


def test_vugraph_contracts_and_results_agree_with_the_files_own_result_line() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    results = dict(boards[0].extras)["rs"].split(",")
    assert len(results) == len(boards) == 30
    for board, result in zip(boards, results, strict=True):
        m = re.fullmatch(r"(\d)([SHDCN])([NESW])(x{0,2})(=|[+-]\d+)", result)
        assert m, result
        level, strain, declarer, doubled, over = m.groups()
        contract = board.contract
        assert contract is not None
        assert (contract.level, contract.strain.code[0], contract.declarer.name, contract.doubled) == (
            int(level),
            strain,
            declarer,
            len(doubled),
        ), board.board_id
        assert board.declarer_tricks == int(level) + 6 + (0 if over == "=" else int(over)), board.board_id


# ---------------------------------------------------------------------------------------------
# The corpus: what is attached where


def test_vugraph_header_players_and_rooms() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    first, second = boards[0], boards[1]
    assert (first.board_id, first.room, first.number) == ("o46", "open", 46)
    assert (second.board_id, second.room) == ("c46", "closed")
    # pn| in the header: S, W, N, E of the open room, then of the closed room
    assert first.players == {Seat.S: "Meckstroth", Seat.W: "Levin", Seat.N: "Rodwell", Seat.E: "Weinstein"}
    assert second.players == {Seat.S: "Stansby", Seat.W: "Hamman", Seat.N: "Martel", Seat.E: "Mahmood"}
    # the header's other commands go with the first board
    assert [c for c, _ in first.extras] == ["vg", "rs"]
    assert second.extras == ()


def test_comments_are_attached_to_the_card_or_call_they_follow() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    o46, c46 = boards[0], boards[1]
    # o46: mb|1H|mb|p|nt|caitlin: Hi all|pg||nt|…|pg||nt|…|pg||mb|3C!|…
    assert o46.calls[1].call == "Pass"
    assert o46.calls[1].notes[0] == "caitlin: Hi all"
    assert len(o46.calls[1].notes) == 3
    # the four cards of trick 1 (c2 c3 cA cJ) then three comments: on the fourth card
    trick1 = o46.plays[:4]
    assert [p.card for p in trick1] == [C("C2"), C("C3"), C("CA"), C("CJ")]
    assert trick1[3].notes[0].startswith("ahollan1: ACBL Convention Cards")
    assert len(trick1[3].notes) == 3 and not any(p.notes for p in trick1[:3])
    # c46: commentary before any call is at the board's start; pc|c5|nt|… is on the lead
    assert c46.notes == ("jlall: hi all", "Vugraphzfc: Players are discussing systems")
    assert c46.plays[0].card == C("C5")
    assert c46.plays[0].notes == ("jlall: should be an easy 10 tricks", "Vugraphzfc: N-S 4th best, udca")
    assert c46.calls[0].call == "1H" and c46.calls[0].notes == ("bbramley: hello everybody", "jlall: hi bart")
    # a comment after a claim belongs to the claim
    with_claim_note = [b for b in boards if b.claim_notes]
    assert with_claim_note[0].board_id == "c47"
    assert with_claim_note[0].claim_notes == ("bbramley: that's better",)
    # a comment in the middle of a trick: pc|h4|nt|… on trick 4's third card
    assert c46.plays[14].card == C("H4") and c46.plays[14].notes[0].startswith(
        "bbramley: even on a passive lead"
    )
    assert c46.tricks[3].plays[2] == (Seat.E, C("H4"))  # East: SA63 HJ8642 DK53 CKJ


def test_alerts_are_attached_to_the_call_they_follow() -> None:
    o46 = read("bridgebots_usbf2010_sf_vugraph.lin")[0]
    call = o46.calls[2]
    assert (call.call, call.alert, call.explanation) == ("3C", True, "jacoby 2N")
    sample = read("bridgebots_sample.lin")[0]
    assert [(c.call, c.alert, c.explanation) for c in sample.calls if c.explanation] == [
        ("2NT", False, "Unusual No Trump: 2 5card minors")
    ]
    # an alert marker without an explanation: c46's mb|2S!|mb|p|
    c46 = read("bridgebots_usbf2010_sf_vugraph.lin")[1]
    assert (c46.calls[2].call, c46.calls[2].alert, c46.calls[2].explanation) == ("2S", True, None)
    # six robot explanations, each on the call it follows
    robots = read("endplay_example1_multi.lin")[7]
    explained = [(i, c.call) for i, c in enumerate(robots.calls) if c.explanation]
    assert explained == [(3, "1D"), (5, "1S"), (7, "2NT"), (9, "3C"), (11, "3D"), (13, "3NT")]
    assert robots.calls[7].explanation is not None
    assert robots.calls[7].explanation.startswith("Jump in notrump -- 2-4 !C; 3-5 !D")


def test_a_passed_out_board() -> None:
    board = read("replayer_passed_out.lin")[0]
    assert [c.call for c in board.calls] == ["Pass"] * 4
    assert board.auction_complete and board.passed_out
    assert board.contract is None and board.declarer is None and board.plays == () and board.tricks == []
    assert board.dealer is Seat.N and board.title == "Board 1" and board.number == 1


def test_a_deal_only_board() -> None:
    board = read("replayer_deal_only.lin")[0]
    assert board.calls == () and board.plays == () and board.claim is None
    assert not board.auction_complete and board.contract is None
    assert board.dealer is Seat.S and board.vulnerable == "EW" and board.number == 3
    assert all(len(board.deal[s]) == 13 for s in Seat)
    assert board.players == {Seat.S: "Ada", Seat.W: "Ben", Seat.N: "Cleo", Seat.E: "Dev"}


def test_the_missing_fourth_hand_is_inferred() -> None:
    board = read("replayer_deal_only.lin")[0]  # md|1S389AH49QAD4789CT,SJH35…,S2567…,|
    assert board.deal_inferred is Seat.E
    assert board.deal[Seat.S] == frozenset(
        map(C, ["S3", "S8", "S9", "SA", "H4", "H9", "HQ", "HA", "D4", "D7", "D8", "D9", "CT"])
    )
    assert set().union(*board.deal.values()) == set(map(C, [s + r for s in "SHDC" for r in "23456789TJQKA"]))
    assert board.deal[Seat.E] == frozenset(
        map(C, ["S4", "ST", "SQ", "H8", "D3", "D6", "DQ", "C2", "C3", "C4", "C5", "C6", "CQ"])
    )
    robots = read("endplay_example1_multi.lin")  # BBO's robots give three hands too
    assert [b.deal_inferred for b in robots] == [Seat.E] * 8
    vugraph = read("bridgebots_usbf2010_sf_vugraph.lin")[0]  # all four hands given
    assert vugraph.deal_inferred is None


def test_a_claim_in_the_middle_of_a_trick() -> None:
    board = read("bridgebots_usbf2010_sf_vugraph.lin")[2]  # o47
    assert board.board_id == "o47" and board.claim == 10 and board.cards_played == 18
    contract = board.contract
    # dealer S: p 1D(W) p 1S(E) p 2N(W) p 3N(E) p p p — West named no trumps first
    assert contract is not None and str(contract) == "3NT by W"
    assert board.opening_leader is Seat.N
    tricks = board.tricks
    assert len(tricks) == 5
    assert tricks[0].plays == ((Seat.N, C("SQ")), (Seat.E, C("S5")), (Seat.S, C("S2")), (Seat.W, C("SK")))
    assert tricks[0].winner is Seat.W
    assert tricks[4].leader is Seat.E and tricks[4].plays == ((Seat.E, C("D5")), (Seat.S, C("DJ")))
    assert tricks[4].winner is None
    assert board.declarer_tricks == 10


def test_a_claim_after_the_first_card_of_a_trick_and_a_doubled_contract() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    c48 = boards[5]
    assert c48.board_id == "c48" and str(c48.contract) == "3NT by N"
    assert c48.claim == 9 and len(c48.tricks) == 7 and c48.tricks[-1].plays == ((Seat.E, C("C3")),)
    o53 = boards[14]
    contract = o53.contract
    assert o53.board_id == "o53" and contract is not None
    assert (contract.level, contract.strain, contract.doubled) == (4, Strain.SPADES, 1)
    # dealer N: p p 1C(S) 3S(W) X(N) 4S(E) p p X(N) p p p — West named spades first; North leads
    assert o53.dealer is Seat.N and contract.declarer is Seat.W and o53.opening_leader is Seat.N
    assert o53.plays[0].seat is Seat.N and o53.plays[0].card == C("HT")
    assert o53.claim == 6 and len(o53.tricks) == 6


def test_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    # endplay board 1: dealer N; p p 1H(S) 2H!(W) p 4S(E) 5H(S) p p p: South bid hearts first
    board = read("endplay_example1_multi.lin")[0]
    assert board.dealer is Seat.N
    contract = board.contract
    assert contract is not None and str(contract) == "5H by S"
    # vugraph o47: dealer S; p 1D(W) p 1S(E) p 2N(W) p 3N(E): West named no trumps first
    o47 = read("bridgebots_usbf2010_sf_vugraph.lin")[2]
    c = o47.contract
    assert c is not None and (c.level, c.strain) == (3, Strain.NOTRUMP)
    first_nt = next(i for i, call in enumerate(o47.calls) if call.call and call.call.endswith("NT"))
    assert o47.dealer is not None and c.declarer is o47.dealer.next(first_nt) is Seat.W


def test_play_in_tricks_with_winners_and_leaders() -> None:
    # dealer S: p 1H(W) 2N(N, "unusual") p 3N(S) p p p — North named no trumps first
    board = read("bridgebots_sample.lin")[0]
    contract = board.contract
    assert contract is not None and str(contract) == "3NT by N"
    tricks = board.tricks
    assert len(tricks) == 13 and all(len(t.plays) == 4 for t in tricks)
    assert tricks[0].leader is Seat.E and tricks[0].plays[0] == (Seat.E, C("H4"))
    assert tricks[0].winner is Seat.N  # H4 H2 HJ HA
    for before, after in pairwise(tricks):
        assert after.leader is before.winner
    assert board.declarer_tricks is not None


def test_dealer_digit_mapping() -> None:
    hands = "SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,SHDCAKQJT98765432"
    for digit, seat in (("1", Seat.S), ("2", Seat.W), ("3", Seat.N), ("4", Seat.E)):
        [board], diagnostics = read_lin(f"md|{digit}{hands}|", "x.lin")
        assert diagnostics == []
        assert board.dealer is seat
        # hands come South, West, North, East
        assert board.deal[Seat.S] == frozenset(c for c in board.deal[Seat.S] if c.suit is Suit.SPADES)
        assert len(board.deal[Seat.W]) == 13 and all(c.suit is Suit.HEARTS for c in board.deal[Seat.W])
        assert all(c.suit is Suit.DIAMONDS for c in board.deal[Seat.N])
        assert all(c.suit is Suit.CLUBS for c in board.deal[Seat.E])
        assert write_lin(board).startswith(f"st||md|{digit}")
    [board], diagnostics = read_lin(f"md|7{hands}|", "x.lin")
    assert board.dealer is None and [d.code for d in diagnostics] == ["lin-bad-dealer"]


@pytest.mark.parametrize(
    "value, expected",
    [
        ("o", "None"),
        ("O", "None"),
        ("0", "None"),
        ("-", "None"),
        ("n", "NS"),
        ("NS", "NS"),
        ("e", "EW"),
        ("ew", "EW"),
        ("b", "All"),
        ("B", "All"),
        ("both", "All"),
        ("all", "All"),
    ],
)
def test_vulnerability_values(value: str, expected: str) -> None:
    [board], diagnostics = read_lin(f"md|1SAK,,,|sv|{value}|", "x.lin")
    assert board.vulnerable == expected
    assert not [d for d in diagnostics if d.code == "lin-bad-vulnerability"]
    letter = {"None": "o", "NS": "n", "EW": "e", "All": "b"}[expected]
    assert f"sv|{letter}|" in write_lin(board)


def test_unreadable_vulnerability_is_reported() -> None:
    [board], diagnostics = read_lin("md|1|sv|q|", "x.lin")
    assert board.vulnerable is None
    assert "lin-bad-vulnerability" in [d.code for d in diagnostics]


@pytest.mark.parametrize(
    "value, expected",
    [
        ("p", ("Pass", False)),
        ("P", ("Pass", False)),
        ("d", ("X", False)),
        ("r", ("XX", False)),
        ("1N", ("1NT", False)),
        ("3n!", ("3NT", True)),
        ("2s!", ("2S", True)),
        ("7C", ("7C", False)),
        ("d!", ("X", True)),
        ("1NT", ("1NT", False)),
        ("8S", (None, False)),
        ("?", (None, False)),
    ],
)
def test_call_notation(value: str, expected: tuple[str | None, bool]) -> None:
    assert read_call(value) == expected


def test_card_notation() -> None:
    assert read_card("c2") is C("C2") and read_card("HT") is C("H10") and read_card("h10") is C("H10")
    assert read_card("sQ") is C("SQ") and read_card("X2") is None and read_card("") is None


# ---------------------------------------------------------------------------------------------
# Positions and problems


def test_items_keep_their_positions() -> None:
    text = "pn|a,b,c,d|st||md|1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|\nsv|o|mb|1S|mb|p|\nmb|p|mb|p|pc|HA|"
    [board], _ = read_lin(text, "f.lin")
    assert board.calls[0].span is not None and (board.calls[0].span.line, board.calls[0].span.col) == (2, 6)
    assert board.calls[2].span is not None and (board.calls[2].span.line, board.calls[2].span.col) == (3, 1)
    assert board.plays[0].span is not None and (board.plays[0].span.line, board.plays[0].span.col) == (3, 11)
    assert board.calls[0].span.path == "f.lin"


def test_unreadable_items_are_reported_with_the_board_and_position() -> None:
    text = (
        "md|1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|ah|Board 7|\nmb|1S|mb|zz|mb|p|pc|Q9|mc|x|"
    )
    boards, diagnostics = read_lin(text, "bad.lin")
    assert len(boards) == 1
    by_code = {d.code: d for d in diagnostics}
    assert {"lin-bad-call", "lin-bad-card", "lin-bad-claim"} <= set(by_code)
    call = by_code["lin-bad-call"]
    assert call.severity is Severity.ERROR and call.message.startswith("Board 7: ")
    assert call.span is not None and (call.span.path, call.span.line, call.span.col) == ("bad.lin", 2, 7)
    assert boards[0].calls[1].call is None and boards[0].calls[1].raw == "zz"
    assert boards[0].plays[0].card is None and boards[0].plays[0].raw == "Q9"


def test_out_of_turn_and_bad_deals_are_reported() -> None:
    deal = "md|1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|"
    # 1S by South, West leads: a spade is South's card, not West's
    _, diagnostics = read_lin(deal + "mb|1S|mb|p|mb|p|mb|p|pc|SA|", "x.lin")
    assert [d.code for d in diagnostics] == ["lin-out-of-turn"]
    _, diagnostics = read_lin("md|1SAK,SA,,|", "x.lin")
    assert "lin-bad-deal" in [d.code for d in diagnostics]
    _, diagnostics = read_lin("mb|1S|an|x|an|y|pc|SA|an|stray|", "x.lin")
    codes = [d.code for d in diagnostics]
    assert "lin-orphan-alert" in codes and "lin-no-dealer" in codes


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n",
        "|",
        "||||",
        "md",
        "md|",
        "md|1",
        "md|9XX,,,|",
        "mb|",
        "pc|",
        "nt|",
        "mc|99|",
        "qx|",
        "qx|o1|qx|o2|",
        "pn|a|pn|b|",
        "ab|cd",
        "md|1SAKQ,HAKQ,DAKQ,CAKQ,SJ,|",
        "\ufeffmd|1SA,,,|",
        "pc|SA|pc|SA|pc|SA|pc|SA|pc|SA|",
        "md|1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|mb|1S|mb|p|mb|p|mb|p|" + "pc|SA|" * 60,
    ],
)
def test_odd_input_never_raises(text: str) -> None:
    boards, _ = read_lin(text, "odd.lin")
    for board in boards:
        read_lin(write_lin(board), "again.lin")
        _ = (board.tricks, board.contract, board.declarer_tricks, board.label)


def test_mangled_corpus_text_never_raises() -> None:
    rng = random.Random(1904)
    texts = [p.read_text(encoding="utf-8") for p in FILES]
    for _ in range(400):
        text = rng.choice(texts)
        chars = list(text[:3000])
        for _ in range(rng.randint(1, 12)):
            i = rng.randrange(len(chars) + 1)
            op = rng.random()
            if op < 0.4 and i < len(chars):
                del chars[i]
            elif op < 0.7:
                chars.insert(i, rng.choice("|\n ,!x1SHDC@"))
            elif i < len(chars):
                chars[i] = rng.choice("|pqmdnt0123456789")
        boards, _ = read_lin("".join(chars), "mangled.lin")
        for board in boards:
            read_lin(write_lin(board), "again.lin")
            _ = (board.tricks, board.contract, board.declarer_tricks)


# ---------------------------------------------------------------------------------------------
# Round trips


def same(a: LinBoard, b: LinBoard) -> None:
    """Equality ignoring positions, with a readable failure."""
    for f in fields(LinBoard):
        if f.compare:
            assert getattr(a, f.name) == getattr(b, f.name), f.name
    assert a == b


def round_trip(board: LinBoard) -> LinBoard:
    text = write_lin(board)
    assert "\n" not in text[:-1] and text.endswith("\n")
    boards, diagnostics = read_lin(text, "written.lin")
    assert [d for d in diagnostics if d.severity is not Severity.NOTE] == []
    assert len(boards) == 1
    return boards[0]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_corpus_board_round_trips(path: Path) -> None:
    boards, _ = read_lin(path.read_text(encoding="utf-8"), str(path))
    assert len(boards) == COUNTS[path.name][0] > 0
    for board in boards:
        same(round_trip(board), board)


def test_a_whole_file_round_trips_as_concatenated_boards() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    again, diagnostics = read_lin("".join(write_lin(b) for b in boards), "all.lin")
    assert diagnostics == [] and again == boards
    boards = read("endplay_example1_multi.lin")
    again, _ = read_lin("".join(write_lin(b) for b in boards), "all.lin")
    assert again == boards


def test_written_lin_has_pauses_after_the_auction_each_trick_and_each_comment() -> None:
    board = read("bridgebots_sample.lin")[0]
    text = write_lin(board)
    assert text.startswith("pn|PrinceBen,Forrest_,smalark,granola357|st||md|1S")
    assert "|rh||ah|Board 15|sv|n|mb|p|mb|1H|mb|2N|an|Unusual No Trump: 2 5card minors|" in text
    assert "mb|p|mb|p|pg||pc|H4|" in text
    assert text.count("pg||") == 1 + 13
    c46 = read("bridgebots_usbf2010_sf_vugraph.lin")[1]
    assert (
        "pc|C5|nt|jlall: should be an easy 10 tricks|pg||nt|Vugraphzfc: N-S 4th best, udca|pg||pc|C3|"
        in write_lin(c46)
    )


# ---------------------------------------------------------------------------------------------
# Building boards

DEAL = {
    Seat.N: "SA ST S6 S2 HJ H7 H3 DQ D8 D4 CK C9 C5",
    Seat.E: "SK S9 S5 HA HT H6 H2 DJ D7 D3 CQ C8 C4",
    Seat.S: "SQ S8 S4 HK H9 H5 DA DT D6 D2 CJ C7 C3",
    Seat.W: "SJ S7 S3 HQ H8 H4 DK D9 D5 CA CT C6 C2",
}


def hands() -> dict[Seat, list[Card]]:
    return {seat: [C(t) for t in text.split()] for seat, text in DEAL.items()}


def test_make_board_with_an_auction_notes_alerts_and_a_claim_round_trips() -> None:
    deal = hands()
    board = make_board(
        deal,
        dealer=Seat.N,
        vulnerable="NS",
        calls=["1S", ("2NT!", "both minors"), "3S", "p", "4S", "p", "p", "p"],
        tricks=[
            [(Seat.E, C("SK")), (Seat.S, C("S4")), (Seat.W, C("S3")), (Seat.N, C("SA"))],
            [(Seat.N, C("S2")), (Seat.E, C("S5")), (Seat.S, C("S8")), (Seat.W, C("S7"))],
            [(Seat.S, C("HK")), (Seat.W, C("HQ"))],
        ],
        notes_by_card={
            "start": "A hand from the book",
            None: "East leads a spade",
            (1, 0): "The king | from KQ",
            (1, 3): ["North wins", "and cashes"],
            (3, 1): "East follows",
            "claim": "the rest are North's",
        },
        title="Board 5",
        players={Seat.N: "Nora", Seat.S: "Sam, Jr"},
        claim=10,
    )
    contract = board.contract
    assert contract is not None and str(contract) == "4S by N"
    assert board.calls[1] == LinCall("2NT", True, "both minors")
    assert board.calls[-1].notes == ("East leads a spade",)
    assert board.plays[0].notes == ("The king / from KQ",)  # | cannot be written: it becomes /
    assert board.players == {Seat.N: "Nora", Seat.S: "Sam  Jr"}  # , separates names in pn|
    assert [(t.leader, t.winner) for t in board.tricks] == [
        (Seat.E, Seat.N),
        (Seat.N, Seat.S),
        (Seat.S, None),
    ]
    same(round_trip(board), board)
    text = write_lin(board)
    assert text.startswith("pn|Sam  Jr,,Nora,|st||md|3")
    assert "|ah|Board 5|sv|n|nt|A hand from the book|pg||mb|1S|mb|2N!|an|both minors|" in text
    assert "pc|SK|nt|The king / from KQ|pg||" in text
    assert text.endswith("mc|10|nt|the rest are North's|pg||\n")


def test_make_board_without_an_auction_round_trips_and_keeps_the_make() -> None:
    deal = hands()
    board = make_board(
        deal,
        dealer=Seat.S,
        vulnerable=None,
        calls=[],
        tricks=[
            [(Seat.W, C("SJ")), (Seat.N, C("SA")), (Seat.E, C("SK")), (Seat.S, C("SQ"))],
            [(Seat.N, C("HJ")), (Seat.E, C("HA")), (Seat.S, C("HK")), (Seat.W, C("HQ"))],
        ],
        notes_by_card={None: "Z makes it spades", (2, 0): "North cashes a heart"},
        title="Foster, hand 1",
        make=(Suit.SPADES, Seat.S),
    )
    assert board.calls == () and board.make == LinMake(Strain.SPADES, Seat.S)
    assert board.contract is None and board.declarer is Seat.S and board.opening_leader is Seat.W
    assert board.notes == ("Z makes it spades",)
    assert [t.winner for t in board.tricks] == [Seat.N, Seat.E]
    text = write_lin(board)
    assert "mb|" not in text and "sv|" not in text
    assert (
        "|ah|Foster, hand 1|nt|No auction: South plays in spades (West leads)|pg||nt|Z makes it spades|pg||pc|SJ|"
        in text
    )
    same(round_trip(board), board)
    # Optionally, a one-bid auction so that BBO's viewer knows the trump (not read back as a make)
    bid = write_lin(board, no_auction="bid")
    assert "nt|No auction: South plays in spades (West leads)|pg||nt|Z makes it spades|pg||mb|1S|an|" in bid
    [again], _ = read_lin(bid, "bid.lin")
    assert again.make is None and str(again.contract) == "1S by S" and again.plays == board.plays


def test_make_board_no_trumps_make_and_no_make_at_all() -> None:
    deal = hands()
    nt = make_board(deal, Seat.E, make=(None, Seat.W), tricks=[[(Seat.N, C("SA")), (Seat.E, C("SK"))]])
    assert nt.make == LinMake(Strain.NOTRUMP, Seat.W)
    same(round_trip(nt), nt)
    bare = make_board(
        deal, Seat.E, tricks=[[(Seat.N, C("SA")), (Seat.E, C("SK")), (Seat.S, C("SQ")), (Seat.W, C("SJ"))]]
    )
    assert bare.make is None and bare.tricks[0].winner is None  # no trump known
    [again], diagnostics = read_lin(write_lin(bare), "x.lin")
    assert again == bare and [d.code for d in diagnostics] == ["lin-no-auction"]


def test_make_board_with_a_partial_deal_round_trips_by_the_turn() -> None:
    full = hands()
    deal = {Seat.N: full[Seat.N], Seat.S: full[Seat.S]}
    board = make_board(
        deal,
        Seat.N,
        calls=["1NT", "p", "p", "p"],
        tricks=[
            [(Seat.E, C("SK")), (Seat.S, C("SQ")), (Seat.W, C("SJ")), (Seat.N, C("SA"))],
            [(Seat.N, C("S2"))],
        ],
    )
    assert "md|3SQ84HK95DAT62CJ73,,SAT62HJ73DQ84CK95,|" in write_lin(board)  # S, W, N, E: W and E empty
    same(round_trip(board), board)


def test_make_board_rejects_inconsistent_input() -> None:
    deal = hands()
    with pytest.raises(ValueError, match="North's card"):
        make_board(deal, Seat.N, tricks=[[(Seat.E, C("SA"))]])
    with pytest.raises(ValueError, match="either an auction"):
        make_board(deal, Seat.N, calls=["1S"], make=("S", Seat.N))
    with pytest.raises(ValueError, match="not played"):
        make_board(deal, Seat.N, notes_by_card={(2, 0): "x"})
    with pytest.raises(ValueError, match="vulnerable"):
        make_board(deal, Seat.N, vulnerable="sometimes")
    with pytest.raises(ValueError, match="call"):
        make_board(deal, Seat.N, calls=["9S"])


def test_lin_text() -> None:
    assert lin_text("a|b\nc\r\nd") == "a/b c d"


# ---------------------------------------------------------------------------------------------
# Handviewer links


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_handviewer_url_decodes_back_to_the_same_lin(path: Path) -> None:
    boards, _ = read_lin(path.read_text(encoding="utf-8"), str(path))
    for board in boards:
        lin = write_lin(board)
        link = handviewer_link(lin, max_length=None)
        assert link.url.startswith(HANDVIEWER + "?lin=")
        assert "|" not in link.url and " " not in link.url and "\n" not in link.url
        query = urllib.parse.urlsplit(link.url).query
        assert urllib.parse.parse_qs(query)["lin"] == [lin.strip()]
        assert read_lin(urllib.parse.unquote(query[len("lin=") :]), "url.lin")[0] == [board]


def test_a_long_link_drops_commentary_first() -> None:
    boards = read("bridgebots_usbf2010_sf_vugraph.lin")
    board = max(boards, key=lambda b: len(write_lin(b)))
    lin = write_lin(board)
    assert len(handviewer_link(lin, max_length=None).url) > 2000
    link = handviewer_link(lin, max_length=2000)
    assert link.fits and len(link.url) <= 2000
    assert link.dropped_notes == board.comment_count and link.dropped_explanations == 0
    [short], _ = read_lin(urllib.parse.unquote(link.url.split("?lin=", 1)[1]), "short.lin")
    assert short.comment_count == 0 and short.plays == tuple(p.__class__(p.card, p.seat) for p in board.plays)
    assert short.calls == tuple(LinCall(c.call, c.alert, c.explanation) for c in board.calls)
    assert "pg%7C%7Cpg%7C%7C" not in link.url
    assert handviewer_url(lin) == handviewer_link(lin).url  # the default limit (8,000) keeps everything here
    tiny = handviewer_link(lin, max_length=100)
    assert not tiny.fits and tiny.dropped_names and tiny.dropped_explanations >= 0
