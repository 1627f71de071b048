"""Every stat of every player, before and after a change: a digest to compare, and the hands that differ.

Not a speed benchmark: a check that a change to the engine, the flags or the rows leaves the stats where
they were (or moves only the ones it means to). ``run`` imports, into a fresh database, the whole real
corpus (every site under ``$STUDBOOK_CORPUS``) and simulated hands of every game (cash and sit-and-go,
2-8 players, a fixed seed), then prints the SHA-256 of ``studbook stats --format json --stat all --top 0``
(every stat's ``done`` and ``chances`` for every player) and keeps the database and the JSON:

    python benchmarks/stats_digest.py run --work /tmp/digest --name after [--hands 20000]

The simulated hands are written once as PokerStars text into ``WORK/simulated`` and read from there by
every later run (the files' own digest is printed), so that two builds whose simulators differ still
import the same hands. Run it under each build (an older checkout through ``PYTHONPATH``, say: the
studbook imported is printed), then ``compare`` names every stat whose counts moved, for which player,
and every ``hand_players`` column, ``hands.n_players`` and ``cards`` count that moved, with the hands
that show it:

    python benchmarks/stats_digest.py compare /tmp/digest before after

Both commands run the CLI with this interpreter (``python -m studbook.cli``), so the studbook they test
is the one this interpreter imports.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

SEED = 33
PLAYERS = (2, 8)
BY = ("--by", "site", "--by", "player")
"""One record per site and player: a name seen at two sites is two players."""
NUMBERS = frozenset({"done", "chances", "rate", "kind", "stat"})


def studbook_cli(*args: str) -> str:
    """The CLI's output, run with this interpreter (so with the studbook it imports)."""
    done = subprocess.run(
        [sys.executable, "-m", "studbook.cli", *args], check=True, capture_output=True, text=True, env=os.environ.copy()
    )
    return done.stdout


