"""PBN 2.1 (replayer.formats.pbn): the corpus of standard and real files reads, the standard verifier's
deliberate errors are reported where they stand, the play's columns are seats, and
write → read → write is a fixed point."""

from __future__ import annotations

import functools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.formats.pbn import (
    MANDATORY_TAGS,
    PbnComment,
    PbnDirective,
    PbnGame,
    encode_pbn,
    make_game,
    read_pbn,
    write_pbn,
)
from replayer.record.diagnostics import Diagnostic, Severity
from replayer.rules.cards import Card, parse_card, parse_holding
from replayer.rules.seats import Seat
from support.corpus import corpus_dir

CORPUS = corpus_dir() / "pbn"
FILES = sorted(p.name for p in CORPUS.glob("*.pbn"))
EMPTY = "zdenecek_empty.pbn"  # a header and no game, on purpose
WITH_GAMES = [n for n in FILES if n != EMPTY]
LARGE = {"endplay_example2_realbridge2021.pbn"}


@functools.cache
def corpus(name: str) -> tuple[list[PbnGame], list[Diagnostic]]:
    return read_pbn((CORPUS / name).read_bytes(), name)


def at(diags: list[Diagnostic]) -> set[tuple[int, str]]:
    return {(d.span.line, d.code) for d in diags if d.span is not None}


def c(text: str) -> Card:
    return parse_card(text)


def hand(text: str) -> list[Card]:
    return [t.card for t in parse_holding(text) if t.card is not None]


# ---------------------------------------------------------------------------------------------
# The corpus

# games, games with a [Board] tag of their own, [Play] sections, plays with all 52 cards.
# The last three are the counts of the corpus's SOURCES.md; games were counted by hand: the
# verifier files number theirs in comments (errors_20 has 23, but a "{" left open in game 19
# runs into game 20 across the empty line, as the standard says comments do); the "lots of
# curlies" file is two records (so its own project's test says).
COUNTS = {
    "bridge-pbn_lots_of_curlies.pbn": (2, 1, 0, 0),
    "bridge-pbn_three_records_crlf.pbn": (3, 3, 0, 0),
    "bridgebots_sample_cavendish2004.pbn": (3, 3, 3, 0),
    "endplay_example1_eyc1998.pbn": (2, 2, 2, 0),
    "endplay_example2_realbridge2021.pbn": (299, 299, 278, 64),
    "endplay_sample.pbn": (2, 2, 1, 0),
    "pbnstd-verifier_correct_10.pbn": (31, 3, 4, 0),
    "pbnstd-verifier_correct_20.pbn": (46, 34, 8, 0),
    "pbnstd-verifier_correct_21.pbn": (2, 2, 1, 0),
    "pbnstd-verifier_errors_10.pbn": (74, 10, 24, 1),
    "pbnstd-verifier_errors_20.pbn": (22, 2, 2, 0),
    "pbnstd-verifier_errors_21.pbn": (2, 0, 0, 0),
    "rschneider_AlsReg6-Final_gib1999.pbn": (286, 286, 274, 167),
    "rschneider_kgb_optimum.pbn": (99, 99, 0, 0),
    "zdenecek_bigdeal_deepfinesse.pbn": (14, 14, 0, 0),
    "zdenecek_bridgecomposer_latin1.pbn": (15, 15, 0, 0),
}


def test_every_corpus_file_is_counted() -> None:
    assert set(WITH_GAMES) == set(COUNTS) and all(games > 0 for games, *_ in COUNTS.values())


def test_the_corpus_file_with_no_game_reads_none() -> None:
    assert corpus(EMPTY) == ([], [])


@pytest.mark.parametrize("name", WITH_GAMES)
def test_corpus_file_reads_with_the_expected_counts(name: str) -> None:
    start = time.perf_counter()
    games, diags = corpus(name)
    took = time.perf_counter() - start
    assert all(d.code != "pbn-internal" for d in diags), [
        d.message for d in diags if d.code == "pbn-internal"
    ]
    boards = sum(1 for g in games if (t := g.get("Board")) is not None and not t.implicit)
    plays = [g.play for g in games if g.play is not None]
    assert (len(games), boards, len(plays), sum(p.complete for p in plays)) == COUNTS[name]
    assert took < 15  # the 0.3 MB file takes well under a second
    for d in diags:  # located, and naming the board or the game
        assert d.span is not None and d.span.path == name and d.span.line >= 1 and d.span.col >= 1
        assert d.message.startswith(("board ", "game ", "file: "))


@pytest.mark.parametrize("name", [n for n in FILES if "correct" in n])
def test_the_standards_correct_files_read_without_a_warning(name: str) -> None:
    games, diags = corpus(name)
    assert len(games) == COUNTS[name][0] > 0
    assert [d.message for d in diags if d.severity is not Severity.NOTE] == []


