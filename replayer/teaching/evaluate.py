"""The labelled evaluation of the teaching notes: recall at the author's tricks, precision by review.

Two kinds of labels, both kept in the repository (docs/evaluation.md):

- the techniques an author's note names at its trick(s) (``techniques:`` on a note): a label is
  **found at the trick** when a shown finding of the technique's detector (``techniques.VOCABULARY``)
  speaks of one of the note's tricks, **near** when it speaks of one within two tricks; a technique
  no detector finds yet is a miss;
- a reviewer's verdict on each finding the engine shows (``evaluation/<book>/hand-N.yaml``),
  matched to its finding by detector, label, trick, first seat and first card (``FindingKey``), so
  that a review survives a change to the finding's words.  Precision is the findings reviewed
  ``right`` over the findings reviewed; a shown finding with no review is *unreviewed* (listed, not
  counted), a review matching no shown finding is *stale* (listed), and hidden findings are left out
  (counted).

Everything here is pure: the hands, their findings, labels and reviews come in as values (the
command line reads the files), and the figures come out.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..rules.cards import Card
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat
from .findings import Finding
from .techniques import VOCABULARY

__all__ = [
    "NEAR",
    "NO_DETECTOR",
    "Verdict",
    "FindingKey",
    "key_of",
    "label_of",
    "Review",
    "Label",
    "HandEvidence",
    "Status",
    "LabelOutcome",
    "FindingOutcome",
    "Stale",
    "Tally",
    "Evaluation",
    "evaluate",
    "seat_word",
    "review_skeleton",
]

#: how far (in tricks) a finding may be from the author's trick and still count as "near"
NEAR = 2
#: the group of the labels whose technique no detector finds yet
NO_DETECTOR = "(no detector)"


class Verdict(enum.StrEnum):
    """A reviewer's verdict on a finding, read from the cards."""

    RIGHT = "right"
    WORDS = "words"  # the right technique, in wrong or misleading words
    MISLEADING = "misleading"  # true of the cards, but teaches the wrong thing here
    WRONG = "wrong"  # false by the cards


@dataclass(frozen=True, slots=True)
class FindingKey:
    """What ties a review to its finding: not the words, which may change."""

    detector: str
    label: str
    trick: int
    seat: Seat | None  # the finding's first seat
    card: Card | None  # the finding's first card


def key_of(finding: Finding) -> FindingKey:
    return FindingKey(
        finding.motif,
        label_of(finding),
        finding.trick,
        finding.seats[0] if finding.seats else None,
        finding.cards[0] if finding.cards else None,
    )


def label_of(finding: Finding) -> str:
    """The finding's label as plain text (some detectors keep their labels as an enum of strings,
    whose hash is not the string's)."""
    label: object = finding.label
    return str(label.value) if isinstance(label, enum.Enum) else str(label)


@dataclass(frozen=True, slots=True)
class Review:
    """One entry of a review file: the finding it is about, the verdict (None: not yet given) and why."""

    key: FindingKey
    verdict: Verdict | None
    why: str | None = None
    where: str = ""  # "file:line:column" of the entry
    seen: str | None = None  # the fingerprint of the words judged (``words_mark``), when recorded


def words_mark(text: str) -> str:
    """A short fingerprint of a note's words (blanks ignored): a review records the one it judged,
    so that a finding whose words have changed since is judged again, not counted on an old verdict."""
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True, slots=True)
class Label:
    """A technique the author's note names at its tricks."""

    technique: str
    tricks: tuple[int, ...]
    where: str = ""  # "file:line:column" of the name


@dataclass(frozen=True, slots=True)
class HandEvidence:
    """One hand's findings (shown or not), the author's labels and the reviews of its findings."""

    name: str  # the hand's path below the hands folder, e.g. "elwell-1904/hand-3.yaml"
    book: str  # e.g. "elwell-1904"
    findings: tuple[Finding, ...]
    labels: tuple[Label, ...] = ()
    reviews: tuple[Review, ...] = ()


class Status(enum.StrEnum):
    AT = "at"  # found at one of the note's tricks
    NEAR = "near"  # found within NEAR tricks
    MISSED = "missed"  # the detector found nothing near
    NO_DETECTOR = "no-detector"  # no detector finds this technique yet


