"""The book's own errors the reader finds, as ``book_errors`` entries with a text made from the
facts: a misprinted card (``about: card``), a winner mark on the wrong card (``about: mark``), a
line of the deal diagram the cards contradict (``about: deal``) and a result line the cards
contradict (``about: result``, ``result tricks``, ``result strain``, from the validator's
diagnostic, with a comment asking the editor to confirm it).  Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...record.diagnostics import Diagnostic
from ...rules.cards import Card, Suit
from ...rules.notation import NUMBER_WORDS
from ...rules.seats import Letter
from .diagram import Diagram, DiagramLine
from .explain import Settled
from .search import Problem, winners

__all__ = ["Entry", "card_entries", "deal_entries", "mark_entries", "result_entry", "RESULT_ABOUT"]

#: the validator's diagnostic of a result line the cards contradict → the ``about`` that records it
RESULT_ABOUT = {
    "result-honours": "result",
    "result-tricks": "result tricks",
    "result-strain": "result strain",
}

#: ``printed`` of an entry for a suit the diagram gives a seat no line of (the format needs a value)
NO_LINE = "(no line)"
_ORDER = (Letter.A, Letter.Y, Letter.B, Letter.Z)


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``book_errors`` entry: ``about``, its other keys (values as YAML), the text, and any
    comment for the editor written above it."""

    about: str
    fields: tuple[tuple[str, str], ...]
    text: str
    comment: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """card, mark, deal or result."""
        return self.about.split()[0]

    def get(self, key: str) -> str | None:
        return next((v for k, v in self.fields if k == key), None)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _spaced(suit: Suit, cards: Sequence[Card]) -> str:
    """``♣K 8 6`` (or ``no clubs``)."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    return suit.symbol + " ".join(r.display for r in ranks) if ranks else f"no {suit.word}"


def _compact(suit: Suit, cards: Sequence[Card]) -> str:
    """``♣K86`` (or ``♣—`` for a void), as ``reading`` is written."""
    return suit.symbol + ("".join(r.display for r in sorted((c.rank for c in cards), reverse=True)) or "—")


# --- misprinted cards -------------------------------------------------------------------------


def card_entries(settled: Sequence[Settled]) -> list[Entry]:
    """A clean text's changed cards: the row keeps the printed card, the entry gives the reading."""
    return [
        Entry(
            "card",
            (
                ("trick", str(s.trick)),
                ("seat", s.letter.name),
                ("printed", str(s.printed)),
                ("reading", str(s.card)),
            ),
            _sentence(s.reason),
        )
        for s in settled
        if s.misprint and s.printed is not None
    ]


# --- winner marks -----------------------------------------------------------------------------


def mark_entries(problem: Problem, reading: tuple[Card, ...]) -> list[Entry]:
    """Each printed winner mark on a card that does not win its trick, and why the winner wins."""
    out = []
    won = winners(reading, problem)
    leaders = [Letter.A, *won[:-1]]
    for t, row in enumerate(problem.rows):
        win = won[t]
        for k, cell in enumerate(row):
            marked = problem.columns[k]
            if not cell.marked or marked is win:
                continue
            led = reading[4 * t + problem.columns.index(leaders[t])].suit
            card, win_card = reading[4 * t + k], reading[4 * t + problem.columns.index(win)]
            text = (
                f"The book marks {marked.name}'s {card} as the winner of trick {t + 1}, but "
                f"{win.name}'s {win_card} wins it: {_why_wins(card, win_card, led, problem.trump)}. "
            )
            if marked.side is win.side:
                pair = win.side.label.replace("–", " and ")
                text += f"{pair} win the trick either way, so the count of tricks is not affected."
            else:
                text += (
                    f"The mark gives the trick to {marked.side.label}; the cards give it to {win.side.label}."
                )
            out.append(Entry("mark", (("trick", str(t + 1)), ("seat", marked.name)), text))
    return out


def _why_wins(card: Card, win: Card, led: Suit, trump: Suit | None) -> str:
    if trump is not None and win.suit is trump and led is not trump:
        why = f"it is {'the higher trump' if card.suit is trump else 'a trump'}"
    else:
        why = f"it is the highest {led.word[:-1]}" + (
            f" and no trump ({trump.word}) is played" if trump is not None and led is not trump else ""
        )
    if card.suit is not led and card.suit is not trump:
        why += f", and the {card} is a discard"
    return why


# --- the deal diagram -------------------------------------------------------------------------


