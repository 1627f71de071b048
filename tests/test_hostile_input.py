"""Issue 13: nothing a file contains may drop other hands, leak an internal error or lose a hand silently.

One test (or a few) per class of the issue, each built from ``sample_data/`` alone, each failing
before its fix: absurd numbers and impossible dates (1), hands the engine could not replay (2), ids
shared by different hands (3), impossible hands that passed (4), tracebacks instead of messages (5),
files remembered by relative path (6), CSV injection (7), the simulator's rake, empty files and the
PHH community card (8), and the spill and progress of a big file (9)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path

import pytest

from conftest import SAMPLE_DATA
from samples import Recorder
from studbook.analytics.store import open_store
from studbook.cli.app import main
from studbook.engine.model import CommunityCard, Game, Hand
from studbook.engine.replay import replay
from studbook.engine.simulate import Rake, TableSpec, simulate
from studbook.engine.validate import RULES
from studbook.parsers import parse_text
from studbook.parsers.errors import ParseError
from studbook.parsers.phh import read_phh, write_phh
from studbook.pipeline import importer
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import get_profile, profile_for

RAZZ = SAMPLE_DATA / "razz-0.50-1-2to8.txt"


def razz_hands(count: int = 3) -> list[str]:
    """The first ``count`` hands of the razz sample file, as texts."""
    return [h.strip("\n") for h in re.split(r"\n\s*\n", RAZZ.read_text(encoding="utf-8")) if h.strip()][:count]


def write(path: Path, hands: list[str]) -> Path:
    path.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def line_of(hands: list[str], hand: int, startswith: str) -> int:
    """The file line (1-based) of the first line of hand ``hand`` that starts with ``startswith``."""
    before = sum(len(h.split("\n")) + 1 for h in hands[:hand])
    offset = next(i for i, line in enumerate(hands[hand].split("\n")) if line.startswith(startswith))
    return before + offset + 1


def only(hand: str, old: str, new: str) -> str:
    assert hand.count(old) >= 1, old
    return hand.replace(old, new, 1)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- 1. one bad value drops one hand


def absurd_stack(tmp_path: Path) -> tuple[Path, int]:
    hands = razz_hands()
    hands[1] = only(
        hands[1], "Seat 1: tobiah.renner ($5.80 in chips)", "Seat 1: tobiah.renner ($100000000000000000000 in chips)"
    )
    return write(tmp_path / "absurd.txt", hands), line_of(hands, 1, "Seat 1:")


def test_an_absurd_amount_is_a_parse_error_at_its_line_and_the_other_hands_import(tmp_path: Path) -> None:
    path, line = absurd_stack(tmp_path)
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([path], store)
    assert (summary.files_failed, summary.hands) == (0, 2)
    [report] = summary.reports
    assert (report.rule, report.line) == ("parse", line)
    assert "beyond any real stake" in report.message


def test_audit_reports_the_absurd_amount_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = absurd_stack(tmp_path)
    code, out, _ = cli(capsys, "audit", str(path), "--format", "json")
    findings = [json.loads(row) for row in out.splitlines()]
    assert code == 1
    assert [(f["rule"], f["line"]) for f in findings] == [("parse", line)]


def impossible_date(tmp_path: Path) -> tuple[Path, int]:
    hands = razz_hands()
    hands[2] = only(hands[2], "2026/03/04", "2026/02/30")
    return write(tmp_path / "date.txt", hands), line_of(hands, 2, "PokerStars Hand")


def test_an_impossible_date_fails_its_hand_in_import_audit_and_convert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, line = impossible_date(tmp_path)
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([path], store)
    assert (summary.files_failed, summary.hands) == (0, 2)
    assert [(r.rule, r.line) for r in summary.reports] == [("parse", line)]
    assert "2026/02/30" in summary.reports[0].message and "impossible" in summary.reports[0].message
    code, out, _ = cli(capsys, "audit", str(path), "--format", "json")
    assert [(f["rule"], f["line"]) for f in map(json.loads, out.splitlines())] == [("parse", line)]
    code, out, err = cli(capsys, "convert", str(path), "--to", "phh", "--out", str(tmp_path / "phh"))
    assert code == 1 and "Traceback" not in err and f"{path}:{line}:" in err
    assert len(list((tmp_path / "phh" / "date").glob("*.phh"))) == 2


@pytest.mark.parametrize("moved_to", [5, 17])
def test_a_file_whose_first_header_is_out_of_place_keeps_its_other_hands(moved_to: int) -> None:
    """The first hand's header moved down its own hand (found by the fuzzer: the site is then told from
    the next header, wherever it is, and only the first hand fails: its lines before the header, and
    the header with what follows it, each a hand that cannot be read)."""
    hands = razz_hands(3)
    first = hands[0].split("\n")
    first.insert(moved_to - 1, first.pop(0))
    results = parse_text("\n".join(["\n".join(first), *hands[1:]]) + "\n")
    assert [type(r).__name__ for r in results] == ["ParseError", "ParseError", "Hand", "Hand"]


# ---------------------------------------------------------------- 2. no internal error as a finding


def everyone_who_paid_folds() -> str:
    """Razz sample hand 9 (everyone folds to the bring-in, whose bring-in comes back uncalled) without
    the bring-in player's ante: every player who put a chip in folds, and the one left paid nothing."""
    hand = razz_hands(9)[8]
    assert "Uncalled bet ($0.15) returned to casimir_vale" in hand
    return only(hand, "casimir_vale: posts the ante $0.05\n", "")


