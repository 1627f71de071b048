"""The public API (studbook.api): its doctests run here, and what the notebooks may import."""

from __future__ import annotations

import ast
import doctest
import json
from pathlib import Path

import pytest
from conftest import REPO

import studbook.api

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
PUBLIC = {"studbook", "studbook.api"}


def test_api_doctests() -> None:
    result = doctest.testmod(studbook.api, optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted >= 20, "the API's examples were not found"
    assert result.failed == 0, f"{result.failed} of the API's doctest examples failed (run with -s to see them)"


def test_everything_exported_exists() -> None:
    missing = [name for name in studbook.api.__all__ if not hasattr(studbook.api, name)]
    assert not missing


def test_an_unknown_filter_is_refused_with_the_list(tmp_path: Path) -> None:
    with studbook.api.open_database(tmp_path / "db.duckdb") as db, pytest.raises(TypeError, match="players"):
        db.hands(player="Ann")


def notebook_imports(path: Path) -> set[str]:
    """Every module a notebook's code cells import (IPython magics left out)."""
    found: set[str] = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "\n".join(line for line in "".join(cell["source"]).splitlines() if not line.startswith("%"))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebooks_import_only_the_public_api(path: Path) -> None:
    private = sorted(m for m in notebook_imports(path) if m.split(".")[0] == "studbook" and m not in PUBLIC)
    assert not private, f"{path.name} imports {private}: use studbook.api"
