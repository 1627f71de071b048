"""The ``studbook`` command: a thin argparse front over the import, audit, export ... sub-commands.

Every sub-command lives in its own module ``cli/cmd_<name>.py`` that defines ``COMMAND``, a
:class:`Command`. :func:`build_parser` finds those modules by name, so adding ``studbook stats`` is adding
``cmd_stats.py`` — no list or ``if`` chain here to edit, and one broken command cannot break the others'
``--help``. Start-up is what a user waits for at every command, so nothing heavy is imported before it is
needed: command modules import only this one at their top and their machinery (parsers, the engine,
pandas, DuckDB) inside ``run``, and :func:`main` adds the options of the one command being run only
(some options' choices come from the engine or the parsers), so that ``studbook --version`` and
``studbook --help`` import neither (``benchmarks/startup.py`` measures it).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import shutil
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .. import __version__, compiled_modules

if TYPE_CHECKING:
    from ..analytics.stats import Filters

COMMAND_PREFIX = "cmd_"


@dataclass(frozen=True, slots=True)
class Command:
    """A sub-command: its ``name`` on the command line, a one-line ``summary`` for ``studbook --help``,
    a ``description`` for ``studbook NAME --help``, a function adding its options, and ``run``, which
    gets the parsed options and returns the exit status."""

    name: str
    summary: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def commands() -> list[Command]:
    """Every ``COMMAND`` defined by a ``cmd_*`` module of this package, by name."""
    package = __package__ or "studbook.cli"
    here = importlib.import_module(package).__path__
    found = [
        importlib.import_module(f"{package}.{info.name}").COMMAND
        for info in pkgutil.iter_modules(here)
        if info.name.startswith(COMMAND_PREFIX)
    ]
    return sorted(found, key=lambda c: c.name)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``studbook`` parser with every command's options, or, given the command line ``argv``, with
    the options of the command it names only (the first word not an option; none for ``--help``,
    ``--version`` or a mistyped command, which argparse then names): the parse is the same, and a
    command's options are not built for nothing."""
    chosen = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    parser = argparse.ArgumentParser(
        prog="studbook",
        description=(
            "Import, audit and chart Seven Card Stud, Stud Hi/Lo (8 or better) and Razz hand histories. "
            "Every hand is replayed against the rules: who must bring in, legal bet sizes and caps, whose "
            "turn it is, and whether each pot (main, side, high half, low half) went to the right players "
            "for the right amount."
        ),
    )
    compiled = compiled_modules()
    build = f"{len(compiled)} modules compiled" if compiled else "pure Python"
    parser.add_argument("--version", action="version", version=f"studbook {__version__} ({build})")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for command in commands():
        cmd = sub.add_parser(
            command.name,
            help=command.summary,
            description=command.description,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if chosen is None or chosen == command.name:
            command.add_arguments(cmd)
        cmd.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``studbook`` with ``argv`` (default: the process arguments) and return the exit status:
    0 success, 1 what the command documents (violations found, nothing readable), 2 a usage error."""
    line = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(line).parse_args(line)
    from .reading import Refused

    try:
        return int(args.run(args))
    except Refused as exc:
        return fail(str(exc))
    except BrokenPipeError:
        # The reader went away (``studbook stats | head``): stop quietly like any Unix filter. Point
        # stdout at /dev/null so the interpreter's final flush does not raise a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


UNLIMITED_WIDTH = 1_000_000
"""The width of output that goes to a file or a pipe: no line is cut or dropped to fit a terminal there."""


def output_width() -> int:
    """How wide a line of standard output may be: the terminal's width when it is one (a wrapped line
    would break a table's columns) or ``COLUMNS`` says one, unlimited when the output goes to a file or
    a pipe."""
    if not sys.stdout.isatty() and not os.environ.get("COLUMNS"):
        return UNLIMITED_WIDTH
    return shutil.get_terminal_size((120, 24)).columns


def fail(message: str) -> int:
    """Report a problem the user can fix (bad database, unknown profile ...) and return status 2."""
    print(f"studbook: error: {message}", file=sys.stderr)
    return 2


class OutputError(Exception):
    """An ``--out`` folder that cannot be written; the message says why and what to do."""


def output_folder(raw: str, inside: Sequence[str] = ()) -> Path:
    """The folder ``--out`` names, created if missing, or :class:`OutputError` saying why it cannot be:
    it is a file, a parent cannot be made, it is read-only, or one of the names ``inside`` it that the
    command will write is a folder. Checked before any work, so a long export or simulation never
    ends in a traceback."""
    out = Path(raw)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{raw} is a file, not a folder: give --out a folder (it is created if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"cannot create the folder {raw} ({exc.strerror or exc}); give --out a folder you can write to"
        ) from exc
    if not os.access(out, os.W_OK | os.X_OK):
        raise OutputError(f"the folder {raw} is not writable; give --out a folder you can write to")
    for name in inside:
        if (out / name).is_dir():
            raise OutputError(
                f"{out / name} is a folder, and a file of that name is to be written there: "
                "move it away or give --out another folder"
            )
    return out


def output_file(raw: str, option: str, example: str) -> Path:
    """The file ``option`` names, checked before any work (nothing is created): :class:`OutputError`
    when it is a folder, or its folder is missing or not writable; ``example`` is a file name to
    suggest inside a folder given by mistake."""
    out = Path(raw)
    if out.is_dir():
        raise OutputError(f"{raw} is a folder; give {option} the file to write, e.g. {out / example}")
    folder = out.parent
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write {raw}: {folder} is a file, not a folder; give another {option}")
    if not folder.is_dir():
        raise OutputError(f"cannot write {raw}: the folder {folder} does not exist; create it or give another {option}")
    if not os.access(folder, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise OutputError(f"cannot write {raw}: not writable; give {option} a file in a folder you can write to")
    return out


# ---------------------------------------------------------------- options shared by several commands


def add_paths_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="hand-history files, or folders searched (with their sub-folders) for .txt, .xml and .phh files",
    )


NOTHING_READABLE = 1
"""The exit status when none of the paths given holds a hand history to read (the path exists)."""

TEXT_SNIFF = 8192
"""Characters of a file's start looked at to tell a hand history from binary data."""


@dataclass(frozen=True, slots=True)
class InputFiles:
    """The hand-history files the paths name that can be read, and those left out, with why."""

    files: list[Path]
    unreadable: list[tuple[Path, str]]
    empty: list[Path]


def hand_files(paths: Sequence[str]) -> InputFiles | int:
    """The files of :func:`add_paths_argument`'s paths, checked before a command does anything: a path
    that does not exist (or a folder that cannot be listed) is a mistake, status 2 with a line for each;
    a path with no hand-history files, or only empty and binary ones, status :data:`NOTHING_READABLE`
    with a line saying so. Empty and binary files among others are left out, a line for each, so
    that a command reading files treats them all alike and none is recorded as imported."""
    from ..pipeline.importer import discover

    files, missing = discover(paths)
    if missing:
        for problem in missing:
            print(f"studbook: error: {problem}", file=sys.stderr)
        return 2
    if not files:
        print(f"studbook: error: no hand-history files (.txt, .xml, .phh) in {', '.join(paths)}", file=sys.stderr)
        return NOTHING_READABLE
    unreadable: list[tuple[Path, str]] = []
    empty: list[Path] = []
    readable = []
    for path in files:
        why = not_text(path)
        if why == EMPTY:
            empty.append(path)
        elif why is not None:
            unreadable.append((path, why))
        else:
            readable.append(path)
    left_out = [(path, EMPTY) for path in empty] + unreadable
    for path, why in left_out:
        print(
            f"studbook: error: {path}: {why}" if not readable else f"studbook: {path}: {why}, left out", file=sys.stderr
        )
    if not readable:
        return NOTHING_READABLE
    return InputFiles(readable, unreadable, empty)


EMPTY = "an empty file (no hands)"


def not_text(path: Path) -> str | None:
    """Why ``path`` cannot be a hand history (empty, binary data, unreadable), or None: told from its
    start as the readers decode it (UTF-8, cp1252 or UTF-16), since a site's export is text and a file
    of other bytes named .txt would otherwise be parsed into one long failure."""
    from ..parsers.reading import decode_chunks, read_chunks

    try:
        head = ""
        for piece in decode_chunks(read_chunks(path, TEXT_SNIFF)):
            head += piece
            if len(head) >= TEXT_SNIFF:
                break
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    except UnicodeDecodeError:
        return "not a hand history (not text in any encoding a site writes)"
    if not head.strip():
        return EMPTY
    control = sum(1 for ch in head if (ch < " " and ch not in "\t\n\r\f\v\x1a") or ch == "\ufffd")
    if control > len(head) // 100:
        return "not a hand history (binary data, not text)"
    return None


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="FILE",
        default="studbook.duckdb",
        help="the database file holding your hands (default: studbook.duckdb in the current folder), "
        "or the folder of a Parquet dataset written by 'studbook import --dask'",
    )


