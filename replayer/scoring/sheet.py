"""From a validated game to its score, and from a run of deals to a rubber's score sheet.

The rule sets' arithmetic is in ``score_bridge_whist``, ``score_auction`` and
``score_contract``; this module gathers the facts a deal is scored on (tricks, honours, voids,
the score toward game) and keeps the running sheet: games, the rubber bonus, totals, and the
value of the rubber.  Pure: no I/O.

A rule set's scorer module is imported the first time that rule set is scored (``SCORING`` loads
it on lookup): validating or scoring a Bridge Whist hand never imports Whist's, Dummy Bridge's,
Auction's or Contract's arithmetic, which a command run on one hand would otherwise pay for
(tests/test_lazy_imports.py holds it to that).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ..record.phrases import AwardKind, Claim, HonoursSplit
from ..record.sides import Narrative
from ..rules.cards import Strain
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import BookPair, Pair
from .base import SIDES, DealFacts, DealScore, Side
from .honours import honours_held

if TYPE_CHECKING:
    from .auction import AuctionOptions
    from .bridge_whist import BridgeWhistOptions
    from .contract import ContractOptions
    from .whist import WhistOptions

    #: the options of any rule set: where its sources disagree, which reading to score by
    ScoringOptions = BridgeWhistOptions | AuctionOptions | ContractOptions | WhistOptions
    _Options = TypeVar("_Options", BridgeWhistOptions, AuctionOptions, ContractOptions, WhistOptions)
    #: a rule set's scorer, taking any rule set's options (and refusing another rule set's)
    Scorer = Callable[[DealFacts, ScoringOptions], DealScore]
    from .rubber import RubberSheet, SheetDeal, Standing, play_rubber, standing

__all__ = [
    "RuleScoring",
    "SCORING",
    "ScoringOptions",
    "below_before",
    "facts_from_claims",
    "facts_from_game",
    "score_game",
    "RubberSheet",
    "SheetDeal",
    "Standing",
    "play_rubber",
    "standing",
]


#: a deal's standing in its rubber and the rubber's sheet: defined in scoring/rubber.py, handed out here
_RUBBER = frozenset({"RubberSheet", "SheetDeal", "Standing", "play_rubber", "standing"})


def __getattr__(name: str) -> object:
    """``ScoringOptions`` at run time (PEP 562): the union needs every rule set's options class, so
    it is made only when asked for, never on the way to scoring one hand; and the rubber's names,
    from scoring/rubber.py when first asked for."""
    if name == "ScoringOptions":
        from .auction import AuctionOptions
        from .bridge_whist import BridgeWhistOptions
        from .contract import ContractOptions
        from .whist import WhistOptions

        return BridgeWhistOptions | AuctionOptions | ContractOptions | WhistOptions
    if name in _RUBBER:
        from . import rubber

        return getattr(rubber, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _scorer(options: type[_Options], score: Callable[[DealFacts, _Options], DealScore]) -> Scorer:
    """``score`` for the registry: it refuses the options of another rule set."""

    def checked(facts: DealFacts, given: ScoringOptions) -> DealScore:
        if not isinstance(given, options):
            raise TypeError(f"this rule set is scored with {options.__name__}, not {type(given).__name__}")
        return score(facts, given)

    return checked


@dataclass(frozen=True, slots=True)
class RuleScoring:
    """How a rule set scores: the deal scorer and its options, the game, and the rubber bonus."""

    score: Scorer
    options: type[ScoringOptions]  # the rule set's options; their defaults follow Foster and Elwell
    game: int
    rubber_bonus: Callable[[int], int]  # games the rubber's losers won -> bonus to the winners
    vulnerability: bool = False  # contract: a side with a game is vulnerable

    def make_options(self, settings: Mapping[str, str] | None = None) -> ScoringOptions:
        """The options with ``settings`` (name -> text, e.g. ``chicane_mode=deduct``) applied.
        Raises ValueError naming the options there are when a name or a value is wrong."""
        fields = {f.name: f for f in dataclasses.fields(self.options)}
        values: dict[str, object] = {}
        for name, text in (settings or {}).items():
            if name not in fields:
                raise ValueError(f"unknown option {name!r}; the options are: {', '.join(fields)}")
            values[name] = _option_value(name, text, fields[name].default)
        hints = typing.get_type_hints(self.options)
        for name, value in values.items():  # Literal choices, checked against the annotation
            if typing.get_origin(hints[name]) is typing.Literal and value not in typing.get_args(hints[name]):
                raise ValueError(
                    f"option {name} is one of {', '.join(typing.get_args(hints[name]))}, not {value!r}"
                )
        # the values are read by their defaults' kinds and checked against the choices: the class
        # is called as a plain constructor, which mypy cannot check against text read at run time
        construct: Callable[..., ScoringOptions] = self.options
        return construct(**values)


def _option_value(name: str, text: str, default: object) -> object:
    """An option's text read as its default's kind: true/false, a number, or the text itself."""
    if isinstance(default, bool):
        if text.lower() not in ("true", "false", "yes", "no", "on", "off"):
            raise ValueError(f"option {name} takes true or false, not {text!r}")
        return text.lower() in ("true", "yes", "on")
    if isinstance(default, int) or default is None:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {name} takes a number, not {text!r}") from None
    return text


def _bridge_whist() -> RuleScoring:
    from .bridge_whist import GAME, RUBBER_BONUS, BridgeWhistOptions, score_deal

    return RuleScoring(
        _scorer(BridgeWhistOptions, score_deal), BridgeWhistOptions, GAME, lambda _: RUBBER_BONUS
    )


def _auction() -> RuleScoring:
    from .auction import GAME, RUBBER_BONUS, AuctionOptions, score_deal

    return RuleScoring(_scorer(AuctionOptions, score_deal), AuctionOptions, GAME, lambda _: RUBBER_BONUS)


def _dummy_bridge() -> RuleScoring:
    # Dummy Bridge: Bridge Whist's deal, no rubbers; the series and its bonus in scoring/dummy_bridge.py
    from .bridge_whist import GAME
    from .dummy_bridge import DummyBridgeOptions, score_deal

    return RuleScoring(_scorer(DummyBridgeOptions, score_deal), DummyBridgeOptions, GAME, lambda _: 0)


def _contract() -> RuleScoring:
    from .contract import GAME, ContractOptions, rubber_bonus, score_deal

    return RuleScoring(
        _scorer(ContractOptions, score_deal), ContractOptions, GAME, rubber_bonus, vulnerability=True
    )


def _whist() -> RuleScoring:
    # Whist: points toward a game of five below, each game's value above (scoring/whist.py, CC L1-L10)
    from .whist import GAME, RUBBER_POINTS, WhistOptions, score_deal

    return RuleScoring(_scorer(WhistOptions, score_deal), WhistOptions, GAME, lambda _: RUBBER_POINTS)


class _Registry(Mapping[RuleSet, RuleScoring]):
    """Each rule set's :class:`RuleScoring`, made (and its scorer module imported) on first lookup."""

    __slots__ = ("_load", "_made")

    def __init__(self, load: Mapping[RuleSet, Callable[[], RuleScoring]]) -> None:
        self._load = load
        self._made: dict[RuleSet, RuleScoring] = {}

    def __getitem__(self, rules: RuleSet) -> RuleScoring:
        made = self._made.get(rules)
        if made is None:
            made = self._made[rules] = self._load[rules]()  # KeyError for a rule set with no scorer
        return made

    def __iter__(self) -> Iterator[RuleSet]:
        return iter(self._load)

    def __len__(self) -> int:
        return len(self._load)


