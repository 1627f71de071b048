"""iPoker XML (parsers/sites/ipoker/reader.py): every trap of the corpus files, on the real files and on snippets."""

from __future__ import annotations

import re

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import corpus_path
from handbuilder import as_transcribed, build
from stud_scripts import IPOKER_STUD5
from studbook.engine.cards import parse_cards
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Limit,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.registry import profile_for

FOLDER = ("fpdb", "iPoker")


def hands_of(name: str) -> list[Hand | ParseError | NotStudHand]:
    return list(parse_file(corpus_path(*FOLDER, name)))


def by_id(name: str) -> dict[str, Hand]:
    return {h.site_hand_id: h for h in hands_of(name) if isinstance(h, Hand)}


def actions(hand: Hand, street: int) -> list[tuple[int, ActionKind, int, int | None, bool]]:
    return [
        (e.seat, e.kind, e.amount, e.to, e.all_in)
        for e in hand.events
        if isinstance(e, Action) and e.street == street and e.kind is not ActionKind.ANTE
    ]


def test_the_session_general_block_applies_to_every_hand_of_the_eur_session() -> None:
    hands = [h for h in hands_of("7-StudHL-EUR-0.05-0.10-201405.txt") if isinstance(h, Hand)]
    assert len(hands) == 5
    # <currency>USD</currency> is the account's; the table is EUR (tablecurrency, and the cp1252 € signs)
    assert {(h.game, h.currency, h.small_bet, h.big_bet, h.table) for h in hands} == {
        (Game.STUD8, "EUR", 5, 10, "Beignon, 826907366")
    }
    assert all(replay(h, profile_for(h)).violations == () for h in hands)


def test_the_sit_and_go_is_a_tournament_with_rising_levels_learnt_from_its_bets() -> None:
    hands = by_id("7-StudHi-USD-STT-5-201103.txt")
    assert len(hands) == 117
    assert {
        (h.tournament.tournament_id, h.tournament.buy_in, h.tournament.fee, h.currency)
        for h in hands.values()
        if h.tournament
    } == {("699476041", 500, 50, None)}
    levels = Counter((h.ante, h.small_bet, h.big_bet) for h in hands.values())
    by_ante = {}
    for h in hands.values():
        ante = Counter(e.amount for e in h.events if isinstance(e, Action) and e.kind is ActionKind.ANTE).most_common(
            1
        )[0][0]
        by_ante.setdefault(ante, set()).add((h.small_bet, h.big_bet))
    assert by_ante == {
        8: {(60, 120)},
        10: {(80, 160)},
        15: {(100, 200)},
        20: {(150, 300)},
        30: {(200, 400)},
        40: {(300, 600)},
        50: {(400, 800)},
        80: {(600, 1200)},
        100: {(800, 1600)},
        150: {(1000, 2000)},
    }
    assert sum(levels.values()) == 117
    # the first hand of the 30-ante level has no bet at all: its limits come from a later hand
    quiet = hands["4044923564"]
    assert [a[1] for a in actions(quiet, 3) + actions(quiet, 4) if a[1] in (ActionKind.BET, ActionKind.COMPLETE)] == []
    assert (quiet.small_bet, quiet.big_bet) == (200, 400)


def test_five_card_stud_reads_as_its_hand_made_transcription_and_pays_as_the_site() -> None:
    """``<round no="2">`` is 2nd street here (``Second Street``: one down card and the door), round 5 the
    river; read, the hand is event for event what tests/stud_scripts.py transcribed by hand from the
    same file, and the engine pays it as ``win`` says."""
    [hand] = hands_of("5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml")
    assert isinstance(hand, Hand) and hand.game is Game.STUD5
    assert as_transcribed(hand.events) == as_transcribed(build(IPOKER_STUD5).events)
    assert (hand.small_bet, hand.big_bet, hand.currency, hand.total_pot, hand.rake) == (5, 10, "USD", 44, 2)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert [(a.seat, a.amount) for a in result.awards] == [(1, 42)]


def test_cards_in_a_round_the_game_does_not_have_are_an_error_naming_its_rounds() -> None:
    text = corpus_path(*FOLDER, "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml").read_text(encoding="utf-8")
    sixth = text.replace(
        "</round>\n\n\t\t</game>",
        '</round><round no="6"><cards type="River" player="Hero">D2</cards></round>\n\n\t\t</game>',
    )
    assert sixth != text
    [error] = parse_text(sixth, "five.xml")
    assert isinstance(error, ParseError) and "cards in round 6" in error.message
    assert "rounds 2 to 5 (2nd street to the river)" in error.expected


