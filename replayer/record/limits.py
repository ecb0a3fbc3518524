"""The limits on a hand or rubber file, kept in one place, each with the reason for its size.

Each is far above any hand a book prints, and low enough that reading a file, however hostile,
stays a matter of a second and a few megabytes: a file past one is refused with one located
error that names the limit (``file-too-large``, ``too-many-values``, ``too-many-items``,
``value-too-long``, ``yaml-too-deep``), before the work the limit protects.  The largest
file in ``hands/`` (Foster's Hand 3) is 5.3 KB with 251 values; its longest list holds 13 items
and its longest value (the transcription) 610 characters.
"""

from __future__ import annotations

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_DEPTH",
    "MAX_VALUES",
    "MAX_ITEMS",
    "MAX_TEXT_CHARS",
    "MAX_NOTATION_CHARS",
    "MAX_SUGGESTIONS",
    "MAX_SUGGESTED_KEY_CHARS",
]

#: The size of a file, checked before it is read (and its text's length before it is parsed):
#: about 190 times the largest hand, so a hand with a long transcription and a note on every
#: trick fits many times over, while a 60 MB file is refused before it costs anything.
MAX_FILE_BYTES = 1_000_000

#: How deep lists and mappings may nest: a hand file needs four levels (a note's claim's outcome).
MAX_DEPTH = 64

#: Values (every key, value and list item) in the file, an alias counted at the full size of what
#: it repeats: 80 times the largest hand.  Bounds the work of reading whatever the file's shape
#: (millions of trick rows, a "billion laughs" of aliases).
MAX_VALUES = 20_000

#: Items in one list, or keys in one mapping: a deal has 13 tricks, 52 cards and a few dozen
#: notes at most; a thousand leaves room for any book.
MAX_ITEMS = 1_000

#: Characters in one value: an introduction, a note or a transcription is a few hundred
#: characters, a long one a few thousand.
MAX_TEXT_CHARS = 100_000

#: Characters in a value written in card notation (a trick row, a hand, a deal, the calls, a
#: contract, a result line, a seat): the longest real one, an auction in words ("one spade, pass,
#: two hearts, …"), is a few hundred.  Reading notation costs far more a character than prose.
MAX_NOTATION_CHARS = 1_000

#: Unknown keys that get a "did you mean …?" (each costs a fuzzy comparison with every allowed
#: key); the rest list the allowed keys.  A transcriber's slips are a handful.
MAX_SUGGESTIONS = 20

#: Keys longer than this get no suggestion: the longest key of the format is 13 characters.
MAX_SUGGESTED_KEY_CHARS = 40
