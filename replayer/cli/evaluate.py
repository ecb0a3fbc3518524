"""``replayer annotate --evaluate PATH``: the teaching notes measured against the labels kept in the
repository (docs/evaluation.md).

``cli/main.py`` finds the hands and reads the files; here each hand's findings, the techniques its
notes name and its review file become ``teaching.evaluate`` values, and the figures become text or
JSON.  Problems in the files come back as located diagnostics, never as an exception.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from ..lessons.model import book_author
from ..lessons.refereed import dds_available, with_double_dummy
from ..record.diagnostics import Diagnostic, Severity, Span, has_errors
from ..record.read_review import ReviewEntry, load_review
from ..rules.game import Game
from ..rules.seats import Letter, Seat
from ..teaching.annotate import DETECTORS
from ..teaching.evaluate import (
    NEAR,
    Evaluation,
    FindingKey,
    HandEvidence,
    Label,
    Review,
    Status,
    Tally,
    Verdict,
    evaluate,
    label_of,
    seat_word,
)
from ..teaching.findings import Finding
from ..validation.files import Checked

__all__ = ["HandFiles", "Gathered", "gather", "evaluation_text", "evaluation_json", "thresholds_failed"]


@dataclass(frozen=True, slots=True)
class HandFiles:
    """A hand as the command line found it: the checked hand file, and its review file's text
    (None: there is none) with the problems met reading it."""

    name: str  # the hand's path below the hands folder
    book: str
    checked: Checked
    review_path: str
    review_text: str | None
    review_diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True, slots=True)
class Gathered:
    evaluation: Evaluation
    diagnostics: tuple[Diagnostic, ...]
    hands: int  # the valid hands evaluated
    reviewed_hands: int  # of which this many have a review file
    games: dict[str, Game]
    double_dummy: bool = False  # the findings were refereed by double dummy (endplay installed)


def gather(hands: Sequence[HandFiles]) -> Gathered:
    """Every valid hand's findings, labels and reviews evaluated; invalid hands and bad reviews
    reported; stale reviews reported as ``review-stale`` warnings at their lines."""
    diags: list[Diagnostic] = []
    evidence: list[HandEvidence] = []
    games: dict[str, Game] = {}
    spans: dict[str, Span] = {}
    reviewed = 0
    cache: dict[str, int] = {}  # double dummy's solved positions, shared by the hands
    for h in hands:
        game, record = h.checked.game, h.checked.record
        if has_errors(h.checked.diagnostics) or game is None or record is None:
            diags.extend(d for d in h.checked.diagnostics if d.severity is Severity.ERROR)
            continue
        games[h.name] = game
        labels = tuple(
            Label(t.value, note.tricks, _where(t.span)) for note in record.notes for t in note.techniques
        )
        reviews: tuple[Review, ...] = ()
        diags.extend(h.review_diagnostics)
        if h.review_text is not None:
            reviewed += 1
            entries, problems = load_review(h.review_text, h.review_path)
            diags.extend(problems)
            reviews = tuple(r for e in entries if (r := _review(e, game, diags)) is not None)
            spans.update((_where(e.span), e.span) for e in entries)
        evidence.append(
            HandEvidence(
                h.name,
                h.book,
                tuple(with_double_dummy(game, record, book_author(record), cache)),
                labels,
                reviews,
            )
        )
    result = evaluate(evidence)
    for s in result.stale:
        diags.append(_stale(s.review, s.hidden, spans.get(s.review.where), games[s.hand]))
    return Gathered(result, tuple(diags), len(evidence), reviewed, games, dds_available() is None)


def _where(span: Span | None) -> str:
    return f"{span.path}:{span.line}:{span.col}" if span is not None else ""


def _review(e: ReviewEntry, game: Game, diags: list[Diagnostic]) -> Review | None:
    """The entry as a ``Review`` of this hand (its seat read by the hand's dealer), or None with the
    reason reported (a detector that does not exist)."""
    if e.detector.value not in DETECTORS:
        close = difflib.get_close_matches(e.detector.value, list(DETECTORS), n=2)
        hint = f"did you mean {' or '.join(close)}?" if close else f"detectors: {', '.join(DETECTORS)}"
        diags.append(
            Diagnostic(
                "bad-value",
                Severity.ERROR,
                f"no detector named {e.detector.value[:40]!r}",
                e.detector.span,
                hint,
            )
        )
        return None
    seat = None
    if e.seat is not None:
        word = e.seat.value
        seat = Letter[word].seat(game.dealer) if word in Letter.__members__ else Seat[word]
    key = FindingKey(e.detector.value, e.label, e.trick, seat, e.cards[0] if e.cards else None)
    verdict = Verdict(e.verdict) if e.verdict is not None else None
    return Review(key, verdict, e.why, _where(e.span), e.seen)


def _stale(review: Review, hidden: bool, span: Span | None, game: Game) -> Diagnostic:
    k = review.key
    who = f" {seat_word(game)(k.seat)}" if k.seat is not None else ""
    card = f" {k.card}" if k.card is not None else ""
    why = "a finding the lesson does not show (hidden)" if hidden else "no finding the engine makes now"
    return Diagnostic(
        "review-stale",
        Severity.WARNING,
        f"the review of {k.label} at trick {k.trick}{who}{card} ({k.detector}) matches {why}",
        span,
        "the detector changed: review the hand's findings again (annotate --review-skeleton) and drop this one",
    )


# ---------------------------------------------------------------------------------------------
# Output


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


_HEAD = (
    f"{'':16} {'labels':>6} {'at the trick':>14} {f'within {NEAR}':>14}   "
    f"{'shown':>5} {'reviewed':>8} {'right':>5} {'words':>5} {'mislead':>7} {'wrong':>5} "
    f"{'precision':>9} {'unreviewed':>10} {'hidden':>6}"
)


def _row(name: str, t: Tally) -> str:
    at = f"{t.at} {_pct(t.recall)}" if t.labels else ""
    near = f"{t.near} {_pct(t.recall_near)}" if t.labels else ""
    return (
        f"{name[:16]:16} {t.labels or '':>6} {at:>14} {near:>14}   "
        f"{t.shown or '':>5} {t.reviewed or '':>8} {t.right or '':>5} {t.words or '':>5} "
        f"{t.misleading or '':>7} {t.wrong or '':>5} {_pct(t.precision) if t.reviewed else '':>9} "
        f"{t.unreviewed or '':>10} {t.hidden or '':>6}"
    ).rstrip()


def _table(title: str, rows: dict[str, Tally], total: Tally) -> list[str]:
    return [title, _HEAD, *(_row(n, t) for n, t in rows.items()), _row("total", total), ""]


def evaluation_text(g: Gathered) -> str:
    ev = g.evaluation
    total = ev.total()
    out = [
        "Recall: the techniques the authors' notes name, found by a shown finding of their detector at the",
        f"note's trick (and within {NEAR} tricks). Precision: the shown findings reviewed right, of those reviewed.",
        "",
        *_table("By detector", ev.by_detector(), total),
        *_table("By book", ev.by_book(), total),
    ]
    techniques = ev.by_technique()
    if techniques:
        out += _table("By technique named", techniques, _tally_labels(total))
    misses = ev.misses()
    if misses:
        out.append(f"Labels not found at the author's trick ({len(misses)}):")
        for o in misses:
            tricks = ", ".join(str(t) for t in o.label.tricks)
            if o.status is Status.NO_DETECTOR:
                what = "no detector finds this technique yet (counted as a miss)"
            elif o.found_at is None:
                what = f"{o.detector} found nothing in the hand"
            else:
                what = f"{o.detector}'s nearest shown finding is at trick {o.found_at}"
            out.append(f"  {o.label.where or o.hand}: {o.label.technique} at trick {tricks}: {what}")
        out.append("")
    unreviewed = ev.unreviewed()
    if unreviewed:
        out.append(f"Unreviewed findings ({len(unreviewed)}; not counted as right):")
        for f in unreviewed:
            out.append(f"  {f.hand}: {_finding_words(f.finding, g.games[f.hand])}")
        out.append("")
    out.append(_summary(g))
    return "\n".join(out) + "\n"


def _tally_labels(t: Tally) -> Tally:
    return Tally(labels=t.labels, at=t.at, near=t.near, no_detector=t.no_detector)


def _finding_words(f: Finding, game: Game) -> str:
    who = seat_word(game)(f.seats[0]) if f.seats else "—"
    cards = " ".join(str(c) for c in f.cards) or "—"
    return f"trick {f.trick} · {f.motif} · {label_of(f)} · {who} · {cards}"


def _summary(g: Gathered) -> str:
    t = g.evaluation.total()
    hands = f"{g.hands} hand{'s' if g.hands != 1 else ''} ({g.reviewed_hands} with a review file)"
    recall = (
        f"recall {_pct(t.recall)} at the author's trick ({t.at} of {t.labels}; {_pct(t.recall_near)} "
        f"within {NEAR} tricks; {t.no_detector} with no detector counted as misses)"
        if t.labels
        else "no techniques labelled"
    )
    precision = (
        f"precision {_pct(t.precision)} ({t.right} of {t.reviewed} reviewed right)"
        if t.reviewed
        else "no findings reviewed"
    )
    stale = len(g.evaluation.stale)
    return (
        f"{hands}: {recall}; {precision}; {t.unreviewed} unreviewed, {t.hidden} hidden left out"
        + (f", {stale} stale review{'s' if stale != 1 else ''}" if stale else "")
        + (
            "; refereed by double dummy."
            if g.double_dummy
            else "; not refereed by double dummy (endplay is not installed)."
        )
    )


def _tally_json(t: Tally) -> dict[str, object]:
    return {
        "labels": t.labels,
        "at_trick": t.at,
        "within_two": t.near,
        "no_detector": t.no_detector,
        "recall": t.recall,
        "recall_within_two": t.recall_near,
        "shown": t.shown,
        "reviewed": t.reviewed,
        "right": t.right,
        "words": t.words,
        "misleading": t.misleading,
        "wrong": t.wrong,
        "precision": t.precision,
        "unreviewed": t.unreviewed,
        "hidden": t.hidden,
    }


def evaluation_json(g: Gathered) -> dict[str, object]:
    ev = g.evaluation
    return {
        "version": 1,
        "double_dummy": g.double_dummy,
        "hands": g.hands,
        "reviewed_hands": g.reviewed_hands,
        "total": _tally_json(ev.total()),
        "by_detector": {n: _tally_json(t) for n, t in ev.by_detector().items()},
        "by_book": {n: _tally_json(t) for n, t in ev.by_book().items()},
        "by_technique": {n: _tally_json(t) for n, t in ev.by_technique().items()},
        "labels": [
            {
                "hand": o.hand,
                "technique": o.label.technique,
                "tricks": list(o.label.tricks),
                "detector": o.detector,
                "status": o.status.value,
                "found_at": o.found_at,
                "where": o.label.where,
            }
            for o in ev.labels
        ],
        "findings": [
            {
                "hand": o.hand,
                "trick": o.finding.trick,
                "detector": o.finding.motif,
                "label": label_of(o.finding),
                "seat": o.finding.seats[0].name if o.finding.seats else None,
                "cards": [c.ascii() for c in o.finding.cards],
                "shown": o.shown,
                "verdict": o.verdict.value if o.verdict is not None else None,
                "why": o.review.why if o.review is not None else None,
            }
            for o in ev.findings
        ],
        "diagnostics": [d.to_json() for d in g.diagnostics],
    }


def thresholds_failed(g: Gathered, min_precision: float | None, min_recall: float | None) -> list[str]:
    """What falls below the thresholds given (in per cent), in words; [] when all are met."""
    t = g.evaluation.total()
    failed = []
    if min_precision is not None and (t.precision is None or 100 * t.precision < min_precision):
        failed.append(f"precision {_pct(t.precision)} is below --min-precision {min_precision:g} %")
    if min_recall is not None and (t.recall is None or 100 * t.recall < min_recall):
        failed.append(f"recall {_pct(t.recall)} at the author's trick is below --min-recall {min_recall:g} %")
    return failed
