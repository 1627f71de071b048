"""``studbook convert``: any hand history studbook reads, written as PHH or as any site's text studbook
writes (PokerStars, and every site of the registry with a writer).

Why: PHH is what research tools (PokerKit) replay, PokerStars text is what most trackers import; going
through the hand model means every site studbook parses converts to every format it writes, and back.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .app import (
    Command,
    OutputError,
    add_paths_argument,
    fail,
    hand_files,
    output_folder,
    plural,
)


def output_formats() -> tuple[str, ...]:
    """``phh`` and the id of every site studbook writes, from the site registry."""
    from ..parsers.registry import writable_sites

    return ("phh", *(site.site for site in writable_sites()))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_paths_argument(parser)
    parser.add_argument(
        "--to", choices=output_formats(), required=True, help="the format to write: phh, or a site's hand-history text"
    )
    parser.add_argument("--out", metavar="DIR", required=True, help="folder to write to (created if missing)")


def run(args: argparse.Namespace) -> int:
    from ..engine.model import Hand
    from ..parsers import NotStudHand, ParseError, parse_file
    from ..parsers.phh import write_phh
    from ..parsers.registry import SITES_BY_ID

    site = None if args.to == "phh" else SITES_BY_ID[args.to]
    write = write_phh if site is None else site.writer
    assert write is not None

    files, missing = hand_files(args.paths)
    if not files:
        return fail("no hand-history files found in the paths given")
    try:
        out = output_folder(args.out)
    except OutputError as exc:
        return fail(str(exc))
    converted = skipped = problems = 0
    for path in files:
        texts: list[tuple[str, str]] = []  # (hand id, text)
        try:
            items = list(parse_file(path))
        except OSError as exc:  # unreadable: say so and convert the other files
            print(f"{path}: cannot read the file ({exc.strerror or exc})", file=sys.stderr)
            problems += 1
            continue
        for item in items:
            if isinstance(item, NotStudHand):
                skipped += 1
                continue
            if isinstance(item, ParseError):
                print(str(item), file=sys.stderr)
                problems += 1
                continue
            assert isinstance(item, Hand)
            try:
                text = write(item)
            except ValueError as exc:
                print(f"{exc} (cannot write it as {args.to})", file=sys.stderr)
                problems += 1
                continue
            texts.append((item.site_hand_id, text))
        if not texts:
            continue
        try:
            write_converted(out, path, texts, None if site is None else site.hand_separator)
        except OSError as exc:
            print(f"{path}: cannot write its conversion into {out} ({exc.strerror or exc})", file=sys.stderr)
            problems += 1
            continue
        converted += len(texts)
    print(
        f"{plural(converted, 'hand')} converted to {args.to} in {out}"
        + (f"; {plural(skipped, 'non-stud hand')} skipped" if skipped else "")
        + (f"; {problems:,} could not be converted (see above)" if problems else "")
    )
    return 1 if problems or missing else 0


def write_converted(out: Path, path: Path, texts: list[tuple[str, str]], separator: str | None) -> None:
    """The converted hands of ``path`` into ``out``: one text file (``separator`` between hands), or PHH:
    the file itself for a PHH file, else a folder of one file per hand."""
    from ..parsers import PHH_SUFFIX

    if separator is not None:
        (out / f"{path.stem}.txt").write_text(separator.join(t for _, t in texts) + "\n", encoding="utf-8")
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
        "hands of mixed-game files are skipped and counted; hands that cannot be read or written are\n"
        "reported as file:line: message.\n\n"
        "Exit status: 0 when every hand was converted, 1 when something could not be.\n\n"
        "example:\n"
        "  studbook convert sample_data/ --to phh --out converted/"
    ),
    add_arguments=add_arguments,
    run=run,
)