def test_actions_are_replayed_in_their_number_order_not_their_print_order() -> None:
    hand = by_id("7-StudL-USD-0.05-0.10-201009.txt")["2418629537"]
    third = actions(hand, 3)
    # printed first is WurmX's fold (no=14); the bring-in (Hero, no=8) comes first
    assert third[0] == (2, ActionKind.BRING_IN, 2, None, False)
    assert third[-1] == (1, ActionKind.FOLD, 0, None, False)
    assert [s.seat for s in hand.seats] == [1, 2, 4, 5, 6, 7, 9, 10]  # seats 3 and 8 are empty (name="")


def test_a_bring_in_player_may_complete_without_posting_the_bring_in() -> None:
    hand = by_id("7-StudHi-USD-STT-5-201103.txt")["4044860937"]
    assert actions(hand, 3)[0] == (1, ActionKind.COMPLETE, 80, 80, False)
    assert replay(hand, profile_for(hand)).violations == ()


def test_the_uncalled_bet_is_taken_out_of_the_winnings_it_is_printed_in() -> None:
    hand = by_id("7-StudHi-USD-STT-5-201103.txt")["4044858766"]  # Player2 bets 120 on 6th, nobody calls
    returns = [e for e in hand.events if isinstance(e, UncalledReturn)]
    collects = [e for e in hand.events if isinstance(e, Collect)]
    assert [(e.seat, e.amount) for e in returns] == [(1, 120)]  # whole tournament chips
    assert [(e.seat, e.amount) for e in collects] == [(1, 543)]  # win="663" = 543 + the 120 back
    assert hand.total_pot == 543 and hand.rake == 0


def test_all_ins_are_calls_or_raises_by_the_bet_they_face() -> None:
    eur = by_id("7-StudHL-EUR-0.05-0.10-201405.txt")["5710056302"]
    # 7th: Hero bets 0.10, Player0 all-in for 0.11: a raise of 0.01 to 0.11; Hero calls 0.01
    assert actions(eur, 7) == [
        (6, ActionKind.BET, 10, None, False),
        (1, ActionKind.RAISE, 1, 11, True),
        (6, ActionKind.CALL, 1, None, False),
    ]
    # 6th: type 23 is a raise to a street total
    assert actions(eur, 6) == [
        (6, ActionKind.BET, 10, None, False),
        (1, ActionKind.RAISE, 10, 20, False),
        (6, ActionKind.RAISE, 10, 30, False),
        (1, ActionKind.CALL, 10, None, False),
    ]
    stt = by_id("7-StudHi-USD-STT-5-201103.txt")["4044954766"]
    assert (4, ActionKind.CALL, 48, None, True) in actions(stt, 4)  # all-in for less than the bet


def test_cards_are_read_suit_first_and_hidden_ones_are_unknown() -> None:
    hand = by_id("7-StudL-USD-0.05-0.10-201009.txt")["2418629537"]
    deals = {(e.street, e.seat): e for e in hand.events if isinstance(e, Deal)}
    assert (deals[(3, 1)].down, deals[(3, 1)].up) == ((None, None), parse_cards("6h"))
    assert (deals[(3, 2)].down, deals[(3, 2)].up) == (parse_cards("8h 7d"), parse_cards("2c"))
    assert deals[(4, 6)].up == parse_cards("Ts")  # S10


SNIPPET = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="7">
<general><mode>real</mode><gametype>Razz L $1/$2</gametype><tablename>T</tablename><currency>USD</currency></general>
<game gamecode="70">
 <general>
  <startdate>2012-01-01 10:00:00</startdate>
  <players><player seat="2" name="Ann" chips="$10" win="$0.60" bet="$0.30"/><player seat="5" name="Bob" chips="$10" win="$0" bet="$0.30"/></players>
 </general>
 <round no="0"><action no="1" player="Ann" type="15" sum="$0.10"/><action no="2" player="Bob" type="15" sum="$0.10"/></round>
 <round no="2">
  <cards type="Third Street" player="Ann">S2 S3 C4</cards><cards type="Third Street" player="Bob">X X DK</cards>
  <action no="3" player="Bob" type="16" sum="$0.20"/><action no="4" player="Ann" type="{kind}" sum="$0.20"/>
 </round>
