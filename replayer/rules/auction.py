"""Calls and the auction: reading call notation, checking a sequence of calls, settling the contract.

Pure: no I/O, no file formats.  ``Call.parse`` reads one call, ``scan_calls`` a row of them with
offsets, and ``check_auction`` replays a whole auction under a ``Regime`` (Auction or Contract),
collecting every problem rather than stopping at the first.

Choices this module makes, with their sources (ids from ``shared/docs/rules-reference.md``):

* Auction with royal spades: a bid is worth level × ``regime.bid_values[strain]`` and overcalls
  iff it is worth more, or as much with more tricks (AU-2); doubling leaves the worth alone (AU-3);
  any overcall wipes out doubles (AU-4); one double and one redouble at most, never of partner,
  a redouble only of an opponent's double of one's own side (AU-5).
* The dealer must open in Auction: "the dealer begins by naming any one of the four suits, or no
  trumps", and his original "one spade … simply means 'I pass'" [S4 §MAKING THE TRUMP; AUSEQ-5].
  So a pass by the dealer as first call is ``dealer-must-bid``, and an auction cannot be passed
  out in law.  If a record nevertheless shows four passes, it is reported once (at the dealer's
  pass) and the deal counts as passed out.  The dealer's 1♠ is an ordinary bid worth 2: it can
  be overcalled, doubled, or left in and played (AU-12); it counts as naming spades.
* Declarer: the member of the winning side who first named the final strain, whatever bids
  came between (AUSEQ-3, CBSEQ-3).  Royal spades and spades are different strains.
* Contract: by level, then ``regime.strain_rank`` (CBSEQ-2); four opening passes pass the
  deal out (CBSEQ-1).
* Both: the auction ends when three passes in a row follow any other call.

* An insufficient bid under Auction (AU-6): "If an insufficient declaration is passed or
  over-called by the player on the left, it is too late to demand any penalty, and the insufficient
  bid stands as regular" [S4 §IRREGULARITIES IN DECLARING; the penalty is Law 50 of the Whist Club
  of New York code, 1913, WATP].  So an insufficient bid followed by the next player's pass, bid or
  double is ``insufficient-bid-stood`` (a warning, not an error) and IS the bid to beat from then on
  (S4: A 3R, Y 4♣, B and Z pass, and A may bid 3R again).  It is ``insufficient-bid`` (an error)
  when nobody called after it (the record stops there) or the next call is a redouble, which can be
  neither a pass nor an overcall [interp].  An impossible bid (no bid of its strain can overcall)
  is always an error: its remedies (new deal, the last bid of the other side final, a grand slam)
  never leave the auction as written.  Contract has no such law in our sources: an insufficient
  bid is always an error there.

How the replay carries on after an illegal call: the call takes its turn and, unless it is a
pass, breaks a run of passes, but it changes nothing else: an insufficient (and not stood) or
impossible bid leaves the standing bid in place and names no strain; an illegal double or
redouble leaves the doubling as it was.  Calls after the end are reported once, at the first of them.  An
auction that stops before its end is ``auction-unfinished`` at ``len(calls)``; the bid standing
at that point is still returned as the contract, so later checks (play, scoring) can go on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Strain
from .notation import SYMBOL_ALIASES, read_number
from .regimes import Regime, RuleSet
from .seats import Seat

__all__ = [
    "Call",
    "CallSyntaxError",
    "CallToken",
    "scan_calls",
    "Contract",
    "CallProblem",
    "check_auction",
    "INSUFFICIENT_BID_STOOD",
]

_KINDS = ("bid", "pass", "double", "redouble")

#: The code of an insufficient bid the laws let stand (a warning: validation/declaration.py).
INSUFFICIENT_BID_STOOD = "insufficient-bid-stood"
_LEVELS = range(1, 8)


class CallSyntaxError(ValueError):
    """A call could not be read.  ``hint`` may suggest what was meant."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


# ---------------------------------------------------------------------------------------------
# Notation

_STRAIN_SHORT = {
    Strain.CLUBS: ("♣", "C"),
    Strain.DIAMONDS: ("♦", "D"),
    Strain.HEARTS: ("♥", "H"),
    Strain.SPADES: ("♠", "S"),
    Strain.ROYAL_SPADES: ("R", "R"),
    Strain.NOTRUMP: ("NT", "NT"),
}

