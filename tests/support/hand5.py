"""Foster's Hand 5 (hands/foster-1904/hand-5.yaml) with a test's own note put first among its notes:
the tests of decision points and lines write their question or line there."""

from __future__ import annotations

from pathlib import Path

HAND = Path(__file__).resolve().parents[2] / "hands" / "foster-1904" / "hand-5.yaml"

#: the rows of a line in which B wins trick 1 with the ♥A, A and B take two more hearts, dummy's ♥J
#: wins the fourth, and the dealer finesses the clubs twice: ten tricks to Y–Z (four by cards)
ACE_ROWS = """\
          - ♥6 ♥7 ♥A ♥3
          - ♥Q ♥5 ♥10 ♦3
          - ♥K ♥9 ♥4 ♦5
          - ♥8 ♥J ♦6 ♠5
          - ♣3 ♣4 ♣2 ♣J
          - ♠4 ♠2 ♠7 ♠A
          - ♠8 ♠3 ♠Q ♠K
          - ♠10 ♠J ♦7 ♠6
          - ♣10 ♣8 ♣5 ♣Q
          - ♥2 ♣9 ♣K ♣A
          - ♦2 ♠9 ♦J ♣7
          - ♦4 ♦8 ♦Q ♣6
          - ♦10 ♦9 ♦K ♦A
"""


def with_note(tmp_path: Path, note: str, name: str = "hand-5.yaml") -> Path:
    """Hand 5 written to ``tmp_path / name`` with ``note`` (YAML, indented as an item of the notes)
    first among its notes."""
    text = HAND.read_text(encoding="utf-8")
    head, sep, rest = text.partition("\nnotes:\n")
    assert sep, "Hand 5 has notes"
    path = tmp_path / name
    path.write_text(head + sep + note + rest, encoding="utf-8")
    return path
