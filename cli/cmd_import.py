"""``studbook import``: read hand histories into the database, auditing every hand on the way."""

from __future__ import annotations

import argparse
import os
import sys

from typing import TYPE_CHECKING

from .app import (
    NOTHING_READABLE,
    Command,
    add_db_option,
    add_paths_argument,
    add_profile_option,
    add_site_timezone_option,
    add_workers_option,
    fail,
    hand_files,
    site_zones,
)

if TYPE_CHECKING:
    from ..pipeline.importer import ImportSummary
    from .progress import Progress

INTERRUPTED = 130
"""The shell's usual status for a program stopped by Ctrl-C."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_paths_argument(parser)
    add_db_option(parser)
    add_workers_option(parser)
    add_profile_option(parser)
    add_site_timezone_option(parser)
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="read the files on a Dask cluster and write a Parquet dataset into the folder --db names: "
        "'local' starts one of --workers processes here, tcp://host:8786 uses a running scheduler "
        "(needs pip install 'studbook[distributed]'; see docs/distributed.md)",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar (it shows bytes read, hands stored and the time left; it is also "
        "off when the output is not a terminal)",
    )
    watch = parser.add_argument_group(
        "watch mode",
        "--watch keeps importing the files of the folders given while your poker client writes\n"
        "them. A hand is stored once the next hand starts after it, or once its file has been quiet\n"
        "for --settle seconds and it reads without error; a half-written hand waits. Each part of a\n"
        "file is stored whole or not at all: Ctrl-C (or SIGTERM) stops cleanly with nothing half\n"
        "stored, prints a summary and exits with 0. A later 'studbook import' of the same folder\n"
        "changes nothing. The status line shows the hands imported, the files watched, the net won\n"
        "by the hero (--hero) and the hands that broke a rule since the watch started. Meanwhile\n"
        "stats, replay, report, chart, export and the Python API read the same database: the watch\n"
        "holds it only while it stores a part, and a reader waits for that part, never seeing half.\n"
        "--page writes a live session page that reloads itself in the browser.",
    )
    watch.add_argument("--watch", action="store_true", help="keep watching the folders for new and growing files")
    watch.add_argument("--interval", type=float, default=1.0, metavar="SECONDS", help="how often to look (default: 1)")
    watch.add_argument(
        "--settle",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="quiet time after which a file's last hand counts as complete (default: 3)",
    )
    watch.add_argument(
        "--page",
        metavar="FILE.html",
        help="keep a live session page in FILE.html, rewritten after every hand stored and reloading "
        "itself every 3 s: the hero's session (net, BB/100, winnings chart, biggest pots, all-in luck, "
        "rule violations), the opponents at his tables with their stats, the last hands with their "
        "replays; open it from disk in any browser",
    )
    watch.add_argument(
        "--hero",
        metavar="NAME",
        help="whose net won the status line shows (default: the player whose own down cards are known)",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook import ~/HandHistories                   every file in the folder and below, into studbook.duckdb\n"
        "  studbook import sample_data/razz-0.50-1-2to8.txt --db razz.duckdb   one file into another database\n"
        "  studbook import ~/HandHistories --profile rrop    judge the hands by Robert's Rules of Poker\n"
        "  studbook import ~/HH --dask local --db hands/     on a local Dask cluster, into a Parquet dataset\n"
        "  studbook import --watch ~/HandHistories           import hands as they are played (Ctrl-C stops)\n"
        "  studbook import --watch ~/HH --page live.html     ... and keep a live session page to look at"
    )


def run(args: argparse.Namespace) -> int:
    from ..analytics.dataset import is_dataset
    from ..api import StoreError, open_database
    from ..pipeline.importer import default_workers
    from .progress import Progress

    if args.page and not args.watch:
        return fail("--page is the live page of a watch: add --watch (and the folders your client writes to)")
    if args.watch:
        if args.dask or is_dataset(args.db):
            return fail("--watch imports into a database file (--db FILE.duckdb), not a Parquet dataset")
        from .watching import run_watch

        return run_watch(args)
    if not args.dask and is_dataset(args.db):
        return fail(f"{args.db} is a folder: a Parquet dataset is written with --dask (local or a scheduler's address)")
    given = hand_files(args.paths)
    if isinstance(given, int):
        return given
    files = [str(f) for f in given.files]
    progress = Progress(enabled=False) if args.quiet else Progress()
    summary: ImportSummary | int
    if args.dask:
        summary = _run_on_dask(args, files, progress)
    else:
        new_database = not os.path.lexists(args.db)
        try:
            db = open_database(args.db)
        except StoreError as exc:
            return fail(str(exc))
        with db:
            try:
                summary = db.import_files(
                    files,
                    workers=args.workers or default_workers(),
                    profile=args.profile,
                    progress=progress,
                    site_timezones=site_zones(args),
                )
            except KeyboardInterrupt:
                summary = _interrupted(progress, "the one being written was left out")
        if new_database and not isinstance(summary, int) and summary.nothing_read:
            _remove_database(args.db)  # made by this command, and it holds nothing
    if isinstance(summary, int):
        return summary
    if summary.nothing_read:
        for problem in summary.problems:
            print(f"studbook: error: {problem}", file=sys.stderr)
        if not summary.problems:
            print("studbook: error: nothing to read: no file given holds a hand history", file=sys.stderr)
        return NOTHING_READABLE
    left_out = len(given.unreadable) + len(given.empty)
    found = summary.files + left_out
    width = len(f"{max(found, summary.hands, summary.duplicates, summary.not_stud):,}")
    lines = [
        ("files found", found),
        ("  imported", summary.files_imported),
        ("  already imported (skipped)", summary.files_already_imported),
        ("  unreadable", summary.files_failed + len(given.unreadable)),
        ("  empty (no hands)", summary.files_empty + len(given.empty)),
        ("hands imported", summary.hands),
        ("duplicates skipped", summary.duplicates),
        ("conflicts (left out)", summary.conflicts),
        ("non-stud hands skipped", summary.not_stud),
        ("hands with violations", summary.with_violations),
        ("lines studbook does not know", sum(u.count for u in summary.unknown_lines)),
        ("tournaments seen", summary.tournaments),
        ("errors", len(summary.problems)),
    ]
    for label, value in lines:
        print(f"{label + ':':<30}{value:>{width},}")
    for unknown in summary.unknown_lines:
        print(f"  {unknown}")
    if summary.unknown_lines:
        print(
            "  (their hands are kept: the chips add up without them; 'studbook audit --unknown-lines "
            f"{' '.join(args.paths)}' lists each kind, to send in)"
        )
    for problem in summary.problems:
        print(f"  {problem}")
    if summary.with_violations:
        print(f"(run 'studbook audit {' '.join(args.paths)}' to see every rule broken, hand by hand)")
    return 0


def _remove_database(path: str) -> None:
    """Take away a database file this import made and stored nothing in (and DuckDB's log beside it)."""
    for name in (path, f"{path}.wal"):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


def _interrupted(progress: "Progress", lost: str) -> int:
    progress.finish()
    print(
        f"\nstudbook: interrupted; every file already stored is complete and {lost}: "
        "run the same command again to import the rest",
        file=sys.stderr,
    )
    return INTERRUPTED


def _run_on_dask(args: argparse.Namespace, files: list[str], progress: "Progress") -> "ImportSummary | int":
    """The import of ``--dask``: the files read on the cluster, the hands into the dataset ``--db``."""
    from ..analytics.store import StoreError
    from ..pipeline.dask_import import connect, run_dask_import

    if args.db.endswith(".duckdb"):
        return fail(f"--dask writes a Parquet dataset into a folder: give --db a folder, not {args.db}")
    try:
        client = connect(args.dask, args.workers)
    except ImportError as exc:
        return fail(str(exc))
    except OSError as exc:  # no scheduler answering at that address
        return fail(f"cannot reach the Dask scheduler at {args.dask} ({exc}); is 'dask scheduler' running there?")
    try:
        with client:
            return run_dask_import(files, args.db, client, profile=args.profile, progress=progress)
    except StoreError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return _interrupted(progress, "the dataset is as it was before this import")
    finally:
        if client.cluster is not None:
            client.cluster.close()


COMMAND = Command(
    name="import",
    summary="store hand histories in the database, checking every hand against the rules",
    description=(
        "Read hand-history files (or every .txt, .xml and .phh file in the folders given) into the database.\n"
        "Each hand is replayed against the rules (bring-in, bet sizes, raise caps, turn order, who\n"
        "should win each pot and half pot) and stored with what the rules found. Importing the same\n"
        "hands again changes nothing: files already imported are skipped, and a hand seen before is\n"
        "counted as a duplicate. Hold'em, Omaha and draw hands from mixed games are skipped and counted.\n"
        "Tournament summaries (PokerStars, Full Tilt) are imported too, joined with the results printed\n"
        "in the hands and their headers ('studbook stats --tournaments'); sources that disagree are said.\n"
        "If the import is interrupted, each file is stored completely or not at all; run it again to\n"
        "finish. A file already imported is not read again, even with another --profile: import it\n"
        "into a new database (--db) to judge it by other rules, or use 'studbook audit'.\n\n"
        "Exit status: 0; 1 when nothing could be read (each file's reason is said); 2 for a path that\n"
        "does not exist or a --db that cannot be used."
    ),
    add_arguments=add_arguments,
    run=run,
)
