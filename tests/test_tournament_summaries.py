"""Tournament summaries of PokerStars and Full Tilt: every variant of their lines from a hand-written
snippet, the corpus's four files with the values read off them by hand, and bad input as a ParseError
naming file and line."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from studbook.parsers.errors import ParseError
from studbook.parsers.sites.fulltilt import summary as ftp
from studbook.parsers.sites.pokerstars import summary as stars
from studbook.parsers.tournaments import Source, TournamentResult, ordinal, read_units

from conftest import corpus_path


def _one(reader, text: str) -> TournamentResult:
    results = list(reader.read_summaries(text.strip("\n").split("\n"), "t.txt"))
    assert len(results) == 1, results
    assert isinstance(results[0], TournamentResult), results[0]
    return results[0]


def _error(reader, text: str) -> ParseError:
    results = list(reader.read_summaries(text.strip("\n").split("\n"), "t.txt"))
    errors = [r for r in results if isinstance(r, ParseError)]
    assert errors, results
    return errors[0]


def _utc(*fields: int) -> datetime:
    return datetime(*fields, tzinfo=timezone.utc)


# ------------------------------------------------------------------------------------ PokerStars

STARS_USD = """
PokerStars Tournament #2345678901, Limit Razz
Buy-In: $10.00/$1.00 USD
9 players
Total Prize Pool: $90.00 USD
Tournament started 2013/02/03 14:00:00 CET [2013/02/03 8:00:00 ET]
Tournament finished 2013/02/03 15:10:05 CET [2013/02/03 9:10:05 ET]

  1: Ann Lee (Canada), $45.00 (50%)
  2: Bob (1) (Germany), $27.00 (30%)
  3: cara (France), $18.00 (20%)
  4: dan (Italy),

You finished in 2nd place.
"""


def test_stars_cash_summary_reads_every_field_with_its_line() -> None:
    t = _one(stars, STARS_USD)
    assert (t.site, t.tournament_id, t.game, t.mixed, t.currency, t.play_money) == (
        "pokerstars",
        "2345678901",
        "razz",
        None,
        "USD",
        False,
    )
    assert (t.buy_in, t.fee, t.bounty, t.entrants, t.prize_pool) == (1000, 100, None, 9, 9000)
    assert t.started_at == _utc(2013, 2, 3, 13, 0, 0) and t.ended_at == _utc(2013, 2, 3, 14, 10, 5)
    assert [(p.player, p.finish, p.prize) for p in t.players] == [
        ("Ann Lee", 1, 4500),
        ("Bob (1)", 2, 2700),
        ("cara", 3, 1800),
        ("dan", 4, 0),
    ]
    assert t.hero == "Bob (1)"
    said = t.source_of("buy_in")
    assert said is not None and (said.source, said.file, said.line) == (Source.SUMMARY, "t.txt", 2)
    prize = t.players[2].source_of("prize")
    assert prize is not None and prize.line == 10


def test_stars_knockout_buy_in_has_the_bounty_in_the_middle_and_the_file_owner_gets_his_lines() -> None:
    t = _one(
        stars,
        """
PokerStars Tournament #11, 7 Card Stud Hi/Lo
Buy-In: €5.00/€2.50/€0.50 EUR
3 players
Total Prize Pool: €15.00 EUR
Tournament started 2014/05/01 20:00:00 ET
  1: zed (Spain), €15.00 (100%)
  2: you2 [2] (Spain),
  3: you2 (Spain),