def test_a_hand_whose_paying_players_all_fold_is_judged_not_an_engine_error() -> None:
    [hand] = parse_text(everyone_who_paid_folds())
    assert isinstance(hand, Hand)
    result = replay(hand, profile_for(hand))
    assert {v.rule for v in result.violations} <= set(RULES)
    assert result.awards and {a.seat for a in result.awards} == {2}, "the pot goes to the one player left"


def test_a_player_without_deal_lines_is_a_cards_finding() -> None:
    """Razz sample hand 2 without any of tobiah.renner's deal lines: he bets on 4th street with no card
    showing, so the cards cannot say who opens (it was 'razz_board_value takes 1 to 4 cards, got 0')."""
    hand = razz_hands(2)[1]
    kept = [line for line in hand.split("\n") if not line.startswith("Dealt to tobiah.renner")]
    [parsed] = parse_text("\n".join(kept))
    assert isinstance(parsed, Hand)
    found = replay(parsed, profile_for(parsed)).violations
    assert any(v.rule == "cards.count" and v.seat == 1 for v in found)
    assert {v.rule for v in found} <= set(RULES)


def test_the_importer_reports_no_engine_problem_on_those_hands(tmp_path: Path) -> None:
    path = write(tmp_path / "odd.txt", [everyone_who_paid_folds()])
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([path], store)
    assert summary.hands == 1 and summary.reports == []


def test_audit_rules_lists_every_id_a_report_can_carry(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--rules"])
    out = capsys.readouterr().out
    for rule in ("parse", "engine", "conflict", *RULES):
        assert f"  {rule} " in out, rule


# ---------------------------------------------------------------- 3. same id, different hand


def test_simulations_of_two_games_with_one_seed_share_no_hand_id() -> None:
    ids = {
        game: {
            h.site_hand_id
            for h in simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), 300, 1)
        }
        for game in (Game.STUD, Game.RAZZ, Game.STUD8)
    }
    assert not ids[Game.STUD] & ids[Game.RAZZ] and not ids[Game.STUD] & ids[Game.STUD8]
    again = {
        h.site_hand_id
        for h in simulate(TableSpec(games=(Game.STUD,), players=(2, 8), profile=get_profile("pokerstars")), 300, 1)
    }
    assert again == ids[Game.STUD], "the same run deals the same hands under the same ids"


def test_importing_stud_and_razz_simulations_of_one_seed_stores_every_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for game in ("stud", "razz"):
        assert cli(capsys, "simulate", "--game", game, "--hands", "300", "--seed", "3", "--out", str(tmp_path))[0] == 0
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([tmp_path], store)
    assert (summary.hands, summary.duplicates, summary.conflicts) == (600, 0, 0)


