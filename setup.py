"""Package discovery for a repository whose root *is* the ``studbook`` package.

Everything else about the build is in ``pyproject.toml``. The one thing it cannot say is "every folder
of this tree is a sub-package of ``studbook``": ``package-dir`` maps the root to ``studbook``, and
setuptools' own discovery only finds packages below a root, never the root's folders renamed. So the
package list is computed here, by walking the tree: a folder with a ``.py`` or ``.lark`` file in it is
shipped, whether or not it has an ``__init__.py``, unless it is one of the folders that are not part
of the library (``NOT_SHIPPED``). A new ``parsers/sites/`` is in the next wheel without anyone editing
a list; ``tests/test_packaging.py`` checks the built wheel against the tree.

A wheel also carries the hot modules compiled by mypyc (``COMPILED``), unless that cannot be done,
when it is the same package in pure Python.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

COMPILED = (
    "engine/replay.py",
    "engine/state.py",
    "engine/walk.py",
    "engine/steps.py",
    "engine/betting.py",
    "engine/pots.py",
    "engine/games.py",
    "engine/profiles.py",
    "engine/stakes.py",
    "engine/evaluate.py",
    "engine/evaluate_tables.py",
)
"""The modules a wheel carries compiled to C by mypyc, beside their sources (which stay the reference).

Why these: the replay's checks, the street ledger, the pot distribution and the evaluator run once per
action or per pot of every hand imported, as typed Python over the engine's own classes, whose
attribute reads and calls mypyc turns into C: the replay stage takes 45% fewer instructions (1,090M
-> 604M for 1,000 hands). Why not the others, measured the same way: the stat flags and the rows
work on dicts, model objects and module-level enum members, which compiled code reaches through the
generic protocols, and took 23% and 10% more; the parsers' time is in Lark's lexer and its regexes,
and their own half gained 13% of the parse but would need every site module compiled with them (a
module compiled by mypyc cannot be subclassed by one that is not); ``engine/model.py``'s frozen
classes are built by every parser, faster by ``direct_init`` than as compiled classes. All of them
compiled together (the model, flags, rows and equity, and every site module the parsers' base class
would force) took as many instructions an import as the engine alone (benchmarks/README.md, eighth
round). A compiled
module is used exactly as its source is: ``tests/test_compiled.py`` checks that the wheel gives the
same results, byte for byte."""

MYPYC_CONFIG = """[mypy]
check_untyped_defs = True
ignore_missing_imports = True
"""
"""What mypyc type-checks the compiled modules with. Not ``pyproject.toml``'s settings: they name
modules that are not compiled, a note mypyc fails on. And a missing import is no error: the isolated
build environment holds setuptools and mypy, not numpy or pyarrow, whose values the compiled code
then handles as any object, as it does pyarrow's anyway (it ships no types). The types are checked
in full by the project's own mypy run."""

PURE_ENV = "STUDBOOK_PURE_PYTHON"
"""Set (to anything) to build a pure-Python wheel: no compiler, no mypy, the same results."""

NOT_SHIPPED = frozenset({"tests", "benchmarks", "notebooks", "sample_data", "docs", "build", "dist"})
"""Top-level folders that are not library code: tests, benchmarks, worked examples, data, docs."""

CODE_SUFFIXES = (".py", ".lark")


def packages(root: Path = ROOT) -> list[str]:
    """``studbook`` and ``studbook.<dotted folder>`` for every folder below ``root`` holding code."""
    found = ["studbook"]
    for folder, subfolders, files in os.walk(root):
        here = Path(folder)
        # Prune what is never a package: hidden folders (.git, .venv, .ci), caches, build output, and
        # names that are not identifiers (studbook.egg-info).
        subfolders[:] = sorted(
            name
            for name in subfolders
            if name.isidentifier() and name != "__pycache__" and not (here == root and name in NOT_SHIPPED)
        )
        if here != root and any(name.endswith(CODE_SUFFIXES) for name in files):
            found.append("studbook." + ".".join(here.relative_to(root).parts))
    return found


class BuildPy(build_py):
    """``build_py`` that leaves this script out: the root folder is the ``studbook`` package, so without
    this ``setup.py`` would be installed as the module ``studbook.setup``."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if not (package == "studbook" and m[1] == "setup")]


def compiled_extensions() -> list[Extension]:
    """The mypyc extensions of ``COMPILED``, or none: for an editable install (whose modules must be
    the sources a developer edits, not a stale build), for commands that build no wheel (metadata,
    sdist), when ``STUDBOOK_PURE_PYTHON`` is set, or when mypyc is not importable (a build without
    isolation in an environment without mypy), in which case the package is built pure, with a
    warning. mypy names a module after the folders above it that hold an ``__init__.py``, and the
    checkout (or the unpacked sdist) can be called anything, so it is seen through a link named
    ``studbook`` in the build folder."""
    commands = set(sys.argv[1:])
    if os.environ.get(PURE_ENV) or "editable_wheel" in commands or not commands & {"bdist_wheel", "build", "build_ext"}:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print(f"studbook: mypyc is not installed, so the wheel is pure Python (set {PURE_ENV} to mean it)")
        return []
    source = ROOT / "build" / "mypyc-source"
    source.mkdir(parents=True, exist_ok=True)
    link = source / "studbook"
    if not link.is_symlink():
        link.symlink_to(ROOT, target_is_directory=True)
    config = source / "mypy.ini"
    config.write_text(MYPYC_CONFIG, encoding="utf-8")
    paths = [str(link / module) for module in COMPILED]
    try:
        return list(
            mypycify(
                ["--config-file", str(config), *paths], group_name="studbook", target_dir=str(ROOT / "build" / "mypyc")
            )
        )
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypyc exits on a type error of its mypy
        print(f"studbook: mypyc could not compile the hot modules ({error!r}); the wheel is pure Python")
        return []


class BuildExt(build_ext):
    """``build_ext`` that falls back to the pure package when the compiled modules cannot be built
    (no C compiler, no Python headers): their sources are in the wheel anyway, so the install works
    and is only slower. Any extension built before the failure is removed, since a module whose
    compiled half is missing would not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compiler failure means the same fallback
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.extensions = []
            print(
                f"studbook: the compiled modules could not be built ({str(error)[:200]}); the wheel is "
                "pure Python, with the same results and a slower replay. For the compiled one, install a "
                "C compiler and the Python headers (Debian: gcc, python3-dev) and build again."
            )


setup(
    cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
    ext_modules=compiled_extensions(),
    packages=packages(),
    package_dir={"studbook": "."},
    package_data={"": ["*.lark", "py.typed"]},
)
