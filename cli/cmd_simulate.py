"""``studbook simulate``: generate legal stud, stud8 and razz hands as any site's text studbook writes, or PHH.

Why a command: sample data, benchmarks and anyone testing a tracker need many realistic hands with
known truth; the simulator deals them through the rules engine (engine/simulate.py) and this module only
turns options into a :class:`~studbook.engine.simulate.TableSpec` and writes the hands out.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from .app import Command, OutputError, at_least, fail, output_folder, plural

if TYPE_CHECKING:
    from ..engine.model import Hand

GAMES = ("stud", "stud8", "razz", "stud5", "razz27", "mixed")
"""The games (engine/games.py: stud5 is Five Card Stud, razz27 2-7 Razz) and 'mixed', Triple Stud."""
REFUSALS_SHOWN = 5
"""How many of the hands a format cannot express are named one by one; the rest are counted."""


def money(text: str) -> int:
    """``"0.10"`` -> 10 hundredths, exactly; an argparse type."""
    from ..analytics.stats import parse_amount

    try:
        return parse_amount(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def player_range(text: str) -> tuple[int, int]:
    """``"6"`` -> (6, 6), ``"2-8"`` -> (2, 8); an argparse type."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if m is None:
        raise argparse.ArgumentTypeError(f"players must be a number or a range like 2-8, got {text!r}")
    low, high = int(m[1]), int(m[2] or m[1])
    if not 2 <= low <= high <= 10:
        raise argparse.ArgumentTypeError(
            f"players must be between 2 and 10 (low-high; 8 at most in a seven-card game), got {text!r}"
        )
    return low, high


def stakes_pair(text: str) -> tuple[int, int]:
    """``"1/2"`` -> (100, 200): the small and big bet; an argparse type."""
    from ..analytics.stats import parse_stakes

    try:
        return parse_stakes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="stud",
        help="the game (stud5: Five Card Stud, razz27: 2-7 Razz); 'mixed' rotates stud, "
        "stud8 and razz every 8 hands (Triple Stud)",
    )
    parser.add_argument("--hands", type=at_least(1), default=1000, metavar="N", help="how many hands (default 1000)")
    parser.add_argument(
        "--players",
        type=player_range,
        default=(8, 8),
        metavar="N|LOW-HIGH",
        help="players at the table, 2 to 8 (to 10 in stud5); a range draws each session's size from it (default 8)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="random seed: the same seed and options give the same hands (default 1)",
    )
    from .cmd_convert import output_formats

    parser.add_argument(
        "--format",
        choices=output_formats(),
        default="pokerstars",
        help="a site (pokerstars, ...): one text file as that site writes it; phh: one .phh file per hand",
    )
    parser.add_argument("--out", metavar="DIR", required=True, help="folder to write to (created if missing)")
    parser.add_argument(
        "--stakes",
        type=stakes_pair,
        default=(100, 200),
        metavar="SMALL/BIG",
        help="cash-game small and big bet (default 1/2)",
    )
    parser.add_argument("--ante", type=money, default=10, metavar="AMOUNT", help="cash-game ante (default 0.10)")
    parser.add_argument(
        "--bring-in",
        type=money,
        default=30,
        metavar="AMOUNT",
        help="cash-game bring-in, less than the small bet (default 0.30)",
    )
    parser.add_argument(
        "--rake",
        type=int,
        default=5,
        metavar="PERCENT",
        help="rake in percent of the pot, none when a hand ends on 3rd street (default 5)",
    )
    parser.add_argument("--rake-cap", type=money, default=100, metavar="AMOUNT", help="most rake per hand (default 1)")
    parser.add_argument(
        "--tournament",
        action="store_true",
        help="sit-and-go tournaments (1,500 chips, rising levels) instead of a cash game",
    )
    parser.add_argument(
        "--profile",
        default=None,
        metavar="NAME",
        help="house rules the hands are dealt under (default: the --format site's measured "
        "profile, pokerstars for phh; audit other profiles' hands with 'studbook audit "
        "--profile NAME')",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook simulate --game razz --hands 500 --players 2-8 --seed 7 --out sim/\n"
        "  studbook simulate --game mixed --tournament --format phh --hands 200 --out sim/"
    )


