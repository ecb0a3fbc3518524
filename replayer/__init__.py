"""replayer: the illustrative hands of the classic bridge books, validated and replayed.

The public API, in the order data flows::

    record, problems = load(text, path)        # YAML text -> HandRecord (+ diagnostics)
    game, more = validate(record)              # the laws -> Game (+ diagnostics)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
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

# Each public name and the module that defines it.  They are imported on first use (PEP 562), not
# here: every ``replayer`` command imports this package (for ``__version__`` at least), and `replayer
# --help` must not pay for the reader and the validator it never runs.  (Hidden from mypy, which
# sees the imports above, so that a name not in the API is still an error to it.)
_WHERE = {
    **dict.fromkeys(("Diagnostic", "Severity", "Span", "format_diagnostic"), ".record.diagnostics"),
    "load": ".record.reader",
    **dict.fromkeys(("Card", "Rank", "Strain", "Suit", "parse_card", "parse_holding"), ".rules.cards"),
    "Game": ".rules.game",
    **dict.fromkeys(("REGIMES", "RuleSet", "find_regime"), ".rules.regimes"),
    **dict.fromkeys(("BookPair", "Letter", "Pair", "Seat"), ".rules.seats"),
    "validate": ".validation.validate",
}

if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        where = _WHERE.get(name)
        if where is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(where, __name__), name)
        globals()[name] = value  # the next look-up is an ordinary attribute
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