#: One of a kind, for hints: "the least sufficient club bid".
_STRAIN_SINGULAR = {
    Strain.CLUBS: "club",
    Strain.DIAMONDS: "diamond",
    Strain.HEARTS: "heart",
    Strain.SPADES: "spade",
    Strain.ROYAL_SPADES: "royal-spade",
    Strain.NOTRUMP: "no-trump",
}

_STRAIN_WORDS: dict[str, Strain] = {}
for _strain, _words in {
    Strain.CLUBS: ("c", "♣", "club", "clubs"),
    Strain.DIAMONDS: ("d", "♦", "diamond", "diamonds"),
    Strain.HEARTS: ("h", "♥", "heart", "hearts"),
    Strain.SPADES: ("s", "♠", "spade", "spades"),
    Strain.ROYAL_SPADES: (
        "r",
        "r♠",
        "♠r",
        "rs",
        "royal",
        "royals",
        "royal spade",
        "royal spades",
        "lilies",
        "lily",
    ),
    Strain.NOTRUMP: ("nt", "n", "no trump", "no trumps", "notrump", "notrumps", "no trumper"),
}.items():
    for _word in _words:
        _STRAIN_WORDS[_word] = _strain

_PASS_WORDS = frozenset({"pass", "passes", "p", "-", "–", "—", "no", "no bid", "nobid", "nb"})
_DOUBLE_WORDS = frozenset({"x", "double", "doubles", "dbl", "dble"})
_REDOUBLE_WORDS = frozenset({"xx", "redouble", "redoubles", "rdbl", "redbl", "re double", "rdble"})
_LEVEL_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

_BID_RE = re.compile(r"^([0-9]+|one|two|three|four|five|six|seven)\s*(.*)$")


def _normalise(text: str) -> str:
    """Lower case, black suit symbols, no variation selectors, single spaces."""
    out = text.replace("\ufe0f", "").replace("\ufe0e", "").strip().lower()
    for alias, symbol in SYMBOL_ALIASES.items():
        out = out.replace(alias, symbol)
    return re.sub(r"\s+", " ", out)


def _strain_or_none(text: str) -> Strain | None:
    t = re.sub(r"[\s.\-]+", " ", text).strip()
    return _STRAIN_WORDS.get(t) or _STRAIN_WORDS.get(t.replace(" ", ""))


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a bid (level 1–7 and a strain), a pass, a double or a redouble."""

    kind: str
    level: int | None = None
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"a call's kind is one of {', '.join(_KINDS)}, not {self.kind!r}")
        if self.kind == "bid":
            if not isinstance(self.level, int) or not isinstance(self.strain, Strain):
                raise ValueError("a bid needs a level and a strain")
        elif self.level is not None or self.strain is not None:
            raise ValueError(f"a {self.kind} has no level or strain")

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``1S``, ``1♠``, ``1 spade``, ``one spade``, ``2NT``, ``2 no trumps``, ``3R``,
        ``3 royals``, ``pass``/``p``/``-``/``no bid``, ``X``/``double``/``dbl``,
        ``XX``/``redouble``/``rdbl`` (any case)."""
        t = _normalise(text)
        if not t:
            raise CallSyntaxError("empty call", "write a bid such as 1♠ or 2NT, or Pass, X, XX")
        if t in _PASS_WORDS:
            return cls("pass")
        if t.replace("-", " ") in _DOUBLE_WORDS:
            return cls("double")
        if t.replace("-", " ") in _REDOUBLE_WORDS:
            return cls("redouble")
        m = _BID_RE.match(t)
        if m is None:
            raise CallSyntaxError(f"cannot read {text.strip()!r} as a call", _call_hint(t))
        level_text, strain_text = m.group(1), m.group(2)
        level = _LEVEL_WORDS.get(level_text) or read_number(level_text, 99)
        if level is None:
            raise CallSyntaxError(
                f"a bid of {len(level_text):,} digits: a bid names 1 to 7 tricks", "levels run from 1 to 7"
            )
        strain = _strain_or_none(strain_text)
        if not strain_text:
            raise CallSyntaxError(
                f"{text.strip()!r} is a level with no strain", f"write e.g. {level}♠, {level}NT or {level}R"
            )
        if strain is None:
            raise CallSyntaxError(
                f"cannot read {strain_text!r} in {text.strip()!r} as a strain",
                "strains are C D H S NT (or ♣ ♦ ♥ ♠), and R for royal spades",
            )
        if level not in _LEVELS:
            raise CallSyntaxError(
                f"{text.strip()!r} bids {level}: a bid names 1 to 7 tricks over the book",
                "levels run from 1 to 7",
            )
        return cls("bid", level, strain)

    def __str__(self) -> str:
        """``1♠``, ``2NT``, ``3R`` (royal spades), ``Pass``, ``Double``, ``Redouble``."""
        return self._format(symbols=True)

    def ascii(self) -> str:
        """``1S``, ``2NT``, ``3R``, ``Pass``, ``X``, ``XX``."""
        return self._format(symbols=False)

    def _format(self, *, symbols: bool) -> str:
        if self.kind == "bid":
            assert self.strain is not None
            return f"{self.level}{_STRAIN_SHORT[self.strain][0 if symbols else 1]}"
        if self.kind == "pass":
            return "Pass"
        if symbols:
            return self.kind.capitalize()
        return "X" if self.kind == "double" else "XX"


