"""Half a chip appears nowhere: not in the simulated sit-and-go hands of ``sample_data/``, not in the
database they import into, and the sample hand whose 545-chip pot was once paid 272.50 / 272.50 now
pays what a site pays, 273 to the high half and 272 to the low, and audits clean.

A tournament or play-money amount is a whole chip: the model's unit for such a hand is the chip
(``Hand.per_unit`` 1), so the store holds 273 for 273 chips, and a hand printing half a chip is a
ParseError of that hand (parsers/chips.py), never a rounded amount.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SAMPLE_DATA
from studbook.analytics.store import open_store
from studbook.engine.model import Collect, Hand

from studbook.engine.replay import replay
from studbook.parsers import ParseError, parse_file, parse_text
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import get_profile, profile_for

SNG = SAMPLE_DATA / "triple-stud-sng-1500-chips.txt"
SAMPLE_HAND = "255000003943"


def chip_hands() -> list[Hand]:
    """Every tournament and play-money hand of sample_data/, the hand-written edge cases included."""
    files = sorted(p for p in SAMPLE_DATA.rglob("*.txt") if p.name != "README.md")
    hands = [h for path in files for h in parse_file(path) if isinstance(h, Hand)]
    return [h for h in hands if h.chips]


def amounts(hand: Hand) -> list[tuple[str, int]]:
    found = [(f"seat {s.seat} stack", s.stack) for s in hand.seats]
    found += [
        (name, v)
        for name in ("small_bet", "big_bet", "ante", "bring_in", "total_pot", "rake")
        if isinstance(v := getattr(hand, name), int)
    ]
    found += [("printed pot", p) for p in hand.printed_pots]
    for e in hand.events:
        for name in ("amount", "to"):
            if isinstance(v := getattr(e, name, None), int):
                found.append((f"line {e.line} {type(e).__name__}.{name}", v))
    return found


def test_every_tournament_hand_of_the_samples_is_in_whole_chips_as_printed() -> None:
    """The model's amounts of a chip hand are the printed chips themselves (a ``1500 in chips`` seat line
    is 1500), and the engine pays every pot in them."""
    hands = chip_hands()
    assert len(hands) >= 600  # the 600 sit-and-go hands at least
    assert {h.per_unit for h in hands} == {1}
    printed = {int(n) for n in re.findall(r"\((\d+) in chips\)", SNG.read_text(encoding="utf-8"))}
    stacks = {s.stack for h in hands if h.source_file == str(SNG) for s in h.seats}
    assert stacks == printed
    for hand in hands:
        result = replay(hand, profile_for(hand))
        assert sum(a.amount for a in result.awards) + result.rake == sum(p.amount for p in result.pots)
        assert result.rake == 0  # no site rakes a tournament pot


def test_the_sit_and_go_text_prints_no_fraction_of_a_chip() -> None:
    text = SNG.read_text(encoding="utf-8")
    assert "in chips" in text and "Tournament #" in text
    assert re.findall(r"\d\.\d", text) == []


def test_the_store_holds_whole_chips_for_tournaments_and_cents_for_cash(tmp_path: Path) -> None:
    """What a user querying the database sees: the sample hand's pot is 545 and its awards 273 and 272,
    the printed chips; a cash hand's amounts are cents; the sums of the printed total pots match."""
    cash = SAMPLE_DATA / "razz-0.50-1-2to8.txt"
    with open_store(tmp_path / "sng.duckdb") as store:
        assert run_import([SNG, cash], store, workers=1).hands == 600 + 1800
        con = store.con
        hand = f"pokerstars:{SAMPLE_HAND}"
        assert con.execute("SELECT total_pot, per_unit FROM hands WHERE hand_id = ?", [hand]).fetchone() == (545, 1)
        awards = con.execute("SELECT amount FROM awards WHERE hand_id = ? ORDER BY amount DESC", [hand]).fetchall()
        assert awards == [(273,), (272,)]
        won = dict(con.execute("SELECT player, collected FROM hand_players WHERE hand_id = ?", [hand]).fetchall())
        assert {p: c for p, c in won.items() if c} == {"BartFinch77": 273, "Anselm Grey": 272}
        for path, per_unit in ((SNG, 1), (cash, 100)):
            text = path.read_text(encoding="utf-8")
            printed = sum(
                round(float(n.replace(",", "")) * per_unit) for n in re.findall(r"Total pot \$?([\d.,]+)", text)
            )
            stored = con.execute(
                "SELECT sum(total_pot), min(per_unit), max(per_unit) FROM hands WHERE source_file = ?", [str(path)]
            ).fetchone()
            assert stored == (printed, per_unit, per_unit), path.name
        small = con.execute("SELECT DISTINCT small_bet FROM hands WHERE source_file = ?", [str(cash)]).fetchall()
        assert small == [(50,)]  # $0.50, in cents


