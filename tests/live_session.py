"""A poker session played while studbook watches it: the pieces the live-reading test and the watch
benchmark share (a watch in a child process, a second process appending hands, the hands' texts).

Run as a script it is the appending process: ``python live_session.py FOLDER TABLES DELAY HANDS_FILE``
appends the hands of ``HANDS_FILE`` (texts separated by NUL characters) one at a time to ``TABLES`` files
in ``FOLDER``, ``DELAY`` seconds apart, as a client playing several tables writes them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SAMPLE_DATA = REPO / "sample_data"
HERO = "Ottilie Brandt"
"""Whose hands the sample files are (sample_data/README.md)."""

_HEADER = re.compile(r"^PokerStars Hand #(\d+)", re.M)


def sample_hands(name: str, count: int | None = None, skip: int = 0) -> list[str]:
    """The texts of a sample file's PokerStars hands, each with the blank lines after it."""
    text = (SAMPLE_DATA / name).read_text(encoding="utf-8")
    starts = [m.start() for m in _HEADER.finditer(text)] + [len(text)]
    texts = [text[a:b] for a, b in zip(starts, starts[1:])]
    return texts[skip : None if count is None else skip + count]


def hand_id(text: str) -> str:
    found = _HEADER.match(text)
    assert found is not None, "a sample hand starts with its header"
    return f"pokerstars:{found.group(1)}"


def child_env() -> dict[str, str]:
    """The environment of a child Python process that imports this checkout's studbook."""
    return {**os.environ, "PYTHONPATH": str(REPO.parent)}


def studbook(*args: str) -> list[str]:
    return [sys.executable, "-m", "studbook.cli", *args]


def start_watch(folder: Path, db: Path, *more: str) -> subprocess.Popen[str]:
    """``studbook import --watch`` on ``folder``, looking every 0.1 s, a last hand complete after 0.5 s."""
    return subprocess.Popen(
        studbook("import", "--watch", str(folder), "--db", str(db), "--interval", "0.1", "--settle", "0.5", *more),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=child_env(),
    )


def wait_for_line(process: subprocess.Popen[str], pattern: str, timeout: float = 120.0) -> str:
    """Read the process's output until a line matches ``pattern`` (its exit or the timeout fails)."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if re.search(pattern, line):
            return line
    raise AssertionError(f"no line matching {pattern!r} in {''.join(seen)!r}")


def start_appender(folder: Path, hands: list[str], tables: int, delay: float, work: Path) -> subprocess.Popen[str]:
    """The second process: appends ``hands`` one by one to ``tables`` files of ``folder``."""
    texts = work / "to-append.txt"
    texts.write_text("\0".join(hands), encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, __file__, str(folder), str(tables), str(delay), str(texts)],
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(),
    )


def append_hands(folder: Path, tables: int, delay: float, hands: list[str]) -> None:
    for i, text in enumerate(hands):
        with (folder / f"table{i % tables}.txt").open("a", encoding="utf-8") as f:
            f.write(text)
        time.sleep(delay)


if __name__ == "__main__":
    where, count, pause, source = sys.argv[1:5]
    append_hands(Path(where), int(count), float(pause), Path(source).read_text(encoding="utf-8").split("\0"))
    print("appended", flush=True)
