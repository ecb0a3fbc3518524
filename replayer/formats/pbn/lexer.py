"""From a file's bytes to a flat list of items (``%`` lines, comments, tag pairs, words,
strings, empty lines), each with its line and column; what cannot be read is reported.

The first step of reading: the reader then groups the items into games and sections."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...record.diagnostics import Severity
from .problems import Problems
from .tags import unescape

__all__ = ["MAX_LINE", "Item", "decode_text", "check_lines", "lex"]

MAX_LINE = 255  # characters, the end of line included (§2.3)


# ---------------------------------------------------------------------------------------------
# Bytes to text


def decode_text(data: bytes | str, problems: Problems) -> tuple[str, int]:
    """The text (newlines made ``\\n``) and the length of the file's end of line (1 or 2)."""
    if isinstance(data, str):
        text = data.removeprefix("\ufeff")
    elif data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", errors="replace")
        if "\ufffd" in text:
            problems.add(
                "pbn-encoding",
                Severity.WARNING,
                "the file says UTF-8 (byte order mark) but has bytes that are not UTF-8",
                1,
                1,
            )
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # the standard's character set; never fails
    eol = 2 if "\r\n" in text else 1
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, eol


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def check_lines(text: str, eol: int, problems: Problems) -> None:
    """Lines too long for the standard, and characters it does not allow."""
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) + eol > MAX_LINE:
            problems.add(
                "pbn-line-too-long",
                Severity.WARNING,
                f"line of {len(line) + eol} characters (the standard allows {MAX_LINE}, end of line included)",
                number,
                MAX_LINE - eol + 1,
            )
        m = _CONTROL.search(line)
        if m:
            problems.add(
                "pbn-character",
                Severity.WARNING,
                f"character U+{ord(m.group()):04X} is not a printing ISO 8859-1 character",
                number,
                m.start() + 1,
                "PBN allows printing Latin-1 characters, and the tab",
            )


# ---------------------------------------------------------------------------------------------
# Lexing: the text as a flat list of items, each with its line and column


@dataclass(slots=True)
class Item:
    kind: str  # blank, dir, com, tag, word, str, stray
    line: int
    col: int
    text: str = ""  # directive/comment text, tag value, word
    name: str = ""  # tag name
    brace: bool = True  # comment kind
    end_line: int = 0


_LEX = re.compile(
    r"""[ \t\v\f]*(?:(?P<nl>\n)|(?P<brace>\{[^}]*\}?)|(?P<semi>;[^\n]*)|(?P<lbr>\[)
       |(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<word>[^\s\[\]{};"]+)|(?P<other>[^\n])|(?P<end>$))""",
    re.VERBOSE,
)
_BLANK = re.compile(r"[ \t]*(?:\n|$)")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\n\t]|\\.)*)"\](?=[ \t]*(?:\n|$))')
_TAG_NOVALUE = re.compile(r"\[[ \t]*([A-Za-z0-9_]+)[ \t]*\]")
#: the value starts at its first character that is no blank, so that the blanks before it are
#: read one way only (``[ \t]+`` then a lazy value that also takes blanks took cubic time on a
#: run of 20,000 blanks); the blanks after it are stripped where it is read
_TAG_UNQUOTED = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+([^\]"\n \t][^\]"\n]*)\]')
_TAG_OPEN_QUOTE = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^\n]*)\][ \t]*(?=\n|$)')
#: the item a plain token of the text makes (anything else is stray)
_PLAIN_KINDS = {"str": "str", "word": "word"}


def lex(text: str, problems: Problems) -> list[Item]:
    """The items of a text, in order."""
    items: list[Item] = []
    n = len(text)
    pos = 0
    line, bol = 1, 0
    at_start = True
    while pos < n:
        if at_start:
            at_start = False
            end, blank = _line_start(text, pos, line, items)
            if blank:
                line += 1
                bol = pos = end
                at_start = True
                continue
            if end > pos:
                pos = end
                continue
        m = _LEX.match(text, pos)
        assert m is not None  # an alternative takes any character, and the end
        kind = m.lastgroup
        if kind == "end" or kind is None:
            break
        start, end = m.start(kind), m.end()
        col = start - bol + 1
        if kind == "nl":
            line += 1
            bol = end
            at_start = True
        elif kind == "brace":
            line, bol = _brace_comment(m.group(kind), start, line, col, bol, items, problems)
        elif kind == "lbr":
            end, line, bol = _tag_pair(text, start, line, col, bol, items, problems)
        elif kind == "semi":
            items.append(Item("com", line, col, m.group(kind)[1:], brace=False, end_line=line))
        else:
            items.append(Item(_PLAIN_KINDS.get(kind, "stray"), line, col, m.group(kind), end_line=line))
        pos = end
    return items