def _sample_hand() -> str:
    text = SNG.read_text(encoding="utf-8")
    start = text.index(f"PokerStars Hand #{SAMPLE_HAND}:")
    return text[start : text.index("\n\n\n", start)]


def _replayed(text: str) -> tuple[Hand, list[str], dict[str, int]]:
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand)
    result = replay(hand, profile_for(hand))
    paid: dict[str, int] = {}
    for a in result.awards:
        paid[hand.player(a.seat)] = paid.get(hand.player(a.seat), 0) + a.amount
    return hand, [f"{v.rule}: {v.message}" for v in result.violations], paid


def test_the_sample_hand_pays_273_high_and_272_low_and_audits_clean() -> None:
    text = _sample_hand()
    assert "BartFinch77 collected 273 from pot" in text and "Anselm Grey collected 272 from pot" in text
    hand, violations, paid = _replayed(text)
    assert hand.total_pot == 545 and hand.per_unit == 1
    assert violations == []
    assert paid == {"BartFinch77": 273, "Anselm Grey": 272}  # the odd chip to the high half
    site = {hand.player(e.seat): e.amount for e in hand.events if isinstance(e, Collect)}
    assert site == paid


def _edited(high: str, low: str) -> str:
    text = _sample_hand()
    edited = (
        text.replace("BartFinch77 collected 273 from pot", f"BartFinch77 collected {high} from pot")
        .replace("Anselm Grey collected 272 from pot", f"Anselm Grey collected {low} from pot")
        .replace("won (273)", f"won ({high})")
        .replace("won (272)", f"won ({low})")
    )
    assert edited != text
    return edited


def test_the_sample_hand_edited_to_the_odd_chip_to_the_low_half_is_flagged() -> None:
    _, violations, paid = _replayed(_edited("272", "273"))
    assert paid == {"BartFinch77": 273, "Anselm Grey": 272}
    assert violations and all(v.startswith("pot.award") for v in violations), violations


def test_a_tournament_hand_printing_half_a_chip_is_that_hand_s_parse_error() -> None:
    """272.50 chips, as the simulator once wrote: no site deals half a chip, so the hand is refused with
    a message naming it and the amount, at its line; the hands around it are read as ever."""
    text = _sample_hand()
    edited = _edited("272.50", "272.50")
    together = f"{text}\n\n\n{edited}\n\n\n{text}"
    results = parse_text(together)
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand"]
    error = results[1]
    assert isinstance(error, ParseError)
    assert "272.50 is a fraction of a tournament chip" in error.message and SAMPLE_HAND in error.message
    assert "whole number of chips" in error.expected
    assert "272.50" in together.splitlines()[error.line - 1]


def _sample() -> Hand:
    (hand,) = parse_text(_sample_hand())
    assert isinstance(hand, Hand)
    return hand


def _chips(hand: Hand) -> tuple[object, ...]:
    """Every amount of the hand at the table, as the model holds it: stacks, stakes, wagers, payouts."""
    return (
        [s.stack for s in hand.seats],
        hand.small_bet,
        hand.big_bet,
        hand.ante,
        hand.bring_in,
        hand.total_pot,
        [(type(e).__name__, getattr(e, "amount", None), getattr(e, "to", None)) for e in hand.events],
    )


def test_every_site_that_writes_tournaments_writes_the_sample_hand_back_in_the_same_chips() -> None:
    """Written in each site's text (hundredths of the printed unit there) and read back (whole chips
    again): the same chips, the odd chip included; a site whose text has no tournaments refuses."""
    from studbook.parsers.registry import writable_sites

    hand = _sample()
    written = 0
    for site in writable_sites():
        assert site.writer is not None
        try:
            text = site.writer(hand)
        except ValueError:
            continue  # a site whose text cannot say this hand (no tournaments, no hi/lo): refused, not garbled
        assert "272.5" not in text and "27300" not in text, site.site
        results = list(site.read_hands(iter(text.splitlines()), "<written>"))
        assert len(results) == 1 and isinstance(results[0], Hand), (site.site, results)
        read = results[0]
        assert read.tournament is not None and read.per_unit == 1, site.site
        assert [s.stack for s in read.seats] == [s.stack for s in hand.seats], site.site
        judged = replay(read, get_profile("pokerstars"))  # the hand's own rules: another room may split otherwise
        assert judged.violations == (), site.site
        assert {a.seat: a.amount for a in judged.awards} == {5: 273, 2: 272}, site.site  # BartFinch77, Anselm Grey
        written += 1
    assert written >= 2  # PokerStars and more