def _call_hint(t: str) -> str:
    if _strain_or_none(t) is not None:
        return f"{t!r} is a strain with no level: write e.g. 1{t.upper() if len(t) == 1 else ' ' + t}"
    return "write a bid such as 1♠, 1S, 2NT or 3R (royal spades), or Pass, X, XX"


# ---------------------------------------------------------------------------------------------
# Scanning a row of calls, with offsets


class CallToken(NamedTuple):
    """A call (or an unreadable token) found in a text, with its character offsets."""

    call: Call | None
    start: int
    end: int
    text: str
    error: CallSyntaxError | None


_WORD_RE = re.compile(r"[^\s,;]+")
_MAX_WORDS = 3  # "3 royal spades", "2 no trumps", "two no trumps"


def _try_call(text: str) -> Call | None:
    try:
        return Call.parse(text)
    except CallSyntaxError:
        return None


def scan_calls(text: str) -> list[CallToken]:
    """Split a row such as ``1♠ pass 1♣ 1NT 2♣ 2R p p 3♣ X p 2NT p p p`` into call tokens.

    Calls are separated by spaces, commas or semicolons; a call written in several words
    (``1 spade``, ``no bid``, ``2 no trumps``) is joined, the longest reading winning.
    Unreadable tokens come back with ``call=None`` and their error, so every slip in a row
    can be reported at once.
    """
    words = [(m.start(), m.end()) for m in _WORD_RE.finditer(text)]
    out: list[CallToken] = []
    i = 0
    while i < len(words):
        start = words[i][0]
        taken, call = 0, None
        for n in range(min(_MAX_WORDS, len(words) - i), 0, -1):
            candidate = _try_call(text[start : words[i + n - 1][1]])
            if candidate is not None:
                taken, call = n, candidate
                break
        if call is not None:
            end = words[i + taken - 1][1]
            out.append(CallToken(call, start, end, text[start:end], None))
            i += taken
            continue
        # Unreadable.  A bare level followed by an unreadable word is one slip ("1 spaed").
        taken = 1
        first = _normalise(text[start : words[i][1]])
        if (
            ((first and all("0" <= ch <= "9" for ch in first)) or first in _LEVEL_WORDS)
            and i + 1 < len(words)
            and _try_call(text[words[i + 1][0] : words[i + 1][1]]) is None
        ):
            taken = 2
        end = words[i + taken - 1][1]
        source = text[start:end]
        try:
            out.append(CallToken(Call.parse(source), start, end, source, None))
        except CallSyntaxError as exc:
            out.append(CallToken(None, start, end, source, exc))
        i += taken
    return out


