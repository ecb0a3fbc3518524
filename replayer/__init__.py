"""replayer: the illustrative hands of the classic bridge books, validated and replayed.

The public API, in the order data flows::

    record, problems = load(text, path)        # YAML text -> HandRecord (+ diagnostics)
    game, more = validate(record)              # the laws -> Game (+ diagnostics)
"""

__version__ = "0.1.0"

from .record.diagnostics import Diagnostic, Severity, Span, format_diagnostic  # noqa: E402
from .record.reader import load  # noqa: E402
from .rules.cards import Card, Letter, Rank, Seat, Strain, Suit, parse_card, parse_holding  # noqa: E402
from .rules.game import Game  # noqa: E402
from .rules.regimes import REGIMES, find_regime  # noqa: E402
from .validation.validate import validate  # noqa: E402

__all__ = [
    "__version__",
    "Card",
    "Letter",
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
    "find_regime",
    "validate",
]
