"""Every example of the README and of each command's ``--help`` runs as written on ``sample_data/``.

The examples are read from the README (the ``studbook ...`` code spans without a placeholder such as
``FOLDER`` or ``N``, and the Python block) and from the ``examples:`` of each command's help, then run
in a folder that holds what a reader of them has: ``sample_data/`` (also as ``~/HandHistories`` and
``~/HH``, the home folder being that folder), and ``studbook.duckdb`` (also ``sample.duckdb``) with the
sample data imported. Only ``import --watch`` is left out: it runs until it is stopped (tests/test_watch.py
drives it). The examples run in the order they are printed, the import's first, so that the dataset
folder ``import --dask`` writes is there for ``export --db hands/``."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
from pathlib import Path
from typing import Iterator

import pytest

from conftest import REPO, SAMPLE_DATA
from studbook.cli.app import build_parser, commands, main

pytestmark = pytest.mark.slow  # the sample data is imported twice (the CLI's examples and the Python one)

PLACEHOLDER = re.compile(r"\b[A-Z]+\b|…|\.\.\.")
"""A word a reader replaces (FOLDER, SITE, N) or an ellipsis: such a span describes, it is no example."""
NOT_RUN = re.compile(r"^studbook import --watch ")
"""Examples that run until they are stopped (the watch, with or without its page): tests/test_watch.py,
tests/test_live_read.py and tests/test_browser_session.py run it in a child process and stop it."""
FIRST = ("import",)


def help_examples() -> list[str]:
    """The command lines of every command's ``examples:`` (the text before its explanation)."""
    parser = build_parser()
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    names = [c.name for c in commands()]
    order = [*FIRST, *(n for n in names if n not in FIRST)]
    found = []
    for name in order:
        epilog = choices[name].epilog or ""
        for line in epilog.splitlines():
            if line.startswith("  studbook "):
                found.append(re.split(r"\s{2,}", line.strip())[0])
    return found


def readme_examples() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    spans = [" ".join(s.split()) for s in re.findall(r"`(studbook [^`]+)`", text)]
    return list(dict.fromkeys(s for s in spans if not PLACEHOLDER.search(s.removeprefix("studbook "))))


def readme_python() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, re.S)
    return block


EXAMPLES = [("help", e) for e in help_examples()] + [("README", e) for e in readme_examples()]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The folder the examples run in, with the sample data and its database."""
    root = tmp_path_factory.mktemp("examples")
    for name in ("sample_data", "HandHistories", "HH"):
        (root / name).symlink_to(SAMPLE_DATA, target_is_directory=True)
    with contextlib.chdir(root), contextlib.redirect_stdout(io.StringIO()):
        assert main(["import", "sample_data", "--quiet", "--workers", "2"]) == 0
    (root / "sample.duckdb").symlink_to(root / "studbook.duckdb")
    yield root


def run_line(line: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``line`` run as a shell would: ``~`` is the home folder, ``> FILE`` sends stdout to the file."""
    monkeypatch.setenv("HOME", str(home))
    words = [os.path.expanduser(w) for w in shlex.split(line)]
    target = None
    if ">" in words:
        at = words.index(">")
        words, target = words[:at], words[at + 1]
    assert words[0] == "studbook"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(words[1:])
        except SystemExit as exc:  # --version and --help end there, as argparse does
            status = int(exc.code or 0)
    if target is not None:
        Path(target).write_text(out.getvalue(), encoding="utf-8")
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("source", "line"), EXAMPLES, ids=[f"{s}: {e}" for s, e in EXAMPLES])
def test_the_example_runs_as_written(source: str, line: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if NOT_RUN.match(line):
        pytest.skip("the watch runs until it is stopped (tests/test_watch.py runs it)")
    monkeypatch.chdir(home)
    status, out, err = run_line(line, home, monkeypatch)
    # audit's documented status 1 is a rule broken, which PokerStars hands judged by other house rules show
    allowed = {0, 1} if line.startswith("studbook audit ") and "--profile" in line else {0}
    assert status in allowed, f"{source} example {line!r} exited {status}: {err[-2000:]}"
    assert "error" not in err.lower(), err
    if ">" not in line:
        assert out.strip(), f"{line!r} printed nothing"


def test_the_examples_were_found() -> None:
    """The readers of the README and the help find the examples (a change of layout would find none)."""
    lines = [e for _, e in EXAMPLES]
    assert sum(1 for s, _ in EXAMPLES if s == "help") >= 25 and sum(1 for s, _ in EXAMPLES if s == "README") >= 10
    for command in ("import", "audit", "stats", "chart", "replay", "report", "simulate", "convert", "export"):
        assert any(e.startswith(f"studbook {command} ") for e in lines), command


def test_the_readme_python_example_runs_as_written(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(home)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(readme_python(), "README.md", "exec"), {})
    assert "Ottilie Brandt" in out.getvalue()
