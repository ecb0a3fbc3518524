"""Where every output file is made: the one place that names, checks, writes and removes the files
of ``replayer build`` and ``replayer import``.

What it guarantees:

- **Inside the folder.** Every path is relative to the output folder (``--out``, resolved once), made
  of plain names: never absolute, never ``..``, ``.`` or empty, no separator or control character.
- **No symbolic link followed.** Each folder between the output folder and a file is checked with
  ``lstat`` before it is used: a symbolic link there is refused (``output-symlink``), never written
  or deleted through.  A link standing where a file goes is replaced by the file, never written
  through (the rename replaces the link itself).
- **Safe, unique names.** ``safe_name`` turns any text into one file name (no separator, no control
  character, no leading dot, at most ``NAME_LIMIT`` bytes: a longer name keeps its start and gets a
  stable hash of the whole); ``Names`` hands out names for one run, so two boards or hands never map
  to one file.
- **Atomic writes.** A file is written to a temporary file beside it, then renamed over the target:
  a reader sees the old file or the new one, never half of one; a failed write leaves no temporary.
- **Clean failures.** A write that fails (a read-only folder, a full disk, a file where a folder
  should be) raises ``OutputError``, which carries a diagnostic naming the folder and the exit status
  the command returns: never a traceback.
- **URLs that are never a scheme.** ``href`` percent-encodes each segment of a site path, so a hand
  named ``javascript:alert(1).yaml`` is linked as ``javascript%3Aalert%281%29.html``.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

from ..record.diagnostics import Diagnostic, Severity

__all__ = [
    "NAME_LIMIT",
    "Names",
    "OutputError",
    "OutputFolder",
    "OutputNotOurs",
    "href",
    "is_temporary",
    "safe_name",
    "site_path",
    "write_atomic",
]

#: the most bytes (UTF-8) of one file or folder name we make.  File systems allow 255 (ext4, XFS,
#: APFS, NTFS in UTF-16 units) but fewer under encryption (eCryptfs: 143), and a temporary name and a
#: suffix are added to it; 120 leaves room for both everywhere and is far above any real name.
NAME_LIMIT = 120
_HASH = 12  # hex digits of the hash that ends a shortened name: distinct for distinct names
_TEMP_PREFIX = ".replayer-"
_TEMP_SUFFIX = ".tmp"
#: the most bytes of one name a path read back from a file (a manifest) may have: what the system allows
_READ_LIMIT = 255

#: Unicode categories that never go into a name: controls, format characters (bidirectional
#: overrides), surrogates (undecodable bytes of a file name), line and paragraph separators
_UNSAFE_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


class OutputError(Exception):
    """An output file could not be made or removed: a diagnostic naming the folder, and the exit
    status of the command (2 when the folder cannot be used at all, 1 when a write failed)."""

    def __init__(self, diagnostic: Diagnostic, status: int = 1) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
        self.status = status


class OutputNotOurs(OutputError):
    """The output folder holds files replayer did not write: refuse rather than mix or overwrite."""

    def __init__(self, folder: Path) -> None:
        super().__init__(
            Diagnostic(
                "output-not-ours",
                Severity.ERROR,
                f"{folder} is not empty and was not made by replayer build",
                hint="name a new or empty folder with --out",
            ),
            status=2,
        )


def _unsafe(ch: str) -> bool:
    return ch in "/\\" or unicodedata.category(ch) in _UNSAFE_CATEGORIES


def safe_name(name: str, limit: int = NAME_LIMIT) -> str:
    """``name`` as one file or folder name: separators and control characters become ``-``, leading
    dots and spaces go, and a name longer than ``limit`` bytes keeps its start and ends with a hash
    of the whole name (stable: the same name always gives the same file)."""
    cleaned = "".join("-" if _unsafe(ch) else ch for ch in name).lstrip(". ") or "unnamed"
    data = cleaned.encode("utf-8")
    if len(data) <= limit:
        return cleaned
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH]
    head = data[: max(limit - _HASH - 1, 1)].decode("utf-8", "ignore").rstrip(". ")
    return f"{head}-{digest}"


def site_path(value: object) -> str | None:
    """``value`` as a path inside an output folder, or None when it is not one: a relative POSIX path
    of plain names (no ``..``, ``.``, empty or hidden part, no backslash or control character, no
    name longer than the system allows).  For paths read back from a file such as a manifest."""
    if not isinstance(value, str) or not value or value.startswith("/"):
        return None
    parts = value.split("/")
    for part in parts:
        if (
            not part
            or part.startswith(".")
            or any(_unsafe(ch) for ch in part)
            or len(part.encode("utf-8", "surrogatepass")) > _READ_LIMIT
        ):
            return None
    return value


def href(path: str, fragment: str = "") -> str:
    """A relative URL to ``path`` (a site path, ``/``-separated, ``..`` allowed): every segment
    percent-encoded, so the URL has no ``:`` and can never be read as a scheme (``javascript:``),
    nor a ``?`` or ``#`` that would cut it short."""
    url = "/".join(quote(segment, safe="") for segment in path.split("/"))
    return url + ("#" + quote(fragment, safe="") if fragment else "")