SCORING: Mapping[RuleSet, RuleScoring] = _Registry(
    {
        RuleSet.BRIDGE_WHIST: _bridge_whist,
        RuleSet.AUCTION: _auction,
        RuleSet.DUMMY_BRIDGE: _dummy_bridge,
        RuleSet.CONTRACT: _contract,
        RuleSet.WHIST: _whist,
    }
)


def facts_from_game(
    game: Game,
    below: Mapping[Side, int] | None = None,
    vulnerable: frozenset[Side] = frozenset(),
    duplicate: bool = False,
) -> DealFacts | None:
    """The facts of a complete, validated deal; None if it was not declared or not fully known."""
    decl = game.declaration
    if decl is None:
        return None
    honours: dict[Side, tuple[int, int]] = {}
    void: dict[Side, int] = {}
    if all(len(h) == 13 for h in game.deal.values()):
        held = honours_held(game.deal, decl.strain)
        for side in SIDES:
            honours[side] = (held.count(side), held.most_in_one_hand(side))
            void[side] = held.chicane(side)
        if game.regime.name is RuleSet.WHIST:  # CC L3: the trump A K Q J, partners together
            from .whist import honours_held as whist_honours

            honours = {side: (n, n) for side, n in whist_honours(game.deal, decl.strain).items()}
    return DealFacts(
        strain=decl.strain,
        declarer_side=decl.declarer.side,
        tricks=dict(game.tricks_won),
        level=decl.level,
        doubled=decl.doubled,
        maker_side=decl.maker.side if decl.maker is not None else None,
        honours=honours,
        void=void,
        below=dict(below or {}),
        vulnerable=vulnerable,
        duplicate=duplicate,
        revokes={side: sum(1 for _, s in game.revokes if s.side == side) for side in SIDES},
    )


