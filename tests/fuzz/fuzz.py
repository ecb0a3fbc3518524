"""Fuzz replayer for longer than the test suite does: mutated hand files, PBN and LIN, each checked
as ``tests/test_fuzz.py`` checks them.  A script that prints figures, not a test.

    .venv/bin/python tests/fuzz/fuzz.py --count 10000 --seed 1 --keep /tmp/fuzz-failures

The count is spread over the three formats (YAML, PBN, LIN).  Input ``i`` of format ``F`` is drawn
from ``random.Random(f"{seed}:{F}:{i}")``, so one input is made again on its own with
``--only F:i``.  Each input runs in a worker process, under a time limit (SIGALRM in the worker,
and the worker killed if it does not answer) and a memory limit (RLIMIT_AS): a hang, a crash or an
exhausted memory is a failure like a traceback.  Each input goes through the library (``load`` and
``validate``, or ``import_text``) and then one command of ``replayer`` (``validate``, ``show``,
``score``…, ``import``; every ``--build-every``-th hand also ``build --no-pdf``).

It prints ``tried / clean / failed`` per format and in total, then the distinct failures (the
exception or broken promise, and the last frame), each with how many inputs and one example.  With
``--keep DIR`` every failing input is saved there with a ``.txt`` beside it (the mutation, the
exception, the traceback) and a line in ``DIR/INDEX.tsv``.  Exit status 0 when nothing failed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.connection
import os
import random
import resource
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[0] = str(TESTS)  # not tests/fuzz: `fuzz` is the package there, not this script

from fuzz.checks import (  # noqa: E402 (after the path)
    HAND_COMMANDS,
    Broken,
    TooSlow,
    check_cli,
    check_hand,
    check_import,
    check_validate_then_show,
    odd_name,
)
from fuzz.mutators import FORMATS, LONG_SIZES, Mutant, random_mutant  # noqa: E402 (after the path)

IMPORT_COMMANDS: tuple[tuple[str, ...], ...] = (("import", "--dry-run"), ("import",), ("import", "--force"))


@dataclass(frozen=True, slots=True)
class Job:
    fmt: str
    index: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one input gave: ``clean``, or a failure: its class, what makes it distinct (the
    exception and its last frame, or the promise broken), the message, and the whole story."""

    job: Job
    status: str  # clean, traceback, broken, timeout, crash, memory
    key: str = ""  # one distinct failure: the same for every input that fails the same way
    message: str = ""  # this input's exception message, shortened
    detail: str = ""  # the whole traceback, or the diagnostics
    seconds: float = 0.0


@dataclass
class Settings:
    seed: str
    timeout: float
    memory_mb: int
    build_every: int


def make_mutant(settings: Settings, job: Job) -> tuple[Mutant, random.Random]:
    rng = random.Random(f"{settings.seed}:{job.fmt}:{job.index}")
    return random_mutant(rng, job.fmt, LONG_SIZES), rng


# ---------------------------------------------------------------------------------------------
# One input, in the worker


def _where(f: traceback.FrameSummary) -> str:
    name = f.filename
    for marker in ("/replayer/", "/tests/", "/lib/python"):
        if marker in name:
            name = name[name.rindex(marker) + 1 :]
            break
    return f"{name}:{f.lineno} in {f.name}"


