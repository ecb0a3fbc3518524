"""Scoring whole hands and rubbers: the Foster hands' scores, the CLI, and the rubber files."""

import json
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.record.phrases import parse_result
from replayer.rules.cards import Strain
from replayer.rules.seats import Pair
from replayer.scoring.base import DealFacts
from replayer.scoring.sheet import facts_from_claims, play_rubber, score_game
from replayer.validation.files import check_file, check_rubber

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands" / "foster-1904"

# rules-reference §3.10.3: (Y–Z below, Y–Z above, A–B below, A–B above, game to)
FOSTER_SCORES = {
    1: (24, 16, 0, 0, "YZ"),
    2: (0, 32, 8, 0, "AB"),  # the cards give Y–Z four honours (32); the book says simple honours
    3: (32, 16, 0, 0, "YZ"),
    4: (24, 30, 0, 0, None),
    5: (12, 30, 0, 0, None),
}


@pytest.mark.parametrize("n", sorted(FOSTER_SCORES))
def test_fosters_hands_score_as_the_book_states(n: int) -> None:
    game = check_file(HANDS / f"hand-{n}.yaml").game
    assert game is not None
    score = score_game(game)
    assert score is not None
    yz, ab = game.dealer.side, game.dealer.lho.side
    yz_below, yz_above, ab_below, ab_above, winner = FOSTER_SCORES[n]
    assert (score.total(yz, "below"), score.total(yz, "above")) == (yz_below, yz_above)
    assert (score.total(ab, "below"), score.total(ab, "above")) == (ab_below, ab_above)
    assert score.game == {"YZ": yz, "AB": ab, None: None}[winner]


def test_score_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--json", str(HANDS / "hand-1.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "bridge-whist" and data["sides"] == {"NS": "YZ", "EW": "AB"}
    assert data["below"] == {"NS": 24, "EW": 0} and data["above"] == {"NS": 16, "EW": 0}
    assert data["by_kind"]["NS"] == {"honours": 16, "tricks": 24} and data["game"] == "NS"
    assert data["lines"][0] == {
        "side": "NS",
        "column": "below",
        "kind": "tricks",
        "points": 24,
        "text": "3 by cards in hearts: 3 × 8 = 24",
    }


def test_show_json_carries_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--json", str(HANDS / "hand-5.yaml")]) == 0
    score = json.loads(capsys.readouterr().out)["score"]
    assert score["below"]["NS"] == 12 and score["above"]["NS"] == 30 and score["game"] is None


def test_fosters_rubber_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rubber", "--json", str(HANDS / "example-rubber.rubber.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["NS"]["total"] == 144 and data["totals"]["EW"]["total"] == 266
    assert data["value"] == 122 and data["winner"] == "EW" and data["finished"]
    assert [g["winner"] for g in data["games"]] == ["EW", "NS", "EW"]
    assert data["rubber_bonus"] == {"side": "EW", "points": 100}
    assert main(["rubber", str(HANDS / "example-rubber.rubber.yaml")]) == 0
    assert "The rubber is worth 122 points to THEY." in capsys.readouterr().out


def test_a_rubber_of_hand_files(tmp_path: Path) -> None:
    f = tmp_path / "r.rubber.yaml"
    f.write_text(
        "rules: bridge-whist\ndeals:\n" + "".join(f"  - hand: {HANDS / f'hand-{n}.yaml'}\n" for n in (1, 3)),
        encoding="utf-8",
    )
    c = check_rubber(f)
    assert c.sheet is not None and c.sheet.games == ((1, "NS"),)  # 24 + 32: the game, from love
    assert [d.code for d in c.diagnostics] == ["rubber-unfinished"]


@pytest.mark.parametrize(
    "body,message",
    [
        ("deals:\n  - result: We made three tricks\n", "does not name the trump"),
        ("deals:\n  - result: We scored simple honours in hearts\n", "who won how many tricks"),
        ("deals:\n  - hand: nowhere.yaml\n", "no such file"),
        ("deals:\n  - {hand: a.yaml, result: We made the odd trick in hearts}\n", "either 'hand'"),
    ],
)
def test_rubber_file_problems_are_reported(tmp_path: Path, body: str, message: str) -> None:
    f = tmp_path / "r.rubber.yaml"
    f.write_text("rules: bridge-whist\n" + body, encoding="utf-8")
    c = check_rubber(f)
    assert c.sheet is None and any(message in d.message for d in c.diagnostics)