def write_simulated(folder: Path, hands: int) -> None:
    """``hands`` simulated hands of every game, half cash and half sit-and-go, as PokerStars files."""
    from studbook.engine.model import Game
    from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
    from studbook.parsers.detect import SITES_BY_ID

    stars = SITES_BY_ID["pokerstars"]
    assert stars.writer is not None
    folder.mkdir(parents=True)
    for game in Game:
        for kind, tournament in (("cash", None), ("tournament", TournamentSpec())):
            spec = TableSpec(
                games=(game,), players=PLAYERS, currency=stars.currency, tournament=tournament, profile=stars.profile
            )
            texts = [stars.writer(hand).strip() for hand in simulate(spec, hands // 2, seed=SEED)]
            (folder / f"{game}-{kind}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def run(work: Path, name: str, hands: int, workers: int) -> None:
    import studbook

    print(f"studbook from {Path(studbook.__file__).parent}")
    corpus = Path(os.environ.get("STUDBOOK_CORPUS", "")).resolve()
    if not corpus.is_dir():
        sys.exit("set STUDBOOK_CORPUS to the corpus folder (it holds fpdb/ and phh/)")
    simulated = work / "simulated"
    if not simulated.exists():
        started = time.perf_counter()
        write_simulated(simulated, hands)
        print(f"wrote {hands:,} simulated hands of every game in {time.perf_counter() - started:.0f} s")
    print(f"corpus {corpus}: {folder_digest(corpus)}; simulated {simulated}: {folder_digest(simulated)}")
    db = work / f"{name}.duckdb"
    db.unlink(missing_ok=True)
    started = time.perf_counter()
    studbook_cli("import", str(corpus), str(simulated), "--db", str(db), "--workers", str(workers), "--quiet")
    print(f"imported in {time.perf_counter() - started:.0f} s")
    out = studbook_cli(
        "stats", "--db", str(db), "--format", "json", "--stat", "all", "--top", "0", "--min-hands", "0", *BY
    )
    records = json.loads(out)
    text = json.dumps(records, sort_keys=True)
    (work / f"{name}.json").write_text(text, encoding="utf-8")
    print(f"{len(records):,} records; stats digest {hashlib.sha256(text.encode()).hexdigest()}")


def _stat_counts(path: Path) -> dict[tuple[str, str], tuple[object, object]]:
    """(the record's group, its stat) -> (done, chances) of a ``run``'s JSON."""
    found: dict[tuple[str, str], tuple[object, object]] = {}
    for r in json.loads(path.read_text(encoding="utf-8")):
        group = "/".join(str(v) for k, v in sorted(r.items()) if k not in NUMBERS)
        found[(group, str(r["stat"]))] = (r.get("done"), r.get("chances"))
    return found


def compare(work: Path, before: str, after: str, examples: int) -> int:
    import duckdb

    old, new = _stat_counts(work / f"{before}.json"), _stat_counts(work / f"{after}.json")
    moved = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    by_stat: dict[str, list[str]] = {}
    for player, stat in moved:
        by_stat.setdefault(stat, []).append(f"{player} {old.get((player, stat))} -> {new.get((player, stat))}")
    print(f"{len(old):,} (player, stat) counts before, {len(new):,} after; {len(moved):,} differ")
    for stat, changes in sorted(by_stat.items()):
        print(f"  {stat}: {len(changes)} players, e.g. {'; '.join(changes[:examples])}")
    con = duckdb.connect()
    con.execute(f"ATTACH '{work / (before + '.duckdb')}' AS b (READ_ONLY)")
    con.execute(f"ATTACH '{work / (after + '.duckdb')}' AS a (READ_ONLY)")
    columns = [
        r[0]
        for r in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_catalog = 'b' "
            "AND table_name = 'hand_players' ORDER BY ordinal_position"
        ).fetchall()
    ]
    after_columns = {
        r[0]
        for r in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_catalog = 'a' AND table_name = 'hand_players'"
        ).fetchall()
    }
    rows = con.execute(
        "SELECT count(*) FILTER (WHERE a.hand_id IS NULL), count(*) FILTER (WHERE b.hand_id IS NULL) "
        "FROM b.hand_players b FULL JOIN a.hand_players a USING (hand_id, seat)"
    ).fetchone()
    print(f"hand_players rows only before: {rows[0]}, only after: {rows[1]}")
    for kind, where in (("only before", "a.hand_id IS NULL"), ("only after", "b.hand_id IS NULL")):
        hit = con.execute(
            f"SELECT coalesce(b.hand_id, a.hand_id), coalesce(b.player, a.player) FROM b.hand_players b "
            f"FULL JOIN a.hand_players a USING (hand_id, seat) WHERE {where} ORDER BY 1 LIMIT {examples}"
        ).fetchall()
        if hit:
            print(f"  {kind}: {hit}")
    for column in columns:
        if column in ("hand_id", "seat") or column not in after_columns:
            continue
        found = con.execute(
            f"SELECT count(*), list(hand_id || ' ' || b.player || ': ' || coalesce(b.{column}::VARCHAR, 'NULL') "
            f"|| ' -> ' || coalesce(a.{column}::VARCHAR, 'NULL') ORDER BY hand_id)[1:{examples}] "
            f"FROM b.hand_players b JOIN a.hand_players a USING (hand_id, seat) "
            f"WHERE b.{column} IS DISTINCT FROM a.{column}"
        ).fetchone()
        if found[0]:
            print(f"  hand_players.{column}: {found[0]} rows, e.g. {found[1]}")
    for table, value in (("hands", "n_players"), ("hands", "n_violations")):
        found = con.execute(
            f"SELECT count(*), list(hand_id || ': ' || b.{value} || ' -> ' || a.{value} ORDER BY hand_id)[1:{examples}] "
            f"FROM b.{table} b JOIN a.{table} a USING (hand_id) WHERE b.{value} IS DISTINCT FROM a.{value}"
        ).fetchone()
        if found[0]:
            print(f"  {table}.{value}: {found[0]} hands, e.g. {found[1]}")
    found = con.execute(
        "WITH x AS (SELECT hand_id, count(*) n FROM b.cards GROUP BY 1), y AS (SELECT hand_id, count(*) n "
        "FROM a.cards GROUP BY 1) SELECT count(*), list(hand_id || ': ' || coalesce(x.n, 0) || ' -> ' || "
        f"coalesce(y.n, 0) ORDER BY hand_id)[1:{examples}] FROM x FULL JOIN y USING (hand_id) "
        "WHERE x.n IS DISTINCT FROM y.n"
    ).fetchone()
    if found[0]:
        print(f"  cards rows per hand: {found[0]} hands, e.g. {found[1]}")
    return 1 if moved else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="import the corpus and the simulated hands, print the stats' digest")
    r.add_argument("--work", type=Path, required=True, help="folder for the simulated files, databases and JSON")
    r.add_argument("--name", required=True, help="this run's name (its database and JSON are WORK/NAME.*)")
    r.add_argument("--hands", type=int, default=20000, help="simulated hands per game (default 20000)")
    r.add_argument("--workers", type=int, default=2)
    c = sub.add_parser("compare", help="the stats and rows that differ between two runs")
    c.add_argument("work", type=Path)
    c.add_argument("before")
    c.add_argument("after")
    c.add_argument("--examples", type=int, default=5, help="hands shown per difference (default 5)")
    args = parser.parse_args()
    if args.command == "run":
        args.work.mkdir(parents=True, exist_ok=True)
        run(args.work, args.name, args.hands, args.workers)
        return 0
    return compare(args.work, args.before, args.after, args.examples)


if __name__ == "__main__":
    sys.exit(main())