def test_the_sample_hand_round_trips_through_phh_in_whole_chips(tmp_path: Path) -> None:
    from studbook.parsers.phh import read_phh, write_phh

    hand = _sample()
    text = write_phh(hand)
    assert "starting_stacks = [1494, 1291, 1798" in text  # the printed chips, as PHH numbers
    path = tmp_path / "sng.phh"
    path.write_text(text, encoding="utf-8")
    read = read_phh(path)
    assert read.tournament is not None and read.per_unit == 1
    assert _chips(read) == _chips(hand)
    paid = {read.player(a.seat): a.amount for a in replay(read, profile_for(read)).awards}
    assert paid == {"BartFinch77": 273, "Anselm Grey": 272}


def test_a_phh_tournament_hand_with_half_a_chip_is_refused(tmp_path: Path) -> None:
    from studbook.parsers.phh import write_phh

    text = write_phh(_sample())
    path = tmp_path / "half.phh"
    path.write_text(text.replace("starting_stacks = [1494,", "starting_stacks = [1494.5,"), encoding="utf-8")
    (result,) = parse_file(path)
    assert isinstance(result, ParseError)
    assert "1,494.50 is a fraction of a tournament chip" in result.message


def test_a_database_of_schema_version_4_is_refused_with_the_command_that_rebuilds_it(tmp_path: Path) -> None:
    """Version 4 stored tournament chips in hundredths: opened by this studbook it is refused (read or
    written), saying why and naming the import that rebuilds it from the files it recorded, which
    gives a database holding whole chips."""
    import duckdb
    import shlex

    from studbook.analytics.store import StoreError

    old = tmp_path / "old db.duckdb"
    with open_store(old) as store:
        run_import([SNG], store, workers=1)
    with duckdb.connect(str(old)) as con:
        con.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    for read_only in (False, True):
        with pytest.raises(StoreError) as refused:
            open_store(old, read_only=read_only)
        message = str(refused.value)
        assert "version 4 stored tournament and play-money chips in hundredths" in message
        command = message.split("rebuild it from the files it was made of: ", 1)[1]
        assert (
            command == f"studbook import {shlex.quote(str(SNG))} --db {shlex.quote(str(tmp_path / 'old db-v5.duckdb'))}"
        )
    args = shlex.split(command)
    new = Path(args[args.index("--db") + 1])
    with open_store(new) as store:
        assert run_import([Path(p) for p in args[2 : args.index("--db")]], store, workers=1).hands == 600
        pot = store.con.execute("SELECT total_pot FROM hands WHERE site_hand_id = ?", [SAMPLE_HAND]).fetchone()
        assert pot == (545,)


def test_winamax_play_money_keeps_its_hundredths_of_a_chip_as_a_unit_of_its_own(tmp_path: Path) -> None:
    """Winamax's play tables deal 0.01 (parsers/sites/winamax/NOTES.md): the hand stays in hundredths,
    stored with per_unit 100 as ``play cents``, never summed with whole play chips, shown as printed."""
    from conftest import corpus_path

    from studbook.analytics.units import UNIT_SQL, format_amount

    path = corpus_path("fpdb", "Winamax", "7-Stud-6max-play-0.5-0.10-201606.export.txt")
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand) and hand.play_money and hand.chip_cents and hand.per_unit == 100
    assert "Total pot 0.65" in path.read_text(encoding="utf-8") and hand.total_pot == 65
    with open_store(tmp_path / "play.duckdb") as store:
        assert run_import([path], store, workers=1).hands == 1
        row = store.con.execute(f"SELECT {UNIT_SQL}, per_unit, total_pot FROM hands h").fetchone()
    assert row == ("play cents", 100, 65)
    assert format_amount(row[2], row[0]) == "0.65 play"


def test_a_tournament_hand_with_an_unknown_line_is_judged_in_whole_chips_and_kept() -> None:
    """A line no rule knows leaves a hand out unless its chips add up without it: for a tournament hand
    that is judged in whole chips, so the site's 273 / 272 adds up (judged in hundredths it would not)."""
    lines = _sample_hand().split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("*** 4th"))
    lines.insert(at, "The dealer sneezes loudly")
    (hand,) = parse_text("\n".join(lines))
    assert isinstance(hand, Hand), hand
    assert [u.text for u in hand.unknown_lines] == ["The dealer sneezes loudly"]
    assert {hand.player(e.seat): e.amount for e in hand.events if isinstance(e, Collect)} == {
        "BartFinch77": 273,
        "Anselm Grey": 272,
    }
