"""What a compiled build must reproduce exactly: run as a script by ``test_compiled.py``, once with the
package's sources and once with the modules a wheel compiles (setup.py's ``COMPILED``), it prints one
line per item (section, item, SHA-256 of its repr) of everything those modules decide:

- every hand of the real corpus (when present) and of ``sample_data/``, replayed under its own profile,
  its stat flags, and the rows of every table built from them, 200 hands a batch as the import does;
- simulated hands of every game, tables of 2 to 8 and all-ins among them, replayed under every rule
  profile, with their flags and rows;
- every planted fault of the mutation suites' operators (``mutations.py``) in the first simulated hands
  of each game, replayed: the violations found, with their rule ids, lines and amounts.

Hands are keyed by their site hand id (and the profile), so the test can say which one differs. A
line of ``modules`` says which of the package's modules were loaded from a compiled extension, and one
of ``package`` what ``studbook.compiled_modules`` says of them; every engine module is imported before
that line, since the readers import the ones they use only when a file of their site is read.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import pickle
import pkgutil
import sys
from pathlib import Path
from typing import Iterator, Sequence

from mutations import OPERATORS  # this script's folder is first on the path

import studbook
from studbook.analytics.flags import player_flags
from studbook.analytics.rows import hand_batches
from studbook.engine.model import Game, Hand
from studbook.engine.replay import ReplayResult, replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_file
from studbook.pipeline.importer import discover
from studbook.parsers.registry import get_profile, profile_for, profiles

ROW_HANDS = 200
SIMULATED = 80
"""Simulated hands per game: every one replayed under each of the 15 profiles."""
MUTATED_SEEDS = 4
"""Simulated hands per game whose every mutant is replayed."""


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:20]


def hand_lines(section: str, hands: Sequence[Hand], results: Sequence[ReplayResult]) -> Iterator[str]:
    """A line for each hand's replay and flags, and one for each batch of rows; and whether the first
    result survives a pickle (a compiled class pickles through ``direct_init``'s ``__reduce__``)."""
    if results:
        yield f"{section}\tpickled\t{pickle.loads(pickle.dumps(results[0])) == results[0]}"
    for hand, result in zip(hands, results):
        yield f"{section}\treplay {hand.site_hand_id}\t{digest(result)}"
        yield f"{section}\tflags {hand.site_hand_id}\t{digest(player_flags(hand, result))}"
    pairs = list(zip(hands, results))
    for start in range(0, len(pairs), ROW_HANDS):
        for table, batch in hand_batches(pairs[start : start + ROW_HANDS]).items():
            yield f"{section}\trows {start} {table}\t{digest(batch.to_pylist())}"


def parsed(folder: Path) -> list[Hand]:
    """Every hand of the files an import of ``folder`` would read."""
    paths, _ = discover([folder])
    return [r for path in paths for r in parse_file(path) if isinstance(r, Hand)]


def simulated(game: Game, seed: int) -> list[Hand]:
    return list(
        simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), SIMULATED, seed=seed)
    )


def lines(corpus: Path | None, sample_data: Path) -> Iterator[str]:
    for module in pkgutil.iter_modules(studbook.engine.__path__, "studbook.engine."):
        importlib.import_module(module.name)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    loaded = sorted(
        n
        for n, m in sys.modules.items()
        if n.startswith("studbook.") and str(getattr(m, "__file__", "")).endswith(suffixes)
    )
    yield f"modules\tcompiled\t{' '.join(loaded) or '-'}"
    yield f"package\tcompiled_modules\t{' '.join(studbook.compiled_modules()) or '-'}"
    sources = [("sample", sample_data)] + ([("corpus", corpus)] if corpus is not None else [])
    for section, folder in sources:
        hands = parsed(folder)
        yield from hand_lines(section, hands, [replay(h, profile_for(h)) for h in hands])
    for seed, game in enumerate(Game, start=20261202):
        hands = simulated(game, seed)
        for name, profile in profiles().items():
            yield from hand_lines(f"simulated {game.value} {name}", hands, [replay(h, profile) for h in hands])
        for original in hands[:MUTATED_SEEDS]:
            for kind, operator in OPERATORS.items():
                for number, mutant in enumerate(operator(original)):
                    result = replay(mutant.hand, profile_for(mutant.hand))
                    yield f"mutants\t{kind} {original.site_hand_id} {number}\t{digest(result.violations)}"


def main(argv: list[str]) -> int:
    corpus = Path(argv[1]) if len(argv) > 1 and argv[1] != "-" else None
    sample_data = Path(argv[2]) if len(argv) > 2 else Path(studbook.__file__).parent / "sample_data"
    for line in lines(corpus, sample_data):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
