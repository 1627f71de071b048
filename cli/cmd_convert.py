"""``studbook convert``: any hand history studbook reads, written as PHH or as any site's text studbook
writes (PokerStars, and every site of the registry with a writer).

Why: PHH is what research tools (PokerKit) replay, PokerStars text is what most trackers import; going
through the hand model means every site studbook parses converts to every format it writes, and back.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .app import (
    Command,
    OutputError,
    add_paths_argument,
    add_site_timezone_option,
    fail,
    hand_files,
    output_folder,
    plural,
    site_zones,
)

if TYPE_CHECKING:
    from ..engine.model import Hand
    from ..parsers.registry import Site


def output_formats() -> tuple[str, ...]:
    """``phh`` and the id of every site studbook writes: the site folders with a writer, found without
    importing them (``--help`` must stay quick)."""
    from ..parsers.sites import writable_site_ids

    return ("phh", *writable_site_ids())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_paths_argument(parser)
    parser.add_argument(
        "--to", choices=output_formats(), required=True, help="the format to write: phh, or a site's hand-history text"
    )
    parser.add_argument("--out", metavar="DIR", required=True, help="folder to write to (created if missing)")
    add_site_timezone_option(parser)


def run(args: argparse.Namespace) -> int:
    from ..engine.model import Hand
    from ..parsers import NotStudHand, ParseError, parse_file
    from ..parsers.registry import SITES_BY_ID
    from ..parsers.writing import refusal

    site = None if args.to == "phh" else SITES_BY_ID[args.to]
    given = hand_files(args.paths)
    if isinstance(given, int):
        return given
    files = given.files
    try:
        out = output_folder(args.out)
    except OutputError as exc:
        return fail(str(exc))
    converted = skipped = problems = 0

    def refused(hand: Hand, exc: ValueError) -> None:
        nonlocal problems
        print(f"{refusal(hand, exc)} (cannot write it as {args.to}; left out)", file=sys.stderr)
        problems += 1

    for path in files:
        hands: list[Hand] = []
        try:
            items = list(parse_file(path, site_zones(args)))
        except OSError as exc:  # unreadable: say so and convert the other files
            print(f"{path}: cannot read the file ({exc.strerror or exc})", file=sys.stderr)
            problems += 1
            continue
        for item in items:
            if isinstance(item, NotStudHand):
                skipped += 1
            elif isinstance(item, ParseError):
                print(str(item), file=sys.stderr)
                problems += 1
            else:
                assert isinstance(item, Hand)
                hands.append(item)
        written, texts = convert_hands(hands, site, refused)
        if not written:  # none writable: no empty file passes for a conversion
            continue
        try:
            write_converted(out, path, texts, site is not None)
        except OSError as exc:
            print(f"{path}: cannot write its conversion into {out} ({exc.strerror or exc})", file=sys.stderr)
            problems += 1
            continue
        converted += written
    print(
        f"{plural(converted, 'hand')} converted to {args.to} in {out}"
        + (f"; {plural(skipped, 'non-stud hand')} skipped" if skipped else "")
        + (f"; {problems:,} could not be converted (see above)" if problems else "")
    )
    return 1 if problems or given.unreadable or given.empty else 0


def convert_hands(
    hands: list[Hand], site: Site | None, refused: Callable[[Hand, ValueError], None]
) -> tuple[int, list[tuple[str, str]]]:
    """How many of ``hands`` the target writes, and their ``(hand id, text)``: a site's file text as one
    entry, written as the site writes a file (:meth:`~..parsers.registry.Site.write_file`, so every site's
    loop is the one :func:`~..parsers.writing.write_separated`), or each hand's PHH. A hand the target
    cannot express goes to ``refused`` and is left out; the others are written."""
    from ..parsers.phh import write_phh

    if site is not None:
        text = io.StringIO()
        written = site.write_file(hands, text, refused)
        return written, [("", text.getvalue())]
    texts = []
    for hand in hands:
        try:
            texts.append((hand.site_hand_id, write_phh(hand)))
        except ValueError as exc:
            refused(hand, exc)
    return len(texts), texts


def write_converted(out: Path, path: Path, texts: list[tuple[str, str]], one_file: bool) -> None:
    """The converted hands of ``path`` into ``out``: one text file (a site's text, ``one_file``), or PHH:
    the file itself for a PHH file, else a folder of one file per hand."""
    from ..parsers import PHH_SUFFIX

    if one_file:
        (out / f"{path.stem}.txt").write_text(texts[0][1], encoding="utf-8")
    elif path.suffix.lower() == PHH_SUFFIX:
        (out / path.name).write_text(texts[0][1], encoding="utf-8")
    else:
        folder = out / path.stem
        folder.mkdir(exist_ok=True)
        for hand_id, text in texts:
            (folder / f"{hand_id}{PHH_SUFFIX}").write_text(text, encoding="utf-8")


COMMAND = Command(
    name="convert",
    summary="convert hand histories to PHH or a site's text (PokerStars, ...)",
    description=(
        "Read hand histories in any format studbook reads (site text files, PHH files; folders are\n"
        "searched for .txt, .xml and .phh files) and write them as a site's text (one .txt per input file;\n"
        "--to pokerstars, or another site studbook writes) or as PHH (one .phh per hand, in a folder\n"
        "named after the input file). Hold'em, Omaha and draw\n"
        "hands of mixed-game files are skipped and counted; hands that cannot be read, or that the\n"
        "format cannot express (a tournament for a cash-only site ...), are reported as\n"
        "file:line: hand ID: message and left out, the others written; a file none of whose hands\n"
        "can be written leaves no output file.\n\n"
        "Exit status: 0 when every hand was converted, 1 when something could not be.\n\n"
        "example:\n"
        "  studbook convert sample_data/ --to phh --out converted/"
    ),
    add_arguments=add_arguments,
    run=run,
)