</game>
</session>
"""


def test_a_razz_session_reads_with_its_stakes() -> None:
    [hand] = parse_text(SNIPPET.format(kind="3"), "razz.txt")
    assert isinstance(hand, Hand)
    assert (hand.game, hand.small_bet, hand.big_bet, hand.currency) == (Game.RAZZ, 100, 200, "USD")
    assert actions(hand, 3) == [(5, ActionKind.BRING_IN, 20, None, False), (2, ActionKind.CALL, 20, None, False)]


def test_an_unknown_action_type_names_the_file_and_line_and_the_known_types() -> None:
    [err] = parse_text(SNIPPET.format(kind="42"), "razz.txt")
    assert isinstance(err, ParseError)
    assert (err.file, err.line) == ("razz.txt", 12)
    assert err.text == '<action type="42" sum="$0.20">' and "iPoker" in err.message and "3 call" in err.expected
    assert "does not know this element or attribute" in err.message and "do not add up" in err.message


def test_a_player_not_in_the_list_is_an_error_at_his_line() -> None:
    [err] = parse_text(SNIPPET.format(kind="3").replace('player="Ann" type="3"', 'player="Cy" type="3"'), "r.txt")
    assert isinstance(err, ParseError) and err.line == 12 and "not seated" in err.message


def test_an_unreadable_amount_is_an_error_naming_it() -> None:
    [err] = parse_text(SNIPPET.format(kind="3").replace('chips="$10" win="$0.60"', 'chips="$1e9" win="$0.60"'), "r.txt")
    assert isinstance(err, ParseError) and err.line == 7 and "chips" in err.message


@pytest.mark.parametrize("amount", ["$99999999999999999999999", "1" * 40])
def test_absurd_amounts_are_refused_not_trusted(amount: str) -> None:
    [err] = parse_text(SNIPPET.format(kind="3").replace('type="3" sum="$0.20"', f'type="3" sum="{amount}"'), "r.txt")
    assert isinstance(err, ParseError) and "sum" in err.message


def test_a_hand_before_any_general_block_is_an_error() -> None:
    text = SNIPPET.format(kind="3").replace(
        "<general><mode>real</mode><gametype>Razz L $1/$2</gametype><tablename>T</tablename><currency>USD</currency></general>\n",
        "",
    )
    [err] = parse_text(text, "r.txt")
    assert isinstance(err, ParseError) and err.line == 3 and "<general>" in err.message


def _in_play_chips(text: str) -> str:
    """The snippet's dollar amounts as whole play chips, 100 a dollar ($0.20 -> 20): play money has no cents."""
    return re.sub(r"\$(\d+)(?:\.(\d\d))?", lambda m: str(int(m[1]) * 100 + int(m[2] or 0)), text)


def test_a_play_money_session_is_marked() -> None:
    text = _in_play_chips(SNIPPET.format(kind="3").replace("<mode>real</mode>", "<mode>play</mode>"))
    [hand] = parse_text(text, "r.txt")
    assert isinstance(hand, Hand) and hand.play_money and hand.per_unit == 1
    assert actions(hand, 3) == [(5, ActionKind.BRING_IN, 20, None, False), (2, ActionKind.CALL, 20, None, False)]


def test_a_play_money_session_printing_a_fraction_of_a_chip_is_refused() -> None:
    [err] = parse_text(SNIPPET.format(kind="3").replace("<mode>real</mode>", "<mode>play</mode>"), "r.txt")
    assert isinstance(err, ParseError) and "fraction of a play-money chip" in err.message


LINE_FORMS = Path(__file__).resolve().parent / "data" / "line_forms" / "ipoker"


@pytest.mark.parametrize(
    "version, extra, win, clean",
    [
        ("20.5.1.10", "", "$0.60", True),  # client 20: win is the contested pot
        ("18.9.3.4", "", "$1.40", True),  # before: the uncalled 80 is inside win
        ("18.9.3.4", "", "$0.60", False),  # a client-20 win read as before: the pot does not add up
        ("18.9.3.4", "<uncalled_bet_enabled>true</uncalled_bet_enabled>", "$0.60", True),
    ],
)
def test_the_client_version_tells_whether_win_holds_the_uncalled_bet(
    version: str, extra: str, win: str, clean: bool
) -> None:
    """From client 20 (or where ``uncalled_bet_enabled`` says so) ``win`` leaves out the winner's own
    uncalled bet: the session's elements say which era a hand is of, never the file's name or date."""
    text = (LINE_FORMS / "2020-client-20-win-without-uncalled.xml").read_text(encoding="utf-8")
    text = text.replace("20.5.1.10</client_version>", f"{version}</client_version>{extra}", 1)
    text = text.replace('win="$0.60"', f'win="{win}"', 1)
    [hand] = parse_text(text, "era.xml")
    assert isinstance(hand, Hand)
    result = replay(hand, profile_for(hand))
    assert (result.violations == ()) is clean, result.violations
    if clean:
        assert {s.player: int(result.net[s.seat]) for s in hand.seats} == {"Ann": 30, "Bob": -30}


