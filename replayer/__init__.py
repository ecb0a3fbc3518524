"""replayer: the illustrative hands of the classic bridge books, validated and replayed.

The public API, in the order data flows::

    record, problems = load(text, path)        # YAML text -> HandRecord (+ diagnostics)
    game, more = validate(record)              # the laws -> Game (+ diagnostics)
"""

__version__ = "0.1.0"

from .record.diagnostics import Diagnostic, Severity, Span, format_diagnostic
from .record.reader import load
from .rules.cards import Card, Rank, Strain, Suit, parse_card, parse_holding
from .rules.game import Game
from .rules.regimes import REGIMES, RuleSet, find_regime
from .rules.seats import BookPair, Letter, Pair, Seat
from .validation.validate import validate

__all__ = [
    "__version__",
    "Card",
    "Letter",
    "Pair",
    "BookPair",
    "Rank",
    "Seat",
    "Strain",
    "Suit",
    "parse_card",
    "parse_holding",
    "Diagnostic",
    "Severity",
    "Span",
    "format_diagnostic",
    "Game",
    "load",
    "REGIMES",
    "RuleSet",
    "find_regime",
    "validate",
]
