"""``studbook replay``: down cards hidden until the showdown (except the --as player's own), the pot after
each street, the rules' payout per pot and half, the violations, and clear errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SAMPLE_DATA
from handbuilder import build
from samples import ALL_IN_ON_SIXTH

from studbook.cli.app import main
from studbook.analytics.replay_view import render_hand
from studbook.pipeline.importer import run_import
from studbook.analytics.store import open_store
from studbook.engine.betting import StreetLedger
from studbook.engine.model import Action, Hand, UncalledReturn
from studbook.engine.replay import replay
from studbook.parsers.registry import profile_for

QUARTERS = SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt"


def _before_showdown(text: str) -> str:
    return text.split("\nShowdown\n")[0]


def test_down_cards_stay_hidden_until_the_showdown() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    text = render_hand(hand, replay(hand, profile_for(hand)))
    early = _before_showdown(text)
    assert re.search(r"^  Ann +\[\?\? \?\?\] Kc$", early, re.M)
    assert "Ah" not in early and "Ad" not in early  # Ann's down cards (the history knows them)
    showdown = text.split("\nShowdown\n")[1]
    assert "Ann shows Ah Ad Kc Ks 2d 7d 5c" in showdown and "Bob shows 9h Th Jh Qh 3c 4d 8c" in showdown


def test_as_a_player_shows_his_own_down_cards_only() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    early = _before_showdown(render_hand(hand, replay(hand, profile_for(hand)), as_player="Ann"))
    assert re.search(r"^  Ann +\[Ah Ad\] Kc$", early, re.M)
    assert re.search(r"^  Bob +\[\?\? \?\?\] Jh$", early, re.M)
    bob = _before_showdown(render_hand(hand, replay(hand, profile_for(hand)), as_player="Bob"))
    assert "Ah" not in bob  # Bob cannot see Ann's cards


def _pot_by_street(hand: Hand) -> dict[int, int]:
    """The pot after each street, recounted from the actions: chips put in (a raise or completion puts
    in the difference to its new total), less any uncalled bet returned on that street."""
    put: dict[int, int] = {}
    ledger = StreetLedger()
    street = 3
    for e in hand.events:
        if isinstance(e, Action):
            street = e.street
            put[street] = put.get(street, 0) + ledger.added(e)
            ledger.record(e)
        elif isinstance(e, UncalledReturn):
            put[street] = put.get(street, 0) - e.amount
            ledger.uncalled(e.seat, e.amount)
    running, out = 0, {}
    for s in sorted(put):
        running += put[s]
        out[s] = running
    return out


def test_the_pot_after_each_street_is_the_chips_put_in() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    text = render_hand(hand, replay(hand, profile_for(hand)))
    printed = [int(x.lstrip("$").replace(".", "")) for x in re.findall(r"^  pot (\S+)$", text, re.M)]
    recount = _pot_by_street(hand)
    assert printed == [recount[s] for s in (3, 4, 5, 6)] + [recount[6]]  # 7th: nothing more went in
    assert printed[-1] == 63


def test_payout_lists_each_half_and_the_violations() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    text = render_hand(hand, replay(hand, profile_for(hand)))
    assert "  Pot $0.63 (Ann, Bob):\n    whole pot: Bob $0.63" in text
    assert "Violations: none" in text
    wrong = build(ALL_IN_ON_SIXTH.replace("collect 3 63", "collect 1 63"))
    result = replay(wrong, profile_for(wrong))
    text = render_hand(wrong, result)
    assert result.violations and f"Violations ({len(result.violations)}):" in text
    for v in result.violations:
        assert f"  {v.rule}: {v.message}" in text


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("replay") / "replay.duckdb"
    with open_store(path) as store:
        assert run_import([QUARTERS], store, workers=1).hands == 1
    return str(path)


def test_cli_replays_a_stored_hand_with_its_halves(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "900000000101", "--db", db, "--as", "Farah"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  Farah +\[Kc Kd\] Ks$", out, re.M)
    assert re.search(r"^  Goran +\[\?\? \?\?\] 4d$", out, re.M)
    assert "high half: Farah $0.05" in out and "low half: Goran $0.02" in out and "low half: Hiro $0.02" in out
    assert main(["replay", "pokerstars:900000000101", "--db", db]) == 0
    assert "[Kc Kd]" not in _before_showdown(capsys.readouterr().out)


def test_help_explains_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["replay", "--help"])
    assert done.value.code == 0
    assert "--as PLAYER" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["replay", "123"], "not in the database"),
        (["replay", "900000000101", "--as", "Zed"], "'Zed' did not play"),
    ],
)
def test_cli_errors_say_what_to_do(db: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*args, "--db", db]) == 2
    assert message in capsys.readouterr().err


def test_cli_says_when_the_source_file_is_gone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moved = tmp_path / "hands.txt"
    moved.write_bytes(QUARTERS.read_bytes())
    db = tmp_path / "gone.duckdb"
    with open_store(db) as store:
        run_import([moved], store, workers=1)
    moved.unlink()
    assert main(["replay", "900000000101", "--db", str(db)]) == 2
    assert "cannot be found" in capsys.readouterr().err
