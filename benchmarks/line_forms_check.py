"""Read every hand-written line-form snippet with today's readers and say, per snippet, whether it is read.

The snippets in ``tests/data/line_forms/<site>/`` are the spellings the sites have printed (see
``docs/line-forms/``); many are not read yet, which is why they are data and not tests. This script is
how the ``read today`` column of ``tests/data/line_forms/MANIFEST.tsv`` is filled: a snippet is read when
every hand in it parses and replays with no rule broken (and, when its manifest row says it is a
tournament hand, is read as one: a tournament booked as money is misread, not read). With ``--update`` it rewrites that column in
place, so the manifest says what the readers of the checkout it ran in do, not what someone remembered.

    python benchmarks/line_forms_check.py [--update]

Each output row gives the snippet, ``yes``/``no``, and either the hands' game, stakes in hundredths and
every player's net and the rake the engine finds (a site that prints no rake gets no rake check, so
a snippet's chips are only right if the rake is what its author meant), or the first error (file line, message) — what a reader change has to turn into
``yes``.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "line_forms"
MANIFEST = ROOT / "MANIFEST.tsv"


def verdict(path: Path, tournament: bool = False) -> tuple[bool, str]:
    """Whether every hand of ``path`` is read and replays cleanly, and what was read or what failed.
    ``tournament``: the snippet is a tournament hand, so a hand read without its tournament is misread
    (its chips would be booked as money), not read."""
    results = list(parse_file(path))
    if not results:
        return False, "no hand found"
    notes: list[str] = []
    for item in results:
        if isinstance(item, ParseError):
            return False, f"line {item.line}: {item.message} [{item.text.strip()[:60]}]"
        if isinstance(item, NotStudHand):
            return False, f"not a stud hand: {item}"
        assert isinstance(item, Hand)
        if tournament and item.tournament is None:
            return False, "misread: a tournament hand read as a cash or play-money hand"
        result = replay(item)
        if result.violations:
            first = result.violations[0]
            return False, f"read, but replay breaks {first.rule}: {first.message}"
        names = {seat.seat: seat.player for seat in item.seats}
        nets = " ".join(f"{names.get(seat, seat)}={int(net)}" for seat, net in sorted(result.net.items()))
        notes.append(f"{item.game.name} {int(item.small_bet)}/{int(item.big_bet)} {nets} rake={int(result.rake)}")
    return True, "; ".join(notes)


def main() -> int:
    parser = argparse.ArgumentParser(description="Read every line-form snippet with today's readers.")
    parser.add_argument("--update", action="store_true", help="rewrite the manifest's 'read today' column")
    args = parser.parse_args()
    with MANIFEST.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    tournaments = {f"{row['site']}/{row['file']}" for row in rows if row["must produce"].startswith("tournament")}
    found = {
        name: verdict(path, name in tournaments)
        for path in sorted(ROOT.glob("*/*.txt"))
        for name in [str(path.relative_to(ROOT))]
    }
    for name, (ok, note) in found.items():
        print(f"{name}\t{'yes' if ok else 'no'}\t{note}")
    if args.update:
        fields = list(rows[0].keys()) if rows else []
        for row in rows:
            ok, _ = found.get(f"{row['site']}/{row['file']}", (False, ""))
            row["read today"] = "yes" if ok else "no"
        with MANIFEST.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields, delimiter="\t", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
