"""The ``studbook`` command line: sub-commands found by module, help in words, exit statuses, the
import/audit/export round trip on real PokerStars files."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from conftest import run_cli

from studbook.cli.app import build_parser, commands, main
from studbook.analytics.schema import TABLES
from studbook.parsers.registry import profiles

REAL_FILES = ("7-Stud-USD-0.04-0.08-200911.txt", "Razz-USD-0.04-0.08-200911.txt")
"""Two real PokerStars files (11 stud and 9 razz hands) for the end-to-end round trips."""


def summary_counts(out: str) -> dict[str, int]:
    """The ``label: number`` lines of an import summary."""
    counts = {}
    for line in out.splitlines():
        label, sep, value = line.rpartition(":")
        if sep and value.strip().replace(",", "").isdigit():
            counts[label.strip()] = int(value.replace(",", ""))
    return counts


def test_every_command_module_is_found_and_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    names = {c.name for c in commands()}
    assert {"import", "audit", "export"} <= names
    status, out, _ = run_cli(capsys, "--help")
    assert status == 0
    for command in commands():
        assert command.name in out and command.summary.split()[0] in out
        status, out_cmd, _ = run_cli(capsys, command.name, "--help")
        assert status == 0 and command.description.split("\n")[0] in out_cmd


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (("simulate", "--out", "x", "--ante", "inf"), "argument --ante: not an amount: 'inf'"),
        (("simulate", "--out", "x", "--stakes", "1"), "argument --stakes: stakes '1': expected SMALL/BIG"),
        (("simulate", "--out", "x", "--hands", "0"), "argument --hands: must be 1 or more, got 0"),
        (("audit", "x.txt", "--workers", "two"), "argument --workers: must be a whole number, got 'two'"),
        (("stats", "--top", "-1"), "argument --top: must be 0 or more, got -1"),
        (
            ("chart", "bb100", "--player", "Ann", "--out", "x.png", "--since", "2026-13-01"),
            "argument --since: not a day: '2026-13-01' (write it as YYYY-MM-DD",
        ),
    ],
)
def test_a_wrong_option_value_is_a_usage_error_naming_the_option(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], complaint: str
) -> None:
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and complaint in err and out == ""


def test_profile_help_lists_every_profile_and_rejects_others(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "audit", "--help")
    assert all(name in out for name in profiles())
    status, _, err = run_cli(capsys, "audit", "x.txt", "--profile", "home-rules")
    assert status == 2 and "invalid choice: 'home-rules'" in err


@pytest.mark.parametrize("value", ["0", "-3", "two"])
def test_workers_must_be_a_positive_whole_number(capsys: pytest.CaptureFixture[str], value: str) -> None:
    status, _, err = run_cli(capsys, "import", "x.txt", "--workers", value)
    assert status == 2 and "--workers" in err


def test_export_of_a_missing_database_says_what_to_do(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run_cli(capsys, "export", "--db", str(tmp_path / "none.duckdb"), "--out", str(tmp_path))
    assert status == 2 and "no such database" in err and "studbook import" in err


def test_import_of_a_missing_path_is_a_usage_error_and_makes_no_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run_cli(capsys, "import", str(tmp_path / "missing"), "--db", str(tmp_path / "db.duckdb"))
    assert status == 2 and out == "" and "no such file or folder" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "db.duckdb").exists()


def test_audit_of_a_folder_without_hand_histories_reads_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run_cli(capsys, "audit", str(tmp_path))
    assert status == 1 and "no hand-history files" in err


@pytest.mark.parametrize("command", [("audit",), ("convert", "--to", "phh")])
def test_a_missing_path_among_others_stops_the_command_before_it_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    """A mistyped path is a mistake to mend before anything is done: half the files read (or converted
    into a folder made for them) would leave the user to sort out what was and what was not."""
    from conftest import SAMPLE_DATA

    good = SAMPLE_DATA / "edge-cases" / "razz-showdown-with-rake.txt"
    extra = ("--out", str(tmp_path / "out")) if command[0] == "convert" else ()
    status, out, err = run_cli(capsys, *command, str(tmp_path / "missing.txt"), str(good), *extra)
    assert status == 2 and err == f"studbook: error: {tmp_path / 'missing.txt'}: no such file or folder\n"
    assert out == "" and not (tmp_path / "out").exists()


@pytest.mark.slow
def test_import_audit_export_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path, stars_corpus: Path) -> None:
    files = [str(stars_corpus / name) for name in REAL_FILES]
    db = str(tmp_path / "hands.duckdb")

    status, out, _ = run_cli(capsys, "import", *files, "--db", db, "--workers", "2", "--quiet")
    assert status == 0
    assert summary_counts(out)["hands imported"] == 20
    with duckdb.connect(db, read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (20,)

    status, out, _ = run_cli(capsys, "import", *files, "--db", db, "--quiet")
    assert status == 0
    again = summary_counts(out)
    assert (again["already imported (skipped)"], again["hands imported"]) == (2, 0)
    with duckdb.connect(db, read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (20,)
        invalid = con.execute("SELECT count(*) FROM hands WHERE NOT valid").fetchone()[0]

    status, out, _ = run_cli(capsys, "audit", *files, "--format", "json", "--workers", "1")
    findings = [json.loads(line) for line in out.splitlines()]
    assert status == (1 if findings else 0)
    assert len({f["hand_id"] for f in findings}) == invalid
    for f in findings:
        assert set(f) == {"file", "line", "site", "hand_id", "rule", "street", "seat", "player", "message"}
        assert f["site"] == "pokerstars" and isinstance(f["line"], int)

    status, out, _ = run_cli(capsys, "export", "--db", db, "--out", str(tmp_path / "parquet"))
    assert status == 0
    assert pq.read_table(tmp_path / "parquet" / "hands.parquet").num_rows == 20
    assert {p.stem for p in (tmp_path / "parquet").glob("*.parquet")} == set(TABLES)


def test_audit_text_report_reports_a_broken_hand_with_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, stars_corpus: Path
) -> None:
    """A hand cut off after its header cannot be read: the audit says where, and counts it as ``parse``."""
    text = (stars_corpus / REAL_FILES[0]).read_text(encoding="utf-8")
    broken = tmp_path / "broken.txt"
    header = text.splitlines()[0]
    broken.write_text(header + "\nthis is not a line PokerStars writes\n\n\n" + text, encoding="utf-8")
    status, out, _ = run_cli(capsys, "audit", str(broken), "--workers", "1")
    assert status == 1
    assert f"parse  at {broken}:2\n" in out
    assert "got: 'this is not a line PokerStars writes'" in out
    assert "11 hands audited in 1 file: 0 break a rule, 1 could not be read" in out
    assert "\n  parse " in out.split("hands audited")[1]


def test_ctrl_c_during_import_says_how_to_finish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from studbook.pipeline import importer

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importer, "run_import", interrupted)
    from conftest import SAMPLE_DATA

    hands = str(SAMPLE_DATA / "edge-cases")
    status, _, err = run_cli(capsys, "import", hands, "--db", str(tmp_path / "db.duckdb"))
    assert status == 130 and "run the same command again" in err


def test_a_long_expected_list_is_cut_in_the_text_and_kept_in_the_json() -> None:
    from studbook.cli.cmd_audit import EXPECTED_SHOWN, message_lines

    kinds = [f"'kind {i}'" for i in range(20)]
    message = f"not a line that can come here (got: 'Ann: dances'; expected: one of {', '.join(kinds)})"
    what, got, expected = message_lines(message)
    assert (what, got) == ("not a line that can come here", "got: 'Ann: dances'")
    assert expected == f"expected: one of {', '.join(kinds[:EXPECTED_SHOWN])} ... and {20 - EXPECTED_SHOWN} more"
    short = f"bad header (got: 'x'; expected: one of {', '.join(kinds[: EXPECTED_SHOWN + 1])})"
    assert message_lines(short)[2] == f"expected: one of {', '.join(kinds[: EXPECTED_SHOWN + 1])}"
    assert message_lines("the summary's rake is $0.00") == ["the summary's rake is $0.00"]


def test_audit_text_names_rule_street_seat_and_line_and_counts_per_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A wrong payout planted in a real-format hand: the finding says which rule, who, where; the
    closing count says what the rule means."""
    from studbook.engine.validate import RULES

    from conftest import SAMPLE_DATA

    text = (SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(text.replace("Farah collected $0.05", "Farah collected $0.06"), encoding="utf-8")
    line = next(i for i, row in enumerate(wrong.read_text().splitlines(), 1) if "Farah collected" in row)
    status, out, _ = run_cli(capsys, "audit", str(wrong), "--workers", "1")
    assert status == 1
    assert f"    pot.award, seat 1 (Farah)  at {wrong}:{line}\n" in out
    assert "1 hand audited in 1 file: 1 breaks a rule, 0 could not be read" in out
    assert f"  {'pot.award':<18} {1:>6}  {RULES['pot.award'][:40]}" in out


def test_audit_rules_lists_every_rule_and_profile_without_paths(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from studbook.engine.validate import RULES

    monkeypatch.setenv("COLUMNS", "100")  # the list is shortened to the terminal; a test runner's is any width
    status, out, _ = run_cli(capsys, "audit", "--rules")
    assert status == 0
    for rule in [*RULES, "parse"]:
        assert f"\n  {rule:<18} " in out
    for name in profiles():
        assert f"\n  {name:<18} " in out
    assert "bet + 4 raises (the cap holds even heads-up); no big bet on 4th" in out  # wsop-tournament


def test_an_expected_list_is_cut_between_items_not_inside_an_example() -> None:
    from studbook.cli.cmd_audit import message_lines

    detail = (
        "not a line that can come here (got: 'x'; expected: one of 'A', a run ('B: c', 'D: e, f'), "
        "'G', a line ('H: doesn't', 'I'), 'J', 'K', 'L')"
    )
    lines = message_lines(detail, keep=2)
    assert lines[:2] == ["not a line that can come here", "got: 'x'"]
    assert lines[2] == "expected: one of 'A', a run ('B: c', 'D: e, f') ... and 5 more"


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import studbook

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    # the editable install the tests run is never compiled (test_compiled.py has the wheel's)
    assert studbook.compiled_modules() == ()
    assert capsys.readouterr().out.strip() == f"studbook {studbook.__version__} (pure Python)"


@pytest.mark.parametrize("command", [c.name for c in commands()])
def test_help_gives_the_options_before_the_examples(command: str) -> None:
    text = build_parser()._subparsers._group_actions[0].choices[command].format_help()  # type: ignore[union-attr]
    assert "options:" in text
    if "examples:" in text:
        assert text.index("options:") < text.index("examples:"), f"studbook {command} --help: examples come last"


def test_stats_help_lists_every_breakdown() -> None:
    from studbook.analytics.stats import BREAKDOWNS

    text = build_parser()._subparsers._group_actions[0].choices["stats"].format_help()  # type: ignore[union-attr]
    by_help = " ".join(text.split("\n  --by BREAKDOWN", 1)[1].split("\n  --stat KEY", 1)[0].split())
    missing = [key for key in BREAKDOWNS if key not in by_help]
    assert not missing, f"stats --help does not list --by {missing}"