@pytest.mark.parametrize(
    "name",
    ["rschneider_AlsReg6-Final_gib1999.pbn", "endplay_example2_realbridge2021.pbn"],
)
def test_real_plays_are_legal_and_agree_with_their_results(name: str) -> None:
    games, diags = corpus(name)
    assert [d.message for d in diags if d.severity is Severity.ERROR] == []
    complete = [g for g in games if g.play is not None and g.play.complete]
    assert len(complete) == COUNTS[name][3] > 0
    for g in complete:
        assert g.declarer is not None and g.result is not None and g.play is not None
        side = g.declarer.side
        assert len([t for t in g.play.tricks if t.winner is not None and t.winner.side == side]) == g.result


# ---------------------------------------------------------------------------------------------
# The standard's deliberate errors (the files' own % comments say what each game gets wrong)

ERRORS_10 = [
    (7, "pbn-unknown-tag"),  # New tag name
    (11, "pbn-tag-syntax"),  # No tag value
    (15, "pbn-tag-unquoted"),  # Bad character: [Event No_quotes]
    (19, "pbn-tag-value"),  # Bad character: a tab
    (23, "pbn-value-form"),
    (27, "pbn-value-form"),  # Round "&", "-1"
    (31, "pbn-value-form"),
    (35, "pbn-value-form"),  # bad dates
    (39, "pbn-bad-value"),  # Dealer "Black"
    (43, "pbn-bad-value"),  # Vulnerable "E"
    (47, "pbn-deal"),
    (51, "pbn-deal"),
    (55, "pbn-deal"),
    (59, "pbn-deal"),  # bad rank, double SK, 14 cards, 12 cards
    (63, "pbn-deal"),
    (67, "pbn-deal-spacing"),
    (71, "pbn-deal"),
    (75, "pbn-deal-empty"),  # 12 v 13, double space, 14 cards, no cards
    (79, "pbn-bad-value"),
    (83, "pbn-bad-value"),
    (87, "pbn-bad-value"),
    (91, "pbn-bad-value"),  # declarer, contracts, result
    (95, "pbn-stray-text"),  # characters that do not obey the syntax
    (98, "pbn-note-place"),  # bad section: a Note outside auction and play
    (102, "pbn-missing-tag"),
    (108, "pbn-missing-tag"),
    (114, "pbn-missing-tag"),
    (120, "pbn-missing-tag"),  # no dealer/deal/declarer/contract
    (127, "pbn-duplicate-tag"),  # tag exists already
    (159, "pbn-auction"),
    (168, "pbn-auction"),  # dealer North must bid first
    (177, "pbn-call"),
    (186, "pbn-nonstandard"),  # bad trump: "1", "1N"
    (195, "pbn-auction"),
    (204, "pbn-auction"),
    (214, "pbn-auction"),  # bad calls 1C, X, XX
    (223, "pbn-annotation"),
    (226, "pbn-annotation"),  # double suffix
    (229, "pbn-annotation"),
    (232, "pbn-annotation"),  # double nag
    (235, "pbn-annotation"),
    (238, "pbn-annotation"),
    (241, "pbn-annotation"),  # bad nags, bad number
    (244, "pbn-annotation"),
    (247, "pbn-annotation"),
    (250, "pbn-annotation"),  # bad notes, double note
    (250, "pbn-note-missing"),  # no note for =1=
    (258, "pbn-inconsistent"),
    (266, "pbn-inconsistent"),
    (274, "pbn-inconsistent"),  # bad declarers
    (283, "pbn-inconsistent"),
    (290, "pbn-inconsistent"),
    (298, "pbn-inconsistent"),  # bad trump
    (306, "pbn-inconsistent"),
    (314, "pbn-inconsistent"),  # bad risk
    (328, "pbn-play"),  # revoke: CA
    (340, "pbn-annotation"),
    (343, "pbn-annotation"),
    (346, "pbn-annotation"),
    (349, "pbn-annotation"),  # double suffix/nag
    (361, "pbn-annotation"),
    (363, "pbn-annotation"),
    (366, "pbn-annotation"),
    (368, "pbn-annotation"),  # bad nag/note/number
    (381, "pbn-annotation"),
    (384, "pbn-annotation"),
    (384, "pbn-note-missing"),  # bad note, double note, no note for =1=
    (387, "pbn-play"),
    (390, "pbn-play"),  # bad cards: DA played again, S2 not held
    (405, "pbn-card"),
    (408, "pbn-card"),
    (411, "pbn-card"),  # bad rank, bad rank, bad suit
    (423, "pbn-irregularity"),  # bad revokes
    (429, "pbn-irregularity"),
    (432, "pbn-irregularity"),
    (435, "pbn-irregularity"),
    (438, "pbn-irregularity"),  # double/bad illegal
    (450, "pbn-irregularity"),  # bad lead
    (462, "pbn-irregularity"),
    (474, "pbn-irregularity"),
    (486, "pbn-irregularity"),  # bad revokes
    (495, "pbn-inconsistent"),
    (504, "pbn-inconsistent"),  # no declarer, but a result
    (529, "pbn-note"),
    (531, "pbn-note"),
    (534, "pbn-note-unused"),  # notes 0 and 33, unused note 32
    (564, "pbn-note-missing"),
    (569, "pbn-note-unused"),  # no note for =3=, unused 32
    (601, "pbn-irregularity"),  # "sufficient": ^I on a sufficient bid
    (636, "pbn-bad-value"),  # sum differs from 13
    (654, "pbn-annotation"),
    (663, "pbn-annotation"),
    (670, "pbn-annotation"),  # double nag, bad nags
    (690, "pbn-inconsistent"),  # bad result
    (772, "pbn-inheritance"),
    (773, "pbn-inheritance"),
    (774, "pbn-inheritance"),
    (775, "pbn-inheritance"),  # bad inheritance 7x
    (776, "pbn-inheritance"),
    (777, "pbn-inheritance"),
    (779, "pbn-inheritance"),
    *[
        (line, "pbn-value-form")
        for line in (784, 785, 786, 787, 791, 792, 793, 794, 798, 799, 800, 801, 805, 806, 807, 808, 812)
    ],
    (817, "pbn-line-too-long"),
    (820, "pbn-line-too-long"),
    (825, "pbn-line-too-long"),
    (828, "pbn-character"),  # bad character
    (833, "pbn-value-form"),  # [Scoring "Unknown tag"]
    (839, "pbn-export"),
    (863, "pbn-export"),
    (865, "pbn-export"),
    (866, "pbn-export"),
    (867, "pbn-export"),  # after % EXPORT
    (865, "pbn-continuation"),  # '*' after '+'
    (875, "pbn-note"),
    (877, "pbn-note"),
    (879, "pbn-note"),
    (881, "pbn-note"),
    (883, "pbn-note"),  # bad numbers
    (912, "pbn-card"),
    (914, "pbn-card"),  # bad ranks CS, DS
    (955, "pbn-character"),
    (955, "pbn-line-too-long"),
    (955, "pbn-tag-syntax"),  # non-ISO character, long line
    (957, "pbn-tag-syntax"),  # missing quote
]
# Reported though the file does not announce them: 778 (the '#' auction's Pass then falls before
# the dealer), 854 (7 calls on a line under % EXPORT), 916 ('--' for '-'), 934 (the play gives
# declarer 10 tricks, [Result "9"]), 955's missing closing quote.
ERRORS_10_EXTRA = {778, 854, 916, 934}
# Not reported: game 58's "Bad declarer" / "Bad result" (lines 616-617: the file gives no
# reason we can check), game 70's WestType, Competition, Mode "unknown tags" (tags of the
# standard since PBN 2.0; only its Scoring value is reported).