You finished in 3rd place (eliminated at hand #123456).
You made 2 rebuys and 1 addons for a total of EUR 16.50.
You collected 1 bounty for a total of EUR 2.50.
""",
    )
    assert (t.game, t.currency, t.buy_in, t.bounty, t.fee) == ("stud8", "EUR", 500, 250, 50)
    assert t.started_at == datetime(2014, 5, 1, 20, tzinfo=t.started_at.tzinfo) and t.started_at.utcoffset() is not None
    again, first = t.players[1], t.players[2]
    assert (again.player, again.entry, again.finish, again.rebuys) == ("you2", 2, 2, None)
    assert (first.entry, first.finish, first.rebuys, first.add_ons, first.rebuy_cost) == (1, 3, 2, 1, 1650)
    assert (first.bounties, first.bounty_prize) == (1, 250)
    assert t.hero == "you2"


def test_stars_play_money_mixed_with_still_playing_and_format_words() -> None:
    t = _one(
        stars,
        """
PokerStars Tournament #12, HORSE
Super Satellite
Buy-In: 1,000/100
4 players
Total Prize Pool: 4,000
Target Tournament #99 Buy-In: $5.00/$0.50 USD
1 ticket to the target tournament
Tournament started 2015/01/01 1:02:03 ET
  1: a (Peru), still playing
  2: b (Peru), still playing
  3: c (Peru), 1,000 (25%)
  4: d (Peru),
You are still playing in this tournament.
""",
    )
    assert (t.mixed, t.game, t.play_money, t.currency, t.unit) == ("HORSE", None, True, None, "play")
    assert (t.buy_in, t.fee, t.prize_pool, t.format_words) == (1000, 100, 4000, ("Super Satellite",))
    assert [(p.finish, p.prize) for p in t.players] == [(None, None), (None, None), (3, 1000), (4, 0)]


def test_stars_file_of_several_summaries_keeps_reading_after_a_broken_one() -> None:
    text = STARS_USD + "\nPokerStars Tournament #5, Razz\nBuy-In: $1.00/$0.10 USD\nnonsense line\n" + STARS_USD
    results = list(stars.read_summaries(text.strip("\n").split("\n"), "many.txt"))
    assert [type(r).__name__ for r in results] == ["TournamentResult", "ParseError", "TournamentResult"]
    err = results[1]
    assert isinstance(err, ParseError) and (err.file, err.line, err.text) == ("many.txt", 17, "nonsense line")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("PokerStars Tournament #5, Razz\nBuy-In: 100/9\n2 players\n  1: a (X), 12.50 (100%)", 4, "fraction of a chip"),
        ("PokerStars Tournament #5, Razz\nBuy-In: $1.00/$0.10 USD\nTotal Prize Pool: $2.00 USD", 1, "'N players'"),
        (
            "PokerStars Tournament #5, Razz\nBuy-In: $1/$0.1 USD\n2 players\n  1: a (X), lots of money",
            4,
            "not understood",
        ),
        ("Hello\nPokerStars Tournament #5, Razz", 1, "not a PokerStars tournament summary"),
        (
            "PokerStars Tournament #5, Razz\n2 players\n  1: a (X),\n  1: b (X),\nYou finished in 1st place.",
            5,
            "no single player",
        ),
    ],
)
def test_stars_bad_input_is_a_parse_error_at_its_line(text: str, line: int, words: str) -> None:
    err = _error(stars, text)
    assert err.file == "t.txt" and err.line == line and words in str(err), str(err)


def test_stars_corpus_summary_equals_the_file() -> None:
    path = corpus_path("fpdb", "Stars", "summaries", "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
    (t,) = stars.read_summary_file(str(path))
    assert isinstance(t, TournamentResult)
    assert (t.tournament_id, t.mixed, t.play_money, t.buy_in, t.fee) == ("743144019", "8-Game", True, 100, 9)
    assert (t.entrants, t.prize_pool, t.hero) == (2, 200, "Hero")
    assert t.started_at is not None and t.started_at.astimezone(timezone.utc) == _utc(2013, 6, 6, 3, 30)
    assert [(p.player, p.finish, p.prize) for p in t.players] == [("Hero", 1, 200), ("Player0", 2, 0)]


# ------------------------------------------------------------------------------------ Full Tilt

FTP_KO = """
Full Tilt Poker Tournament Summary $20 KO Rebuy (123456) Stud Hi Limit (Turbo, 6-max)
Buy-In: $18 + $2
Knockout Bounty: $5
Rebuy: $18 + $2
Add-On: $18 + $2
Buy-In Chips: 1,500
Rebuy Chips: 1,500
Add-On Chips: 2,000
Total Rebuys: 7
Total Add-Ons: 4
12 Entries
Total Prize Pool: $402
Tournament started: 2011/02/03 21:00:00 ET
Tournament finished: 2011/02/03 22:30:00 ET

1: Winner Guy, $201
2: Hero, $120.60
3: sam, $80.40
4: tom
Hero performed 2 Rebuys
Hero performed 1 Add-On
Hero received 3 Knockout Bounty Awards
Hero finished in 2nd place
"""


def test_ftp_knockout_rebuy_summary() -> None:
    t = _one(ftp, FTP_KO)
    assert (t.site, t.tournament_id, t.name, t.game, t.format_words) == (
        "fulltilt",
        "123456",
        "$20 KO Rebuy",
        "stud",
        ("Turbo", "6-max"),
    )
    assert (t.currency, t.buy_in, t.fee, t.bounty, t.starting_chips) == ("USD", 1800, 200, 500, 1500)
    assert (t.entrants, t.prize_pool, t.hero) == (12, 40200, "Hero")
    assert t.started_at == _utc(2011, 2, 4, 2, 0) and t.ended_at == _utc(2011, 2, 4, 3, 30)
    hero = t.player("Hero")
    assert hero is not None
    assert (hero.finish, hero.prize, hero.rebuys, hero.add_ons, hero.rebuy_cost) == (2, 12060, 2, 1, 5400)
    assert (hero.bounties, hero.bounty_prize) == (3, 1500)
    assert [(p.player, p.finish, p.prize) for p in t.players if p.player != "Hero"] == [
        ("Winner Guy", 1, 20100),
        ("sam", 3, 8040),
        ("tom", 4, 0),
    ]
    finish = hero.source_of("finish")
    assert finish is not None and finish.line == 23


def test_ftp_play_money_in_progress_with_ties() -> None:
    t = _one(
        ftp,
        """
Full Tilt Poker Tournament Summary 250 Play Money Sit & Go (102909471) Razz Limit
Buy-In: 250 Play Chips + 0 Play Chips
Buy-In Chips: 1500
6 Entries
Total Prize Pool: 1,500 Play Chips
Tournament started: 2010/01/01 12:00:00 ET
Tournament is still in progress

Still Playing - x y
Still Playing - z
5: a
5: b
6: c
""",
    )
    assert (t.play_money, t.currency, t.buy_in, t.fee, t.prize_pool, t.game) == (True, None, 250, 0, 1500, "razz")
    assert t.ended_at is None and t.format_words == ()
    assert [(p.player, p.finish) for p in t.players] == [("x y", None), ("z", None), ("a", 5), ("b", 5), ("c", 6)]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (
            "Full Tilt Poker Tournament Summary x (1) Razz Limit\nBuy-In: $1 + $0.10\n2 Entries\n1: a, $1.999",
            4,
            "does not print",
        ),
        (
            "Full Tilt Poker Tournament Summary x (1) Razz Limit\nBuy-In: $1 + $0.10\nTotal Prize Pool: $2",
            1,
            "'N Entries'",
        ),
        ("Full Tilt Poker Tournament Summary no id Razz\n2 Entries", 1, "without its id"),
        (
            "Full Tilt Poker Tournament Summary x (1) Razz Limit\nBuy-In: 10 Play Chips + 1 Play Chips\n2 Entries\n1: a, 2.50",
            4,
            "fraction of a chip",
        ),
    ],
)
def test_ftp_bad_input_is_a_parse_error_at_its_line(text: str, line: int, words: str) -> None:
    err = _error(ftp, text)
    assert err.file == "t.txt" and err.line == line and words in str(err), str(err)


def test_ftp_corpus_sit_and_go_equals_the_file() -> None:
    path = corpus_path("fpdb", "FTP", "summaries", "Razz-USD-SnG-2man-201211.super.turbo.heads.up.txt")
    (t,) = ftp.read_summary_file(str(path))
    assert isinstance(t, TournamentResult)
    assert (t.tournament_id, t.name, t.game, t.format_words) == (
        "243514942",
        "$60 Heads-Up Sit & Go",
        "razz",
        ("Super Turbo", "Heads Up"),
    )
    assert (t.currency, t.buy_in, t.fee, t.starting_chips, t.entrants, t.prize_pool) == (
        "USD",
        5883,
        117,
        500,
        2,
        11766,
    )
    assert t.started_at == _utc(2012, 11, 6, 22, 8, 23) and t.ended_at == _utc(2012, 11, 6, 22, 9, 52)
    assert [(p.player, p.finish, p.prize) for p in t.players] == [("Makksmakkmao", 1, 11766), ("monaPL", 2, 0)]
    assert t.hero == "Makksmakkmao"


def test_ftp_corpus_utf16_multi_table_in_progress_equals_the_file() -> None:
    path = corpus_path("fpdb", "FTP", "summaries", "5-Stud-USD-MTT-100-201303.txt")
    (t,) = ftp.read_summary_file(str(path))
    assert isinstance(t, TournamentResult)
    assert (t.name, t.game, t.format_words, t.buy_in, t.fee) == (
        "Big Game of the Week",
        "stud5",
        ("Deep Stack",),
        10000,
        900,
    )
    assert (t.starting_chips, t.entrants, t.prize_pool, t.ended_at) == (4000, 102, 2000000, None)
    assert len(t.players) == 102 and sum(p.finish is None for p in t.players) == 27
    hero = t.player("Hero")
    assert hero is not None and (hero.finish, hero.prize) == (28, 0)
    assert [(p.player, p.finish) for p in t.players if p.player in ("diman 0010", "Brendy88", "gladius17")] == [
        ("diman 0010", 61),
        ("Brendy88", 61),
        ("gladius17", 79),
    ]


def test_ftp_corpus_excel_history_is_refused_with_what_it_is() -> None:
    path = corpus_path("fpdb", "FTP", "summaries", "HORSE-2max-SnG-USD-200604.xls")
    (err,) = ftp.read_summary_file(str(path))
    assert isinstance(err, ParseError) and err.line == 1 and "Excel workbook" in err.message


# ------------------------------------------------------------------------------------ units


def test_read_units_reads_currency_in_hundredths_and_chips_whole() -> None:
    where = ("f", 3)
    assert read_units("1,234.5", False, where, "x") == 123450
    assert read_units("58.83", False, where, "x") == 5883
    assert read_units("200.00", True, where, "x") == 200
    assert read_units("1,500", True, where, "x") == 1500
    with pytest.raises(ParseError, match="fraction of a chip"):
        read_units("272.50", True, where, "x")
    with pytest.raises(ParseError, match="beyond any real stake"):
        read_units("9" * 20, False, where, "x")


def test_ordinal() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]
