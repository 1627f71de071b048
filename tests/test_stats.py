"""The stats SQL against an independent recount from the hand events, on the sample hands and the real
PokerStars corpus; breakdowns add up to the totals; filters select what they say; the CLI prints the
same numbers with their denominators."""

from __future__ import annotations

import csv
import io
from collections import Counter
from contextlib import redirect_stdout
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Iterable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import SAMPLE_DATA, corpus_path
from studbook.cli.app import main
from studbook.pipeline.importer import run_import
from studbook.analytics.stats import BREAKDOWNS, STATS, Filters, parse_amount, parse_stakes, stat_table
from studbook.analytics.store import Store, open_store
from studbook.analytics.winrate import winrates
from studbook.engine.betting import StreetLedger
from studbook.engine.model import Action, ActionKind, Collect, Deal, Hand, UncalledReturn, format_money
from studbook.parsers import parse_file

EDGE_CASES = SAMPLE_DATA / "edge-cases"
AGGRESSIVE = {ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE}


def imported(tmp: Path, paths: list[Path]) -> Store:
    """The hands of ``paths`` imported into a new database, opened read-only (as ``studbook stats`` opens
    it, so the CLI tests can open it too)."""
    with open_store(tmp / "stats.duckdb") as store:
        summary = run_import(paths, store, workers=1)
    assert summary.hands > 0, summary.problems
    return open_store(tmp / "stats.duckdb", read_only=True)


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    with imported(tmp_path_factory.mktemp("sample"), [EDGE_CASES]) as store:
        yield store


@pytest.fixture(scope="module")
def corpus_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, list[Path]]]:
    paths = [EDGE_CASES, corpus_path("fpdb", "Stars")]
    with imported(tmp_path_factory.mktemp("corpus"), paths) as store:
        yield store, paths


# ------------------------------------------------------------------ the independent recount from events


def recount(hands: Iterable[Hand]) -> Counter[tuple[str, str]]:
    """(player, column) -> count, straight from the events, for VPIP, 3rd-street raise, steal, fold to
    steal, saw 4th, WTSD, W$SD and net. Written plainly, without the flags module's machinery."""
    out: Counter[tuple[str, str]] = Counter()
    for hand in hands:
        actions = [e for e in hand.events if isinstance(e, Action)]
        third = [a for a in actions if a.street == 3 and a.kind not in (ActionKind.ANTE, ActionKind.BRING_IN)]
        playing = sorted({e.seat for e in hand.events if isinstance(e, (Action, Deal))})
        name = {s.seat: s.player for s in hand.seats}
        for seat in playing:
            mine = [a for a in third if a.seat == seat]
            if mine:
                out[name[seat], "vpip_chances"] += 1
            if any(a.kind is ActionKind.CALL or a.kind in AGGRESSIVE for a in mine):
                out[name[seat], "vpip"] += 1
            if any(a.kind in AGGRESSIVE for a in mine):
                out[name[seat], "raise_3rd"] += 1
        # steal: the last three seats clockwise before the bring-in, into a pot nobody entered yet
        posts = [a for a in actions if a.street == 3 and a.kind is not ActionKind.ANTE]
        bring_in = posts[0].seat if posts and posts[0].kind in (ActionKind.BRING_IN, *AGGRESSIVE) else None
        if bring_in is not None:
            clockwise = sorted((s for s in playing if s != bring_in), key=lambda s: s < bring_in)
            steal_seats = clockwise[-3:]
            entered, seen, steal_at = False, set(), None
            for i, a in enumerate(third):
                if a.seat not in seen and a.seat in steal_seats and not entered:
                    out[name[a.seat], "steal_chances"] += 1
                    if a.kind in AGGRESSIVE:
                        out[name[a.seat], "steal"] += 1
                        steal_at = i
                seen.add(a.seat)
                entered = entered or a.kind is ActionKind.CALL or a.kind in AGGRESSIVE
                if steal_at is not None:
                    break
            if steal_at is not None:
                for a in third[steal_at + 1 :]:
                    if a.seat == bring_in:
                        out[name[bring_in], "fts_chances"] += 1
                        out[name[bring_in], "fold_to_steal"] += a.kind is ActionKind.FOLD
                    if a.seat == bring_in or a.kind is not ActionKind.FOLD:
                        break
        # streets and showdown
        folded = {a.seat: a.street for a in actions if a.kind is ActionKind.FOLD}
        has_4th = any(isinstance(e, (Action, Deal)) and e.street == 4 for e in hand.events)
        left = [s for s in playing if s not in folded]
        collected = Counter()
        for e in hand.events:
            if isinstance(e, Collect):
                collected[e.seat] += e.amount
        for seat in playing:
            saw_4th = has_4th and folded.get(seat, 9) >= 4
            showdown = len(left) >= 2 and seat in left
            out[name[seat], "saw_4th"] += saw_4th
            out[name[seat], "wtsd"] += saw_4th and showdown
            out[name[seat], "showdown"] += showdown
            out[name[seat], "wsd"] += showdown and collected[seat] > 0
        # net: collected minus chips put in (a raise "to" Y puts in Y minus what was in on the street)
        ledger = StreetLedger()
        for a in actions:
            out[name[a.seat], "net"] -= ledger.added(a)
            ledger.record(a)
        for e in hand.events:
            if isinstance(e, UncalledReturn):
                out[name[e.seat], "net"] += e.amount
        for seat, amount in collected.items():
            out[name[seat], "net"] += amount
    return out