ERRORS_20 = [
    (7, "pbn-value-form"),
    (10, "pbn-value-form"),  # new Scoring fields "IMP;??", ";"
    (15, "pbn-inconsistent"),
    (19, "pbn-inconsistent"),
    (23, "pbn-inconsistent"),
    (27, "pbn-inconsistent"),  # vulnerable v history
    (40, "pbn-continuation"),
    (53, "pbn-continuation"),  # double '+', card after '+'
    (66, "pbn-continuation"),
    (79, "pbn-continuation"),
    (92, "pbn-continuation"),  # call after '+'
    (97, "pbn-tag-syntax"),
    (100, "pbn-table"),
    (103, "pbn-table"),  # width specifiers
    (108, "pbn-table"),  # no comment allowed in table elements
    (113, "pbn-table"),
    (117, "pbn-tag-syntax"),
    (121, "pbn-stray-text"),
    (125, "pbn-table"),  # forbidden characters
    (143, "pbn-table"),  # missing table elements
]
ERRORS_21 = [(7, "pbn-value-form"), (11, "pbn-value-form")]  # OptimumScore "100", "EW"


@pytest.mark.parametrize(
    "name, expected, extra",
    [
        ("pbnstd-verifier_errors_10.pbn", ERRORS_10, ERRORS_10_EXTRA),
        ("pbnstd-verifier_errors_20.pbn", ERRORS_20, set()),
        ("pbnstd-verifier_errors_21.pbn", ERRORS_21, set()),
    ],
)
def test_the_standards_deliberate_errors_are_reported_at_their_line(
    name: str, expected: list[tuple[int, str]], extra: set[int]
) -> None:
    _, diags = corpus(name)
    found = at(diags)
    assert [e for e in expected if e not in found] == []
    # and nothing is reported on a line where the file announces no error
    lines = {line for line, _ in expected} | extra
    stray = [
        (d.span.line, d.code, d.message) for d in diags if d.span is not None and d.span.line not in lines
    ]
    assert stray == []


def test_messages_name_the_board() -> None:
    _, diags = corpus("pbnstd-verifier_errors_10.pbn")
    [d] = [d for d in diags if d.span is not None and d.span.line == 690]
    assert d.message.startswith("board 1: ") and "won 6 tricks" in d.message
    [d] = [d for d in diags if d.span is not None and d.span.line == 39]
    assert d.message.startswith("game 9: ") and "'Black'" in d.message
    assert d.severity is Severity.ERROR and d.span is not None and d.span.col == 1


# ---------------------------------------------------------------------------------------------
# The play: a line is a trick, a column is a seat