@dataclass(frozen=True, slots=True)
class LabelOutcome:
    hand: str
    book: str
    label: Label
    detector: str | None
    status: Status
    found_at: int | None = None  # the trick of the nearest finding


@dataclass(frozen=True, slots=True)
class FindingOutcome:
    hand: str
    book: str
    finding: Finding
    shown: bool
    review: Review | None  # None: unreviewed (a shown finding) or hidden

    @property
    def verdict(self) -> Verdict | None:
        return self.review.verdict if self.review is not None else None


@dataclass(frozen=True, slots=True)
class Stale:
    """A review that matches no shown finding (``hidden``: it matches one the lesson does not show)."""

    hand: str
    book: str
    review: Review
    hidden: bool


@dataclass(frozen=True, slots=True)
class Tally:
    """The counts behind one row of figures."""

    labels: int = 0
    at: int = 0
    near: int = 0  # within NEAR tricks, the ``at`` included
    no_detector: int = 0
    shown: int = 0
    reviewed: int = 0
    right: int = 0
    words: int = 0
    misleading: int = 0
    wrong: int = 0
    hidden: int = 0

    @property
    def unreviewed(self) -> int:
        return self.shown - self.reviewed

    @property
    def recall(self) -> float | None:
        return self.at / self.labels if self.labels else None

    @property
    def recall_near(self) -> float | None:
        return self.near / self.labels if self.labels else None

    @property
    def precision(self) -> float | None:
        return self.right / self.reviewed if self.reviewed else None


@dataclass(frozen=True, slots=True)
class Evaluation:
    labels: tuple[LabelOutcome, ...]
    findings: tuple[FindingOutcome, ...]
    stale: tuple[Stale, ...]

    def total(self) -> Tally:
        return _tally(self.labels, self.findings)

    def by_detector(self) -> dict[str, Tally]:
        """A row per detector (those with labels or findings), and NO_DETECTOR's labels last."""
        names = sorted(
            {o.finding.motif for o in self.findings} | {o.detector for o in self.labels if o.detector}
        )
        rows = {
            n: _tally(
                [o for o in self.labels if o.detector == n],
                [o for o in self.findings if o.finding.motif == n],
            )
            for n in names
        }
        lost = [o for o in self.labels if o.detector is None]
        if lost:
            rows[NO_DETECTOR] = _tally(lost, [])
        return rows

    def by_book(self) -> dict[str, Tally]:
        books = sorted({o.book for o in self.labels} | {o.book for o in self.findings})
        return {
            b: _tally([o for o in self.labels if o.book == b], [o for o in self.findings if o.book == b])
            for b in books
        }

    def by_technique(self) -> dict[str, Tally]:
        """The labels' recall by technique (the techniques the authors name, in the vocabulary's order)."""
        named = {o.label.technique for o in self.labels}
        return {
            t: _tally([o for o in self.labels if o.label.technique == t], [])
            for t in VOCABULARY
            if t in named
        }

    def unreviewed(self) -> list[FindingOutcome]:
        return [o for o in self.findings if o.shown and o.verdict is None]

    def misses(self) -> list[LabelOutcome]:
        return [o for o in self.labels if o.status is not Status.AT]


def _tally(labels: Sequence[LabelOutcome], findings: Sequence[FindingOutcome]) -> Tally:
    shown = [o for o in findings if o.shown]
    verdicts = [o.verdict for o in shown if o.verdict is not None]
    return Tally(
        labels=len(labels),
        at=sum(o.status is Status.AT for o in labels),
        near=sum(o.status in (Status.AT, Status.NEAR) for o in labels),
        no_detector=sum(o.status is Status.NO_DETECTOR for o in labels),
        shown=len(shown),
        reviewed=len(verdicts),
        right=verdicts.count(Verdict.RIGHT),
        words=verdicts.count(Verdict.WORDS),
        misleading=verdicts.count(Verdict.MISLEADING),
        wrong=verdicts.count(Verdict.WRONG),
        hidden=len(findings) - len(shown),
    )


