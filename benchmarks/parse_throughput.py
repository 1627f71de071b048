"""PokerStars parsing throughput and peak memory, next to a bare regex baseline on the same file.

Builds a file of at least 20,000 stud hands (the real corpus hands repeated with fresh hand ids, or
``sample_data/`` when the corpus is absent), then in one run times

* the baseline: read the lines and classify each with one compiled regex alternation of the
  grammar's own line patterns (the practical floor of pure-Python text handling, ARCHITECTURE.md),
  counting hands at their headers: the same line recognition without Lark and without a Hand;
* studbook: ``parse_file`` (decode, split, Lark LALR parse, build every Hand), in this one process.

Rates are per CPU second of this process (``time.process_time``): on a shared machine that is what
"hands/s on one core" means; wall-clock rates are printed beside them. Peak memory is the process's peak resident set size after the parse; the file is written and read
hand by hand, so it shows what streaming costs. Run: ``python benchmarks/parse_throughput.py [N]``.
"""

from __future__ import annotations

import re
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

from studbook.engine.model import Hand
from studbook.parsers import parse_file, pokerstars
from studbook.parsers.detect import SITES_BY_ID
from studbook.parsers.reading import read_lines, split_hands

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "fpdb" / "Stars"
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
HAND_ID = re.compile(r"#\d+:")



def baseline_classifier() -> re.Pattern[str]:
    """One alternation of every line pattern of grammars/pokerstars.lark, highest priority first."""
    terminals = sorted(pokerstars._grammar().lark.terminals, key=lambda t: -t.priority)
    header = SITES_BY_ID["pokerstars"].hand_header.pattern
    return re.compile("|".join([f"(?P<HEADER>{header})"] + [f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals]))


def stud_hand_texts() -> list[str]:
    """The text of every stud-family hand that parses, from the corpus or else from sample_data."""
    files = [f for f in sorted(CORPUS.glob("*.txt")) if f.name not in SYNTHETIC] if CORPUS.is_dir() else []
    if not files:
        files = sorted((REPO / "sample_data").rglob("*.txt"))
    texts = []
    for path in files:
        blocks = split_hands(read_lines(path), SITES_BY_ID["pokerstars"].starts_hand)
        for block, result in zip(blocks, parse_file(path)):
            if isinstance(result, Hand):
                texts.append("\n".join(block.lines))
    if not texts:
        sys.exit("no PokerStars stud hands found in the corpus or sample_data/")
    return texts


def write_hands(path: Path, texts: list[str], count: int) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            f.write(HAND_ID.sub(f"#{9_000_000_000 + i}:", texts[i % len(texts)], count=1))
            f.write("\n\n\n")


def baseline(path: Path, classifier: re.Pattern[str]) -> int:
    hands = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = classifier.match(line)
            if m is not None and m.lastgroup == "HEADER":
                hands += 1
    return hands


def parse_all(path: Path) -> Iterator[Hand]:
    for result in parse_file(path):
        if not isinstance(result, Hand):
            raise SystemExit(f"unexpected result: {result}")
        yield result


def main(count: int = 20_000) -> None:
    texts = stud_hand_texts()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        write_hands(path, texts, count)
        size = path.stat().st_size
        classifier = baseline_classifier()
        w0, t0 = time.perf_counter(), time.process_time()
        base_hands = baseline(path, classifier)
        w1, t1 = time.perf_counter(), time.process_time()
        parsed = sum(1 for _ in parse_all(path))
        w2, t2 = time.perf_counter(), time.process_time()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert base_hands == parsed == count, (base_hands, parsed, count)
    base_rate, rate = count / (t1 - t0), count / (t2 - t1)
    print(f"{count} hands ({len(texts)} distinct), {size / 1e6:.1f} MB of text; rates per CPU second of"
          f" this one process (wall-clock rates, which other processes on the machine disturb, in brackets)")
    print(f"baseline regex line classifier:  {base_rate:8,.0f} hands/s  [{count / (w1 - w0):8,.0f}]")
    print(f"studbook parse_file (Lark LALR): {rate:8,.0f} hands/s  [{count / (w2 - w1):8,.0f}]"
          f"  = {base_rate / rate:.2f}x the baseline's time")
    print(f"peak resident memory: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
