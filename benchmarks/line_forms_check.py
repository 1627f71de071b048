"""Read every hand-written line-form snippet with today's readers and say, per snippet, whether it is read.

The snippets in ``tests/data/line_forms/<site>/`` are the spellings the sites have printed (see
``docs/line-forms/``); many are not read yet, which is why they are data and not tests. This script
fills the ``read today`` column of ``tests/data/line_forms/MANIFEST.tsv``: a snippet is read when every
hand in it parses, with no line of a kind the reader does not know (such a hand may be kept, its chips adding
up without the line, but the line is not read), and replays with no rule broken, and, when its manifest row says it is a tournament
hand, is read as one (a tournament booked as money is misread, not read). ``--update`` rewrites that
column in place, so the manifest says what the readers of this checkout do, not what someone remembered.

    python benchmarks/line_forms_check.py [--update]
    python benchmarks/line_forms_check.py --docs   # line kinds per site page, as the README counts them

Each output row gives the snippet, ``yes``/``no``, and either the hands' game, stakes in hundredths,
every player's net and the rake the engine finds (a site that prints no rake gets no rake check, so a
snippet's chips are only right if that rake is what its author meant), or the first error (file line,
message): what a reader change has to turn into ``yes``.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import Counter
from pathlib import Path

from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file
from studbook.parsers.registry import profile_for

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "line_forms"
MANIFEST = ROOT / "MANIFEST.tsv"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "line-forms"
_CELL = re.compile(r"(?<!\\)\|")
_NOT_READ = re.compile(r"\bno\b|misread|ignored|silently|refused")


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
        if item.unknown_lines:  # kept, since its chips add up without them, but not read
            first = item.unknown_lines[0]
            return False, (
                f"kept with {len(item.unknown_lines)} line(s) studbook does not know, first at line {first.line} "
                f"[{first.text.strip()[:60]}]"
            )
        if tournament and item.tournament is None:
            return False, "misread: a tournament hand read as a cash or play-money hand"
        result = replay(item, profile_for(item))
        if result.violations:
            broken = result.violations[0]
            return False, f"read, but replay breaks {broken.rule}: {broken.message}"
        names = {seat.seat: seat.player for seat in item.seats}
        nets = " ".join(f"{names.get(seat, seat)}={int(net)}" for seat, net in sorted(result.net.items()))
        notes.append(f"{item.game.name} {int(item.small_bet)}/{int(item.big_bet)} {nets} rake={int(result.rake)}")
    return True, "; ".join(notes)


def doc_counts(page: Path) -> Counter[str]:
    """How many line kinds (table rows) a site's page lists under its "Line forms" / "Element forms"
    headings, by their last cell: every spelling read (``yes``), some (``partly``), none (``no``), or
    nothing to read or not checked (``n/a``). The README's summary table is this count."""
    counts: Counter[str] = Counter()
    for part in re.split(r"^## ", page.read_text(encoding="utf-8"), flags=re.M):
        if not part.startswith(("Line forms", "Element forms")):
            continue
        for line in part.splitlines():
            if not line.startswith("|") or line.startswith(("|---", "| line kind", "| element |")):
                continue
            cell = _CELL.split(line)[-2].lower()
            read, refused = "yes" in cell, bool(_NOT_READ.search(cell))
            counts["partly" if read and refused else "yes" if read else "no" if refused else "n/a"] += 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description="Read every line-form snippet with today's readers.")
    parser.add_argument("--update", action="store_true", help="rewrite the manifest's 'read today' column")
    parser.add_argument("--docs", action="store_true", help="count the line kinds of docs/line-forms instead")
    args = parser.parse_args()
    if args.docs:
        for page in sorted(DOCS.glob("*.md")):
            if page.name != "README.md":
                c = doc_counts(page)
                print(f"{page.stem}\t{c.total()}\t{c['yes']}\t{c['partly']}\t{c['no']}\t{c['n/a']}")
        return 0
    with MANIFEST.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    tournaments = {f"{row['site']}/{row['file']}" for row in rows if row["must produce"].startswith("tournament")}
    found = {
        name: verdict(path, name in tournaments)
        for path in sorted(p for p in ROOT.glob("*/*") if p.suffix in (".txt", ".xml"))
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