@pytest.mark.parametrize(
    "printed, started",
    [
        ("2012-03-19 20:46:31", datetime(2012, 3, 19, 20, 46, 31, tzinfo=UTC)),
        ("20-Apr-2012 20:42:31", datetime(2012, 4, 20, 20, 42, 31, tzinfo=UTC)),
        ("2017/01/02 20:42:31", datetime(2017, 1, 2, 20, 42, 31, tzinfo=UTC)),
        ("30.09.2021 20:00:34", datetime(2021, 9, 30, 20, 0, 34, tzinfo=UTC)),
        ("19/03/2012 20:46:31", datetime(2012, 3, 19, 20, 46, 31, tzinfo=UTC)),
        ("sometime", None),
    ],
)
def test_every_startdate_form_of_the_clients_is_read(printed: str, started: datetime | None) -> None:
    text = SNIPPET.format(kind="3").replace("2012-01-01 10:00:00", printed, 1)
    [hand] = parse_text(text, "dates.xml")
    assert isinstance(hand, Hand) and hand.started_at == started
    unknown = [w for w in hand.warnings if "start date" in w.message]
    assert len(unknown) == (started is None)  # a date it cannot read is said, not passed over
    if unknown:
        assert unknown[0].text == "<startdate>sometime</startdate>"


@pytest.mark.parametrize(
    "printed, cents", [("0,25€", 25), ("1.480,50€", 148050), ("1,500", 150000), ("€1,480.50", 148050)]
)
def test_a_decimal_comma_is_read_and_a_thousands_comma_stays_one(printed: str, cents: int) -> None:
    text = SNIPPET.format(kind="3").replace('chips="$10"', f'chips="{printed}"', 1)
    [hand] = parse_text(text, "amounts.xml")
    assert isinstance(hand, Hand) and hand.seats[0].stack == cents


@pytest.mark.parametrize("table", ["$5 Limit 7 Card Stud, 699476041, 699476041", "$5 Limit 7 Card Stud (#699476041)"])
def test_a_tournament_table_names_its_tournament_in_either_era(table: str) -> None:
    """Before 2017 the table is ``Name, N, N``, after it ``Name (#N)``: the shape says which."""
    path = corpus_path("fpdb", "iPoker", "7-StudHi-USD-STT-5-201103.txt")
    old = "<tablename>$5 Limit 7 Card Stud, 699476041, 699476041</tablename>"
    text = path.read_text(encoding="utf-8").replace(old, f"<tablename>{table}</tablename>", 1)
    hands = [h for h in parse_text(text, "stt.xml") if isinstance(h, Hand)]
    assert hands and {h.tournament.tournament_id for h in hands if h.tournament} == {"699476041"}


@pytest.mark.parametrize(
    ("buy_in", "rake", "expected"),
    [
        ("$5+$0.50", "", (500, 50, "USD")),  # the corpus's sit-and-go
        ("0,22€", "0,03€", (22, 3, "EUR")),  # one amount with the fee beside it (fpdb's "new format")
        ("0€ + 0,02€ + 0,23€", "", (25, None, "EUR")),  # the current European skins' parts, summed as fpdb sums them
        ("nothing", "", (None, None, None)),  # unreadable: the tournament without its cost, the hand still read
    ],
)
def test_a_tournament_buy_in_is_read_in_every_form_the_skins_print(
    buy_in: str, rake: str, expected: tuple[int | None, int | None, str | None]
) -> None:
    general = (
        f"<general><mode>real</mode><gametype>Razz L</gametype><tablename>Razz, 699476041</tablename>"
        f"<tournamentname>Razz</tournamentname><buyin>{buy_in}</buyin>{f'<birake>{rake}</birake>' if rake else ''}"
        "</general>"
    )
    # a tournament's amounts are whole chips: $0.60 becomes 60 of them
    chips = re.sub(r"\$(\d+)(?:\.(\d\d))?", lambda m: str(int(m[1]) * 100 + int(m[2] or 0)), SNIPPET.format(kind="3"))
    text = chips.replace(chips.splitlines()[2], general, 1)
    [hand] = parse_text(text, "buyin.xml")
    assert isinstance(hand, Hand) and hand.tournament is not None
    assert (hand.tournament.buy_in, hand.tournament.fee, hand.tournament.currency) == expected


@pytest.mark.parametrize(("word", "limit"), [("SL", Limit.NO_LIMIT), ("БЛ", Limit.NO_LIMIT), ("LP", Limit.POT_LIMIT)])
def test_the_localized_skins_limit_words_are_read(word: str, limit: Limit) -> None:
    """``SL`` (sans limite) and ``БЛ`` (без лимита) are no limit, ``LP`` (limite pot) pot limit, as fpdb
    reads them: the game is read with its structure, not refused as an unknown ``<gametype>``."""
    text = SNIPPET.format(kind="3").replace("Razz L $1/$2", f"Razz {word} $1/$2", 1)
    [hand] = parse_text(text, "limits.xml")
    assert isinstance(hand, Hand) and hand.limit is limit
