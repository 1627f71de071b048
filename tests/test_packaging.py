"""What is shipped: the wheel holds every module and grammar of the tree and nothing else, the sdist
holds what the tests need; and the test suite's own rule that no test module imports another.

The wheel and the sdist are conftest's ``built`` (CI's, or built here), which is why these tests are
marked slow."""

from __future__ import annotations

import ast
import tarfile
import zipfile
from pathlib import Path

import pytest
from conftest import REPO
from samples import tree_files

import studbook

NOT_SHIPPED = ("tests", "benchmarks", "notebooks", "sample_data", "docs", "build", "dist")
"""Top-level folders that are not library code."""


def shipped_files() -> set[str]:
    """Every module and grammar of the checkout, as a wheel names it (``studbook/engine/cards.py``)."""
    files = tree_files(skip=frozenset(NOT_SHIPPED))
    return {"studbook/" + p.as_posix() for p in files if p != Path("setup.py")}


def test_the_tree_has_what_the_test_looks_for() -> None:
    files = shipped_files()
    assert {
        "studbook/__init__.py",
        "studbook/engine/cards.py",
        "studbook/parsers/sites/pokerstars/grammar.lark",
        "studbook/cli/app.py",
        "studbook/pipeline/importer.py",
        "studbook/api.py",
    } <= files


@pytest.mark.slow
def test_the_wheel_has_every_module_and_grammar_and_nothing_else(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = wheel.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    shipped = {n for n in names if n.endswith((".py", ".lark"))}
    # (the compiled modules beside their sources are test_compiled.py's)
    assert sorted(shipped_files() - shipped) == [], "modules or grammars of the tree missing from the wheel"
    assert sorted(shipped - shipped_files()) == [], "files in the wheel that are not library code"
    assert "studbook/py.typed" in names
    assert f"Version: {studbook.__version__}\n" in metadata and "License-Expression: MIT" in metadata
    assert "studbook = studbook.cli:main" in entry_points


@pytest.mark.slow
def test_the_sdist_has_what_the_tests_and_notebooks_need(built: tuple[Path, Path]) -> None:
    with tarfile.open(built[1]) as sdist:
        names = {"/".join(n.split("/")[1:]) for n in sdist.getnames()}
    wanted = [
        "setup.py",
        "pyproject.toml",
        "README.md",
        ".ci/run",
        "tests/conftest.py",
        "docs/architecture.md",
        "sample_data/stud-1-2-8max.txt",
        "sample_data/edge-cases/stud8-quartered-low.txt",
        "notebooks/01-import-and-audit.ipynb",
        "benchmarks/README.md",
        "parsers/sites/pokerstars/grammar.lark",
    ]
    assert [w for w in wanted if w not in names] == []
    assert not any(n.endswith((".pyc", ".duckdb")) or "__pycache__" in n for n in names)


def test_no_test_module_imports_another() -> None:
    """Shared test code lives in helper modules (samples, handbuilder, mutations ...) or conftest, so
    that running one test file never runs, or depends on the collection of, another."""
    tests = {p.stem for p in (REPO / "tests").glob("test_*.py")}
    offenders = []
    for path in sorted((REPO / "tests").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            offenders += [f"{path.name} imports {n}" for n in names if n.split(".")[0] in tests]
    assert offenders == []