def stored_hands(store: Store, paths: list[Path]) -> list[Hand]:
    """The hands of ``paths`` that the store holds as valid (the site paid what the rules pay, so the
    site's own "collected" lines are the truth), each once."""
    valid = {row[0] for row in store.con.execute("SELECT hand_id FROM hands WHERE valid").fetchall()}
    hands: dict[str, Hand] = {}
    for folder in paths:
        for path in sorted(folder.rglob("*.txt")):
            for item in parse_file(path):
                if isinstance(item, Hand):
                    key = f"{item.site}:{item.site_hand_id}"
                    if key in valid:
                        hands.setdefault(key, item)
    return list(hands.values())


PAIRS = {
    "vpip": ("vpip", "vpip_chances"),
    "raise_3rd": ("raise_3rd", "vpip_chances"),
    "steal": ("steal", "steal_chances"),
    "fold_to_steal": ("fold_to_steal", "fts_chances"),
    "saw_4": ("saw_4th", None),
    "wtsd": ("wtsd", "saw_4th"),
    "wsd": ("wsd", "showdown"),
}


def assert_matches_recount(store: Store, hands: list[Hand]) -> None:
    expected = recount(hands)
    table = stat_table(store.con, Filters(valid_only=True), stats=["hands", *PAIRS])
    players = set(table["player"])
    assert players == {h.player(e.seat) for h in hands for e in h.events if isinstance(e, (Action, Deal))}
    for row in table.itertuples():
        if row.stat == "hands":
            continue
        done, chances = PAIRS[row.stat]
        hands_played = int(table[(table.player == row.player) & (table.stat == "hands")]["done"].iloc[0])
        want = (expected[row.player, done], expected[row.player, chances] if chances else hands_played)
        assert (row.done, row.chances) == want, (row.player, row.stat)
    money = winrates(store.con, Filters(valid_only=True)).groupby("player")["net"].sum()  # over currencies
    for player, net in money.items():
        assert net == expected[player, "net"], player


def test_sample_hands_match_the_recount(sample_store: Store) -> None:
    assert_matches_recount(sample_store, stored_hands(sample_store, [EDGE_CASES]))


def test_corpus_hands_match_the_recount(corpus_store: tuple[Store, list[Path]]) -> None:
    store, paths = corpus_store
    hands = stored_hands(store, paths)
    assert len(hands) > 50, "most corpus hands are valid"
    assert_matches_recount(store, hands)


def test_the_steal_sample_as_numbers(sample_store: Store) -> None:
    table = stat_table(
        sample_store.con,
        Filters(players=("Alice", "Bruno")),
        stats=["steal", "steal_won", "fold_to_steal", "call_steal", "resteal", "fold_to_reraise"],
    )
    got = {(r.player, r.stat): (r.done, r.chances) for r in table.itertuples()}
    assert got[("Alice", "steal")] == (3, 3) and got[("Alice", "steal_won")] == (1, 3)
    assert got[("Bruno", "fold_to_steal")] == (1, 3) and got[("Bruno", "call_steal")] == (1, 3)
    assert got[("Bruno", "resteal")] == (1, 3) and got[("Alice", "fold_to_reraise")] == (1, 1)


# ------------------------------------------------------------------------------- breakdowns, filters


