"""Shared test fixtures: where the real corpus lives, and a clear skip when it is absent."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("STUDBOOK_CORPUS", REPO.parent / "shared" / "corpus"))
SAMPLE_DATA = REPO / "sample_data"


REQUIRE_CORPUS = bool(os.environ.get("STUDBOOK_REQUIRE_CORPUS"))
"""Set in CI: a corpus test that would skip fails instead, so a run with the corpus proves none skipped."""


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``studbook argv...`` -> (exit status, stdout, stderr); argparse's own exits included."""
    from studbook.cli.app import main

    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def corpus_path(*parts: str) -> Path:
    """A path inside the real-hand corpus; skips the calling test when the corpus is not checked out.

    The corpus (real site exports) is not part of this repository because of its licences; it lives
    in ``../shared/corpus`` beside the checkout, or wherever ``STUDBOOK_CORPUS`` points (the README
    says what it holds and where it comes from).
    """
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        reason = f"real hand-history corpus not found at {path} (set STUDBOOK_CORPUS to its folder)"
        if REQUIRE_CORPUS:
            pytest.fail(f"{reason}; STUDBOOK_REQUIRE_CORPUS is set")
        pytest.skip(reason)
    return path


def pytest_sessionstart(session: pytest.Session) -> None:
    """With STUDBOOK_REQUIRE_CORPUS, a corpus without its manifests stops the run before any test: some
    corpus tests are parametrized by the manifest's rows and would otherwise be left out unseen."""
    if REQUIRE_CORPUS and not ((CORPUS / "fpdb" / "MANIFEST.tsv").is_file() and (CORPUS / "phh").is_dir()):
        pytest.exit(f"STUDBOOK_REQUIRE_CORPUS is set but {CORPUS} holds no corpus (fpdb/MANIFEST.tsv, phh/)", 1)


@pytest.fixture
def stars_corpus() -> Path:
    """The folder of real PokerStars files (``fpdb/Stars``)."""
    return corpus_path("fpdb", "Stars")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The wheel and the sdist: CI's (``.ci/run`` builds them once and points STUDBOOK_WHEEL and
    STUDBOOK_SDIST at them), or built here from the checkout without isolation, with the test
    extra's setuptools, ``build`` and mypy (whose mypyc compiles the wheel's hot modules)."""
    wheel, sdist = os.environ.get("STUDBOOK_WHEEL"), os.environ.get("STUDBOOK_SDIST")
    if wheel and sdist:
        return Path(wheel), Path(sdist)
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(REPO)],
        check=True,
        capture_output=True,
        text=True,
    )
    return next(out.glob("*.whl")), next(out.glob("*.tar.gz"))


from browsing import browser, shots  # noqa: E402, F401  # the browser tests' fixtures (tests/browsing.py)
