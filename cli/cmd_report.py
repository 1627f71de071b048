"""``studbook report --player NAME --out DIR``: a player's session report as web pages.

``DIR/index.html`` holds his results chart, his stats card with the counts behind every rate, his money,
the biggest pots he played, his all-in spots and the violations his hands break; every hand it lists
links to its replay page, written beside it (``hand-SITE-NUMBER.html``, seen through his eyes). Every
page is one self-contained file: open ``index.html`` in a browser, copy the folder anywhere.

The selection and the layout are :mod:`studbook.analytics.html_report`'s; the hands are read again
from their files and replayed, as ``studbook replay`` does.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TYPE_CHECKING

from .app import (
    Command,
    OutputError,
    add_db_option,
    add_filter_options,
    add_profile_option,
    fail,
)

if TYPE_CHECKING:
    from ..engine.model import Hand


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME", required=True, help="whose session it is (screen name, as stored)")
    parser.add_argument(
        "--out",
        metavar="DIR",
        required=True,
        help="the folder to write index.html and the hands' replay pages into (created if missing)",
    )
    add_filter_options(parser)  # --timezone too: the report's times and days are in one zone
    add_profile_option(parser)
    parser.add_argument(
        "--search",
        metavar="FOLDER",
        help="look for hand files moved since their import in this folder and below (as studbook replay does)",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook report --player 'Ottilie Brandt' --out ob/                       every hand of hers\n"
        "  studbook report --player 'Ottilie Brandt' --since 2026-03-15 --out late/  from that day on\n"
        "  studbook report --player 'Ottilie Brandt' --game stud8 --out hilo/        her stud hi/lo hands only"
    )


def run(args: argparse.Namespace) -> int:
    from ..analytics.charts import NoHands
    from ..analytics.clock import display_zone
    from ..analytics.html_report import INDEX_NAME, gather, page_name, report_page
    from ..api import Database
    from .app import output_folder
    from .reading import filtered_reader, require_player
    from .stats_text import sections

    filters, store = filtered_reader(args)
    pages: dict[str, str] = {}
    with Database(store) as db:
        require_player(store, args.player)
        try:
            report = gather(store.con, args.player, filters, sections(), zone=display_zone(args.timezone))
        except NoHands as exc:
            return fail(f"{exc}; check --since, --until, --game and --stakes")
        try:  # made only now that the report has something to say
            out = output_folder(args.out, inside=(INDEX_NAME,))
        except OutputError as exc:
            return fail(str(exc))
        linked = report.linked
        if linked:
            print(f"reading {len(linked):,} hands again from their files for their replay pages", file=sys.stderr)
        for hand_id, replayed in db.replay_many(linked, args.profile, args.search, args.timezone).items():
            if isinstance(replayed, LookupError):
                print(f"studbook: no replay page for {hand_id}: {moved_hint(str(replayed))}", file=sys.stderr)
                continue
            name = page_name(hand_id)
            page = replayed.html(_seated(replayed.hand, args.player), back=(INDEX_NAME, "back to the session report"))
            try:
                (out / name).write_text(page, encoding="utf-8")
            except OSError as exc:
                return fail(f"cannot write {out / name} ({exc.strerror or exc})")
            pages[hand_id] = name
    index = out / INDEX_NAME
    try:
        index.write_text(report_page(report, pages), encoding="utf-8")
    except OSError as exc:
        return fail(f"cannot write {index} ({exc.strerror or exc})")
    print(f"wrote {index} and {len(pages):,} replay page{'s' if len(pages) != 1 else ''} beside it")
    return 0


def moved_hint(message: str) -> str:
    """A replay's "cannot be found" message with the report's own way out: the replay command's hint
    (``studbook replay ID --search FOLDER``) is not what the user of ``report`` should type."""
    found = re.search(r"; put the file back, or tell where it is now: studbook replay \S+ --search FOLDER$", message)
    if found is None:
        return message
    return (
        message[: found.start()] + "; put the file back, or give the report --search FOLDER (where the files are now)"
    )


def _seated(hand: Hand, player: str) -> str | None:
    """The player, if he sat in the hand: the page shows his down cards (a report's hands are his, but
    a file changed since its import might hold another hand of the same number)."""
    return player if any(s.player == player for s in hand.seats) else None


COMMAND = Command(
    name="report",
    summary="a player's session report as web pages: chart, stats card, big pots and all-ins with replays",
    description=(
        "Write a player's session report into a folder: index.html with his results chart, his\n"
        "stats card (every rate with its counts), his money, the biggest pots he played, his all-in\n"
        "spots with his equity, and the rule violations in his hands; every hand listed links to its\n"
        "replay page, written beside it and seen through his eyes. Each page is self-contained (no\n"
        "server, no network): open index.html in any browser. --since, --until, --game and\n"
        "--stakes choose the hands, as for studbook stats."
    ),
    add_arguments=add_arguments,
    run=run,
)