def add_profile_option(parser: argparse.ArgumentParser) -> None:
    from ..parsers.registry import profile_names

    parser.add_argument(
        "--profile",
        metavar="NAME",
        choices=profile_names(),
        help=(
            "the house rules to judge every hand by, e.g. how many raises are allowed or who gets the odd "
            f"chip: {', '.join(profile_names())} (default: the rules of the site that dealt the hand)"
        ),
    )


def add_workers_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        metavar="N",
        type=at_least(1),
        help="how many processes read at once, one per processor core (default: all cores); a large file "
        "is cut at hand boundaries and its pieces read in parallel too",
    )


def add_site_timezone_option(parser: argparse.ArgumentParser) -> None:
    """``--site-timezone SITE=ZONE``, repeatable: the zone of the times a site prints without one;
    :func:`site_zones` gives them as the mapping the parsers take."""
    parser.add_argument(
        "--site-timezone",
        metavar="SITE=ZONE",
        action="append",
        default=[],
        type=_site_zone,
        help="the time zone of a site whose hands print their time with none (kingsclub, and acr's 2016 "
        "format; both read as America/New_York unless told, see their NOTES.md), as an IANA name, e.g. "
        "kingsclub=Europe/London; repeat for several sites",
    )


def _site_zone(text: str) -> tuple[str, str]:
    from ..parsers.registry import SITES_BY_ID
    from ..parsers.zones import site_zone

    try:
        return site_zone(text, {s.site: s.local_zone for s in SITES_BY_ID.values()})
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def site_zones(args: argparse.Namespace) -> dict[str, str]:
    """The ``--site-timezone`` options as site id -> zone name (the last one given for a site wins)."""
    return dict(args.site_timezone)


