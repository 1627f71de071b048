"""Regenerate the simulated hand histories of ``sample_data/`` (see README.md there).

    python sample_data/generate.py

Deterministic: the seeds below give the same files on every machine, so a diff after running it means
the simulator (or the PokerStars writer) changed. The hand-written ``edge-cases/`` are not touched.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from studbook.engine.model import Game
from studbook.engine.simulate import Stakes, TableSpec, TournamentSpec, simulate
from studbook.parsers.sitandgo import sit_and_go_results
from studbook.parsers.sites.pokerstars.summary_writer import SUMMARY_SEPARATOR, write_summary
from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
from studbook.parsers.registry import get_profile

HERE = Path(__file__).resolve().parent

TABLES: tuple[tuple[str, TableSpec, int, int], ...] = (
    # file name, table, hands, seed
    (
        "stud-1-2-8max.txt",
        TableSpec(
            games=(Game.STUD,),
            players=(8, 8),
            table="Aludra",
            start=datetime(2026, 3, 2, 19, 0),
            first_hand_id=251_000_000_000,
            profile=get_profile("pokerstars"),
        ),
        1500,
        11,
    ),
    (
        "stud8-1-2-5to8.txt",
        TableSpec(
            games=(Game.STUD8,),
            players=(5, 8),
            table="Baten Kaitos",
            start=datetime(2026, 3, 3, 20, 30),
            first_hand_id=252_000_000_000,
            profile=get_profile("pokerstars"),
        ),
        1500,
        12,
    ),
    (
        "razz-0.50-1-2to8.txt",
        TableSpec(
            games=(Game.RAZZ,),
            players=(2, 8),
            stakes=Stakes(50, 100, 5, 15),
            table="Cursa",
            start=datetime(2026, 3, 4, 18, 15),
            first_hand_id=253_000_000_000,
            profile=get_profile("pokerstars"),
        ),
        1800,
        13,
    ),
    (
        "triple-stud-1-2-6to8.txt",
        TableSpec(
            games=(Game.RAZZ, Game.STUD, Game.STUD8),
            players=(6, 8),
            table="Deneb Algedi",
            start=datetime(2026, 3, 5, 21, 0),
            first_hand_id=254_000_000_000,
            profile=get_profile("pokerstars"),
        ),
        1200,
        14,
    ),
    # Sit-and-gos: the levels rise every six hands, so stacks soon hold only a few bets and heads-up
    # all-ins before 7th street (the all-in EV spots) are common.
    (
        "triple-stud-sng-1500-chips.txt",
        TableSpec(
            games=(Game.RAZZ, Game.STUD, Game.STUD8),
            players=(6, 8),
            tournament=TournamentSpec(hands_per_level=6),
            start=datetime(2026, 3, 7, 15, 0),
            first_hand_id=255_000_000_000,
            profile=get_profile("pokerstars"),
        ),
        600,
        15,
    ),
)


SUMMARIES = HERE / "summaries"
"""Where the tournament summaries of the sit-and-go files go, one file of summaries per hand file, as
PokerStars mails a history request: what a player's results look like beside his hands."""


def main() -> None:
    for name, spec, hands, seed in TABLES:
        path = HERE / name
        dealt = list(simulate(spec, hands, seed))
        with path.open("w", encoding="utf-8", newline="\n") as out:
            count = write_pokerstars_file(dealt, out)
        print(f"{path.relative_to(HERE.parent)}: {count:,} hands, {path.stat().st_size / 1e6:.1f} MB")
        if spec.tournament is None:
            continue
        results = sit_and_go_results(dealt)
        SUMMARIES.mkdir(exist_ok=True)
        summary = SUMMARIES / name
        summary.write_text(SUMMARY_SEPARATOR.join(map(write_summary, results)) + "\n", encoding="utf-8", newline="\n")
        print(f"{summary.relative_to(HERE.parent)}: {len(results):,} tournament summaries")


if __name__ == "__main__":
    main()