def deal_entries(diagram: Diagram, problem: Problem, reading: tuple[Card, ...]) -> list[Entry]:
    """Each line of a diagram that is not a deal which differs from the cards' holding of its suit
    (a suit printed twice stands once for a suit the seat has no line of, ``_suits_of``), and each
    suit the cards give a seat that the diagram prints no line of."""
    where = {reading[i]: (problem.columns[i % 4], i // 4 + 1) for i in range(52)}
    out = []
    for letter in _ORDER:
        lines = [dl for dl in diagram.lines if dl.letter is letter]
        held = {s: [c for c, (lt, _) in where.items() if lt is letter and c.suit is s] for s in Suit}
        suits = _suits_of(lines, held)
        for dl, suit in suits:
            cards = held[suit]
            if suit is dl.suit and set(dl.cards) == set(cards):
                continue
            text = _line_text(diagram, dl, suit, cards, where, lines)
            out.append(_deal_entry(letter, dl.text, suit, cards, text))
        missing = [s for s in Suit if held[s] and all(s is not suit for _, suit in suits)]
        for suit in sorted(missing, reverse=True):
            cards = held[suit]
            text = (
                f"The diagram prints no {suit.word} for {letter.name}; the table gives {letter.name} "
                f"{_spaced(suit, cards)}{_tricks(cards, where)}{_elsewhere(diagram, letter, suit, cards)}."
            )
            out.append(_deal_entry(letter, NO_LINE, suit, cards, text))
    return out


def _deal_entry(letter: Letter, printed: str, suit: Suit, cards: Sequence[Card], text: str) -> Entry:
    fields = (("seat", letter.name), ("printed", _quoted(printed)), ("reading", _compact(suit, cards)))
    return Entry("deal", fields, text)


def _suits_of(lines: Sequence[DiagramLine], held: dict[Suit, list[Card]]) -> list[tuple[DiagramLine, Suit]]:
    """Each printed line with the suit it stands for: its own; or, for a suit printed more than
    once, its own for the line that shows the cards' holding of it (else the first), and for the
    others the suits the seat has no line of (high to low)."""
    printed = {dl.suit for dl in lines}
    spare = [s for s in sorted(Suit, reverse=True) if s not in printed]
    keeps = {}
    for suit in printed:
        same = [dl for dl in lines if dl.suit is suit]
        keeps[suit] = next((dl for dl in same if set(dl.cards) == set(held[suit])), same[0])
    out = []
    for dl in lines:
        if dl is not keeps[dl.suit] and spare:
            out.append((dl, spare.pop(0)))
        else:
            out.append((dl, dl.suit))
    return out


def _line_text(
    diagram: Diagram,
    dl: DiagramLine,
    suit: Suit,
    cards: Sequence[Card],
    where: dict[Card, tuple[Letter, int]],
    lines: Sequence[DiagramLine],
) -> str:
    name = dl.letter.name
    if suit is not dl.suit:
        twice = sum(1 for other in lines if other.text == dl.text) > 1
        again = (
            f"{name}'s {dl.text} twice"
            if twice
            else f"a second {dl.suit.word[:-1]} line for {name}, {dl.text},"
        )
        return (
            f"The diagram prints {again} and no {suit.word}; "
            f"the table gives {name} {_spaced(suit, cards)}{_tricks(cards, where)}"
            f"{_elsewhere(diagram, dl.letter, suit, cards)}."
        )
    facts = []
    for c in sorted(set(dl.cards) - set(cards), reverse=True):
        owner, trick = where[c]
        also = any(c in other.cards for other in diagram.lines if other.letter is owner)
        facts.append(
            f"the {c} is {owner.name}'s (trick {trick})"
            + (f", and the diagram prints it for {owner.name} too" if also else "")
        )
    for c in sorted(set(cards) - set(dl.cards), reverse=True):
        facts.append(f"{name} plays the {c} at trick {where[c][1]}" + _given_to(diagram, dl.letter, c))
    return (
        f"The diagram prints {name}'s {suit.word} as {dl.text}; the table gives {name} "
        f"{_spaced(suit, cards)}: {_and(facts)}."
    )


def _tricks(cards: Sequence[Card], where: dict[Card, tuple[Letter, int]]) -> str:
    tricks = sorted(where[c][1] for c in cards)
    if not tricks:
        return ""
    return f" (trick{'s' if len(tricks) > 1 else ''} {_and([str(t) for t in tricks])})"


def _elsewhere(diagram: Diagram, letter: Letter, suit: Suit, cards: Sequence[Card]) -> str:
    """Whether the diagram gives these cards to another hand."""
    if not cards:
        return ""
    given = []
    for c in cards:
        others = sorted({dl.letter.name for dl in diagram.lines if dl.letter is not letter and c in dl.cards})
        if others:
            given.append(f"the {c} to {_and(others)}")
    if given:
        return f", of which the diagram gives {_and(given)}"
    n = len(cards)
    what = f"the {suit.word[:-1]}" if n == 1 else f"the {NUMBER_WORDS[n]} {suit.word}"
    return f", {what} no other hand holds"


def _given_to(diagram: Diagram, letter: Letter, card: Card) -> str:
    others = sorted({dl.letter.name for dl in diagram.lines if dl.letter is not letter and card in dl.cards})
    return f", which the diagram gives to {_and(others)}" if others else ", a card the diagram gives no hand"


# --- the result line --------------------------------------------------------------------------


def result_entry(diag: Diagnostic) -> Entry | None:
    """The entry that records the validator's complaint about the result line as the book's error,
    for the editor to confirm."""
    about = RESULT_ABOUT.get(diag.code)
    if about is None:
        return None
    comment = (
        f"replayer read: the result line disagrees with the cards as read ({diag.code}). Confirm on the",
        "page that the book is wrong and no card is misread; if a card is, correct it and drop this entry.",
    )
    return Entry(about, (), _sentence(diag.message), comment)
