"""PokerStars parsing throughput and peak memory, next to a bare regex baseline on the same text (issue #2).

Builds a file of at least 20,000 stud hands (the real corpus hands repeated with fresh hand ids, or
``sample_data/`` when the corpus is absent), then in one process times

* the baseline, a bare regex line classifier: read the file line by line with Python's own text
  reader and match every line against one compiled alternation of a pattern per PokerStars line kind
  (header, table, seat, ante, street, deal, each betting and showdown line, summary lines, chat and
  table noise), counting hands at their headers. Every line is recognised as the parser's lexer has
  to recognise it, and nothing more: no fields, no order, no Hand. That is the floor of pure-Python
  text handling issue #2 compares against. (docs/architecture.md quotes ~5,000 hands/s for a classifier;
  this one is ~3x faster, and ~10% faster than the first grammar's terminals in Lark's order, which
  makes the goal stricter, not easier.) Its patterns are fixed here, one per line kind as the first
  grammar had them, rather than read from parsers/sites/pokerstars/grammar.lark: a baseline that followed the
  grammar would move with what it measures (while the parser was sped up, a classifier built from the
  grammar's terminals went from ~13,000 hands/s to ~7,000 and back to ~15,000);
* studbook: ``parse_file`` (decode, split, header regex, Lark LALR parse, build every Hand).

Each is run ``repeat`` times and its fastest run counts. Rates are hands per CPU second of this
process (``time.process_time``): on a shared machine that is what "hands/s on one core" means, and
other processes barely disturb it; wall-clock rates are printed beside them. Peak memory is the
process's peak resident set size at the end (the file is written and parsed hand by hand, so it shows
what streaming costs). Run: ``python benchmarks/parse_throughput.py [HANDS] [REPEAT]``.

Every other site: ``python benchmarks/parse_throughput.py HANDS REPEAT --site SITE [--game GAME]``
simulates the hands (engine/simulate.py, stud8 unless ``--game``), writes them once in the site's format
(its registry writer) and once as PokerStars text, and times the same baseline over the PokerStars text
beside ``parse_file`` over the site's text: the same hands, the same floor, so the ratios of the sites
compare. ``--site pokerstars`` does the same for PokerStars on simulated hands.
"""

from __future__ import annotations

import argparse
import re
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from studbook.engine.model import Game, Hand
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_file
from studbook.parsers.detect import SITES_BY_ID
from studbook.parsers.reading import read_lines, split_hands
from studbook.parsers.registry import get_profile

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "fpdb" / "Stars"
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
HAND_ID = re.compile(r"#\d+:")
GOAL_RATIO, GOAL_RATE = 3.0, 2_000