def evaluate(hands: Iterable[HandEvidence]) -> Evaluation:
    """Every label found or missed, every finding with its review, every stale review."""
    labels: list[LabelOutcome] = []
    findings: list[FindingOutcome] = []
    stale: list[Stale] = []
    for hand in hands:
        shown = [f for f in hand.findings if f.shown]
        labels.extend(_label_outcome(hand, label, shown) for label in hand.labels)
        pool: dict[FindingKey, list[Review]] = {}
        for entry in hand.reviews:
            pool.setdefault(entry.key, []).append(entry)
        for f in hand.findings:
            waiting = pool.get(key_of(f)) if f.shown else None
            review = waiting.pop(0) if waiting else None
            if review is not None and review.seen is not None and review.seen != words_mark(f.text):
                # judged on other words: the verdict does not carry over, the finding waits for one
                review = dataclasses.replace(review, verdict=None, why=None)
            findings.append(FindingOutcome(hand.name, hand.book, f, f.shown, review))
        hidden = {key_of(f) for f in hand.findings if not f.shown}
        for key, left in pool.items():
            stale.extend(Stale(hand.name, hand.book, r, key in hidden) for r in left)
    stale.sort(key=lambda s: (s.hand, s.review.key.trick))
    return Evaluation(tuple(labels), tuple(findings), tuple(stale))


def _label_outcome(hand: HandEvidence, label: Label, shown: Sequence[Finding]) -> LabelOutcome:
    technique = VOCABULARY.get(label.technique)
    detector = technique.detector if technique is not None else None
    if detector is None:
        return LabelOutcome(hand.name, hand.book, label, None, Status.NO_DETECTOR)
    best: tuple[int, int] | None = None  # (distance, trick)
    for f in shown:
        if f.motif != detector:
            continue
        for t in f.all_tricks:
            d = min(abs(t - n) for n in label.tricks)
            if best is None or (d, t) < best:
                best = (d, t)
    if best is None or best[0] > NEAR:
        return LabelOutcome(hand.name, hand.book, label, detector, Status.MISSED, best[1] if best else None)
    status = Status.AT if best[0] == 0 else Status.NEAR
    return LabelOutcome(hand.name, hand.book, label, detector, status, best[1])


# ---------------------------------------------------------------------------------------------
# The review skeleton


def seat_word(game: Game) -> Callable[[Seat], str]:
    """How a review names a seat: the book's letter under Bridge Whist, the compass letter otherwise."""
    if game.regime.name == RuleSet.BRIDGE_WHIST:
        return lambda seat: Letter.of(seat, game.dealer).name
    return lambda seat: seat.name


def review_skeleton(game: Game, findings: Sequence[Finding], name: str) -> str:
    """A review file for a hand with every shown finding to judge (``verdict: ~``), each preceded by
    its note as a comment, so that the reviewer reads what a student would read."""
    word = seat_word(game)
    lines = [
        f"# Reviews of the engine's findings on {name} (docs/evaluation.md).",
        "# For each: verdict right, words (the right technique in wrong or misleading words),",
        "# misleading, or wrong; and, unless right, why, from the cards. A review is matched to its",
        "# finding by trick, detector, label, seat and first card; `seen` fingerprints the words judged",
        "# (a verdict on words that have changed since counts as none).",
        "findings:",
    ]
    shown = [f for f in findings if f.shown]
    if not shown:
        lines[-1] = "findings: []"
    for f in shown:
        lines.append("")
        lines.extend("  # " + row for row in _wrap(f.text.replace("\n", " "), 96))
        cards = ", ".join(str(c) for c in f.cards)
        lines += [
            f"  - trick: {f.trick}",
            f"    detector: {f.motif}",
            f"    label: {label_of(f)}",
            f"    seat: {word(f.seats[0]) if f.seats else '~'}",
            f"    cards: [{cards}]",
            f"    seen: {words_mark(f.text)}",
            "    verdict: ~",
            "    why: ~",
        ]
    return "\n".join(lines) + "\n"


def _wrap(text: str, width: int) -> list[str]:
    rows: list[str] = []
    row = ""
    for w in text.split():
        if row and len(row) + 1 + len(w) > width:
            rows.append(row)
            row = w
        else:
            row = f"{row} {w}" if row else w
    return [*rows, row] if row else rows
