"""Rule sets as data, picked by name: Bridge Whist (1904 laws), Auction (royal spades), Contract.

Each rule set says how the trump is chosen, who leads first, which strains exist and how
bids rank.  Scoring tables join these entries when scoring lands.  Facts carry the ids
of ``shared/docs/rules-reference.md`` (e.g. ``BWSEQ-5``) and, through them, the books.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import Strain

__all__ = ["Declaring", "OpeningLeader", "Regime", "REGIMES", "RuleSet", "find_regime", "UnknownRegime"]


class UnknownRegime(ValueError):
    pass


class RuleSet(enum.StrEnum):
    """The rule sets by the names a hand file gives them (``rules: bridge-whist``)."""

    BRIDGE_WHIST = "bridge-whist"
    AUCTION = "auction"
    CONTRACT = "contract"
    WHIST = "whist"
    DUMMY_BRIDGE = "dummy-bridge"


class Declaring(enum.StrEnum):
    """How the trump is chosen."""

    #: the dealer names the trump or passes the make to his partner (Bridge Whist)
    MAKE = "make"
    #: the players bid for the contract (Auction, Contract)
    AUCTION = "auction"
    #: the dealer's last card is turned up and its suit is trumps; no dummy (Whist, WH-1)
    TURNED = "turned"


class OpeningLeader(enum.StrEnum):
    """Who leads to the first trick."""

    #: the dealer's left, A (Bridge Whist BWSEQ-5, where Z always plays the hands)
    DEALERS_LEFT = "A"
    #: the declarer's left-hand opponent (AUSEQ-4, CBSEQ-3)
    DECLARERS_LEFT = "declarer-lho"


@dataclass(frozen=True, slots=True)
class Regime:
    """A rule set's laws as data: how the trump is declared, who leads, the strains it knows."""

    name: RuleSet
    title: str
    aliases: tuple[str, ...]
    declaration: Declaring
    opening_leader: OpeningLeader
    strains: tuple[Strain, ...]
    #: Auction: a bid is worth level × this value and the worthier bid wins (AU-1, AU-2).
    bid_values: Mapping[Strain, int] = field(default_factory=lambda: MappingProxyType({}))
    #: Contract: strains in ascending rank order for equal levels (CBSEQ-2).
    strain_rank: tuple[Strain, ...] = ()
    #: How many doubles and redoubles a declaration can take (None: no limit in law).
    max_doublings: int | None = None
    #: Whether the dealer may pass the deal out (Contract: four passes, CBSEQ-1).
    may_pass_out: bool = False


_ALL_SUITS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)

BRIDGE_WHIST = Regime(
    name=RuleSet.BRIDGE_WHIST,
    title="Bridge Whist (1904 laws)",
    aliases=("bridge", "bridge whist", "bridge_whist", "bw"),
    declaration=Declaring.MAKE,
    opening_leader=OpeningLeader.DEALERS_LEFT,
    strains=_ALL_SUITS + (Strain.NOTRUMP,),
    # BW-12: no legal limit on doubling; club customs cap it, an option for scoring.
    max_doublings=None,
)

AUCTION = Regime(
    name=RuleSet.AUCTION,
    title="Auction Bridge (royal spades)",
    aliases=("auction bridge", "auction-bridge", "auction_royal", "royal"),
    declaration=Declaring.AUCTION,
    opening_leader=OpeningLeader.DECLARERS_LEFT,
    strains=_ALL_SUITS + (Strain.ROYAL_SPADES, Strain.NOTRUMP),
    # AU-1 [S4 §MAKING THE TRUMP; W7; WAT L4]
    bid_values=MappingProxyType(
        {
            Strain.SPADES: 2,
            Strain.CLUBS: 6,
            Strain.DIAMONDS: 7,
            Strain.HEARTS: 8,
            Strain.ROYAL_SPADES: 9,
            Strain.NOTRUMP: 10,
        }
    ),
    # AU-5: a declaration may be doubled and redoubled once only [S4 §DOUBLING; WDBL L54].
    max_doublings=2,
)

CONTRACT = Regime(
    name=RuleSet.CONTRACT,
    title="Contract Bridge",
    aliases=("contract bridge", "contract-bridge", "rubber", "duplicate"),
    declaration=Declaring.AUCTION,
    opening_leader=OpeningLeader.DECLARERS_LEFT,
    strains=_ALL_SUITS + (Strain.NOTRUMP,),
    # CBSEQ-2 [S3 §The auction]
    strain_rank=(Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP),
    max_doublings=2,
    may_pass_out=True,
)

# Dummy Bridge [S2 pp.84–85]: Bridge Whist for three; the declaration and doubling of rules/dummy_bridge.py.
DUMMY_BRIDGE = Regime(
    name=RuleSet.DUMMY_BRIDGE,
    title="Dummy Bridge (three-handed, 1904)",
    aliases=("dummy bridge", "dummy_bridge", "three-handed bridge", "three handed bridge", "db"),
    declaration=Declaring.MAKE,
    opening_leader=OpeningLeader.DEALERS_LEFT,
    strains=_ALL_SUITS + (Strain.NOTRUMP,),
)

# Whist (docs/rules-whist.md): the dealer's last card turned for trumps, no no-trumps, no dummy; the
# eldest hand (A) leads [WH-1, WH-2, WH-4]; English or American scoring is an option (scoring/whist.py).
WHIST = Regime(
    name=RuleSet.WHIST,
    title="Whist",
    aliases=("short whist", "short-whist", "english whist"),
    declaration=Declaring.TURNED,
    opening_leader=OpeningLeader.DEALERS_LEFT,
    strains=_ALL_SUITS,
    max_doublings=0,
)

REGIMES: Mapping[RuleSet, Regime] = MappingProxyType(
    {r.name: r for r in (BRIDGE_WHIST, AUCTION, CONTRACT, DUMMY_BRIDGE, WHIST)}
)


def find_regime(name: str) -> Regime:
    key = name.strip().lower()
    for regime in REGIMES.values():
        if key == regime.name or key in regime.aliases:
            return regime
    raise UnknownRegime(f"unknown rule set {name!r}; choose one of {', '.join(REGIMES)}")