@pytest.mark.parametrize("by", ["game", "stakes", "site", "date", "players", "players_4th", "bring_in", "mixed"])
def test_breakdowns_add_up_to_the_totals(corpus_store: tuple[Store, list[Path]], by: str) -> None:
    store, _ = corpus_store
    total = stat_table(store.con, by=()).set_index("stat")
    split = stat_table(store.con, by=(by,)).groupby("stat")[["done", "chances"]].sum()
    stats = total.index.drop("hands")  # the rest count each player's chances, so add up whatever the split
    assert (split.loc[stats, "done"] == total.loc[stats, "done"]).all()
    assert (split.loc[stats, "chances"] == total.loc[stats, "chances"]).all()
    hands = int(total.loc["hands", "done"])
    assert hands == store.con.execute("SELECT COUNT(*) FROM hands").fetchone()[0], "a total counts each hand once"
    if by in ("players_4th", "bring_in"):  # a player's side of the hand: one hand is in several rows
        assert int(split.loc["hands", "done"]) >= hands
    else:
        assert int(split.loc["hands", "done"]) == hands


def test_a_row_that_is_no_player_counts_hands_not_seats(sample_store: Store) -> None:
    table = stat_table(sample_store.con, by=("game",), stats=["hands", "vpip"])
    hands = table[table["stat"] == "hands"].set_index("game")["done"].to_dict()
    stored = dict(sample_store.con.execute("SELECT game, COUNT(*) FROM hands GROUP BY game").fetchall())
    assert hands == stored
    seats = dict(sample_store.con.execute("SELECT game, COUNT(*) FROM hand_players GROUP BY game").fetchall())
    vpip = table[table["stat"] == "vpip"].set_index("game")["chances"].to_dict()
    assert all(vpip[g] <= seats[g] for g in seats) and sum(seats.values()) > sum(stored.values())


def test_start_class_breakdown_counts_only_known_cards(sample_store: Store) -> None:
    table = stat_table(sample_store.con, by=("player", "start_class"), stats=["hands"])
    # the heroes' 3rd-street cards, and those of the players who showed down (Kofi's [4s 9d 5d ...]
    # in razz, Goran's and Hiro's in the quartered stud8 hand): nobody else's are known
    assert set(table["player"]) == {"Alice", "Farah", "Ines", "Kofi", "Goran", "Hiro"}
    assert set(table["start_class"]) == {"buried pair 6-9", "rolled-up", "3-low", "9-low", "4-low scoop"}
    kofi = table[table["player"] == "Kofi"]
    assert kofi["start_class"].tolist() == ["9-low"]  # razz: 4-9-5, named by its top card


def test_door_card_breakdown(sample_store: Store) -> None:
    table = stat_table(sample_store.con, Filters(players=("Bruno",)), by=("door",), stats=["hands"])
    assert table[["door", "done"]].values.tolist() == [["3", 3]]


def test_filters_select_what_they_say(sample_store: Store) -> None:
    con = sample_store.con

    def hands(**kw: object) -> int:
        t = stat_table(con, Filters(**kw), by=(), stats=["hands"])  # type: ignore[arg-type]
        return int(t["done"].sum()) if len(t) else 0

    everything = hands()  # a row of no player counts hands: three stud hands of five, a razz and a stud8 of three
    assert everything == 3 + 1 + 1
    assert hands(games=("stud8",)) == 1 and hands(games=("razz", "stud8")) == 2
    assert hands(stakes=("$1/$2",)) == 3 and hands(stakes=("0.04/0.08",)) == 2
    assert hands(players=("Alice",)) == 3 and hands(sites=("pokerstars",)) == everything
    noon = datetime(2026, 11, 2, 12, tzinfo=timezone.utc)  # the stud hands were dealt at 01:00 UTC that day
    assert hands(since=noon) == 2 and hands(until=noon) == 3 and hands(since=date(2026, 11, 3)) == 1
    assert hands(min_players=4) == 3 and hands(max_players=3) == 2


def test_wrong_names_are_refused_with_the_known_ones(sample_store: Store) -> None:
    with pytest.raises(ValueError, match="known: hands, vpip"):
        stat_table(sample_store.con, stats=["vipp"])
    with pytest.raises(ValueError, match="known: player, game"):
        stat_table(sample_store.con, by=("gmae",))
    with pytest.raises(ValueError, match="expected SMALL/BIG"):
        parse_stakes("1-2")
    assert parse_stakes("$0.04/$0.08") == (4, 8) and parse_stakes("1,000/2,000") == (100000, 200000)


@given(st.integers(0, 10**9), st.sampled_from(["USD", "EUR", "GBP", None]))
def test_an_amount_reads_back_as_printed(hundredths: int, currency: str | None) -> None:
    """Stakes filters and the simulator's options read amounts the way the model prints them."""
    printed = format_money(hundredths, currency)
    assert parse_amount(printed) == hundredths
    if currency is None and hundredths % 100 == 0:
        assert parse_amount(f"{hundredths // 100:,}") == hundredths  # chips with thousands separators