def test_same_id_other_content_is_a_conflict_with_both_places_never_a_duplicate(tmp_path: Path) -> None:
    hands = razz_hands()
    first = write(tmp_path / "a.txt", hands)
    other = only(hands[1], "tobiah.renner: bets $0.50", "tobiah.renner: bets $0.50 and is all-in")
    other = only(other, "Seat 2: casimir_vale ($59.95 in chips)", "Seat 2: casimir_vale ($59.90 in chips)")
    second = write(tmp_path / "b.txt", [other])
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([first, second], store)
        errors = store.con.execute("SELECT file, line, message FROM parse_errors").fetchall()
    assert (summary.hands, summary.duplicates, summary.conflicts) == (3, 0, 1)
    [report] = summary.reports
    assert report.rule == "conflict" and (report.file, report.line) == (str(second), 1)
    assert f"{first}:{line_of(hands, 1, 'PokerStars')}" in report.message
    assert errors == [(str(second), 1, report.message)]


def test_the_same_hand_in_two_files_is_a_duplicate(tmp_path: Path) -> None:
    hands = razz_hands()
    first = write(tmp_path / "a.txt", hands[:2])
    second = write(tmp_path / "b.txt", hands[1:])
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([first, second], store)
    assert (summary.hands, summary.duplicates, summary.conflicts, summary.reports) == (3, 1, 0, [])


def test_a_repeated_id_within_one_file_is_judged_too(tmp_path: Path) -> None:
    hands = razz_hands(2)
    changed = only(hands[0], "Seat 2: casimir_vale ($60 in chips)", "Seat 2: casimir_vale ($61 in chips)")
    path = write(tmp_path / "a.txt", [hands[0], hands[1], hands[0], changed])
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([path], store)
    assert (summary.hands, summary.duplicates, summary.conflicts) == (2, 1, 1)


# ---------------------------------------------------------------- 4. impossible hands are findings

STUD = SAMPLE_DATA / "stud-1-2-8max.txt"


def stud_showdown() -> list[str]:
    """The lines of the first hand of the stud sample file that goes to a showdown (eight players)."""
    hands = [h.strip("\n") for h in re.split(r"\n\s*\n", STUD.read_text(encoding="utf-8")) if h.strip()]
    return next(h for h in hands if "*** SHOW DOWN ***" in h and ": shows [" in h).split("\n")


def rules_of(lines: list[str]) -> list[str]:
    [hand] = parse_text("\n".join(lines))
    assert isinstance(hand, Hand), hand
    return [v.rule for v in replay(hand, profile_for(hand)).violations]


def repeated(lines: list[str], index: int) -> list[str]:
    return lines[: index + 1] + [lines[index]] + lines[index + 1 :]


def test_the_same_card_twice_in_a_shown_hand_is_a_duplicate() -> None:
    lines = stud_showdown()
    i = next(i for i, line in enumerate(lines) if ": shows [" in line)
    first = re.search(r"\[(\S+) (\S+)", lines[i])
    assert first is not None
    lines[i] = lines[i].replace(first[0], f"[{first[1]} {first[1]}")
    assert rules_of(lines) == ["cards.duplicate"]


def test_nine_players_at_a_stud_table_are_too_many() -> None:
    lines = stud_showdown()
    seat8 = next(i for i, line in enumerate(lines) if line.startswith("Seat 8:"))
    ante = next(i for i, line in enumerate(lines) if ": posts the ante" in line)
    deal = lines.index("*** 3rd STREET ***") + 1
    bring_in = next(i for i, line in enumerate(lines) if ": brings in" in line)
    lines[bring_in + 1 : bring_in + 1] = ["Nonus: folds"]
    lines[deal:deal] = ["Dealt to Nonus [2c]"]
    lines[ante:ante] = [f"Nonus: posts the ante {lines[ante].rsplit(' ', 1)[1]}"]
    lines[seat8 + 1 : seat8 + 1] = ["Seat 9: Nonus ($80 in chips)"]
    assert "table.size" in rules_of(lines)


def test_a_seat_line_printed_twice_is_a_parse_error_at_the_second() -> None:
    lines = stud_showdown()
    i = next(i for i, line in enumerate(lines) if line.startswith("Seat 1:"))
    [error] = parse_text("\n".join(repeated(lines, i)))
    assert isinstance(error, ParseError) and error.line == i + 2 and "listed twice" in error.message