def test_the_standards_example_play_is_decoded_in_the_order_played() -> None:
    text = """[Dealer "N"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[Play "W"]
SK =1= H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
-  -  -  H2
*
[Note "1:highest of series"]
"""
    [g], diags = read_pbn(text, "x.pbn")
    assert diags == []
    play = g.play
    assert play is not None and play.first is Seat.W and play.ended and not play.complete
    order = [[(s.name, card.ascii()) for s, card in t.plays] for t in play.tricks]
    assert order[0] == [("W", "SK"), ("N", "H3"), ("E", "S4"), ("S", "S3")]
    assert order[1] == [("N", "C2"), ("E", "C6"), ("S", "CK"), ("W", "C5")]  # North ruffed trick 1
    assert order[2] == [("S", "S7"), ("W", "S2"), ("N", "H6"), ("E", "S5")]  # South won trick 2
    assert order[5] == [("N", "DK"), ("E", "H5"), ("S", "H7"), ("W", "D4")]
    assert order[6] == [("S", "H2")]
    assert [t.winner for t in play.tricks] == [Seat.N, Seat.S, Seat.N, Seat.N, Seat.N, Seat.S, None]
    assert play.notes == {1: "highest of series"} and play.tokens[0].note == 1
    assert [list(r) for r in play.rows][1] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert play.raw[0] == "SK =1= H3 S4 S3" and play.raw[-1] == "*"


EAST_LEADS = """[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQ2.AK2.AK2.AK2 JT9.QJT.QJT.QJT9 8765.9876.987.87 43.543.6543.6543"]
[Declarer "N"]
[Contract "6NT"]
[Result "12"]
[Play "E"]
SJ S5 S3 SA
ST S6 S4 S2
HQ H6 H3 HA
C9 - - CA
*
"""


def test_columns_are_seats_when_the_leader_is_not_north_and_winners_change() -> None:
    [g], diags = read_pbn(EAST_LEADS, "east.pbn")
    assert diags == []
    assert g.play is not None
    tricks = g.play.tricks
    assert [t.leader for t in tricks] == [Seat.E, Seat.N, Seat.E, Seat.N]
    assert [t.winner for t in tricks] == [Seat.N, Seat.E, Seat.N, None]
    # trick 2 is led by North, whose card stands in the last column
    assert [(s, card.ascii()) for s, card in tricks[1].plays] == [
        (Seat.N, "S2"),
        (Seat.E, "ST"),
        (Seat.S, "S6"),
        (Seat.W, "S4"),
    ]
    assert [(s, card.ascii()) for s, card in tricks[3].plays] == [(Seat.N, "CA"), (Seat.E, "C9")]
    # written back in the same columns
    text = write_pbn([g])
    assert '\n[Play "E"]\nSJ S5 S3 SA\nST S6 S4 S2\nHQ H6 H3 HA\nC9 - - CA\n*\n' in text


def test_reading_the_columns_in_play_order_would_be_an_error() -> None:
    # the same cards written in the order played (not the standard): South "plays" S2
    wrong = EAST_LEADS.replace("ST S6 S4 S2", "S2 ST S6 S4")
    _, diags = read_pbn(wrong, "wrong.pbn")
    assert any(d.code == "pbn-play" and d.span is not None and d.span.line == 10 for d in diags)


def test_a_lead_out_of_turn_and_a_revoke_marked_as_the_standard_says() -> None:
    games, _ = corpus("pbnstd-verifier_correct_10.pbn")
    g = games[2]  # "Game with all irregularity situations"
    assert g.declarer is Seat.S and g.declarer_irregular and g.result == 5 and g.result_irregular
    assert g.play is not None and g.auction is not None
    t2 = g.play.tricks[1]
    assert t2.leader is Seat.S  # ^L CK: South led out of turn, the others followed clockwise
    assert [(s.name, card.ascii()) for s, card in t2.plays] == [
        ("S", "CK"),
        ("W", "C5"),
        ("N", "C2"),
        ("E", "S5"),
    ]
    assert [tok.irregular for tok in g.play.tokens[4:8]] == [None, None, "R", "L"]
    assert [t.text for t in g.auction.tokens[:4]] == ["-", "^S", "1D", "1C"] and g.auction.tokens[
        3
    ].irregular == "I"
    assert (
        g.auction.contract == "5HX" and g.auction.declarer is Seat.N
    )  # South's ^S: dummy and declarer swapped


# ---------------------------------------------------------------------------------------------
# Inheritance