def add_timezone_option(parser: argparse.ArgumentParser) -> None:
    """``--timezone ZONE``: the one zone every time of the output is shown in (default: the computer's)."""
    parser.add_argument(
        "--timezone",
        metavar="ZONE",
        type=_zone,
        help="show every time, and count days (--since, --until, --by date), in this IANA time zone, "
        "e.g. Europe/Paris or UTC (default: this computer's zone)",
    )


def _zone(text: str) -> str:
    from ..parsers.zones import zone

    try:
        zone(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_filter_options(parser: argparse.ArgumentParser) -> None:
    """The hand filters that commands reading the database share (``--game``, ``--stakes``, ``--since``,
    ``--until``); :func:`hand_filters` turns them into a :class:`~.stats.Filters`."""
    from ..engine.model import Game

    parser.add_argument(
        "--game",
        metavar="G",
        action="append",
        default=[],
        choices=tuple(g.value for g in Game),
        help="only this game: stud, stud8, razz, stud5 (Five Card Stud) or razz27 (2-7 Razz); repeat for several",
    )
    parser.add_argument(
        "--stakes",
        metavar="SMALL/BIG",
        action="append",
        default=[],
        help="only these stakes, written as the site prints them, e.g. 0.04/0.08",
    )
    parser.add_argument("--since", metavar="YYYY-MM-DD", type=_day, help="hands from this day (in --timezone's zone)")
    parser.add_argument("--until", metavar="YYYY-MM-DD", type=_day, help="hands before this day (in --timezone's zone)")
    add_timezone_option(parser)


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a day: {text!r} (write it as YYYY-MM-DD, e.g. 2026-11-05)") from None


def hand_filters(args: argparse.Namespace, **more: Any) -> Filters:
    """The :class:`~.stats.Filters` of :func:`add_filter_options`' options (and ``more`` fields, such as
    ``players``). Checked here, so that a wrong ``--stakes`` fails with its ValueError before a database
    is opened."""
    from ..analytics.stats import Filters

    filters = Filters(
        games=tuple(args.game),
        stakes=tuple(args.stakes),
        since=args.since,
        until=args.until,
        timezone=args.timezone,
        **more,
    )
    filters.where()
    return filters


def at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ``minimum`` or more, refused with a message saying which."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more, got {value}")
        return value

    return whole_number


def plural(count: int, noun: str) -> str:
    """``1 hand``, ``2,000 hands``: a count for a report line."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


if __name__ == "__main__":
    sys.exit(main())