@pytest.mark.parametrize("which", [": shows [", "Seat 8: "])
def test_a_show_or_summary_line_printed_twice_is_a_finding(which: str) -> None:
    lines = stud_showdown()
    i = max(i for i, line in enumerate(lines) if line.startswith(which) or which in line)
    assert rules_of(repeated(lines, i)) == ["cards.garbled"]


def test_a_bet_line_printed_twice_is_out_of_turn_not_a_closed_reopening() -> None:
    lines = stud_showdown()
    i = next(i for i, line in enumerate(lines) if ": bets " in line)
    found = rules_of(repeated(lines, i))
    assert "action.order" in found and "raise.reopen" not in found


# ---------------------------------------------------------------- 5. messages, not tracebacks


def test_an_unreadable_file_is_reported_and_the_others_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = write(tmp_path / "good.txt", razz_hands(2))
    bad = write(tmp_path / "bad.txt", razz_hands(3)[2:])
    real = importer.checksum

    def denied(path: Path) -> str:
        if path.name == "bad.txt":  # the tests may run as root, whom chmod does not stop
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(importer, "checksum", denied)
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([tmp_path], store)
    assert (summary.hands, summary.files_failed) == (2, 1)
    assert [str(r) for r in summary.reports] == [f"{bad}: cannot read the file ([Errno 13] Permission denied: '{bad}')"]
    assert good.exists()


