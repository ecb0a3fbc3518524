"""Reading a book's printed hands (``replayer read``): a style as data (``style``), the hand's
parts found in the text (``parts``), cells read as candidate cards (``cells``), the deal diagram
(``diagram``) and the trick table (``table``), the repair by the laws (``search``, ``explain``),
the book's own errors as ``book_errors`` entries (``errors``), the book's sentences (``sentences``)
and the hand YAML (``writer``).  See docs/book-reader.md."""

from .reader import BookRead, ReadHand, read_book
from .style import STYLES, Style, detect_style

__all__ = ["BookRead", "ReadHand", "STYLES", "Style", "detect_style", "read_book"]
