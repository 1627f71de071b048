"""``studbook convert`` with hands the target site cannot express: each refused hand is named by its
file, line and id (once, whether the writer named it or not), left out, the others written, exit 1;
a file none of whose hands can be written leaves no output file. OnGame's writer is written through
:func:`~studbook.parsers.writing.write_separated`; Full Tilt's file writer had a loop of its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest

from studbook.cli.app import main
from studbook.engine.model import Game, Hand
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers import parse_file
from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
from studbook.parsers.registry import get_profile


def _source(path: Path, kept: list[Hand], refused: list[Hand]) -> dict[str, int]:
    """``kept`` and ``refused`` interleaved into one PokerStars file at ``path``; the hand ids with the
    line each was parsed from."""
    hands = [h for pair in zip(kept, refused) for h in pair] + kept[len(refused) :] + refused[len(kept) :]
    with path.open("w", encoding="utf-8", newline="\n") as f:
        assert write_pokerstars_file(hands, f) == len(hands)
    parsed = list(parse_file(path))
    assert all(isinstance(h, Hand) for h in parsed) and len(parsed) == len(hands)
    return {h.site_hand_id: h.source_line for h in parsed if isinstance(h, Hand)}


def _convert(capsys: pytest.CaptureFixture[str], source: Path, site: str, out: Path) -> tuple[int, str, str]:
    code = main(["convert", str(source), "--to", site, "--out", str(out)])
    printed, err = capsys.readouterr()
    return code, printed, err


def _cash(game: Game, count: int, seed: int) -> list[Hand]:
    return list(simulate(TableSpec(games=(game,), players=(2, 5), profile=get_profile("pokerstars")), count, seed))


@pytest.mark.parametrize(
    "site, refused, why",
    [
        # OnGame's writer (a function, its file through write_separated) refuses tournament hands
        (
            "ongame",
            lambda: list(
                simulate(
                    TableSpec(
                        games=(Game.STUD,),
                        players=(2, 5),
                        tournament=TournamentSpec(),
                        profile=get_profile("pokerstars"),
                    ),
                    3,
                    7,
                )
            ),
            "OnGame hands are written for stud-family cash games in dollars only",
        ),
        # Full Tilt's (a class whose refusals name the hand; its file writer had a loop of its own) 2-7 Razz
        ("fulltilt", lambda: _cash(Game.RAZZ27, 3, 8), "2-7 Razz: Full Tilt never dealt it"),
    ],
    ids=["separated", "loop"],
)
def test_a_refused_hand_is_named_and_left_out_and_the_others_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, site: str, refused: Callable[[], list[Hand]], why: str
) -> None:
    kept, left_out = _cash(Game.STUD, 4, 6), refused()
    source = tmp_path / "mixed.txt"
    lines = _source(source, kept, left_out)
    code, printed, err = _convert(capsys, source, site, tmp_path / "out")
    assert code == 1
    for hand in left_out:
        place = f"{source}:{lines[hand.site_hand_id]}: hand {hand.site_hand_id}: "
        assert f"{place}{why}" in err, err
        assert err.count(f"hand {hand.site_hand_id}") == 1, "the hand is named once"
    assert len(re.findall(r"cannot write it as \w+; left out", err)) == len(left_out)
    assert f"4 hands converted to {site}" in printed and f"{len(left_out)} could not be converted" in printed
    written = list(parse_file(tmp_path / "out" / "mixed.txt"))
    assert [h.site_hand_id for h in written if isinstance(h, Hand)] == [h.site_hand_id for h in kept]


@pytest.mark.parametrize("site, game", [("ongame", Game.RAZZ27), ("fulltilt", Game.RAZZ27)])
def test_no_file_is_left_when_no_hand_can_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, site: str, game: Game
) -> None:
    source = tmp_path / "none.txt"
    lines = _source(source, [], _cash(game, 3, 9))
    code, printed, err = _convert(capsys, source, site, tmp_path / "out")
    assert code == 1
    assert "0 hands converted" in printed and "3 could not be converted" in printed
    assert all(f"{source}:{line}: hand {hand_id}: " in err for hand_id, line in lines.items()), err
    assert not (tmp_path / "out" / "none.txt").exists() and not any((tmp_path / "out").iterdir())