# ---------------------------------------------------------------------------------------------
# The contract and the problems of an auction


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid of an auction: level, strain, doublings (0, 1 doubled, 2 redoubled) and
    the declarer."""

    level: int
    strain: Strain
    doubled: int
    declarer: Seat

    def __str__(self) -> str:
        """``2NT by E``, ``3♣ doubled by N``, ``4R redoubled by W``."""
        doubling = ("", " doubled", " redoubled")[self.doubled]
        return f"{Call('bid', self.level, self.strain)}{doubling} by {self.declarer}"


@dataclass(frozen=True, slots=True)
class CallProblem:
    """One illegal or missing call.  ``code`` is stable kebab-case; ``message`` names the
    seats and calls; ``hint`` suggests a fix."""

    index: int
    code: str
    message: str
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class _Standing:
    """The bid to beat: who made it and how far it is doubled."""

    bid: Call
    seat: Seat
    doubled: int = 0
    doubler: Seat | None = None


@dataclass(frozen=True, slots=True)
class _Pending:
    """An insufficient bid under Auction, standing until the next call says whether it stood."""

    index: int
    said: str  # "W bids 4♣ (worth 24) over S's 3R (worth 27): a bid must be worth more"
    hint: str  # the least sufficient bid
    before: _Standing  # the bid it failed to overcall
    named: tuple[str, Strain] | None  # the (side, strain) it named first, if it did


#: How the warning names the next player's call over a stood insufficient bid.
_CALLED_OVER = {"pass": "passed", "bid": "bid", "double": "doubled"}

_LAW_50 = (
    "too late for the penalty of Law 50 (Whist Club of New York code, 1913): "
    "the insufficient bid stands as regular [S4 §IRREGULARITIES IN DECLARING]"
)


class _Laws:
    """How one regime ranks bids and words its comparisons."""

    def __init__(self, regime: Regime) -> None:
        self.regime = regime
        self.by_worth = bool(regime.bid_values)  # Auction ranks by worth (AU-2), Contract by rank

    def beats(self, new: Call, old: Call) -> bool:
        assert new.level is not None and old.level is not None
        if self.by_worth:
            w_new, w_old = self.worth(new), self.worth(old)
            return w_new > w_old or (w_new == w_old and new.level > old.level)
        return self._rank(new) > self._rank(old)

    def worth(self, bid: Call) -> int:
        assert bid.level is not None and bid.strain is not None
        return bid.level * self.regime.bid_values[bid.strain]

    def _rank(self, bid: Call) -> tuple[int, int]:
        assert bid.level is not None and bid.strain is not None
        return (bid.level, self.regime.strain_rank.index(bid.strain))

    def ranks(self, strain: Strain) -> bool:
        if self.by_worth:
            return strain in self.regime.bid_values
        return strain in self.regime.strain_rank

    def show(self, bid: Call) -> str:
        return f"{bid} (worth {self.worth(bid)})" if self.by_worth else str(bid)

    def why_not(self, new: Call, old: Call) -> str:
        if not self.by_worth:
            return "a bid must name more tricks, or as many in a higher strain"
        if self.worth(new) == self.worth(old):
            return "a bid of equal worth must name more tricks"
        return "a bid must be worth more"


class _Replay:
    """The state of an auction as the calls are replayed, and the problems found so far."""

    def __init__(self, regime: Regime, dealer: Seat) -> None:
        self.laws = _Laws(regime)
        self.regime = regime
        self.dealer = dealer
        self.max_doublings = regime.max_doublings if regime.max_doublings is not None else 2
        self.problems: list[CallProblem] = []
        self.standing: _Standing | None = None
        self.first_named: dict[tuple[str, Strain], Seat] = {}
        self.passes = 0  # passes in a row
        self.any_other = False  # any call but a pass so far
        self.ended_at: int | None = None
        self.pending: _Pending | None = None  # an insufficient bid the next call settles (Auction)

    def report(self, index: int, code: str, message: str, hint: str | None = None) -> None:
        self.problems.append(CallProblem(index, code, message, hint))

    def call(self, i: int, call: Call, remaining: int) -> bool:
        """Replay call ``i``; False once the auction is over and the rest is surplus."""
        seat = self.dealer.next(i)
        self.settle(seat, call)
        if self.ended_at is not None:
            more = f" (and {remaining - 1} more)" if remaining > 1 else ""
            self.report(
                i,
                "call-after-end",
                f"{seat}'s {call}{more} comes after the auction ended with call {self.ended_at + 1}",
                "remove the calls after the end, or check the passes before them",
            )
            return False
        if call.kind == "pass":
            self.passes += 1
            if i == 0 and not self.regime.may_pass_out:
                self.report(
                    i,
                    "dealer-must-bid",
                    f"{seat}, the dealer, passes: in {self.regime.title} the dealer must open the bidding",
                    "a dealer with nothing to declare bids 1♠, which means 'I pass' [S4 §MAKING THE TRUMP]",
                )
        else:
            self.passes = 0
            self.any_other = True
            if call.kind == "bid":
                self.bid(i, seat, call)
            elif call.kind == "double":
                self.double(i, seat, call)
            else:
                self.redouble(i, seat, call)
        if self.passes >= 4 or (self.passes >= 3 and self.any_other):
            self.ended_at = i
        return True

    def bid(self, i: int, seat: Seat, call: Call) -> None:
        assert call.level is not None and call.strain is not None
        laws, standing = self.laws, self.standing
        if call.level not in _LEVELS:
            message = f"{seat} bids {call}: a bid names 1 to 7 tricks"
            self.report(i, "bid-out-of-range", message, "levels run from 1 to 7")
            return
        if call.strain not in self.regime.strains or not laws.ranks(call.strain):
            names = " ".join(_STRAIN_SHORT[s][0] for s in self.regime.strains)
            hint = None
            if call.strain is Strain.ROYAL_SPADES:
                hint = "royal spades belong to Auction; plain spades are ♠ (S)"
            message = f"{seat} bids {call}: {self.regime.title} has only {names}"
            self.report(i, "strain-not-in-rules", message, hint)
            return
        if standing is not None and not laws.beats(call, standing.bid):
            self.insufficient(i, seat, call, standing)
            return
        self.first_named.setdefault((seat.side, call.strain), seat)
        self.standing = _Standing(call, seat)

    def insufficient(self, i: int, seat: Seat, call: Call, standing: _Standing) -> None:
        """A bid that does not overcall: impossible, insufficient (an error), or, under Auction,
        insufficient and standing until the next call shows whether it stood (AU-6)."""
        assert call.strain is not None
        laws, old = self.laws, standing.bid
        said = f"{seat} bids {laws.show(call)} over {standing.seat}'s {laws.show(old)}"
        word = _STRAIN_SINGULAR[call.strain]
        least = next((b for lv in _LEVELS if laws.beats(b := Call("bid", lv, call.strain), old)), None)
        if least is None:
            top = Call("bid", 7, call.strain)
            why = (
                f"even {top} is worth only {laws.worth(top)}" if laws.by_worth else f"even {top} ranks lower"
            )
            self.report(
                i,
                "impossible-bid",
                f"{said}: no {word} bid can overcall it ({why})",
                "check the transcription: the book may show another strain or level",
            )
            return
        said = f"{said}: {laws.why_not(call, old)}"
        hint = f"the least sufficient {word} bid is {laws.show(least)}"
        if self.regime.name is not RuleSet.AUCTION:
            hint += (
                f"; no law of {self.regime.title} in our sources lets an insufficient bid stand "
                "(under Auction, Law 50 of the Whist Club of New York code, 1913, would: "
                "see insufficient-bid-stood)"
            )
            self.report(i, "insufficient-bid", said, hint)
            return
        key = (seat.side, call.strain)
        self.pending = _Pending(i, said, hint, standing, None if key in self.first_named else key)
        self.first_named.setdefault(key, seat)
        self.standing = _Standing(call, seat)

    def settle(self, seat: Seat | None, call: Call | None) -> None:
        """The next call (None: the record stops) settles a pending insufficient bid: passed,
        overcalled or doubled by the player on the left, it stood (a warning); else it is an error
        and the bid it failed to overcall stands again."""
        p, self.pending = self.pending, None
        if p is None:
            return
        if seat is not None and call is not None and call.kind in _CALLED_OVER:
            self.report(
                p.index,
                INSUFFICIENT_BID_STOOD,
                f"{p.said}; but {seat} {_CALLED_OVER[call.kind]} over it, so it is {_LAW_50}",
                f"it is now the bid to beat (had the book meant a sufficient bid: {p.hint})",
            )
            return
        after = (
            f"the next call, {seat}'s redouble, neither passes nor overcalls it"
            if seat is not None
            else "nobody called after it"
        )
        self.report(
            p.index,
            "insufficient-bid",
            f"{p.said} ({after}, so it did not stand)",
            f"{p.hint}; it would stand had the next player passed, bid or doubled (Law 50, 1913)",
        )
        self.standing = p.before
        if p.named is not None:
            del self.first_named[p.named]

    def double(self, i: int, seat: Seat, call: Call) -> None:
        standing = self.standing
        if standing is None:
            self.report(i, "double-nothing", f"{seat} doubles before anyone has bid", _NOTHING_HINT)
            return
        target = f"{standing.seat}'s {standing.bid}"
        if standing.seat.side == seat.side:
            whose = "his own" if standing.seat == seat else "his partner's"
            self.report(
                i,
                "double-own-side",
                f"{seat} doubles {target}, {whose} bid: only an opponent's bid may be doubled",
                "did the book mean a pass or a bid?",
            )
        elif standing.doubled >= self.max_doublings:
            self.report(
                i,
                "too-many-doublings",
                f"{seat} doubles {target}, already redoubled",
                f"a bid may be doubled and redoubled once only in {self.regime.title}",
            )
        elif standing.doubled:
            self.report(
                i,
                "already-doubled",
                f"{seat} doubles {target}, already doubled by {standing.doubler}",
                "only the side that bid may now redouble; anyone may bid on",
            )
        else:
            self.standing = _Standing(standing.bid, standing.seat, 1, seat)

    def redouble(self, i: int, seat: Seat, call: Call) -> None:
        standing = self.standing
        if standing is None or not standing.doubled:
            what = (
                f"{standing.seat}'s {standing.bid}, which is not doubled"
                if standing
                else "before anyone has bid"
            )
            self.report(
                i,
                "redouble-without-double",
                f"{seat} redoubles {what}",
                "only a doubled bid can be redoubled: did the book mean Double?",
            )
            return
        target = f"{standing.seat}'s {standing.bid}"
        if standing.doubled >= self.max_doublings:
            self.report(
                i,
                "too-many-doublings",
                f"{seat} redoubles {target}, already redoubled",
                f"a bid may be doubled and redoubled once only in {self.regime.title}",
            )
        elif standing.seat.side != seat.side:
            self.report(
                i,
                "redouble-own-double",
                f"{seat} redoubles {standing.doubler}'s double of {target}: "
                "only the side whose bid was doubled may redouble",
                "did the book mean a pass or a bid?",
            )
        else:
            self.standing = _Standing(standing.bid, standing.seat, 2, standing.doubler)

    def unfinished(self, n: int) -> None:
        if n == 0:
            self.report(
                0, "auction-unfinished", "no calls are recorded", "write the calls, the dealer's first"
            )
            return
        ends = "three passes after a bid, double or redouble"
        if self.regime.may_pass_out:
            ends += ", or four passes at the start"
        self.report(
            n,
            "auction-unfinished",
            f"the auction has not ended: the record stops after {n} call{'s' if n != 1 else ''}, "
            f"with {_count_passes(self.passes)} at the end; it ends with {ends}",
            "add the missing passes, or the rest of the auction",
        )

    def result(self) -> tuple[Contract | None, bool, list[CallProblem]]:
        standing = self.standing
        if standing is None:
            return None, self.ended_at is not None, self.problems
        assert standing.bid.level is not None and standing.bid.strain is not None
        declarer = self.first_named[(standing.seat.side, standing.bid.strain)]
        return (
            Contract(standing.bid.level, standing.bid.strain, standing.doubled, declarer),
            False,
            self.problems,
        )


def _count_passes(n: int) -> str:
    return ("no pass", "one pass", "two passes", "three passes")[n] if n < 4 else f"{n} passes"


_NOTHING_HINT = "a double needs an opponent's bid to double: did the book mean a pass or a bid?"


def check_auction(
    regime: Regime, dealer: Seat, calls: Sequence[Call]
) -> tuple[Contract | None, bool, list[CallProblem]]:
    """Replay ``calls`` (the dealer's first, then clockwise) under ``regime``.

    Returns ``(contract, passed_out, problems)``.  Every problem is collected; the module
    docstring says how the replay carries on after an illegal call.  ``contract`` is None
    when the deal is passed out (``passed_out`` True) or no bid was ever made.
    """
    if regime.declaration != "auction":
        raise ValueError(f"{regime.title} has no auction: the trump is made, not bid")
    replay = _Replay(regime, dealer)
    for i, call in enumerate(calls):
        if not replay.call(i, call, len(calls) - i):
            break
    replay.settle(None, None)
    if replay.ended_at is None:
        replay.unfinished(len(calls))
    return replay.result()