def last_frame(exc: BaseException, *, ours_first: bool = False) -> str:
    """The innermost frame of the traceback, and the innermost in replayer if it is not that one
    (with ``ours_first``, replayer's alone when there is one: where a timeout caught it)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "?"
    ours = [f for f in frames if "/replayer/" in f.filename]
    if ours_first and ours:
        return _where(ours[-1])
    text = _where(frames[-1])
    if ours and ours[-1] is not frames[-1]:
        text += f" (replayer: {_where(ours[-1])})"
    return text


def failure(job: Job, exc: BaseException, seconds: float) -> Outcome:
    """A failed input, classified: the key groups the inputs that fail the same way."""
    message = " ".join(str(exc).split())[:200]
    if isinstance(exc, TooSlow):
        key = f"timeout in {last_frame(exc, ours_first=True)}"
        return Outcome(job, "timeout", key, message, traceback.format_exc(), seconds)
    if isinstance(exc, Broken):
        return Outcome(job, "broken", f"broken: {exc.what}", message, str(exc), seconds)
    status = "memory" if isinstance(exc, MemoryError) else "traceback"
    key = f"{status}: {type(exc).__name__} at {last_frame(exc)}"
    return Outcome(job, status, key, message, traceback.format_exc(), seconds)


def run_one(settings: Settings, job: Job, scratch: Path) -> Outcome:
    mutant, rng = make_mutant(settings, job)
    start = time.perf_counter()
    folder = scratch / f"{job.fmt}-{job.index}"
    folder.mkdir()
    try:
        if job.fmt == "yaml":
            check_hand(mutant, settings.timeout)
            command = rng.choice(HAND_COMMANDS)
            if settings.build_every and job.index % settings.build_every == 0:
                command = ("build", "--no-pdf", "-q")
        else:
            check_import(mutant, settings.timeout)
            command = rng.choice(IMPORT_COMMANDS)
        name = odd_name(job.index, mutant.base.suffix)
        if command == ("validate",) and not mutant.base.rubber:
            check_validate_then_show(mutant, folder, name, 2 * settings.timeout)
        else:
            check_cli(mutant, folder, name, command, 2 * settings.timeout)
        return Outcome(job, "clean", seconds=time.perf_counter() - start)
    except Exception as exc:  # the failures we look for: any exception out of replayer, a promise broken
        return failure(job, exc, time.perf_counter() - start)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def worker(conn: multiprocessing.connection.Connection, settings: Settings, root: Path) -> None:
    """Take jobs from ``conn`` until None; answer each with its Outcome."""
    limit = settings.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    scratch = Path(tempfile.mkdtemp(prefix="worker-", dir=root))
    os.chdir(scratch)  # `import` without --out, or a relative path, stays in here
    try:
        while (job := conn.recv()) is not None:
            conn.send(run_one(settings, job, scratch))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# The pool: workers that may hang or die


@dataclass
class Slot:
    process: BaseProcess
    conn: multiprocessing.connection.Connection
    job: Job | None = None
    since: float = 0.0


@dataclass
class Pool:
    settings: Settings
    jobs: int
    root: Path  # the workers' scratch folders are made here (the caller removes it: a killed one leaves its own)
    slots: list[Slot] = field(default_factory=list)

    def start(self) -> Slot:
        ctx = multiprocessing.get_context("fork")
        ours, theirs = ctx.Pipe()
        process = ctx.Process(target=worker, args=(theirs, self.settings, self.root), daemon=True)
        process.start()
        theirs.close()
        return Slot(process, ours)

    def run(self, todo: list[Job], report: Callable[[Outcome], None]) -> None:
        queue = list(reversed(todo))
        self.slots = [self.start() for _ in range(min(self.jobs, len(todo)))]
        while queue or any(s.job for s in self.slots):
            for slot in self.slots:
                if slot.job is None and queue:
                    slot.job, slot.since = queue.pop(), time.perf_counter()
                    slot.conn.send(slot.job)
            busy = [s.conn for s in self.slots if s.job is not None]
            ready = multiprocessing.connection.wait(busy, timeout=0.5)
            for k, slot in enumerate(self.slots):
                if slot.job is None:
                    continue
                if slot.conn in ready:
                    try:
                        outcome = slot.conn.recv()
                    except EOFError:
                        outcome = self._dead(slot)
                        slot.conn.close()
                        self.slots[k] = self.start()
                    else:
                        slot.job = None
                    report(outcome)
                elif time.perf_counter() - slot.since > 3 * self.settings.timeout + 10:
                    slot.process.kill()
                    slot.process.join()
                    slot.conn.close()
                    report(Outcome(slot.job, "timeout", "timeout: killed, no answer (stuck outside Python?)"))
                    self.slots[k] = self.start()
        for slot in self.slots:
            slot.conn.send(None)
            slot.process.join(timeout=10)

    def _dead(self, slot: Slot) -> Outcome:
        slot.process.join()
        assert slot.job is not None
        code = slot.process.exitcode
        key = f"crash: the worker died (exit code {code})"
        return Outcome(slot.job, "crash", key, seconds=time.perf_counter() - slot.since)


# ---------------------------------------------------------------------------------------------
# Figures and the failures kept


@dataclass
class Tally:
    settings: Settings
    keep: Path | None
    verbose: bool
    tried: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    distinct: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # key: (kept, message)
    slow: list[tuple[float, str]] = field(default_factory=list)

    def __call__(self, outcome: Outcome) -> None:
        fmt = outcome.job.fmt
        self.tried[fmt] += 1
        self.slow.append((outcome.seconds, f"{fmt}:{outcome.job.index}"))
        if outcome.status == "clean":
            return
        self.failed[fmt] += 1
        kept = self.save(outcome)
        self.distinct.setdefault(outcome.key, []).append((kept, outcome.message))
        if self.verbose:
            print(
                f"FAILED {fmt}:{outcome.job.index} {outcome.key}: {outcome.message[:100]} -> {kept}",
                flush=True,
            )

    def save(self, outcome: Outcome) -> str:
        mutant, _ = make_mutant(self.settings, outcome.job)
        label = f"{outcome.job.fmt}:{outcome.job.index}"
        if self.keep is None:
            return f"--only {label} ({mutant.base.name} [{mutant.kind}])"
        self.keep.mkdir(parents=True, exist_ok=True)
        stem = f"{outcome.job.fmt}-{outcome.job.index:05d}-{mutant.kind.replace('→', '-')}"
        path = self.keep / (stem + mutant.base.suffix)
        path.write_bytes(mutant.data)
        (self.keep / (stem + ".txt")).write_text(
            f"input: {label} (seed {self.settings.seed})\nmutation: {mutant.describe()}\n"
            f"failure: {outcome.key}\nmessage: {outcome.message}\n\n{outcome.detail}\n",
            encoding="utf-8",
        )
        with (self.keep / "INDEX.tsv").open("a", encoding="utf-8") as index:
            index.write(f"{path.name}\t{mutant.base.name}\t{mutant.kind}\t{outcome.key}\t{outcome.message}\n")
        return str(path)

    def print(self) -> None:
        print()
        for fmt in FORMATS:
            tried, failed = self.tried[fmt], self.failed[fmt]
            print(f"{fmt:5}  tried {tried:6}  clean {tried - failed:6}  failed {failed:5}")
        tried, failed = sum(self.tried.values()), sum(self.failed.values())
        print(f"total  tried {tried:6}  clean {tried - failed:6}  failed {failed:5}")
        if self.distinct:
            print(f"\n{len(self.distinct)} distinct failures (how many inputs, the failure, one example):")
        for key, kept in sorted(self.distinct.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"  {len(kept):5} × {key}\n          {kept[0][1][:150]}\n          e.g. {kept[0][0]}")
        slowest = sorted(self.slow, reverse=True)[:3]
        print("\nslowest inputs: " + ", ".join(f"{label} {s:.2f} s" for s, label in slowest))


def plan(count: int, only: list[str]) -> list[Job]:
    """``count`` inputs spread over the formats (the first formats take the remainder)."""
    if only:
        return [Job(fmt, int(i)) for fmt, i in (o.split(":") for o in only)]
    share = [count // len(FORMATS) + (1 if k < count % len(FORMATS) else 0) for k in range(len(FORMATS))]
    jobs = [Job(fmt, i) for fmt, n in zip(FORMATS, share, strict=True) for i in range(n)]
    return sorted(jobs, key=lambda j: (j.index, FORMATS.index(j.fmt)))  # interleaved


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=3000, help="inputs in all (default 3000)")
    p.add_argument("--seed", default="1", help="the seed (default 1)")
    p.add_argument("--keep", type=Path, metavar="DIR", help="save each failing input, and what it gave, here")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds an input may take (default 5)")
    p.add_argument(
        "--memory", type=int, default=2048, metavar="MB", help="a worker's memory limit (default 2048)"
    )
    p.add_argument(
        "--build-every", type=int, default=25, metavar="N", help="build every N-th hand (0: never)"
    )
    p.add_argument(
        "--only", action="append", default=[], metavar="FMT:I", help="run one input again (repeatable)"
    )
    p.add_argument("-v", "--verbose", action="store_true", help="print each failure as it comes")
    args = p.parse_args(argv)
    settings = Settings(args.seed, args.timeout, args.memory, args.build_every)
    jobs = plan(args.count, args.only)
    counts = Counter(j.fmt for j in jobs)
    print(
        f"fuzz: seed {args.seed}, {len(jobs)} inputs ({', '.join(f'{f} {counts[f]}' for f in FORMATS)}), "
        f"timeout {args.timeout:g} s, memory {args.memory} MB, {args.jobs} worker(s)",
        flush=True,
    )
    if args.keep is not None and (args.keep / "INDEX.tsv").exists():
        (args.keep / "INDEX.tsv").unlink()
    tally = Tally(settings, args.keep, args.verbose)
    started = time.perf_counter()
    done = [0]

    def report(outcome: Outcome) -> None:
        tally(outcome)
        done[0] += 1
        if done[0] % 500 == 0:
            print(
                f"  {done[0]}/{len(jobs)} in {time.perf_counter() - started:.0f} s, {sum(tally.failed.values())} failed",
                flush=True,
            )

    root = Path(tempfile.mkdtemp(prefix="replayer-fuzz-"))
    try:
        Pool(settings, args.jobs, root).run(jobs, report)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    tally.print()
    print(f"in {time.perf_counter() - started:.0f} s")
    return 0 if not tally.failed else 1


if __name__ == "__main__":
    sys.exit(main())