def test_hash_and_double_hash_inheritance() -> None:
    text = """[Event "##Autumn"]
[Site "Here"]
[Board "1"]
[Hidden "##NES"]

[Board "2"]
[Site "#"]

[Board "3"]
[Hidden "#"]
[Event "Spring"]

[Board "4"]
[Site "##"]

[Board "5"]
"""
    games, diags = read_pbn(text, "inherit.pbn")
    assert diags == []
    g1, g2, g3, g4, g5 = games
    assert g1.tag("Event") == "Autumn" and not g1.get("Event").inherited  # type: ignore[union-attr]
    assert g2.tag("Event") == "Autumn" and g2.get("Event").implicit  # type: ignore[union-attr]
    assert g2.tag("Site") == "Here" and g2.get("Site").inherited and g2.get("Site").written == "#"  # type: ignore[union-attr]
    assert g2.tag("Hidden") == "NES"
    assert g3.tag("Hidden") == "NES" and g3.tag("Event") == "Spring"  # written values end the carrying over
    assert g4.tag("Hidden") is None and g4.tag("Event") is None
    assert (
        g4.tag("Site") == "Here" and g5.tag("Site") == "Here"
    )  # '##' alone: the previous value, from now on
    # written out, each game stands alone
    again, _ = read_pbn(write_pbn(games[1:]), "w.pbn")
    assert (
        again[0].tag("Event") == "Autumn"
        and again[0].tag("Site") == "Here"
        and not again[0].get("Site").inherited
    )  # type: ignore[union-attr]
    assert '"#' not in write_pbn(games)


def test_the_verifiers_double_hash_games() -> None:
    games, _ = corpus("pbnstd-verifier_correct_20.pbn")
    hidden = [g.tag("Hidden") for g in games[:16]]
    assert hidden == [
        None,
        "WNE",
        "WNE",
        "NES",
        "NES",
        "NES",
        "NES",
        "NES",
        "ESW",
        "ESW",
        "ESW",
        "ESW",
        "SWN",
        "SWN",
        "SWN",
        None,
    ]
    assert all(g.tag("Event") == "Autumn regional" for g in games[:15])
    assert games[2].tag("West") == "?" and games[2].get("West").inherited  # type: ignore[union-attr]


def test_forbidden_inheritance_is_reported_and_still_inherited() -> None:
    games, diags = read_pbn('[Dealer "S"]\n\n[Dealer "#"]\n', "x.pbn")
    assert games[1].dealer is Seat.S
    assert [(d.code, d.span.line) for d in diags if d.span] == [("pbn-inheritance", 3)]


# ---------------------------------------------------------------------------------------------
# Commentary, notes, NAGs, % lines


def test_commentary_and_notes_keep_their_places_through_a_round_trip() -> None:
    games, _ = corpus("pbnstd-verifier_correct_10.pbn")
    g = games[24]  # "Test of comment"
    places = g.remarks()
    texts = [(where, r.text.strip()) for where, r in places if isinstance(r, PbnComment)]
    assert ("start", "Initial game comment") in texts and ("start", "rest of game comment") in texts
    assert ("after [West]", "West comment") in texts and ("after [Event]", "2nd Event comment") in texts
    assert ("[Auction] after 3H (call 3)", "A1") in texts and ("[Auction] after 3H (call 3)", "D2") in texts
    assert ("[Play] after SK (trick 1)", "C2") in texts
    assert ("after [Note 1]", "Note 1a comment") in texts and (
        "after [Note 2]",
        "2nd Note 2b comment",
    ) in texts
    assert ("after [East]", "rest of East comment") in texts
    assert g.auction is not None and g.auction.notes == {
        1: " non-forcing 6-9 points, 6-card",
        2: " two colors: clubs and diamonds",
        3: " test note",
    }
    assert g.play is not None and sorted(g.play.notes) == [1, 2]
    [back], _ = read_pbn(write_pbn([g]), "w.pbn")
    assert sorted((w, r.text) for w, r in back.remarks()) == sorted((w, r.text) for w, r in places)
    # the standard's export form: the tag's comments on the lines below it, the Event first
    text = write_pbn([g])
    assert (
        text.index('[Event "test comment"]') < text.index('[West "Podgor"]') < text.index("{ West comment }")
    )
    assert '\n[West "Podgor"]\n{ West comment }\n; rest of West comment\n{ 2nd West comment }\n' in text


def test_suffixes_become_nags_in_the_standards_export_order() -> None:
    [g], diags = read_pbn(
        '[Dealer "N"]\n[Auction "N"]\n1S !! =1= $25 Pass ?\n[Note "1:five spades"]\n', "x.pbn"
    )
    assert diags == []
    assert g.auction is not None
    one_spade, a_pass = g.auction.tokens
    assert (one_spade.text, one_spade.note, one_spade.nags) == ("1S", 1, (3, 25))
    assert a_pass.nags == (2,)
    assert "\n1S =1= $3 $25 Pass $2\n" in write_pbn([g])  # the standard's own example: 1S =1= $3 $25


def test_percent_lines_stay_where_they_were() -> None:
    text = '% PBN 2.1\n% EXPORT\n%Creator: someone\n[Event "e"]\n%after the event\n[Dealer "N"]\n[Auction "N"]\n1C\n%inside\nPass\n'
    [g], _ = read_pbn(text, "x.pbn")
    assert [(w, r.text) for w, r in g.remarks()] == [
        ("start", "Creator: someone"),
        ("after [Event]", "after the event"),
        ("[Auction] after 1C (call 1)", "inside"),
    ]
    assert all(isinstance(r, PbnDirective) for _, r in g.remarks())
    out = write_pbn([g])
    assert out.startswith('% PBN 2.1\n% EXPORT\n%Creator: someone\n[Event "e"]\n%after the event\n')
    assert '\n[Auction "N"]\n1C\n%inside\nPass\n' in out
    assert out.count("% PBN 2.1") == 1


