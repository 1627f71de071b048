"""Test data and helpers that several test modules share (a test module never imports another)."""

from __future__ import annotations

import dataclasses
import os
import re
from datetime import datetime
from pathlib import Path

from conftest import REPO, corpus_path

from studbook.engine.model import Game, Hand
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers import parse_file
from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
from studbook.parsers.registry import get_profile

# Real PokerStars files of the corpus (fpdb/Stars) that the writer and PHH tests read back.
REAL_FILES = [
    "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt",
    "7-Stud-USD-0.04-0.08-200911.txt",
    "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt",
    "7-StudHL-USD-0.04-0.08-200911.txt",
    "7-StudHL-USD-10-1-200906.PT2.export.txt",
    "7-StudHL-USD-400-800-201701.3bet.fix.txt",
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
    "HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt",
    "Razz-8max-USD-200-15-201009.bracket.in.alias.txt",
    "Razz-USD-0.04-0.08-200911.txt",
    "Triple-Stud-USD-2.00-0.20-MTT-201301.txt",
]


# A hand (tests/handbuilder.py notation) where Ann is all-in on 6th street against Bob, who shows a draw.
ALL_IN_ON_SIXTH = """
stud 4/8 ante 1 bring-in 2 total 63 rake 0
seat 1 Ann 30
seat 3 Bob 500
seat 5 Cat 500
antes
3rd 1:Ah Ad Kc 3:Jh 5:7s
5 bring-in 2
1 complete to 4
3 call 4
5 fold
4th 1:Ks 3:Qh
1 bet 4
3 call 4
5th 1:2d 3:3c
1 bet 8
3 call 8
6th 1:7d 3:4d
1 bet 8
3 raise 8 to 16
1 call 5 allin
uncalled 3 3
7th 1 3
show 1 Ah Ad Kc Ks 2d 7d 5c
show 3 9h Th Jh Qh 3c 4d 8c
collect 3 63
"""


def normalised(hand: Hand, warnings: bool = True) -> Hand:
    """The hand with every line number and the file name blanked: what a re-parse must give back."""
    return dataclasses.replace(
        hand,
        events=tuple(dataclasses.replace(e, line=0) for e in hand.events),
        skipped=tuple(dataclasses.replace(s, line=0) for s in hand.skipped),
        warnings=tuple(dataclasses.replace(w, line=0) for w in hand.warnings) if warnings else (),
        source_file="",
        source_line=0,
    )


def hands_of(name: str) -> list[Hand]:
    hands = [h for h in parse_file(corpus_path("fpdb", "Stars", name)) if isinstance(h, Hand)]
    assert hands, f"{name}: the parser gave no hand"
    return hands


def tree_files(suffixes: tuple[str, ...] = (".py", ".lark"), skip: frozenset[str] = frozenset()) -> list[Path]:
    """The checkout's files with these suffixes, relative to it, leaving out the top-level folders in
    ``skip`` and never entering hidden folders (.git, .venv), caches or build output."""
    found = []
    for folder, subfolders, files in os.walk(REPO):
        here = Path(folder).relative_to(REPO)
        subfolders[:] = [
            d
            for d in subfolders
            if not d.startswith(".")
            and d not in ("__pycache__", "build", "dist")
            and not (here == Path(".") and d in skip)
        ]
        found += [here / name for name in files if name.endswith(suffixes)]
    return sorted(found)


class Recorder:
    """An ImportProgress (studbook.pipeline.progress) that writes down every call, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def start(self, total_bytes: int, files: int) -> None:
        self.calls.append(("start", total_bytes))

    def read(self, nbytes: int) -> None:
        self.calls.append(("read", nbytes))

    def stored(self, hands: int) -> None:
        self.calls.append(("stored", hands))

    def finish(self) -> None:
        self.calls.append(("finish", 0))


def write_stud8_sit_and_go(path: Path) -> Path:
    """60 simulated stud8 sit-and-go hands (short stacks: side pots and all-ins, levels every six hands)
    written to ``path`` as PokerStars text: the hands whose replay pages the HTML and browser tests read."""
    spec = TableSpec(
        games=(Game.STUD8,),
        players=(6, 8),
        tournament=TournamentSpec(hands_per_level=6),
        start=datetime(2026, 3, 7, 15, 0),
        first_hand_id=259_000_000_000,
        profile=get_profile("pokerstars"),
    )
    with path.open("w", encoding="utf-8") as out:
        write_pokerstars_file(simulate(spec, 60, 3), out)
    return path


def stars_tournament_hand(
    number: int = 1001, results: str = "", buy_in: str = "$10.00+$1.00 USD", minute: int = 0
) -> str:
    """A two-player PokerStars razz hand of tournament #555 (Ann steals Bob's bring-in), with the
    ``results`` lines (each ending in a newline) printed where PokerStars prints them, before the summary."""
    return f"""PokerStars Hand #{number}: Tournament #555, {buy_in} Razz Limit - Level I (10/20) - 2014/01/01 12:{minute:02}:00 ET
Table '555 1' 8-max
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Ann: posts the ante 5
Bob: posts the ante 5
*** 3rd STREET ***
Dealt to Ann [2c 3d 4h]
Dealt to Bob [Kc Qd Kh]
Bob: brings in for 5
Ann: raises 15 to 20
Bob: folds
Uncalled bet (15) returned to Ann
Ann collected 20 from pot
{results}*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann collected (20)
Seat 2: Bob folded on the 3rd Street
"""


_CENTS = re.compile(r"[$€£]?(\d{1,3}(?:,\d{3})+|\d+)\.(\d\d)[€£]?")


def in_whole_chips(text: str) -> str:
    """A cash hand's text with every amount in whole chips (``$0.04`` -> ``4``, ``1,749.22€`` ->
    ``174922``): what a tournament header can stand over, since a tournament hand printing a fraction of
    a chip is refused."""
    return _CENTS.sub(lambda m: str(int(m[1].replace(",", "")) * 100 + int(m[2])), text)


def body_in_whole_chips(text: str) -> str:
    """:func:`in_whole_chips` below the first line, left as it is for the header under test."""
    first, _, body = text.partition("\n")
    return first + "\n" + in_whole_chips(body)
