"""studbook: import, audit and chart Seven Card Stud, Stud Hi/Lo and Razz hand histories."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.1.0"


def compiled_modules() -> tuple[str, ...]:
    """The package's modules installed compiled (by mypyc, from a wheel: see setup.py's ``COMPILED``),
    by dotted name; empty for the pure package (an editable install, or a build that could not
    compile). What ``studbook --version`` and the benchmarks print, since speed differs and results
    do not."""
    root = Path(__file__).parent
    # The sub-packages only, not the whole tree: a checkout used as an editable install may hold a
    # virtual environment full of other packages' extensions.
    folders = [p for p in root.iterdir() if (p / "__init__.py").is_file()]
    stems = {
        (folder.name, path.name.split(".", 1)[0])
        for folder in folders
        for suffix in EXTENSION_SUFFIXES
        for path in folder.glob("*" + suffix)
    }
    return tuple(sorted(f"studbook.{name}.{stem}" for name, stem in stems if (root / name / f"{stem}.py").is_file()))