def test_tagless_blocks_are_kept_before_their_game() -> None:
    text = '[Board "1"]\n\n% not a game\n\n{ isolated\n\ncomment }\n\n[Board "2"]\n\n% the end\n'
    games, diags = read_pbn(text, "x.pbn")
    assert diags == [] and len(games) == 2
    assert [[r.text for r in b] for b in games[1].preamble] == [[" not a game"], [" isolated\n\ncomment "]]
    assert [[r.text for r in b] for b in games[1].epilogue] == [[" the end"]]
    again, _ = read_pbn(write_pbn(games), "w.pbn")
    assert [g.preamble for g in again] == [g.preamble for g in games] and again[1].epilogue == games[
        1
    ].epilogue


# ---------------------------------------------------------------------------------------------
# Forgiving reading: quotes, stray text, line ends, encodings


def test_missing_quotes_and_stray_text_are_reported_and_read_on() -> None:
    text = '[Event No quotes here]\n[Board "7"]\nsome stray words\n[Site "S]\n[Dealer "N"]\n'
    [g], diags = read_pbn(text, "x.pbn")
    assert g.tag("Event") == "No quotes here" and g.tag("Site") == "S" and g.dealer is Seat.N
    assert [(d.code, d.severity, d.span.line, d.span.col) for d in diags if d.span] == [
        ("pbn-tag-unquoted", Severity.WARNING, 1, 8),
        ("pbn-stray-text", Severity.WARNING, 3, 1),
        ("pbn-stray-text", Severity.WARNING, 3, 6),
        ("pbn-stray-text", Severity.WARNING, 3, 12),
        ("pbn-tag-syntax", Severity.ERROR, 4, 8),
    ]
    assert all(d.message.startswith("board 7: ") for d in diags)


def test_a_stray_brace_after_a_comment() -> None:
    games, diags = corpus("bridgebots_sample_cavendish2004.pbn")
    assert ("pbn-stray-text", 78) in {(d.code, d.span.line) for d in diags if d.span}
    assert any("John Carruthers" in r.text for _, r in games[1].remarks())


@pytest.mark.parametrize("eol", ["\r\n", "\r", "\n"])
def test_line_ends(eol: str) -> None:
    text = EAST_LEADS.replace("\n", eol).encode("ascii")
    [g], diags = read_pbn(text, "x.pbn")
    assert diags == [] and g.play is not None and len(g.play.tricks) == 4
    assert g.spans["play"].line == 8 and g.play.tokens[4].line == 10 and g.play.tokens[4].col == 1


def test_crlf_corpus_file() -> None:
    games, _ = corpus("bridge-pbn_three_records_crlf.pbn")
    assert len(games) == 3 and all("\r" not in t.value for g in games for t in g.tags)
    assert games[2].tag("OptimumScore") == "EW 600"  # the value ends before the CR
    table = games[2].get("OptimumResultTable")
    assert table is not None and len(table.rows) == 20 and table.rows[19].elements == ["W", "C", "11"]


def test_curly_comments_corpus_file() -> None:
    # { {} {  comment is open⏎⏎{ {{{ }[CommentIsClosed ""]: a "{" inside a comment opens nothing
    games, _ = corpus("bridge-pbn_lots_of_curlies.pbn")
    assert len(games) == 2
    assert [(at, r.text) for at, r in games[0].remarks() if at.startswith("after")] == [
        ("after [Deal]", " {"),
        ("after [Deal]", "  comment is open\n\n{ {{{ "),
    ]
    assert games[0].tag("CommentIsClosed") == ""
    assert games[0].tag("Deal") == "N:Q.AKJT9873..QJT4 AJ98543.4.AK85.8 K76..643.AK96532 T2.Q652.QJT972.7"


def test_latin1_and_utf8_files() -> None:
    games, _ = corpus("pbnstd-verifier_correct_10.pbn")
    assert games[3].tag("North") == " " + " ".join("àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ")
    assert games[3].tag("East") == '\\"\\""\\  \\a'  # \\ and \" are escapes; \a is kept
    bc, _ = corpus("zdenecek_bridgecomposer_latin1.pbn")
    assert any("párový turnaj" in r.text for r in bc[0].leading)
    utf8, _ = corpus("endplay_sample.pbn")
    assert utf8[0].auction is not None and utf8[0].auction.notes[2] == " ♠"


