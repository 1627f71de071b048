"""Package discovery for a repository whose root *is* the ``studbook`` package.

Everything else about the build is in ``pyproject.toml``. The one thing it cannot say is "every folder
of this tree is a sub-package of ``studbook``": ``package-dir`` maps the root to ``studbook``, and
setuptools' own discovery only finds packages below a root, never the root's folders renamed. So the
package list is computed here, by walking the tree: a folder with a ``.py`` or ``.lark`` file in it is
shipped, whether or not it has an ``__init__.py``, unless it is one of the folders that are not part
of the library (``NOT_SHIPPED``). A new ``parsers/sites/`` is in the next wheel without anyone editing
a list; ``tests/test_wheel.py`` checks the built wheel against the tree.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

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


setup(
    cmdclass={"build_py": BuildPy},
    packages=packages(),
    package_dir={"studbook": "."},
    package_data={"": ["*.lark", "py.typed"]},
)