_M = r"[$€£]?[\d,.]+"
LINE_KINDS: tuple[tuple[str, str], ...] = (
    ("HEADER", r"(?i:PokerStars) [^\n]*\n"),
    ("TABLE", r"Table '[^\n]*\n"),
    ("SEAT", rf"Seat \d+: [^\n]+? \({_M} in chips[^\n]*\n"),
    ("ANTE", rf"[^\n]+?: posts the ante {_M}(?: and is all-in)?\n"),
    ("STREET", r"\*\*\* (?:3rd|4th|5th|6th) STREET \*\*\*\n"),
    ("RIVER", r"\*\*\* RIVER \*\*\*(?: \[[^\]\n]*\])?\n"),
    ("DEAL", r"Dealt to [^\n]+\]\n"),
    ("BRING_IN", rf"[^\n]+?: brings in for {_M}(?: and is all-in)?\n"),
    ("BET", rf"[^\n]+?: bets {_M}(?: and is all-in)?\n"),
    ("CALL", rf"[^\n]+?: calls {_M}(?: and is all-in)?\n"),
    ("RAISE", rf"[^\n]+?: raises {_M} to {_M}(?: and is all-in)?\n"),
    ("CHECK", r"[^\n]+?: checks\n"),
    ("FOLD", r"[^\n]+?: folds(?: \[[^\]\n]*\])?\n"),
    ("UNCALLED", rf"Uncalled bet \({_M}\) returned to [^\n]+\n"),
    ("MARKER", r"(?:Pair on board - a double bet is allowed|Betting is capped|No low hand qualified)\n"),
    ("SHOWDOWN", r"\*\*\* SHOW DOWN \*\*\*\n"),
    ("SHOWS", r"[^\n]+?: shows \[[^\]\n]*\](?: \([^\n]*\))?\n"),
    ("MUCKS", r"[^\n]+?: (?:mucks hand|doesn't show hand)\n"),
    ("COLLECT", rf"[^\n]+? collected {_M} from (?:main |side )?pot(?:-\d+)?\n"),
    ("SUMMARY", r"\*\*\* SUMMARY \*\*\*\n"),
    ("TOTAL", rf"Total pot {_M}[^\n]*\| Rake {_M}[^\n]*\n"),
    ("BOARD", r"Board \[[^\]\n]*\]\n"),
    ("SUMMARY_SEAT", r"Seat \d+: [^\n]*\n"),
    ("CHAT", r'[^\n]+? said, "[^\n]*"\n'),
    (
        "NOISE",
        r"[^\n]+? (?:joins the table at seat #\d+|leaves the table|is connected|is disconnected|has returned"
        r"|has timed out(?: while disconnected| while being disconnected)?|is sitting out|sits out"
        r"|was removed from the table(?: for failing to post)?|will be allowed to play after the button"
        r"|finished the tournament[^\n]*|wins the tournament[^\n]*|re-buys and receives [^\n]*"
        r"|takes the add-on and receives [^\n]*)\n",
    ),
)
"""The baseline's line kinds, in the order a hand prints them (see the module docstring)."""
CLASSIFIER = re.compile("|".join(f"(?P<{kind}>{pattern})" for kind, pattern in LINE_KINDS))


def stud_hand_texts() -> tuple[str, list[str]]:
    """Where the hands come from, and the text of every stud-family hand there that parses."""
    files = [f for f in sorted(CORPUS.glob("*.txt")) if f.name not in SYNTHETIC] if CORPUS.is_dir() else []
    source = f"the real corpus ({CORPUS})"
    if not files:
        files, source = sorted((REPO / "sample_data").rglob("*.txt")), "sample_data/ (no corpus found)"
    texts = []
    for path in files:
        blocks = split_hands(read_lines(path), SITES_BY_ID["pokerstars"].starts_hand)
        for block, result in zip(blocks, parse_file(path)):
            if isinstance(result, Hand):
                texts.append("\n".join(block.lines))
    if not texts:
        sys.exit("no PokerStars stud hands found in the corpus or sample_data/")
    return source, texts


def write_hands(path: Path, texts: list[str], count: int) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            f.write(HAND_ID.sub(f"#{9_000_000_000 + i}:", texts[i % len(texts)], count=1))
            f.write("\n\n\n")


def baseline(path: Path) -> int:
    """Hands in the file, every line classified by the bare regex classifier."""
    hands = 0
    match = CLASSIFIER.match
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = match(line)
            if m is not None and m.lastgroup == "HEADER":
                hands += 1
    return hands


def studbook(path: Path) -> int:
    """Hands in the file, every one parsed into a Hand by parse_file."""
    hands = 0
    for result in parse_file(path):
        if not isinstance(result, Hand):
            raise SystemExit(f"unexpected result: {result}")
        hands += 1
    return hands


def fastest(run: Callable[[Path], int], path: Path, repeat: int) -> tuple[int, float, float]:
    """Hands counted, and the least CPU and wall-clock seconds of ``repeat`` runs."""
    cpu = wall = float("inf")
    hands = 0
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        hands = run(path)
        cpu, wall = min(cpu, time.process_time() - c0), min(wall, time.perf_counter() - w0)
    return hands, cpu, wall