def run(args: argparse.Namespace) -> int:
    from ..engine.model import Game
    from ..engine.simulate import Rake, Stakes, TableSpec, TournamentSpec, simulate
    from ..parsers.registry import SITES_BY_ID, get_profile
    from ..parsers.writing import reason

    # a site's text says what its own rules make of the hand (Full Tilt lists its pots before rake), so
    # the hands are dealt under that site's profile unless another is asked for
    site = SITES_BY_ID[args.format] if args.format in SITES_BY_ID else None

    games = (Game.STUD, Game.STUD8, Game.RAZZ) if args.game == "mixed" else (Game(args.game),)
    try:
        profile = get_profile(args.profile) if args.profile else site.profile if site else get_profile("pokerstars")
        small, big = args.stakes
        spec = TableSpec(
            games=games,
            players=args.players,
            stakes=Stakes(small, big, args.ante, args.bring_in),
            rake=Rake(args.rake, args.rake_cap),
            tournament=TournamentSpec() if args.tournament else None,
            profile=profile,
            currency=site.currency if site else "USD",
        )
    except ValueError as exc:
        return fail(str(exc))
    try:
        out = output_folder(args.out)
    except OutputError as exc:
        return fail(str(exc))
    name = f"sim-{args.game}-{'tourney' if args.tournament else 'cash'}-seed{args.seed}"
    started = time.perf_counter()
    hands = simulate(spec, args.hands, args.seed)
    refusals: list[tuple[str, str]] = []  # (hand id, why): a hand the format cannot express
    written = write_hands(
        hands, out, name, args.format, lambda hand, exc: refusals.append((hand.site_hand_id, reason(exc)))
    )
    seconds = time.perf_counter() - started
    kept = args.hands - len(refusals)
    for hand_id, why in refusals[:REFUSALS_SHOWN]:
        print(f"hand {hand_id}: {why}; left out", file=sys.stderr)
    if len(refusals) > REFUSALS_SHOWN:
        print(f"... and {len(refusals) - REFUSALS_SHOWN:,} more", file=sys.stderr)
    if not kept:  # an empty file would pass for a simulation: none is left behind
        if written.is_file():
            written.unlink()
        elif not any(written.iterdir()):
            written.rmdir()
        return fail(f"none of the {plural(args.hands, 'hand')} can be written as {args.format}: {refusals[0][1]}")
    print(f"{plural(kept, 'hand')} written to {written} ({args.hands / seconds:,.0f} hands/s)")
    if refusals:
        print(
            f"{plural(len(refusals), 'hand')} of {args.hands:,} left out: {args.format} cannot print "
            f"{'it' if len(refusals) == 1 else 'them'} "
            "(see above); --format pokerstars or phh writes every hand",
            file=sys.stderr,
        )
        return 1
    return 0


def write_hands(
    hands: Iterable[Hand], out: Path, name: str, fmt: str, refused: Callable[[Hand, ValueError], None]
) -> Path:
    """Write ``hands`` to ``out``: one file ``name.txt`` in a site's format, or a folder ``name`` of .phh files.
    A hand the format cannot express (a community card for a site whose text has no line for one) goes
    to ``refused`` and is left out; the others are written. Returns the file or folder written."""
    from ..parsers.phh import write_phh
    from ..parsers.registry import SITES_BY_ID

    if fmt != "phh":
        path = out / f"{name}.txt"
        with path.open("w", encoding="utf-8", newline="\n") as f:
            SITES_BY_ID[fmt].write_file(hands, f, refused)
        return path

    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    for hand in hands:
        try:
            text = write_phh(hand)
        except ValueError as exc:
            refused(hand, exc)
            continue
        (folder / f"{hand.site_hand_id}.phh").write_text(text, encoding="utf-8")
    return folder


COMMAND = Command(
    name="simulate",
    summary="generate realistic, legal stud/stud8/razz hands as a site's text (--format) or PHH",
    description=(
        "Deal hands from a shuffled deck through the rules engine, so every hand is legal under the\n"
        "chosen house rules, and write them as the hand histories of a site (--format: PokerStars by\n"
        "default, or any site studbook writes) or as PHH files. Six invented\n"
        "regulars with different styles (tight, loose, aggressive, a bring-in stealer, a calling\n"
        "station, a short stack) play sessions with breaks; stacks carry over and cash players top up\n"
        "when short. The hands are seen by one hero, whose down cards are known."
    ),
    add_arguments=add_arguments,
    run=run,
)