def is_temporary(name: str) -> bool:
    """A temporary file of ours, left by a write that was killed before its rename."""
    return name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)


class Names:
    """The names given out in one run: each safe, none twice.  Names are compared case-folded, as a
    case-insensitive disk would; a name taken (or reserved) gets ``-2``, ``-3``… before its suffix."""

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._taken = {r.casefold() for r in reserved}

    def give(self, folders: tuple[str, ...], stem: str, suffix: str = "") -> tuple[str, ...]:
        """A unique path for a file: its folders and ``stem`` made safe (the stem leaves room for the
        longest ``suffix`` the caller adds); returned without the suffix."""
        safe = tuple(safe_name(f) for f in folders)
        room = NAME_LIMIT - len(suffix.encode("utf-8"))
        first = safe_name(stem, room)
        candidate, n = first, 1
        while "/".join((*safe, candidate)).casefold() in self._taken:
            n += 1
            candidate = safe_name(f"{first}-{n}", room)
        self._taken.add("/".join((*safe, candidate)).casefold())
        return (*safe, candidate)


def write_atomic(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file and a rename; False if it was already so.
    A symbolic link at ``path`` is replaced, never written through.  Raises OSError."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        pass
    else:
        if stat.S_ISREG(st.st_mode) and st.st_size == len(data) and path.read_bytes() == data:
            return False
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a site is for publishing
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def failure(exc: OSError, folder: Path, doing: str) -> OutputError:
    """The diagnostic and exit status for an OSError met while ``doing`` something in ``folder``."""
    why = exc.strerror or str(exc)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return OutputError(
            Diagnostic(
                "output-full",
                Severity.ERROR,
                f"no space left to write the output folder {folder} ({doing}): {why}",
                hint="free some space and build again: the build resumes where it stopped",
            ),
        )
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return OutputError(
            Diagnostic(
                "output-unwritable",
                Severity.ERROR,
                f"cannot write the output folder {folder} ({doing}): {why}",
                hint="name a folder you can write to with --out",
            ),
            status=2,
        )
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return _not_a_folder(folder, f"a part of the path ({doing})")
    return OutputError(
        Diagnostic(
            "output-failed",
            Severity.ERROR,
            f"cannot write the output folder {folder} ({doing}): {why}",
            hint="check the folder and the disk, then build again",
        ),
    )


def _not_a_folder(folder: Path, where: str) -> OutputError:
    return OutputError(
        Diagnostic(
            "output-not-folder",
            Severity.ERROR,
            f"the output folder {folder} cannot be used: {where} is not a folder",
            hint="name a folder (new, or made by replayer) with --out",
        ),
        status=2,
    )


class OutputFolder:
    """An output folder (``--out``): every file written, read back or removed below it goes through
    here, by a path relative to it.  ``written`` holds what this run wrote, which ``remove`` spares."""

    def __init__(self, root: Path) -> None:
        try:
            self.root = Path(os.path.abspath(root)).resolve()
        except (OSError, RuntimeError):  # a loop of symbolic links (RuntimeError before Python 3.13)
            raise _not_a_folder(Path(root), f"{root} (a loop of symbolic links)") from None
        self.written: set[str] = set()
        self.warnings: list[Diagnostic] = []
        existing = next((p for p in (self.root, *self.root.parents) if os.path.lexists(p)), None)
        if existing is not None and not existing.is_dir():
            raise _not_a_folder(self.root, str(existing))

    def _parts(self, rel: str) -> list[str]:
        parts = rel.split("/")
        if any(p in ("", ".", "..") or any(_unsafe(ch) for ch in p) for p in parts):
            raise ValueError(f"not a path inside the output folder: {rel!r}")
        return parts

    def _folder(self, parts: list[str], create: bool) -> Path | None:
        """The real folder that holds ``parts[-1]``: each folder on the way checked not to be a
        symbolic link (refused) and made when ``create``; None when one is missing."""
        here = self.root
        if create:
            try:
                here.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise failure(exc, self.root, "making it") from None
        for part in parts[:-1]:
            here = here / part
            try:
                st = os.lstat(here)
            except FileNotFoundError:
                if not create:
                    return None
                try:
                    os.mkdir(here)
                except OSError as exc:
                    raise failure(exc, self.root, f"making {here}") from None
                continue
            except OSError as exc:
                raise failure(exc, self.root, f"reading {here}") from None
            if stat.S_ISLNK(st.st_mode):
                raise OutputError(
                    Diagnostic(
                        "output-symlink",
                        Severity.ERROR,
                        f"{here} is a symbolic link: the build writes only inside {self.root}, never through a link",
                        hint=f"remove the link (rm {here}) and build again; the build makes the folder",
                    ),
                    status=2,
                )
            if not stat.S_ISDIR(st.st_mode):
                raise _not_a_folder(self.root, str(here))
        return here

    def check_folders(self, rels: Iterable[str]) -> None:
        """Refuse, before anything is written, a symbolic link (or a file) among the folders that
        will hold these files."""
        for rel in sorted(set(rels)):
            self._folder(self._parts(rel), create=False)

    def write(self, rel: str, data: bytes) -> bool:
        """Write ``data`` at ``rel`` atomically, making its folders; False if it was already so."""
        parts = self._parts(rel)
        folder = self._folder(parts, create=True)
        assert folder is not None
        target = folder / parts[-1]
        if target.is_dir() and not target.is_symlink():
            raise OutputError(
                Diagnostic(
                    "output-failed",
                    Severity.ERROR,
                    f"cannot write {target}: a folder stands where the file goes",
                    hint="remove or rename that folder, then build again",
                )
            )
        try:
            changed = write_atomic(target, data)
        except OSError as exc:
            raise failure(exc, self.root, f"writing {rel}") from None
        self.written.add(rel)
        return changed

    def _file(self, rel: str) -> Path | None:
        """The regular file at ``rel``, reached without a symbolic link; None otherwise."""
        try:
            folder = self._folder(self._parts(rel), create=False)
        except OutputError:
            return None
        if folder is None:
            return None
        target = folder / rel.rsplit("/", 1)[-1]
        try:
            return target if stat.S_ISREG(os.lstat(target).st_mode) else None
        except OSError:
            return None

    def is_file(self, rel: str) -> bool:
        return self._file(rel) is not None

    def read(self, rel: str) -> bytes | None:
        """The bytes of our file at ``rel``; None when it is missing, not a regular file, unreadable,
        or reached through a symbolic link."""
        target = self._file(rel)
        if target is None:
            return None
        try:
            return target.read_bytes()
        except OSError:
            return None

    def size(self, rel: str) -> int | None:
        """The size in bytes of our file at ``rel``; None when there is none."""
        target = self._file(rel)
        try:
            return None if target is None else os.lstat(target).st_size
        except OSError:
            return None

    def remove_own(self, name: str) -> None:
        """Remove a hidden file the build keeps at the top of the folder for itself (a cache named
        ``.replayer-…``, never a path read from a file); missing is fine."""
        if not name.startswith(_TEMP_PREFIX) or is_temporary(name) or site_path(name[1:]) is None:
            raise ValueError(f"not one of the build's own files: {name!r}")
        if "/" in name:
            raise ValueError(f"not at the top of the output folder: {name!r}")
        target = self._file(name)
        if target is None or name in self.written:
            return
        try:
            target.unlink()
        except OSError as exc:
            raise failure(exc, self.root, f"removing {name}") from None

    def exists(self, rel: str) -> bool:
        """Something (a file, a folder, a link, even a dangling one) stands at ``rel``."""
        folder = self._folder(self._parts(rel), create=False)
        return folder is not None and os.path.lexists(folder / rel.rsplit("/", 1)[-1])

    def remove(self, rel: str, listed_in: str) -> None:
        """Remove a file an earlier run listed (in ``listed_in``), if it is safe: a path that is not
        inside the folder, passes through a symbolic link, is a folder, or was written by this run is
        left alone, with a warning for the first two."""
        if site_path(rel) is None:
            self._warn(rel, listed_in, "is not a path inside the output folder")
            return
        if rel in self.written:
            return
        try:
            folder = self._folder(self._parts(rel), create=False)
        except OutputError:
            self._warn(rel, listed_in, "is reached through a symbolic link or a file")
            return
        target = None if folder is None else folder / rel.rsplit("/", 1)[-1]
        if target is None or not os.path.lexists(target) or (target.is_dir() and not target.is_symlink()):
            return
        try:
            target.unlink()
        except OSError as exc:
            raise failure(exc, self.root, f"removing {rel}") from None

    def _warn(self, rel: str, listed_in: str, why: str) -> None:
        self.warnings.append(
            Diagnostic(
                "manifest-entry",
                Severity.WARNING,
                f"{self.root / listed_in} lists {rel!r} to remove, which {why}: ignored",
                hint="the manifest is replayer's own; if you did not edit it, delete it and build into a new folder",
            )
        )

    def is_empty(self) -> bool:
        """Missing, or holding nothing but temporary files of ours."""
        try:
            return all(is_temporary(name) for name in os.listdir(self.root))
        except FileNotFoundError:
            return True
        except OSError as exc:
            raise failure(exc, self.root, "reading it") from None

    def remove_temporaries(self) -> None:
        """Remove the temporary files a killed write left, in every folder (links not followed)."""
        for folder, _, names in os.walk(self.root, followlinks=False):
            for name in names:
                if is_temporary(name):
                    Path(folder, name).unlink(missing_ok=True)