@pytest.mark.parametrize("text", ["", "inf", "nan", "1e2", "-1", "0.105", "1.2.3", "$", "0x10", "1 000"])
def test_what_is_not_an_amount_is_refused_saying_how_to_write_one(text: str) -> None:
    with pytest.raises(ValueError, match="write it as printed"):
        parse_amount(text)


@pytest.mark.parametrize("by", sorted(BREAKDOWNS))
def test_every_stat_and_breakdown_runs(sample_store: Store, by: str) -> None:
    """Every breakdown splits every stat; the hands of its groups add up to all hands, or to fewer for
    a breakdown that only counts some rows (the door and the starting hand, where the cards are known),
    or to more for one of a player's side of the hand (a hand has a bring-in and others)."""
    assert len({s.key for s in STATS}) == len(STATS)
    assert {"player", "game", "stakes", "door", "start_class"} <= set(BREAKDOWNS)
    total = stat_table(sample_store.con, by=()).set_index("stat")
    split = stat_table(sample_store.con, by=(by,))
    assert set(split["stat"]) == set(total.index)
    hands = int(split.loc[split["stat"] == "hands", "done"].sum())
    seats = int(sample_store.con.execute("SELECT COUNT(*) FROM hand_players").fetchone()[0])
    if by == "player":  # a player's hands are his seats
        assert hands == seats
    elif BREAKDOWNS[by].require is not None:
        assert 0 < hands <= seats
    elif by in ("players_4th", "bring_in"):
        assert int(total.loc["hands", "done"]) <= hands <= seats
    else:
        assert hands == int(total.loc["hands", "done"])


# ---------------------------------------------------------------------------------------------- the CLI


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["stats", *args])
    return status, out.getvalue()


def test_cli_csv_carries_the_exact_counts(sample_store: Store) -> None:
    status, text = run_cli("--db", sample_store.path, "--format", "csv", "--stat", "all")
    assert status == 0
    rows = [r for r in csv.DictReader(io.StringIO(text)) if r["kind"] not in ("money", "bb100")]
    table = stat_table(sample_store.con)
    assert len(rows) == len(table)
    for row, expected in zip(rows, table.itertuples()):
        assert (row["player"], row["stat"]) == (expected.player, expected.stat)
        assert (int(row["done"]), int(row["chances"])) == (expected.done, expected.chances)


def test_cli_table_puts_the_denominator_beside_each_rate(sample_store: Store) -> None:
    status, text = run_cli("--db", sample_store.path, "--player", "Bruno", "--game", "stud")
    assert status == 0
    assert "66.7% (2/3)" in text and "Fold to steal" in text and "33.3% (1/3)" in text


def test_cli_refuses_a_missing_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(tmp_path / "none.duckdb")]) == 2
    assert "no such database" in capsys.readouterr().err


def test_cli_winrate_json_keeps_exact_money(sample_store: Store) -> None:
    import json

    status, text = run_cli("--db", sample_store.path, "--winrate", "--format", "json")
    assert status == 0
    got = {(r["player"], r["currency"]): r["net"] for r in json.loads(text)}
    expected = winrates(sample_store.con)
    assert got == {(r.player, r.currency): r.net for r in expected.itertuples()}
    assert got[("Bruno", "USD")] == 245, "Bruno won $2.45 over the three steal hands"
    status, text = run_cli("--db", sample_store.path, "--winrate", "--player", "Ines")
    assert status == 0 and "$0.26" in text and "$0.02" in text, "net and rake paid in dollars"


@pytest.mark.slow
def test_simulated_styles_show_in_the_stats(tmp_path: Path) -> None:
    """The simulator's regulars play to their style: the stealer steals most, the calling station enters
    most pots and is the least aggressive (players with at least 200 hands)."""
    from studbook.engine.simulate import REGULARS

    simulated = SAMPLE_DATA / "stud-1-2-8max.txt"  # committed (sample_data/generate.py makes it again)
    with imported(tmp_path, [simulated]) as store:
        table = stat_table(store.con, stats=["hands", "vpip", "steal", "af", "afq"])
    wide = table.pivot(index="player", columns="stat", values="rate")
    wide = wide[wide["hands"] >= 200]
    style = {p.name: p.style.name for p in REGULARS}
    assert style[wide["steal"].idxmax()] == "stealer"
    assert style[wide["vpip"].idxmax()] == "station"
    assert style[wide["af"].idxmin()] == "station" and style[wide["afq"].idxmin()] == "station"
