"""The tags of PBN 2.1: the mandatory set in export order, the tables, every tag the standard
defines, the tags that may not inherit a value, and how a value stands between quotes."""

from __future__ import annotations

import re

__all__ = [
    "MANDATORY_TAGS",
    "TABLE_TAGS",
    "TABLE_WIDTH_MOST",
    "KNOWN_TAGS",
    "NO_INHERIT",
    "escape",
    "unescape",
]

#: The Mandatory Tag Set (PBN 2.1 §3.4), in export order.
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

TABLE_TAGS = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)

#: the widest column a table may ask for (``Rank\\2R``): a PBN line holds 255 characters
TABLE_WIDTH_MOST = 255

# Tags defined by the standard (chapters 3 and 4, and 2.1's OptimumScore); others are kept
# untouched and noted once per file.
KNOWN_TAGS = (
    frozenset(MANDATORY_TAGS)
    | TABLE_TAGS
    | frozenset(
        {
            "Auction",
            "Play",
            "Note",
            "Competition",
            "DealId",
            "Description",
            "FrenchMP",
            "Generator",
            "Hidden",
            "Room",
            "Termination",
            "Score",
            "ScoreIMP",
            "ScoreMP",
            "ScorePercentage",
            "ScoreRubber",
            "ScoreRubberHistory",
            "OptimumScore",
            "BidSystemEW",
            "BidSystemNS",
            "PairEW",
            "PairNS",
            "WestNA",
            "NorthNA",
            "EastNA",
            "SouthNA",
            "WestType",
            "NorthType",
            "EastType",
            "SouthType",
            "EventDate",
            "EventSponsor",
            "HomeTeam",
            "Round",
            "Section",
            "Stage",
            "Table",
            "VisitTeam",
            "Time",
            "UTCDate",
            "UTCTime",
            "TimeControl",
            "TimeCall",
            "TimeCard",
            "Annotator",
            "AnnotatorNA",
            "Application",
            "Mode",
        }
    )
)

# '#' and '##' are forbidden for these (§4.8); we report it and still inherit.
NO_INHERIT = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})


def escape(value: str) -> str:
    """A tag value between quotes: ``"`` as ``\\"``; a backslash doubled where it would
    otherwise read as an escape (before ``\\`` or ``"``, or last).  Other backslashes stay
    single, as the standard's own table tags write them (``Result\\2R``)."""
    return re.sub(r'\\(?=[\\"]|$)', r"\\\\", value).replace('"', '\\"')


def unescape(raw: str) -> str:
    """A quoted tag value as it reads: ``\\"`` and ``\\\\`` undone."""
    return re.sub(r'\\([\\"])', r"\1", raw)
