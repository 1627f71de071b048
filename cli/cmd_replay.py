"""``studbook replay HAND_ID``: a stored hand told street by street, as the players at the table saw it.

With ``--html FILE`` the same hand is written as a web page to step through (see
:mod:`studbook.analytics.html_replay`). Other players' down cards stay hidden until the showdown (``--as PLAYER`` shows that player's own down
cards, when the history has them), the pot is given after each street's betting, and the end lists what
the rules pay from each pot and half, what the site paid, and every rule the hand breaks.

The hand is read again from its file and replayed by the engine (see :mod:`studbook.analytics.replay_view`,
which tells it), so what is printed is what the rules say today, under the profile asked for.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .app import Command, OutputError, add_db_option, add_profile_option, add_timezone_option, fail, output_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hand_id",
        metavar="HAND_ID",
        help="the hand: its number as the site prints it (e.g. 900000000101), or "
        "site:number as stored (pokerstars:900000000101)",
    )
    add_db_option(parser)
    parser.add_argument(
        "--as",
        dest="as_player",
        metavar="PLAYER",
        help="show the hand through this player's eyes: his own down cards are shown",
    )
    add_profile_option(parser)
    add_timezone_option(parser)
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="write the hand as one web page instead (no server or network needed: open it in any "
        "browser); it steps through the hand with the arrow keys, Home and End, or the mouse",
    )
    parser.add_argument(
        "--search",
        metavar="FOLDER",
        help="if the hand's file was moved or renamed, look for it in this folder and below: "
        "the file with the content that was imported (same checksum) is read",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook replay 252000057330                                     the hand as the table saw it\n"
        "  studbook replay 252000057330 --as 'Ottilie Brandt'               with her own down cards\n"
        "  studbook replay pokerstars:252000057330 --profile wsop-cash      judged by WSOP cash rules\n"
        "  studbook replay 252000057330 --as 'Ottilie Brandt' --html hand.html  a page to step through"
    )


def run(args: argparse.Namespace) -> int:
    from ..analytics.replay_view import HandNotFound
    from ..api import StoreError, open_database

    try:
        if args.html is not None:
            output_file(args.html, "--html", "hand.html")
    except OutputError as exc:
        return fail(str(exc))
    try:
        with open_database(args.db, read_only=True) as db:
            replayed = db.replay(args.hand_id, args.profile, search=args.search, timezone=args.timezone)
    except (StoreError, HandNotFound) as exc:
        return fail(str(exc))
    seats = replayed.hand.seats
    if args.as_player is not None and args.as_player not in {s.player for s in seats}:
        return fail(
            f"{args.as_player!r} did not play hand {args.hand_id}; the players were "
            f"{', '.join(s.player for s in seats)}"
        )
    if args.html is None:
        print(replayed.text(args.as_player))
        return 0
    out = Path(args.html)
    try:
        out.write_text(replayed.html(args.as_player), encoding="utf-8")
    except OSError as exc:
        return fail(
            f"cannot write {args.html} ({exc.strerror or exc}); give --html a file in a folder you can write to"
        )
    print(f"wrote {args.html}")
    return 0


COMMAND = Command(
    name="replay",
    summary="show a stored hand street by street, with the pots, who the rules pay and any rule broken",
    description=(
        "Tell one hand from the database street by street: the up cards as everybody saw them\n"
        "(down cards hidden until the showdown; --as PLAYER shows his own), every action, the pot\n"
        "after each street, then what the rules pay from each pot and half (high, low, whole),\n"
        "what the site paid, and every rule the hand breaks. The hand is read again from the file\n"
        "it was imported from: where it was, or, with --search FOLDER, wherever it is now.\n\n"
        "--html FILE writes the hand as a self-contained web page instead: the cards drawn as cards,\n"
        "the bets and the pot after every action, the community card, each player's equity while\n"
        "an all-in is dealt out, the rules' payout beside the site's, every violation marked on\n"
        "the action it concerns."
    ),
    add_arguments=add_arguments,
    run=run,
)
