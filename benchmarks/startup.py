"""Start-up of the ``studbook`` command: how long a user waits before a command does anything.

Run: ``python benchmarks/startup.py [--runs N] [--before CHECKOUT] [--importtime]``.

Each command runs once untimed (which writes its modules' bytecode, as an installed package has it),
then ``--runs`` times (default 7) in a fresh interpreter; the best wall time and the best
processor time (user + system, of the child process: what the machine's other jobs do not inflate as
much) are printed beside the baseline measured in the same run, ``python -c pass``, which is the
interpreter's own start (and the site packages' ``.pth`` files). The commands: ``import studbook.cli``,
``studbook --version``, ``studbook --help``, ``studbook stats --help`` and ``studbook stats`` on the
sample database (``sample_data/`` imported into a temporary file first, not timed).

``--before CHECKOUT`` times a second checkout of studbook (e.g. ``git worktree add /tmp/before main``)
in the same run, each command of it right after the same command of this one, so that both see the
same load: the figures before and after a change, side by side. A checkout is imported as ``studbook``
through a folder holding a symbolic link of that name, put first on ``PYTHONPATH``.

``--importtime`` adds, for ``studbook --version`` and ``studbook stats``, the ten imports that cost the
most (``python -X importtime``, cumulative microseconds), so that a slow start names its cause.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class Timing:
    """The best wall and processor seconds of one command over its runs."""

    wall: float
    cpu: float


def run_once(argv: list[str], env: dict[str, str]) -> Timing:
    """One run of ``argv``: wall seconds and the child's user + system seconds (from ``wait4``)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({child.returncode}): {error[-2000:]}")
    return Timing(wall, usage.ru_utime + usage.ru_stime)


def best(argv: list[str], env: dict[str, str], runs: int) -> Timing:
    run_once(argv, env)  # untimed: writes the bytecode of what the command imports
    timings = [run_once(argv, env) for _ in range(runs)]
    return Timing(min(t.wall for t in timings), min(t.cpu for t in timings))


def checkout_env(checkout: Path | None, links: Path) -> dict[str, str]:
    """The environment that imports ``checkout`` as ``studbook`` (None: the installed one, this tree)."""
    # Bytecode is written and used, as an installed package has it: without it (PYTHONDONTWRITEBYTECODE,
    # set on some build machines) every run compiles every module it imports, a tenth of a second more.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    if checkout is not None:
        folder = links / checkout.name
        folder.mkdir(parents=True, exist_ok=True)
        link = folder / "studbook"
        if not link.exists():
            link.symlink_to(checkout.resolve())
        env["PYTHONPATH"] = str(folder)
    return env


def imported_from(env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "import studbook; print(studbook.__file__)"], env=env, capture_output=True, text=True
    )
    return done.stdout.strip() or done.stderr.strip()[-300:]


def heaviest_imports(argv: list[str], env: dict[str, str], count: int = 10) -> list[tuple[int, str]]:
    """The ``count`` imports of ``argv`` with the largest cumulative time (microseconds), top-level
    packages and studbook modules only, so that numpy's hundred sub-modules do not fill the list."""
    done = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    found = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (part.strip() for part in line.removeprefix("import time:").split("|"))
        if not cumulative.isdigit():
            continue
        if name.startswith("studbook.") or "." not in name:
            found.append((int(cumulative), name))
    return sorted(found, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command; the best is kept (default 7)")
    parser.add_argument("--before", type=Path, help="another checkout of studbook, timed beside this one")
    parser.add_argument("--importtime", action="store_true", help="list the costliest imports of two commands")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        links = Path(tmp) / "links"
        trees: list[tuple[str, dict[str, str]]] = [("this checkout", checkout_env(None, links))]
        if args.before is not None:
            trees.insert(0, ("before", checkout_env(args.before, links)))
        db = Path(tmp) / "sample.duckdb"
        subprocess.run(
            [sys.executable, "-m", "studbook.cli", "import", str(HERE / "sample_data"), "--db", str(db), "--quiet"],
            env=trees[-1][1],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        py = sys.executable
        commands = [
            ("import studbook.cli", [py, "-c", "import studbook.cli"]),
            ("studbook --version", [py, "-m", "studbook.cli", "--version"]),
            ("studbook --help", [py, "-m", "studbook.cli", "--help"]),
            ("studbook stats --help", [py, "-m", "studbook.cli", "stats", "--help"]),
            ("studbook stats (sample db)", [py, "-m", "studbook.cli", "stats", "--db", str(db)]),
        ]
        for name, env in trees:
            print(f"{name}: studbook from {imported_from(env)}")
        print(
            f"python {sys.version.split()[0]}, {args.runs} runs each, best kept; load average {os.getloadavg()[0]:.1f}"
        )
        print()
        baseline = best([py, "-c", "pass"], trees[-1][1], args.runs)
        print(f"{'command':<28} {'tree':<14} {'wall s':>7} {'cpu s':>7} {'cpu / baseline':>15}")
        print(f"{'python -c pass (baseline)':<28} {'':<14} {baseline.wall:7.3f} {baseline.cpu:7.3f} {1:15.1f}")
        for label, argv in commands:
            for name, env in trees:
                t = best(argv, env, args.runs)
                print(f"{label:<28} {name:<14} {t.wall:7.3f} {t.cpu:7.3f} {t.cpu / baseline.cpu:15.1f}")
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
        if args.importtime:
            for label, argv in (commands[1], commands[4]):
                for name, env in trees:
                    print(f"\n{label}, {name}: the costliest imports (cumulative ms)")
                    for micros, module in heaviest_imports(argv, env):
                        print(f"  {micros / 1000:8.1f}  {module}")


if __name__ == "__main__":
    main()