def below_before(game: Game) -> dict[Side, int]:
    """Each side's trick score toward the current game, from the hand's ``score_before``."""
    return {side: game.score_of(side) for side in SIDES}


_HONOURS_HELD = {  # (claim value, detail) -> (honours held, most in one hand)
    (3, None): (3, 2),
    (4, None): (4, 2),
    (4, HonoursSplit.BETWEEN_PARTNERS): (4, 2),
    (4, HonoursSplit.ONE_HAND): (4, 4),
    (5, None): (5, 3),
    (5, HonoursSplit.BETWEEN_PARTNERS): (5, 3),
    (5, HonoursSplit.ONE_HAND): (5, 5),
    (5, HonoursSplit.ONE_HAND_FIFTH_PARTNER): (5, 4),
}
_ACES_HELD = {(3, None): (3, 2), (4, None): (4, 2), (4, HonoursSplit.ONE_HAND): (4, 4)}

#: a narrative rubber has no dealer to place the book's letters: WE and Y–Z sit North–South
_NARRATIVE_SIDES: Mapping[BookPair | Narrative, Side] = {
    Narrative.WE: Pair.NS,
    Narrative.THEY: Pair.EW,
    BookPair.YZ: Pair.NS,
    BookPair.AB: Pair.EW,
}


def facts_from_claims(
    claims: Sequence[Claim],
    strain: Strain | None = None,
    declarer: Side | None = None,
    doubled: int = 0,
    sides: Mapping[BookPair | Narrative, Side] = _NARRATIVE_SIDES,
) -> DealFacts:
    """The facts of a deal known only by its result line ("WE made three tricks and simple honors in
    hearts"), as in the books' worked rubbers.  Raises ValueError when the line does not say enough."""
    tricks: dict[Side, int] = {}
    honours: dict[Side, tuple[int, int]] = {}
    void: dict[Side, int] = {}
    for cl in claims:
        side = sides[cl.side]
        strain = strain or cl.strain
        if cl.kind is AwardKind.BY_CARDS:
            tricks[side] = 6 + int(cl.value)
        elif cl.kind is AwardKind.TRICKS:
            tricks[side] = int(cl.value)
        elif cl.kind is AwardKind.SLAM:
            tricks.setdefault(side, 12 if cl.value == "little" else 13)
        elif cl.kind is AwardKind.HONOURS:
            honours[side] = _HONOURS_HELD[(int(cl.value), cl.detail)]
        elif cl.kind is AwardKind.ACES:
            honours[side] = _ACES_HELD[(int(cl.value), cl.detail)]
        elif cl.kind is AwardKind.CHICANE:
            void[side] = 2 if cl.value == "double" else 1
    if strain is None:
        raise ValueError("the result does not name the trump: add 'in hearts' or give the trump")
    if not tricks:
        raise ValueError("the result does not say who won how many tricks")
    [(winner, won)] = list(tricks.items())[:1]
    tricks[winner.other] = 13 - won
    return DealFacts(
        strain=strain,
        declarer_side=declarer or winner,
        tricks=tricks,
        doubled=doubled,
        honours=honours,
        void=void,
    )


def score_game(
    game: Game, below: Mapping[Side, int] | None = None, options: ScoringOptions | None = None
) -> DealScore | None:
    """Score a validated game from the score before the deal (``below``: each side toward game),
    under the rule set's options (its defaults when None).  Where the rule set has vulnerability
    (Contract), a side the hand's ``score_before`` gives a game is vulnerable."""
    scoring = SCORING.get(game.regime.name)
    if scoring is None or not game.is_complete or game.first_trick != 1:
        return None
    vulnerable = (
        frozenset(s for s in SIDES if game.games_of(s) == 1) if scoring.vulnerability else frozenset()
    )
    facts = facts_from_game(game, below if below is not None else below_before(game), vulnerable)
    if facts is None:
        return None
    return scoring.score(facts, options if options is not None else scoring.options())
