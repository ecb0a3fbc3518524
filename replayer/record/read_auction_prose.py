"""Reading an auction told in prose, as the books print it, into the calls from the dealer on.

``Z bids one heart, A one royal, Y two clubs, B and Z passing, A doubles, and all pass.``

Pure: a text in, the calls with their character offsets and the problems found out; the
declaration reader turns offsets into spans.  What is read:

* a caller: a book letter (``A Y B Z``, capitals only: a lower-case ``a`` is an article) or a
  compass seat (``N E S W`` in capitals, ``North`` … ``West`` in any case), one kind per text;
* words that only join or introduce a call (``bids``, ``says``, ``goes``, ``declares``, ``and``,
  ``then``, …) and punctuation, quotation marks included, which are skipped;
* a call: a bid as ``Call.parse`` reads it (``one heart``, ``2 no trumps``, ``three royal spades``,
  ``4♣``), a pass (``passes``, ``passing``, ``says no``, ``no bid``), a double, a redouble;
* several callers before one pass (``B and Z passing``): each passes, in the order written;
* at the very end, ``and all pass`` / ``the others pass`` / ``the rest pass``: the passes that
  close the auction (three after the last bid, double or redouble) are added.  Without it the
  passes must be written; an auction told without its closing passes is ``auction-unfinished``
  when it is checked, as a list of calls would be.

The rotation is checked here, because only the prose names the caller: letters go Z A Y B
(Z deals), compass seats clockwise from the dealer.  A call by the wrong seat is
``call-out-of-turn`` at its words, the hint naming whose turn it was; the rotation then goes on
from the seat that called, so one slip is one error.  Words that are none of the above are one
``bad-call`` per run of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..rules.auction import Call, CallSyntaxError

__all__ = ["ProseAuction", "ProseProblem", "read_auction_prose", "PROSE_EXAMPLE"]

#: A readable form, for hints.
PROSE_EXAMPLE = "Z bids one heart, A passes, Y two clubs, B doubles, and all pass"

_LETTERS = ("Z", "A", "Y", "B")  # the dealer first, then clockwise
_COMPASS = ("N", "E", "S", "W")
_COMPASS_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W"}
_FILLERS = frozenset(
    {
        "and",
        "then",
        "bids",
        "bid",
        "says",
        "say",
        "goes",
        "declares",
        "calls",
        "overcalls",
        "over-calls",
        "begins",
        "opens",
        "with",
        "repeats",
    }
)
_PASS_EXTRA = frozenset({"passing", "passed", "declines"})
_DOUBLE_EXTRA = frozenset({"doubling"})
_REDOUBLE_EXTRA = frozenset({"redoubling", "re-doubles", "re-doubling"})
_ALL_WORDS = (("all", "the", "others"), ("all", "the", "rest"), ("the", "others"), ("the", "rest"), ("all",))
_WORD_RE = re.compile(r"[^\s,;.:!?“”\"‘’()]+")
_MAX_CALL_WORDS = 3  # "three royal spades", "two no trumps"


@dataclass(frozen=True, slots=True)
class ProseProblem:
    """A problem in the text: ``code``, message and hint, at characters ``start:end``."""

    code: str
    message: str
    start: int
    end: int
    hint: str | None = None


@dataclass(slots=True)
class ProseAuction:
    """The calls read, in order, each with the offsets of its words, and the problems."""

    text: str = ""
    calls: list[tuple[Call, int, int]] = field(default_factory=list)
    problems: list[ProseProblem] = field(default_factory=list)


@dataclass(slots=True)
class _Words:
    """The words of the text with their offsets, and a cursor."""

    text: str
    spans: list[tuple[int, int]]
    i: int = 0

    def word(self, k: int = 0) -> str:
        j = self.i + k
        if j >= len(self.spans):
            return ""
        s, e = self.spans[j]
        return self.text[s:e]

    def lower(self, k: int = 0) -> str:
        return self.word(k).lower()

    def done(self) -> bool:
        return self.i >= len(self.spans)


@dataclass(slots=True)
class _Rotation:
    """Whose turn it is, and which kind of seat names the text uses."""

    dealer: str | None
    kind: tuple[str, ...] | None = None
    turn: str | None = None


def read_auction_prose(text: str, dealer: str | None = None) -> ProseAuction:
    """The calls of an auction told in prose (see the module's docstring).

    ``dealer`` is the hand's dealer when known (a compass seat, or ``Z`` for South): it checks
    the first caller of a text naming compass seats.  Never raises.
    """
    words = _Words(text, [(m.start(), m.end()) for m in _WORD_RE.finditer(text)])
    out = ProseAuction(text)
    rot = _Rotation(dealer)
    pending: list[tuple[str, int]] = []  # callers named, waiting for their call
    unread: list[tuple[int, int]] = []
    while not words.done():
        start = words.spans[words.i][0]
        seat = _seat(words.word())
        if seat is not None:
            if unread:  # the callers before unreadable words: their call was those words
                pending = []
            _flush(out, unread)
            pending.append((seat, start))
            words.i += 1
            continue
        if words.lower() in _FILLERS:
            words.i += 1
            continue
        if _all_pass(words):
            _flush(out, unread)
            _close(out, rot, pending, start, words)
            return out
        found = _call(words)
        if found is not None:
            _flush(out, unread)
            _take(out, rot, pending, found[0], start, found[1])
            pending = []
            continue
        unread.append(words.spans[words.i])
        words.i += 1
    _flush(out, unread)
    for seat, s in pending:
        report(out, "bad-call", f"{seat} is named with no call after it", s, s + len(seat), _hint())
    return out


def report(out: ProseAuction, code: str, message: str, start: int, end: int, hint: str | None = None) -> None:
    """Keep a problem of the text (``code`` is a diagnostic code: docs/diagnostics.md)."""
    out.problems.append(ProseProblem(code, message, start, end, hint))


def _hint() -> str:
    return f"tell each call with its caller, e.g. {PROSE_EXAMPLE!r}"


def _flush(out: ProseAuction, unread: list[tuple[int, int]]) -> None:
    """One ``bad-call`` for a run of words that are neither callers, calls nor joining words."""
    if not unread:
        return
    s, e = unread[0][0], unread[-1][1]
    text = out.text[s:e] if len(out.text[s:e]) <= 60 else out.text[s : s + 60] + "…"
    report(out, "bad-call", f"cannot read {text!r} as a call of the auction", s, e, _hint())
    unread.clear()


def _seat(word: str) -> str | None:
    if word in _LETTERS or word in _COMPASS:
        return word
    return _COMPASS_WORDS.get(word.lower())


def _call(words: _Words) -> tuple[Call, int] | None:
    """The call at the cursor, the longest reading of up to three words; moves past it."""
    first = words.lower()
    simple = (
        Call("pass")
        if first in _PASS_EXTRA
        else Call("double")
        if first in _DOUBLE_EXTRA
        else Call("redouble")
        if first in _REDOUBLE_EXTRA
        else None
    )
    if simple is not None:
        end = words.spans[words.i][1]
        words.i += 1
        return simple, end
    n_max = min(_MAX_CALL_WORDS, len(words.spans) - words.i)
    readings: list[tuple[int, Call]] = []
    for n in range(n_max, 0, -1):
        try:
            readings.append((n, Call.parse(" ".join(words.word(k) for k in range(n)))))
        except CallSyntaxError:
            continue
    if not readings:
        return None
    # "one heart A": the A is the next caller; but "1 S" is a spade bid
    clear = [rd for rd in readings if rd[0] == 1 or _seat(words.word(rd[0] - 1)) is None]
    n, call = (clear or readings)[0]
    end = words.spans[words.i + n - 1][1]
    words.i += n
    return call, end


def _all_pass(words: _Words) -> bool:
    """``all pass``, ``the others pass``, … at the cursor."""
    for phrase in _ALL_WORDS:
        n = len(phrase)
        if tuple(words.lower(k) for k in range(n)) == phrase and _is_pass(words.lower(n)):
            return True
    return False


def _is_pass(word: str) -> bool:
    if word in _PASS_EXTRA:
        return True
    try:
        return Call.parse(word).kind == "pass" if word else False
    except CallSyntaxError:
        return False


def _close(
    out: ProseAuction, rot: _Rotation, pending: list[tuple[str, int]], start: int, words: _Words
) -> None:
    """``… and all pass``: the passes that end the auction, at the words saying so."""
    if pending:
        seat, s = pending[0]
        report(out, "bad-call", f"{seat} is named with no call after it", s, s + len(seat), _hint())
    while not _is_pass(words.lower()):
        words.i += 1
    end = words.spans[words.i][1]
    words.i += 1
    rest = [sp for sp in words.spans[words.i :] if words.text[sp[0] : sp[1]].lower() not in _FILLERS]
    if rest:
        report(
            out,
            "bad-call",
            "words after 'all pass', which ends the auction",
            rest[0][0],
            rest[-1][1],
            "end the auction with 'and all pass', or write the last calls one by one",
        )
    if not out.calls:
        report(out, "bad-call", "'all pass' before any call", start, end, _hint())
        return
    trailing = 0
    for call, _, _ in reversed(out.calls):
        if call.kind != "pass":
            break
        trailing += 1
    if trailing == len(out.calls):
        trailing = max(0, trailing - 1)  # four passes close a deal no one bid (Contract)
    for _ in range(max(0, 3 - trailing)):
        out.calls.append((Call("pass"), start, end))
        if rot.turn is not None and rot.kind is not None:
            rot.turn = _next(rot.kind, rot.turn)


def _take(
    out: ProseAuction, rot: _Rotation, pending: list[tuple[str, int]], call: Call, start: int, end: int
) -> None:
    """The call, by each caller pending: the rotation checked, the call kept at its words."""
    if not pending:
        report(out, "bad-call", f"the call {call} names no caller", start, end, _hint())
        return
    if len(pending) > 1 and call.kind != "pass":
        seats = " and ".join(seat for seat, _ in pending)
        report(
            out,
            "bad-call",
            f"{seats} cannot all make the one call {call}: only a pass is shared",
            pending[0][1],
            end,
            f"write each caller with his call, e.g. {pending[0][0]} bids …, {pending[1][0]} passes",
        )
        return
    for seat, start in pending:
        if _check_turn(out, rot, seat, start, end):
            out.calls.append((call, start, end))


def _check_turn(out: ProseAuction, rot: _Rotation, seat: str, start: int, end: int) -> bool:
    """Check ``seat`` calls in turn; False when the call cannot be placed (a mixed seat kind)."""
    kind = _LETTERS if seat in _LETTERS else _COMPASS
    if rot.kind is None:
        rot.kind = kind
        rot.turn = "Z" if kind is _LETTERS else _compass_dealer(rot.dealer) or seat
    if kind is not rot.kind:
        other = "book letters (A Y B Z)" if rot.kind is _LETTERS else "compass seats (N E S W)"
        report(
            out,
            "bad-call",
            f"{seat} is named, but this auction names its callers by {other}",
            start,
            start + len(seat),
            "name every caller the same way: Z A Y B, or North East South West",
        )
        return False
    assert rot.turn is not None
    if seat != rot.turn:
        first = not out.calls
        report(
            out,
            "call-out-of-turn",
            f"{seat} calls out of turn: it was {rot.turn}'s turn"
            + (", the dealer's, to call first" if first else ""),
            start,
            end,
            f"the calls go round from the dealer: {rot.turn} calls next"
            + ("" if first else f", after {_previous(rot.kind, rot.turn)}"),
        )
    rot.turn = _next(kind, seat)
    return True


def _compass_dealer(dealer: str | None) -> str | None:
    if dealer is None:
        return None
    d = "S" if dealer == "Z" else dealer
    return d if d in _COMPASS else None


def _next(kind: tuple[str, ...], seat: str) -> str:
    return kind[(kind.index(seat) + 1) % 4]


def _previous(kind: tuple[str, ...], seat: str) -> str:
    return kind[(kind.index(seat) - 1) % 4]
