"""The notebooks run top to bottom in a fresh ``python3`` kernel, on the sample data, in a temporary
working directory with their database in a temporary folder — as a reader would run them."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import REPO

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database for the module: the notebooks share it as they do for a reader (the first imports)."""
    return tmp_path_factory.mktemp("notebook-db") / "sample.duckdb"


def test_there_are_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "01-import-and-audit.ipynb",
        "02-player-statistics.ipynb",
        "03-win-rates-and-charts.ipynb",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat", reason="install studbook[test] to run the notebooks")
    nbclient = pytest.importorskip("nbclient", reason="install studbook[test] to run the notebooks")
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        pytest.skip("no 'python3' Jupyter kernel: pip install -e '.[test]' (it brings ipykernel) to run the notebooks")
    monkeypatch.setenv("STUDBOOK_NOTEBOOK_DB", str(database))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), (
        f"{path.name} is committed with outputs: clear them (Jupyter: Edit > Clear Outputs of All Cells)"
    )
    client = nbclient.NotebookClient(
        notebook, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()  # raises CellExecutionError, with the cell and the traceback, if a cell fails
    assert not any(tmp_path.iterdir()), "a notebook wrote into its working directory"
    assert database.exists()
