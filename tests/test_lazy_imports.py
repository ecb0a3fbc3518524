"""A rule set's scorer, and the laws only some rule sets have, are imported when used, and only then.

Checking one hand is a command a person waits for: a Bridge Whist hand must not pay for importing
Whist's, Dummy Bridge's, Auction's and Contract's arithmetic, the laws of the auction (and the
reader of auctions told in prose) or Dummy Bridge's laws of the make.  Each check runs in a fresh
interpreter, so nothing this test process imported earlier hides an import; and each rule set's
hand is scored there too, so the scorer loaded on demand is seen to give the same score as the
scorer module called directly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCORERS = {
    "bridge-whist": "replayer.scoring.bridge_whist",
    "dummy-bridge": "replayer.scoring.dummy_bridge",
    "auction": "replayer.scoring.auction",
    "contract": "replayer.scoring.contract",
    "whist": "replayer.scoring.whist",
}

#: the laws only some rule sets use: who imports them when a hand of that rule set is validated
RARE_LAWS = {
    "replayer.rules.auction": ("auction", "contract"),
    "replayer.record.read_auction_prose": (),  # an auction told in prose: none of these hands
    "replayer.rules.dummy_bridge": ("dummy-bridge",),
}

HANDS = {
    "bridge-whist": ROOT / "hands" / "foster-1904" / "hand-1.yaml",
    "dummy-bridge": ROOT / "hands" / "dummy-bridge" / "hand-1.yaml",
    "auction": ROOT / "tests" / "fixtures" / "valid" / "auction.yaml",
    "contract": ROOT / "tests" / "fixtures" / "valid" / "contract.yaml",
    "whist": ROOT / "tests" / "fixtures" / "whist" / "generated-1.yaml",
}

#: run in a fresh interpreter: validate the hand, note the scorer modules loaded, then score it
#: through the registry and through its own module's ``score_deal`` with the default options
SCRIPT = """
import json, sys
from pathlib import Path
from replayer.validation.files import check_file

checked = check_file(Path(sys.argv[1]))
after_validate = sorted(m for m in sys.modules if m.startswith("replayer.") or m == "difflib")
from replayer.scoring.sheet import SCORING, facts_from_game, below_before, score_game

game = checked.game
score = score_game(game)
after_score = sorted(m for m in sys.modules if m.startswith("replayer.scoring."))
scoring = SCORING[game.regime.name]
module = sys.modules[sys.argv[2]]
facts = facts_from_game(game, below_before(game), frozenset(
    s for s in ("NS", "EW") if scoring.vulnerability and game.games_of(s) == 1))
direct = module.score_deal(facts, scoring.options())
print(json.dumps({
    "rules": str(game.regime.name),
    "errors": [d.code for d in checked.diagnostics if d.severity.value == "error"],
    "after_validate": after_validate,
    "after_score": after_score,
    "score": repr(score),
    "direct": repr(direct),
}))
"""


def run_fresh(hand: Path, scorer: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(hand), scorer],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_validating_a_bridge_whist_hand_imports_no_other_rule_sets_scorer() -> None:
    seen = run_fresh(HANDS["bridge-whist"], SCORERS["bridge-whist"])
    assert seen["rules"] == "bridge-whist" and seen["errors"] == []
    others = {m for rules, m in SCORERS.items() if rules != "bridge-whist"}
    loaded = set(seen["after_validate"]) | set(seen["after_score"])  # type: ignore[call-overload]
    assert loaded & others == set()
    assert SCORERS["bridge-whist"] in loaded  # the result line was checked against its score
    assert set(seen["after_validate"]) & set(RARE_LAWS) == set()  # type: ignore[call-overload]
    # nor the records of parts this hand does not have (book errors, a problem, a series, interop)
    assert "replayer.record.hand_extras" not in seen["after_validate"]  # type: ignore[operator]
    assert "replayer.scoring.rubber" not in loaded  # a rubber's sheet: scoring one hand needs none
    assert "difflib" not in seen["after_validate"]  # type: ignore[operator]  # "did you mean": errors only


@pytest.mark.parametrize("rules", sorted(SCORERS))
def test_a_rule_sets_scorer_is_loaded_when_its_hand_is_scored(rules: str) -> None:
    seen = run_fresh(HANDS[rules], SCORERS[rules])
    assert seen["rules"] == rules and seen["errors"] == []
    assert SCORERS[rules] in seen["after_score"]  # type: ignore[operator]
    # no other rule set's arithmetic (Dummy Bridge's deal is Bridge Whist's: it may load that one)
    allowed = {SCORERS[rules]} | ({SCORERS["bridge-whist"]} if rules == "dummy-bridge" else set())
    assert set(seen["after_score"]) & set(SCORERS.values()) == allowed  # type: ignore[call-overload]
    assert seen["score"] != "None"
    assert seen["score"] == seen["direct"]


@pytest.mark.parametrize("rules", sorted(SCORERS))
def test_the_laws_of_a_rule_set_are_loaded_when_its_hand_is_validated(rules: str) -> None:
    seen = run_fresh(HANDS[rules], SCORERS[rules])
    assert seen["rules"] == rules and seen["errors"] == []
    wanted = {module for module, users in RARE_LAWS.items() if rules in users}
    assert set(seen["after_validate"]) & set(RARE_LAWS) == wanted  # type: ignore[call-overload]


def test_a_hand_with_book_errors_defines_their_record_when_read() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = (
        "import sys; from pathlib import Path; from replayer.validation.files import check_file; "
        "c = check_file(Path(sys.argv[1])); "
        "from replayer.record.hand import BookErrorRecord; "
        "from replayer.record import hand_extras; "
        "print(type(c.record.book_errors[0]) is BookErrorRecord is hand_extras.BookErrorRecord, "
        "[d.code for d in c.diagnostics])"
    )
    hand = ROOT / "hands" / "foster-1904" / "hand-2.yaml"
    done = subprocess.run(
        [sys.executable, "-c", script, str(hand)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "['book-result']"]


def test_an_auction_told_in_prose_loads_its_reader(tmp_path: Path) -> None:
    hand = tmp_path / "prose.yaml"
    hand.write_text(
        "title: t\nrules: auction\ndealer: S\ndeclaration:\n"
        '  auction: "South bids one heart, and all pass"\n',
        encoding="utf-8",
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = (
        "import sys; from pathlib import Path; from replayer.validation.files import check_file; "
        "c = check_file(Path(sys.argv[1])); "
        "print(c.record.declaration.calls[0].value, 'replayer.record.read_auction_prose' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(hand)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1♥", "True"]


def test_scoring_options_is_still_the_union_of_every_rule_sets_options() -> None:
    from replayer.scoring import sheet
    from replayer.scoring.auction import AuctionOptions
    from replayer.scoring.bridge_whist import BridgeWhistOptions
    from replayer.scoring.contract import ContractOptions
    from replayer.scoring.whist import WhistOptions

    union = sheet.ScoringOptions
    from replayer.scoring import rubber

    assert (sheet.RubberSheet, sheet.Standing, sheet.play_rubber) == (
        rubber.RubberSheet,
        rubber.Standing,
        rubber.play_rubber,
    )
    assert union == BridgeWhistOptions | AuctionOptions | ContractOptions | WhistOptions
    assert set(sheet.SCORING) == set(SCORERS)
    with pytest.raises(AttributeError):
        sheet.NoSuchName  # noqa: B018