def test_rubber_files_are_not_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HANDS)]) == 0
    assert "5 hands checked" in capsys.readouterr().err


def test_a_contract_rubber_with_vulnerability() -> None:
    def deal(strain: Strain, level: int, side: Pair, tricks: int) -> DealFacts:
        ns = tricks if side == "NS" else 13 - tricks
        return DealFacts(strain=strain, declarer_side=side, level=level, tricks={"NS": ns, "EW": 13 - ns})  # type: ignore[arg-type]

    sheet = play_rubber(
        "contract",
        [
            deal(Strain.SPADES, 4, Pair.NS, 10),
            deal(Strain.HEARTS, 4, Pair.NS, 9),
            deal(Strain.NOTRUMP, 3, Pair.NS, 9),
        ],
    )
    assert sheet.games == ((1, "NS"), (2, "NS")) and sheet.bonus.points == 700
    # the second deal is played vulnerable: one down vulnerable costs 100
    assert sheet.deals[1].score.total("EW") == 100


def test_an_auction_rubber_bonus_is_250() -> None:
    sheet = play_rubber(
        "auction",
        [
            DealFacts(strain=Strain.ROYAL_SPADES, declarer_side=Pair.NS, level=4, tricks={"NS": 10, "EW": 3})
            for _ in range(2)
        ],
    )
    assert sheet.bonus.points == 250 and sheet.total("NS") == 2 * 36 + 250


def test_result_lines_become_deal_facts() -> None:
    f = facts_from_claims(
        parse_result(
            "We dealt and made a little slam in diamonds, with four honors in one hand; "
            "they scored chicane in diamonds"
        )
    )
    assert f.strain is Strain.DIAMONDS and f.tricks == {"NS": 12, "EW": 1}
    assert f.honours == {"NS": (4, 4)} and f.void == {"EW": 1}


@pytest.mark.parametrize(
    "name,below,above",
    [
        ("auction", 24, 16),  # 1♥ made with 3 over: 3 × 8 below; simple honours 2 × 8 above
        ("contract", 90, 0),  # 3♥ made: 3 × 30 below; no honours in contract (CB-12 off)
    ],
)
def test_score_json_for_auction_and_contract(
    name: str, below: int, above: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "--json", str(ROOT / "tests" / "fixtures" / "valid" / f"{name}.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == name
    assert data["below"]["NS"] == below and data["above"]["NS"] == above
    assert set(data) >= {"sides", "below", "above", "by_kind", "lines", "game", "notes"}


def test_the_deduct_reading_of_chicane_gives_the_same_difference(capsys: pytest.CaptureFixture[str]) -> None:
    # rules-reference §3.4: 'deduct' gives 132/254, the same 122 as Foster's printed 144/266
    assert (
        main(
            ["rubber", "--json", "--option", "chicane_mode=deduct", str(HANDS / "example-rubber.rubber.yaml")]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (data["totals"]["NS"]["total"], data["totals"]["EW"]["total"], data["value"]) == (132, 254, 122)


@pytest.mark.parametrize(
    "option,message",
    [
        ("chicane=1", "unknown option 'chicane'"),
        ("chicane_mode=both", "one of credit, deduct"),
        ("five_divided_multiple=many", "takes a number"),
        ("dealer_lead_penalty", "NAME=VALUE"),
    ],
)
def test_bad_options_are_usage_errors(option: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--option", option, str(HANDS / "hand-1.yaml")]) == 2
    assert message in capsys.readouterr().err


def test_a_boolean_option_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    from replayer.scoring.sheet import SCORING

    assert SCORING["bridge-whist"].make_options({"dealer_lead_penalty": "false"}).dealer_lead_penalty is False
    assert main(["score", "--json", "--option", "dealer_lead_penalty=false", str(HANDS / "hand-3.yaml")]) == 0
    assert json.loads(capsys.readouterr().out)["below"]["NS"] == 32
