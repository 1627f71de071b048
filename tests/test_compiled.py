"""The wheel's compiled modules (setup.py's ``COMPILED``, built by mypyc) decide exactly what their
sources decide: the rest of the suite runs against the sources (an editable install is never
compiled), so this is where the code most users run is held to them.

``compiled_digest.py`` prints a line per replayed hand, per hand's flags, per batch of rows and per
planted fault (see its docstring for what it covers); it runs once with the sources and once with the
wheel unpacked ahead of them on the path, and the two outputs must be the same, line for line. The
wheel is conftest's ``built`` (CI's own, or built here), which is why these tests are slow. And a
build on a machine that cannot compile (its C compiler fails) still gives a wheel: the pure package.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import CORPUS, REPO, SAMPLE_DATA
from samples import tree_files

DIGEST = Path(__file__).with_name("compiled_digest.py")


def compiled_sources() -> list[str]:
    """setup.py's ``COMPILED``, read without running setup.py."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no COMPILED")


def module_name(source: str) -> str:
    return "studbook." + source.removesuffix(".py").replace("/", ".")


def extension_modules(wheel: Path) -> set[str]:
    """The package's modules the wheel carries as compiled extensions."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    return {
        n.split(".", 1)[0].replace("/", ".") for n in names if n.startswith("studbook/") and n.endswith((".so", ".pyd"))
    }


@pytest.fixture(scope="module")
def compiled_wheel(built: tuple[Path, Path]) -> Path:
    """The wheel, which must be compiled: CI's always (a pure one there means mypyc failed and the
    fallback hid it), a local build unless it could not compile (no mypy or no C compiler here)."""
    wheel = built[0]
    if os.environ.get("STUDBOOK_PURE_PYTHON"):
        pytest.skip("STUDBOOK_PURE_PYTHON is set: the wheel is built without compiled modules on purpose")
    if not extension_modules(wheel) and not os.environ.get("STUDBOOK_WHEEL"):
        pytest.skip(
            "the wheel built here has no compiled modules: mypy (pip install -e '.[test]') or a C compiler "
            "and the Python headers are missing"
        )
    return wheel


def digest_lines(python_path: str | None, cwd: Path) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if python_path is not None:
        env["PYTHONPATH"] = python_path
    corpus = str(CORPUS) if CORPUS.exists() else "-"
    done = subprocess.run(
        [sys.executable, str(DIGEST), corpus, str(SAMPLE_DATA)], env=env, cwd=cwd, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_wheel_compiles_exactly_the_modules_setup_py_names(compiled_wheel: Path) -> None:
    assert extension_modules(compiled_wheel) == {module_name(s) for s in compiled_sources()}
    with zipfile.ZipFile(compiled_wheel) as archive:
        names = set(archive.namelist())
    assert {"studbook/" + s for s in compiled_sources()} <= names, "a compiled module's source is not in the wheel"


@pytest.mark.slow
def test_the_compiled_modules_replay_flag_and_row_every_hand_as_their_sources_do(
    compiled_wheel: Path, tmp_path: Path
) -> None:
    unpacked = tmp_path / "wheel"
    with zipfile.ZipFile(compiled_wheel) as archive:
        archive.extractall(unpacked)
    compiled = digest_lines(str(unpacked), tmp_path)
    sources = digest_lines(None, tmp_path)

    wanted = sorted(module_name(s) for s in compiled_sources())
    assert compiled[0] == "modules\tcompiled\t" + " ".join(wanted)
    assert compiled[1] == "package\tcompiled_modules\t" + " ".join(wanted)
    assert sources[:2] == ["modules\tcompiled\t-", "package\tcompiled_modules\t-"]
    assert len(compiled) == len(sources) > 20_000
    sections = {line.split("\t")[0] for line in sources}
    assert {"sample", "mutants"} <= sections and any(s.startswith("simulated razz ") for s in sections)
    assert all(line.endswith("\tTrue") for line in sources if "\tpickled\t" in line)
    differing = [(c, s) for c, s in zip(compiled[2:], sources[2:]) if c != s]
    assert differing == [], f"{len(differing)} items differ; the first: {differing[:3]}"


@pytest.mark.slow
def test_a_build_that_cannot_compile_gives_the_pure_package(tmp_path: Path) -> None:
    """What README promises a machine without a C compiler: the install works, pure, and says so."""
    if importlib.util.find_spec("build") is None or importlib.util.find_spec("mypyc") is None:
        pytest.skip("the 'build' and 'mypy' packages are not installed (pip install -e '.[test]')")
    checkout = tmp_path / "checkout"  # a copy: a build without isolation writes its build/ folder there
    for relative in [*tree_files(), Path("pyproject.toml"), Path("README.md"), Path("py.typed")]:
        (checkout / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / relative, checkout / relative)
    env = {k: v for k, v in os.environ.items() if k != "STUDBOOK_PURE_PYTHON"} | {"CC": "/bin/false"}
    out = tmp_path / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", str(out), str(checkout)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "the compiled modules could not be built" in done.stdout + done.stderr
    wheel = next(out.glob("*.whl"))
    assert extension_modules(wheel) == set()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {"studbook/" + s for s in compiled_sources()} <= names
    assert not any(n.endswith((".so", ".pyd")) for n in names), "a compiled piece was left in the pure wheel"
