"""The vocabulary of techniques an author may name at a trick, and the detector that should find each.

A note in a hand file may carry ``techniques: [hold-up, re-entry]``: the techniques the author's note
names at the note's trick(s).  The evaluation (``teaching.evaluate``, ``replayer annotate
--evaluate``) counts such a label as found when a shown finding of the technique's detector sits at
one of those tricks.  Each name is one idea a reader could recognise in the book's words; every
detector's name is one of them, and the techniques no detector finds yet have ``detector`` None
(their labels count as misses, so the figures say what is missing).

The hand-file reader (``record``) may not import this package, so ``record/keys.py`` keeps the
names as the format's words (``TECHNIQUE_NAMES``) and the editor schema lists them too;
``tests/test_note_techniques.py`` keeps the three the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["Technique", "VOCABULARY", "techniques_of_detector"]


@dataclass(frozen=True, slots=True)
class Technique:
    """A technique an author may name: its name in a hand file, a one-line definition, and the
    detector that should find it (None: no detector yet)."""

    name: str
    definition: str
    detector: str | None


_ALL = (
    # -- the first detectors' techniques (mostly the detector of the same name) ----------------
    Technique("lead", "the opening lead chosen by the book's rules and tables", "lead"),
    Technique(
        "eleven", "the Eleven Rule: from a fourth-best lead, how many higher cards the others hold", "eleven"
    ),
    Technique(
        "fourchette",
        "holding the cards just above and below one led, and winning with the lower",
        "fourchette",
    ),
    Technique("cover", "covering an honour led with a higher honour", "cover"),
    Technique(
        "second-hand",
        "second hand's play in general: low to a small card led, high to win or to beat dummy",
        "cover",
    ),
    Technique(
        "third-hand", "third hand high, or the finesse and false card third hand may make", "third-hand"
    ),
    Technique(
        "through", "leading through strength and up to weakness (the dummy's or the declarer's)", "through"
    ),
    Technique(
        "trump-lead", "a lead of trumps, opening or later, to stop ruffs or to use a long suit", "trump-lead"
    ),
    Technique(
        "echo", "the down-and-out echo: a higher card then a lower to ask for a suit or trumps", "echo"
    ),
    Technique("unblock", "playing a high card early so as not to stop partner's long suit", "unblock"),
    Technique("return", "returning partner's suit when one gets the lead", "return"),
    Technique("discard", "what to throw when void: from strength, from weakness, keeping guards", "discard"),
    Technique("bath-coup", "holding up the ace with A J against a king led, to win both later", "bath-coup"),
    Technique(
        "hold-up", "refusing to win a trick, so that an opponent runs out of a suit or of entries", "hold-up"
    ),
    Technique(
        "finesse", "trying to win with a card lower than one still out, hoping it sits well", "finesse"
    ),
    Technique(
        "establish", "making the small cards of a long suit good by forcing out the higher ones", "establish"
    ),
    Technique(
        "re-entry", "a card that gives the lead back to a hand with winners; keeping or using it", "re-entry"
    ),
    Technique("draw-trumps", "leading trumps until the adversaries have none left", "draw-trumps"),
    # -- techniques added with the evaluation (issue 14): the detector that finds each, or None ----
    Technique(
        "duck", "letting a trick go with a small card, keeping the winner for a later round", "hold-up"
    ),  # a duck is a hold-up with a small card: the hold-up detector finds it (DUCK)
    Technique("refuse-finesse", "declining a finesse one could take, for a safer line", "refuse-finesse"),
    Technique("keep-out", "keeping the dangerous hand out of the lead", "keep-out"),
    Technique(
        "false-card", "playing a card other than the natural one, to mislead the adversaries", "false-card"
    ),
    Technique(
        "squeeze",
        "an end position where a defender cannot keep the guards of two suits; forcing discards before opening a suit",
        "squeeze",
    ),
    Technique(
        "throw-in",
        "giving the lead to an adversary who must (or, left a choice, does) then lead to one's advantage",
        "throw-in",
    ),
    Technique(
        "ruff",
        "ruffing in the short trump hand, or both hands in turn (the cross-ruff), or to take the lead;"
        " a defender's low trump made by a ruff",
        "draw-trumps",
    ),
    Technique("force", "leading a suit an adversary must ruff, to shorten his trumps", "force"),
    Technique(
        "overtake", "winning partner's trick with a higher card, to take the lead or to unblock", "overtake"
    ),
    Technique("tenace", "keeping a tenace (like A Q over the K), or leading up to partner's", "through"),
    Technique(
        "placing", "reading the cards: placing an unseen card from the play or the inferences", "placing"
    ),
)

#: name -> technique, in the order above (the detectors' techniques first)
VOCABULARY: Mapping[str, Technique] = MappingProxyType({t.name: t for t in _ALL})


def techniques_of_detector(detector: str) -> tuple[str, ...]:
    """The techniques a detector should find (``cover`` finds ``cover`` and ``second-hand``)."""
    return tuple(t.name for t in _ALL if t.detector == detector)