def test_encodings_and_byte_order_mark() -> None:
    text = '[Event "Liège ♠"]\n'
    for data in (text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8"), text.encode("utf-16")):
        [g], diags = read_pbn(data, "x.pbn")
        assert g.tag("Event") == "Liège ♠" and diags == []
    [g], _ = read_pbn('[Event "Liège"]\n'.encode("latin-1"), "x.pbn")
    assert g.tag("Event") == "Liège"
    assert encode_pbn("Liège") == "Liège".encode("latin-1")
    assert encode_pbn("♠") == "♠".encode()
    assert encode_pbn("Ã©") == "Ã©".encode()  # its Latin-1 bytes would read back as UTF-8 "é"
    for s in ("Liège", "♠ and é", "Ã©", "plain"):
        games, _ = read_pbn(encode_pbn(write_pbn(read_pbn(f'[Event "{s}"]\n', "x")[0])), "y")
        assert games[0].tag("Event") == s


def test_empty_input() -> None:
    assert read_pbn(b"", "x.pbn") == ([], [])
    assert read_pbn("% PBN 2.1\n% EXPORT\n", "x.pbn") == ([], [])
    assert write_pbn([]) == "% PBN 2.1\n% EXPORT\n"


@settings(max_examples=150, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list('[]{}";%\\ \t\r\n#^*+-=$!?NESWAKQJT98765432SHDCPasX:.é♠')), max_size=200
    )
)
def test_never_raises_and_writes_a_fixed_point(text: str) -> None:
    games, diags = read_pbn(text, "fuzz.pbn")
    assert all(d.code != "pbn-internal" for d in diags)
    out = write_pbn(games)
    again, _ = read_pbn(out, "w.pbn")
    assert write_pbn(again) == out


# ---------------------------------------------------------------------------------------------
# Writing: export form and round trips


@pytest.mark.parametrize("name", WITH_GAMES)
def test_round_trip_is_a_fixed_point_and_keeps_what_was_read(name: str) -> None:
    first, _ = corpus(name)
    assert len(first) == COUNTS[name][0] > 0
    text1 = write_pbn(first)
    second, diags = read_pbn(text1, "written.pbn")
    assert all(d.code != "pbn-internal" for d in diags)
    text2 = write_pbn(second)
    assert text1 == text2  # hence read(text2) == second: write → read → write is a fixed point
    if name not in LARGE:
        third, _ = read_pbn(text2, "again.pbn")
        assert third == second
    assert len(second) == len(first)
    for a, b in zip(first, second, strict=True):  # the first write only puts the game in export form
        for f in (
            "deal",
            "dealer",
            "vulnerable",
            "contract",
            "declarer",
            "declarer_irregular",
            "result",
            "result_irregular",
        ):
            assert getattr(a, f) == getattr(b, f), (a.number, f)
        assert (a.auction is None) == (b.auction is None) and (a.play is None) == (b.play is None)
        if a.auction is not None and b.auction is not None:
            assert a.auction.calls == b.auction.calls
            assert a.auction.notes == b.auction.notes and a.auction.contract == b.auction.contract
        if a.play is not None and b.play is not None:
            assert [t.plays for t in a.play.tricks] == [
                t.plays for t in b.play.tricks
            ] and a.play.notes == b.play.notes
        assert sorted(r.text for _, r in a.remarks()) == sorted(r.text for _, r in b.remarks())
        assert {t.name for t in a.tags} <= {t.name for t in b.tags}


def test_export_form() -> None:
    games, _ = corpus("pbnstd-verifier_correct_10.pbn")
    text = write_pbn(games[:3])
    lines = text.split("\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"] and "\r" not in text
    g2 = text.split("\n\n")[1]
    tags = [line.split(" ")[0][1:] for line in g2.split("\n") if line.startswith("[")]
    assert tags[:15] == list(MANDATORY_TAGS)
    assert '[Deal "N:.63.AKQ987.A9732 - J973.J98742.3.K4 -"]' in g2  # from the dealer, "W:" in the file
    assert '[Vulnerable "None"]' in g2 and '[Result "9"]' in g2  # "Love", "NS 9 EW 4" in the file
    assert '[Auction "N"]\n1D 1S 3H =1= $1 $13 {A1}' in g2  # the '-' before the dealer dropped
    assert write_pbn(games[:1], newline="\r\n").count("\r\n") == write_pbn(games[:1]).count("\n")
    assert all(line.isascii() for line in lines)
    assert '[East "\\\\\\"\\\\\\"\\"\\  \\a"]' in write_pbn(games[3:4])  # \\ only where it must be


def test_tables_keep_their_columns() -> None:
    games, _ = corpus("pbnstd-verifier_correct_21.pbn")
    text = write_pbn(games[:1])
    assert (
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN  C  9\nN  D  6\n' in text
    )  # as the standard writes it
    t = games[0].get("OptimumResultTable")
    assert (
        t is not None
        and len(t.rows) == 20
        and t.rows[4].elements == ["N", "NT", "6"]
        and t.section_lines[4] == "N NT  6"
    )


# ---------------------------------------------------------------------------------------------
# make_game: our hands, written as PBN

DEAL = {
    Seat.N: hand("♠K8743 ♥107 ♦7 ♣AKQJ2"),
    Seat.E: hand("♠A95 ♥KQ8 ♦QJ1093 ♣83"),
    Seat.S: hand("♠QJ10 ♥AJ9 ♦AK2 ♣7654"),
    Seat.W: hand("♠62 ♥65432 ♦8654 ♣109"),
}