def _line_start(text: str, pos: int, line: int, items: list[Item]) -> tuple[int, bool]:
    """What only the start of a line can hold: a ``%`` line, a tag pair alone on its line (the
    common case, read at once), or an empty line.  Where reading goes on, and whether the line
    was empty; ``pos`` itself when the line is none of these."""
    if text[pos] == "%":
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        items.append(Item("dir", line, 1, text[pos + 1 : end]))
        return end, False
    t = _TAG_LINE.match(text, pos)
    if t is not None:
        raw = t.group(2)
        items.append(Item("tag", line, 1, unescape(raw) if "\\" in raw else raw, t.group(1), end_line=line))
        return t.end(), False
    b = _BLANK.match(text, pos)
    if b is not None and b.end() > pos:
        items.append(Item("blank", line, 1))
        return b.end(), True
    return pos, False


def _brace_comment(
    body: str, start: int, line: int, col: int, bol: int, items: list[Item], problems: Problems
) -> tuple[int, int]:
    """A ``{…}`` comment (it may span lines); the line and its start where it ends."""
    closed = body.endswith("}") and len(body) > 1
    items.append(Item("com", line, col, body[1:-1] if closed else body[1:], brace=True))
    if not closed:
        problems.error("pbn-comment", "this { comment is never closed", line, col, "add the closing }")
    newlines = body.count("\n")
    if newlines:
        line += newlines
        bol = start + body.rfind("\n") + 1
    items[-1].end_line = line
    return line, bol


def _tag_pair(
    text: str, start: int, line: int, col: int, bol: int, items: list[Item], problems: Problems
) -> tuple[int, int, int]:
    """The tag pair at ``start``; where reading goes on, and the line and its start there."""
    end = _lex_tag(text, start, line, col, items, problems)
    newlines = text.count("\n", start, end)
    if newlines:
        line += newlines
        bol = text.rfind("\n", start, end) + 1
    items[-1].end_line = line
    return end, line, bol


def _lex_tag(text: str, start: int, line: int, col: int, items: list[Item], problems: Problems) -> int:
    """Read the tag pair at ``start`` (a ``[``); append an item; return where reading goes on."""
    m = _TAG.match(text, start)
    if m is not None:
        value = unescape(m.group(2))
        if "\t" in value:
            problems.add(
                "pbn-tag-value",
                Severity.WARNING,
                "tab character inside a tag value",
                line,
                col + m.start(2) - start + 1 + value.index("\t"),
                "tabs are not allowed inside strings",
            )
        items.append(Item("tag", line, col, value, m.group(1)))
        return m.end()
    m = _TAG_NOVALUE.match(text, start)
    if m is not None:
        problems.error(
            "pbn-tag-syntax", f"tag [{m.group(1)}] has no value", line, col, f'write [{m.group(1)} ""]'
        )
        items.append(Item("tag", line, col, "", m.group(1)))
        return m.end()
    m = _TAG_UNQUOTED.match(text, start)
    if m is not None:
        value = m.group(2).rstrip(" \t")
        problems.add(
            "pbn-tag-unquoted",
            Severity.WARNING,
            f"the value of [{m.group(1)}] is not between quotes",
            line,
            col + m.start(2) - start,
            f'write [{m.group(1)} "{value}"]',
        )
        items.append(Item("tag", line, col, value, m.group(1)))
        return m.end()
    m = _TAG_OPEN_QUOTE.match(text, start)
    if m is not None:
        problems.error(
            "pbn-tag-syntax",
            f"the value of [{m.group(1)}] has no closing quote",
            line,
            col + m.start(2) - start,
            "read up to the last ] of the line",
        )
        items.append(Item("tag", line, col, unescape(m.group(2)), m.group(1)))
        return m.end()
    return _unreadable_tag(text, start, line, col, items, problems)


def _unreadable_tag(text: str, start: int, line: int, col: int, items: list[Item], problems: Problems) -> int:
    """A ``[`` that starts no readable tag pair: reported, and skipped to its ``]`` or the line's end."""
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    close = text.find("]", start, end)
    stop = close + 1 if close >= 0 else end
    problems.error(
        "pbn-tag-syntax",
        f"cannot read a tag pair in {text[start:stop].strip()[:40]!r}",
        line,
        col,
        'a tag is [Name "value"]',
    )
    items.append(Item("stray", line, col, ""))
    return stop