def simulated_files(folder: Path, site: str, game: Game, count: int) -> tuple[Path, Path, int]:
    """The same simulated hands written as ``site`` text and as PokerStars text (for the baseline), and
    how many: a hand the site's format cannot express (a community card on Bovada) is left out of both."""
    writer = SITES_BY_ID[site]
    stars = SITES_BY_ID["pokerstars"]
    if writer.writer is None or stars.writer is None:
        sys.exit(f"studbook has no writer for {site}: its parse throughput needs one to make the text")
    texts: list[tuple[str, str]] = []
    spec = TableSpec(
        games=(game,), players=(2, 8), currency=writer.currency, profile=get_profile("pokerstars")
    )  # Winamax writes euros only
    for hand in simulate(spec, count, seed=2026):
        try:
            texts.append((writer.writer(hand), stars.writer(hand)))
        except ValueError:
            continue
    paths = folder / f"hands.{site}.txt", folder / "hands.pokerstars.txt"
    for path, spec, column in zip(paths, (writer, stars), (0, 1)):
        with open(path, "w", encoding="utf-8") as f:
            for pair in texts:
                f.write(pair[column])
                f.write(spec.hand_separator)
    return paths[0], paths[1], len(texts)


def main_site(count: int, repeat: int, site: str, game: Game) -> None:
    """Parse throughput of ``site`` on simulated hands, beside the baseline on the same hands' PS text."""
    with tempfile.TemporaryDirectory() as tmp:
        site_path, stars_path, count = simulated_files(Path(tmp), site, game, count)
        size = site_path.stat().st_size
        base_hands, base_cpu, base_wall = fastest(baseline, stars_path, repeat)
        hands, cpu, wall = fastest(studbook, site_path, repeat)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert base_hands == hands == count, (base_hands, hands, count)
    print(
        f"{SITES_BY_ID[site].name}: {count:,} simulated {game.value} hands (seed 2026, 2-8 players), "
        f"{size / 1e6:.1f} MB of {site} text; fastest of {repeat} runs; hands per CPU second [wall]"
    )
    print(
        f"  baseline, bare regex line classifier on the same hands' PokerStars text: "
        f"{count / base_cpu:9,.0f} hands/s  [{count / base_wall:9,.0f}]"
    )
    print(f"  studbook parse_file on the {site} text:  {count / cpu:9,.0f} hands/s  [{count / wall:9,.0f}]")
    print(f"  ratio: parse_file takes {cpu / base_cpu:.2f}x the baseline's CPU time per hand")
    print(f"peak resident memory of this process: {peak_mb:.0f} MB")


def main(count: int = 20_000, repeat: int = 3) -> None:
    source, texts = stud_hand_texts()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        write_hands(path, texts, count)
        size = path.stat().st_size
        base_hands, base_cpu, base_wall = fastest(baseline, path, repeat)
        hands, cpu, wall = fastest(studbook, path, repeat)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert base_hands == hands == count, (base_hands, hands, count)
    rate, ratio = count / cpu, cpu / base_cpu
    print(
        f"hands: {count:,} ({len(texts)} distinct PokerStars stud hands from {source}, repeated with"
        f" fresh ids), {size / 1e6:.1f} MB of text"
    )
    print(
        f"fastest of {repeat} runs each; hands per CPU second of this process [per wall-clock second,"
        f" which other processes on the machine disturb]"
    )
    print(f"  baseline, bare regex line classifier: {count / base_cpu:9,.0f} hands/s  [{count / base_wall:9,.0f}]")
    print(f"  studbook parse_file (Lark LALR):      {rate:9,.0f} hands/s  [{count / wall:9,.0f}]")
    print(
        f"  ratio: parse_file takes {ratio:.2f}x the baseline's CPU time per hand"
        f" (goal: within {GOAL_RATIO:.0f}x, and at least {GOAL_RATE:,} hands/s:"
        f" {'met' if ratio <= GOAL_RATIO and rate >= GOAL_RATE else 'NOT met'})"
    )
    print(f"peak resident memory of this process: {peak_mb:.0f} MB")


if __name__ == "__main__":
    cli = argparse.ArgumentParser(description="Parse throughput beside a bare regex line classifier.")
    cli.add_argument("hands", nargs="?", type=int, default=20_000)
    cli.add_argument("repeat", nargs="?", type=int, default=3)
    cli.add_argument(
        "--site",
        help="a site with a writer: simulated hands in its format (default: the "
        "real PokerStars corpus hands, repeated)",
    )
    cli.add_argument("--game", default="stud8", choices=[g.value for g in Game])
    args = cli.parse_args()
    if args.site:
        main_site(args.hands, args.repeat, args.site, Game(args.game))
    else:
        main(args.hands, args.repeat)