def test_make_game_round_trips_and_lays_out_the_columns() -> None:
    tricks = [  # in the order played: East leads against North's 4S; South, then East win
        [(Seat.E, c("HK")), (Seat.S, c("HA")), (Seat.W, c("H2")), (Seat.N, c("H7"))],
        [(Seat.S, c("SQ")), (Seat.W, c("S2")), (Seat.N, c("S3")), (Seat.E, c("SA"))],
        [(Seat.E, c("HQ")), (Seat.S, c("H9")), (Seat.W, c("H3")), (Seat.N, c("H10"))],
    ]
    g = make_game(
        deal=DEAL,
        dealer=Seat.S,
        vulnerable="Both",
        auction=["1C", "Pass", "1S", "Pass", "3S", "Pass", "4S =1=", "AP"],
        auction_notes={1: "to play"},
        tricks=tricks,
        tags=[("Event", "Test"), ("Board", "3"), ("Annotator", "us")],
        commentary={0: ["East leads the king"], 2: ["East wins with the ace"]},
        intro=["From the book"],
    )
    assert g.contract == "4S" and g.declarer is Seat.N and g.vulnerable == "All" and g.dealer is Seat.S
    assert g.auction is not None and g.auction.notes == {1: "to play"} and g.auction.tokens[6].note == 1
    assert g.play is not None and g.play.first is Seat.E
    assert [[(s, card) for s, card in t.plays] for t in g.play.tricks] == tricks
    assert g.play.ended and g.result is None
    text = write_pbn([g])
    assert (
        '[Play "E"]\n{East leads the king}\nHK HA H2 H7\nSA SQ S2 S3 {East wins with the ace}\nHQ H9 H3 HT\n*\n'
        in text
    )
    assert text.index("{From the book}") < text.index("[Event")
    assert {k: [r.text for r in v] for k, v in g.play_commentary().items()} == {
        0: ["East leads the king"],
        2: ["East wins with the ace"],
    }
    [back], diags = read_pbn(text, "x.pbn")
    assert back == g and diags == []


def test_make_game_counts_a_complete_play_and_marks_revokes() -> None:
    deal = {
        Seat.N: [c("SA"), c("H2")],
        Seat.E: [c("S2"), c("H4")],
        Seat.S: [c("H3"), c("S3")],
        Seat.W: [c("S4"), c("H5")],
    }
    tricks = [
        [
            (Seat.E, c("S2")),
            (Seat.S, c("H3")),
            (Seat.W, c("S4")),
            (Seat.N, c("SA")),
        ],  # South revokes (holds S3)
        [(Seat.N, c("H2")), (Seat.E, c("H4")), (Seat.S, c("S3")), (Seat.W, c("H5"))],
    ]
    g = make_game(deal=deal, dealer=Seat.N, contract="NT", declarer=Seat.N, tricks=tricks)
    assert g.play is not None and g.play.tokens[1].irregular == "R" and g.play.complete
    assert g.result == 1  # North won the first trick, West the second
    assert "S2 ^R H3 S4 SA" in write_pbn([g])


def test_make_game_refuses_impossible_values() -> None:
    with pytest.raises(ValueError, match="does not hold"):
        make_game(deal=DEAL, dealer=Seat.S, contract="4S", declarer=Seat.N, tricks=[[(Seat.E, c("S2"))]])
    with pytest.raises(ValueError, match="won trick 1"):
        make_game(
            deal=DEAL,
            dealer=Seat.S,
            contract="4S",
            declarer=Seat.N,
            tricks=[
                [(Seat.E, c("SA")), (Seat.S, c("S10")), (Seat.W, c("S2")), (Seat.N, c("S3"))],
                [(Seat.N, c("SK"))],
            ],
        )
    with pytest.raises(ValueError, match="cannot contain"):
        make_game(deal=DEAL, dealer=Seat.S, intro=["a } b"])


def test_make_game_with_a_trump_and_no_level_or_declarer() -> None:
    # a Bridge Whist hand: the trump is named, there is no auction level and no declarer
    tricks = [
        [(Seat.W, c("H2")), (Seat.N, c("H7")), (Seat.E, c("HQ")), (Seat.S, c("HA"))],
        [(Seat.S, c("C4")), (Seat.W, c("C9")), (Seat.N, c("CA")), (Seat.E, c("C3"))],
    ]
    g = make_game(deal=DEAL, dealer=Seat.S, contract="C", tricks=tricks)
    assert g.contract == "C" and g.declarer is None and g.trump is not None
    assert g.play is not None and [(t.leader, t.winner) for t in g.play.tricks] == [
        (Seat.W, Seat.S),
        (Seat.S, Seat.N),
    ]
    assert '[Play "W"]\nH2 H7 HQ HA\nC9 CA C3 C4\n*\n' in write_pbn([g])
    with pytest.raises(ValueError, match="needs a contract"):
        make_game(deal=DEAL, dealer=Seat.S, tricks=tricks)