def test_a_fifo_is_not_a_missing_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    files, problems = importer.discover([fifo, tmp_path])
    assert files == []
    assert [str(p) for p in problems] == [f"{fifo}: not a regular file (a pipe, socket or device): skipped"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "db.duckdb"
    with open_store(path) as store:
        run_import([write(tmp_path / "h.txt", razz_hands())], store)
    return path


@pytest.mark.parametrize("case", ["a file", "a parent that is a file", "a folder in a file's place"])
def test_export_out_that_cannot_be_written_is_a_message(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    out = {
        "a file": blocker,
        "a parent that is a file": blocker / "sub",
        "a folder in a file's place": tmp_path / "out",
    }[case]
    if case == "a folder in a file's place":
        (out / "actions.parquet").mkdir(parents=True)
    code, _, err = cli(capsys, "export", "--db", str(db), "--out", str(out))
    assert code == 2 and err.startswith("studbook: error: ") and "Traceback" not in err


def test_export_into_a_read_only_folder_is_a_message(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder the user may not write to: made read-only, and the permission check answering as it
    does for an ordinary user (root, who runs CI here, may write anywhere, so chmod alone proves nothing)."""
    out = tmp_path / "ro"
    out.mkdir()
    out.chmod(0o500)
    real_access = os.access

    def access(path: object, mode: int) -> bool:
        return False if Path(str(path)) == out else real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr("studbook.cli.app.os.access", access)
    code, _, err = cli(capsys, "export", "--db", str(db), "--out", str(out))
    assert code == 2 and "not writable" in err


@pytest.mark.parametrize("command", [["convert", str(RAZZ), "--to", "phh"], ["simulate", "--hands", "3"]])
def test_convert_and_simulate_out_onto_a_file_is_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    code, _, err = cli(capsys, *command, "--out", str(target))
    assert code == 2 and "is a file, not a folder" in err


def test_audit_counts_an_unreadable_file_as_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "h.txt", razz_hands(1))

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("studbook.parsers.reading.open", denied, raising=False)
    code, out, err = cli(capsys, "audit", str(path))
    assert code == 1 and out == "" and err == f"studbook: error: {path}: cannot be read (Permission denied)\n"


# ---------------------------------------------------------------- 6. files found from anywhere


def test_a_hand_imported_by_relative_path_replays_from_another_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    write(folder / "h.txt", razz_hands())
    monkeypatch.chdir(folder)
    assert cli(capsys, "import", ".", "--db", str(tmp_path / "x.duckdb"), "--quiet")[0] == 0
    monkeypatch.chdir(tmp_path)
    code, out, _ = cli(capsys, "replay", "253000000385", "--db", str(tmp_path / "x.duckdb"))
    assert code == 0 and "253000000385" in out


def test_a_moved_file_is_found_by_its_checksum_when_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "h.txt", razz_hands())
    db = tmp_path / "x.duckdb"
    assert cli(capsys, "import", str(path), "--db", str(db), "--quiet")[0] == 0
    (tmp_path / "moved").mkdir()
    path.rename(tmp_path / "moved" / "renamed.txt")
    code, _, err = cli(capsys, "replay", "253000000385", "--db", str(db))
    assert code == 2 and "--search FOLDER" in err
    code, out, _ = cli(capsys, "replay", "253000000385", "--db", str(db), "--search", str(tmp_path))
    assert code == 0 and "253000000385" in out


# ---------------------------------------------------------------- 7. csv injection


def test_stats_csv_defuses_formulas_in_player_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hostile = {
        "tobiah.renner": '=HYPERLINK("http://x")',
        "casimir_vale": "+1-1",
        "Ottilie Brandt": "@SUM(1)",
        "Suki Lindqvist": "-2",
    }
    text = "\n\n".join(razz_hands(3))
    for name, evil in hostile.items():
        text = text.replace(name, evil)
    path = tmp_path / "h.txt"
    path.write_text(text + "\n", encoding="utf-8")
    db = tmp_path / "db.duckdb"
    assert cli(capsys, "import", str(path), "--db", str(db), "--quiet")[0] == 0
    code, out, _ = cli(capsys, "stats", "--db", str(db), "--format", "csv")
    assert code == 0
    players = {row["player"] for row in csv.DictReader(io.StringIO(out))}
    assert players == {"'" + evil for evil in hostile.values()}


# ---------------------------------------------------------------- 8. rake, empty files, PHH


def test_a_negative_rake_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="rake"):
        Rake(-5)
    code, _, err = cli(capsys, "simulate", "--rake", "-5", "--hands", "3", "--out", str(tmp_path))
    assert code == 2 and "rake" in err and not list(tmp_path.iterdir())


def test_an_empty_file_is_said_to_be_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty.txt").write_text("")
    code, out, err = cli(capsys, "import", str(tmp_path / "empty.txt"), "--db", str(tmp_path / "db.duckdb"), "--quiet")
    assert code == 1 and out == ""
    assert err == f"studbook: error: {tmp_path / 'empty.txt'}: an empty file (no hands)\n"
    assert not (tmp_path / "db.duckdb").exists(), "nothing is stored, so no database is made"


def test_phh_keeps_the_start_of_seventh_street_with_a_community_card() -> None:
    """tests/data/stud8-community-card.txt is the simulator's hand of the issue (``simulate --game stud8
    --hands 20000 --players 2-8 --seed 5``, the 11,481st hand): eight players see 7th street, so its card
    is dealt face up to all. Its PHH conversion must replay as cleanly as its PokerStars text."""
    [hand] = parse_text((Path(__file__).parent / "data" / "stud8-community-card.txt").read_text(encoding="utf-8"))
    assert isinstance(hand, Hand) and any(isinstance(e, CommunityCard) for e in hand.events)
    assert replay(hand, profile_for(hand)).violations == ()
    back = read_phh(write_phh(hand), "<phh>")
    assert replay(back, profile_for(back)).violations == ()


# ---------------------------------------------------------------- 9. a big file


def test_spilled_rows_take_less_than_the_file_and_progress_moves_within_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [SAMPLE_DATA / "stud-1-2-8max.txt", SAMPLE_DATA / "razz-0.50-1-2to8.txt"]
    spilled: dict[str, int] = {}
    real = importer.read_chunks

    def measured(spill_dir: Path, count: int):  # type: ignore[no-untyped-def]
        spilled[spill_dir.name] = sum(p.stat().st_size for p in spill_dir.iterdir())
        return real(spill_dir, count)

    monkeypatch.setattr(importer, "read_chunks", measured)
    with open_store(tmp_path / "w.duckdb") as store:
        run_import(files, store, workers=2)
    assert [spilled[str(i)] < path.stat().st_size for i, path in enumerate(files)] == [True, True]

    seen = Recorder()
    with open_store(tmp_path / "one.duckdb") as store:
        run_import([files[0]], store, progress=seen, chunk_hands=100)
    kinds = [kind for kind, _ in seen.calls]
    assert kinds[0] == "start" and kinds[-2:] == ["stored", "finish"]
    assert kinds.count("read") >= 3, "the bar moves while the one file is read"
    assert sum(n for kind, n in seen.calls if kind == "read") == files[0].stat().st_size
