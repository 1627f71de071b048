"""Each line kind of the PokerStars grammar, on small hand-written hands with fictional players.

The hands are written the way PokerStars prints them; each test changes the lines it is about and
checks the event (or field, or error) they become, including the line number in the text.
"""

from __future__ import annotations

import pickle
import re
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from studbook.engine.cards import Card
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Game,
    Hand,
    Marker,
    Muck,
    Show,
    SkippedLine,
    UncalledReturn,
)
from studbook.parsers import NotStudHand, ParseError, parse_text
from studbook.parsers.sites.pokerstars.reader import HAND_HEADER, HAND_INITIALS, _Builder
from studbook.parsers.textsite import line_pattern, without_captures
from studbook.parsers.reading import read_lines, split_hands

C = Card.parse

# Seat 2's name contains brackets and a colon-and-space; seat 3's name is a prefix of seat 2's.
BASE = """\
PokerStars Hand #1001:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2020/03/01 12:00:00 ET
Table 'Fictional II' 8-max
Seat 1: Ann Lee ($2.00 in chips)
Seat 2: Bo [x]: calls 4 ($1.50 in chips)
Seat 3: Bo ($1.00 in chips)
Ann Lee: posts the ante $0.01
Bo [x]: calls 4: posts the ante $0.01
Bo: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann Lee [Kc]
Dealt to Bo [x]: calls 4 [5d Ks 2h]
Dealt to Bo [9s]
Bo [x]: calls 4: brings in for $0.02
Bo: raises $0.02 to $0.04
Ann Lee: calls $0.04
Bo [x]: calls 4: calls $0.02
*** 4th STREET ***
Dealt to Ann Lee [Kc] [Kd]
Dealt to Bo [x]: calls 4 [5d Ks 2h] [3c]
Dealt to Bo [9s] [7h]
Pair on board - a double bet is allowed
Ann Lee: bets $0.08
Bo [x]: calls 4: calls $0.08
Bo: folds
*** 5th STREET ***
Dealt to Ann Lee [Kc Kd] [4s]
Dealt to Bo [x]: calls 4 [5d Ks 2h 3c] [6d]
Ann Lee: checks
Bo [x]: calls 4: checks
*** 6th STREET ***
Dealt to Ann Lee [Kc Kd 4s] [Jh]
Dealt to Bo [x]: calls 4 [5d Ks 2h 3c 6d] [8c]
Ann Lee: checks
Bo [x]: calls 4: checks
*** RIVER ***
Dealt to Bo [x]: calls 4 [5d Ks 2h 3c 6d 8c] [Ac]
Ann Lee: checks
Bo [x]: calls 4: checks
*** SHOW DOWN ***
Bo [x]: calls 4: shows [5d Ks 2h 3c 6d 8c Ac] (HI: a straight, Deuce to Six; LO: 6,5,3,2,A)
Ann Lee: mucks hand
Bo [x]: calls 4 collected $0.15 from pot
Bo [x]: calls 4 collected $0.14 from pot
*** SUMMARY ***
Total pot $0.31 | Rake $0.02
Seat 1: Ann Lee mucked [Qs Qh Kc Kd 4s Jh 9d]
Seat 2: Bo [x]: calls 4 showed [5d Ks 2h 3c 6d 8c Ac] and won ($0.29) with HI: a straight, Deuce to Six; LO: 6,5,3,2,A
Seat 3: Bo folded on the 4th Street
"""
ANN, BOX, BO = 1, 2, 3


def _line(text: str, prefix: str) -> int:
    """1-based number of the first line of ``text`` starting with ``prefix``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(prefix))


def _hand(text: str) -> Hand:
    (result,) = parse_text(text, "t.txt")
    assert isinstance(result, Hand), str(result)
    return result


def _error(text: str) -> ParseError:
    (result,) = parse_text(text, "t.txt")
    assert isinstance(result, ParseError), result
    return result


def _headed(header: str) -> str:
    """BASE under another header; under a tournament's or play money's, its body's cents become whole
    chips ($0.04 -> 4), since a chip hand printing a fraction of a chip is refused."""
    body = BASE.split("\n", 1)[1]
    return f"{header}\n" + re.sub(r"\$(\d+)\.(\d\d)", lambda m: str(int(m[1]) * 100 + int(m[2])), body)


def _of(hand: Hand, kind: type) -> list:
    return [e for e in hand.events if isinstance(e, kind)]


# ------------------------------------------------------------------------------- header lines


def test_base_hand_header_fields() -> None:
    hand = _hand(BASE)
    assert (hand.site, hand.site_hand_id, hand.game) == ("pokerstars", "1001", Game.STUD8)
    assert (hand.small_bet, hand.big_bet, hand.currency, hand.play_money) == (4, 8, "USD", False)
    assert (hand.table, hand.max_seats, hand.mixed, hand.tournament) == ("Fictional II", 8, None, None)
    assert hand.started_at == datetime(2020, 3, 1, 17, 0, tzinfo=timezone.utc)
    assert hand.started_at.utcoffset() is not None


@pytest.mark.parametrize(
    ("header", "game", "stakes", "currency", "mixed"),
    [
        (
            "PokerStars Game #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET",
            Game.STUD,
            (4, 8),
            "USD",
            None,
        ),
        ("PokerStars Hand #1001:  Razz Limit ($0.04/$0.08) - 2009/11/26 10:08:43 ET", Game.RAZZ, (4, 8), "USD", None),
        (
            "PokerStars Hand #1001:  8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD) - 2017/01/21 16:58:03 ET",
            Game.STUD8,
            (40000, 80000),
            "USD",
            "8-Game",
        ),
        (
            "PokerStars Hand #1001:  7 Card Stud Limit (20/40) - 2017/01/21 16:58:03 ET",
            Game.STUD,
            (20, 40),  # play money: whole play chips
            None,
            None,
        ),
        (
            "PokerStars Hand #1001:  HORSE (Razz Limit, €1/€2 EUR) - 2017/01/21 16:58:03 ET",
            Game.RAZZ,
            (100, 200),
            "EUR",
            "HORSE",
        ),
    ],
)
def test_cash_headers(
    header: str, game: Game, stakes: tuple[int, int], currency: str | None, mixed: str | None
) -> None:
    hand = _hand(_headed(header) if currency is None else BASE.replace(BASE.splitlines()[0], header, 1))
    assert (hand.game, (hand.small_bet, hand.big_bet), hand.currency, hand.mixed) == (game, stakes, currency, mixed)
    assert hand.play_money == (currency is None)


def test_tournament_header_with_two_time_zones_prefers_et() -> None:
    header = (
        "PokerStars Hand #91: Tournament #664, $2.00+$0.20 USD Triple Stud (7 Card Stud Limit) - "
        "Level XXXI (250/500) - 2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]"
    )
    hand = _hand(_headed(header))
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.fee) == ("664", 200, 20)
    assert (hand.tournament.currency, hand.tournament.level) == ("USD", "XXXI")
    assert (hand.game, hand.mixed, hand.small_bet, hand.big_bet) == (Game.STUD, "Triple Stud", 250, 500)  # whole chips
    assert hand.currency is None and not hand.play_money
    assert hand.started_at == datetime(2013, 1, 3, 14, 27, 43, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("buy_in", "parts", "currency"),
    [
        ("₹100+₹10 INR", (10000, 1000), "INR"),  # PokerStars India
        ("Rs. 100+Rs. 10 INR", (10000, 1000), "INR"),  # the rupee's other spelling, which fpdb's LS allows
        ("₹100+₹10", (10000, 1000), "INR"),  # the sign alone says the currency
        ("¥50+¥5 CNY", (5000, 500), "CNY"),  # PokerStars' Chinese client
        ("$10+$10+$2 USD", (2000, 200), "USD"),  # a knockout: buy-in and bounty are the prize pool's
    ],
)
def test_tournament_buy_ins_in_every_currency_the_header_prints(
    buy_in: str, parts: tuple[int, int], currency: str
) -> None:
    header = (
        f"PokerStars Hand #91: Tournament #664, {buy_in} 7 Card Stud Limit - Level V (100/200) - 2025/06/01 21:10:05 ET"
    )
    hand = _hand(_headed(header))
    assert hand.tournament is not None
    assert (hand.tournament.buy_in, hand.tournament.fee, hand.tournament.currency) == (*parts, currency)
    assert not hand.play_money and (hand.small_bet, hand.big_bet) == (100, 200)


def test_home_game_and_upper_case_reexport_headers() -> None:
    home = (
        "PokerStars Home Game Hand #99: {Club's Room} Tournament #7, 100+9 8-Game (Razz Limit) - "
        "Match Round I, Level IV (30/60) - 2013/06/06 0:00:10 ET"
    )
    hand = _hand(_headed(home))
    assert (hand.game, hand.mixed, hand.small_bet, hand.play_money) == (Game.RAZZ, "8-Game", 30, True)
    assert hand.tournament is not None and (hand.tournament.buy_in, hand.tournament.fee) == (10000, 900)
    upper = (
        "PokerStars Game #29: TOURNAMENT #16, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (25/50) - 2009/06/14 11:45:00 ET"
    )
    hand = _hand(_headed(upper))
    assert (hand.game, hand.small_bet, hand.big_bet) == (Game.STUD8, 25, 50)
    assert hand.tournament is not None and hand.tournament.currency == "USD"


def test_unreadable_header_is_an_error_and_the_next_hand_still_parses() -> None:
    bad = BASE.replace("7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)", "7 Card Stud (Hi (Lo)) Limit", 1)
    err, hand = parse_text(bad + "\n" + BASE, "h.txt")
    assert isinstance(err, ParseError) and err.line == 1 and "not understood" in err.message
    assert isinstance(hand, Hand) and hand.source_line == len(BASE.splitlines()) + 2


def test_other_game_of_a_mixed_file_is_skipped_without_parsing_its_body() -> None:
    text = (
        "PokerStars Hand #5: Tournament #7, 100+9 8-Game (Hold'em No Limit) - Level VII (15/30) - "
        "2013/06/05 23:30:00 ET\nthis body is not read at all\n"
    )
    assert parse_text(text, "m.txt") == [NotStudHand("m.txt", 1, "pokerstars", "Hold'em No Limit")]


# ---------------------------------------------------------------------------- seats, antes, deals


def test_names_with_brackets_colons_and_prefixes_resolve_against_the_seat_list() -> None:
    hand = _hand(BASE)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Ann Lee", 200),
        (2, "Bo [x]: calls 4", 150),
        (3, "Bo", 100),
    ]
    antes = [e for e in _of(hand, Action) if e.kind is ActionKind.ANTE]
    assert [(a.seat, a.amount) for a in antes] == [(ANN, 1), (BOX, 1), (BO, 1)]
    assert hand.ante == 1
    call = [e for e in _of(hand, Action) if e.seat == BOX and e.kind is ActionKind.CALL][0]
    assert call.amount == 2 and call.line == _line(BASE, "Bo [x]: calls 4: calls $0.02")


def test_third_street_deals_hero_and_opponents() -> None:
    deals = [d for d in _of(_hand(BASE), Deal) if d.street == 3]
    assert deals == [
        Deal(10, 3, ANN, down=(None, None), up=(C("Kc"),)),
        Deal(11, 3, BOX, down=(C("5d"), C("Ks")), up=(C("2h"),)),
        Deal(12, 3, BO, down=(None, None), up=(C("9s"),)),
    ]


def test_later_street_deals_keep_only_the_new_card_and_seventh_is_down() -> None:
    hand = _hand(BASE)
    fourth = [d for d in _of(hand, Deal) if d.street == 4]
    assert [(d.seat, d.up, d.down) for d in fourth] == [
        (ANN, (C("Kd"),), ()),
        (BOX, (C("3c"),), ()),
        (BO, (C("7h"),), ()),
    ]
    seventh = [d for d in _of(hand, Deal) if d.street == 7]
    river = _line(BASE, "*** RIVER ***")
    # Ann's 7th card is not printed: it is dealt face down all the same, at the RIVER line.
    assert seventh == [Deal(river, 7, ANN, down=(None,)), Deal(river + 1, 7, BOX, down=(C("Ac"),))]


def test_community_card_on_the_river_replaces_the_seventh_street_deals() -> None:
    text = BASE.replace("*** RIVER ***\nDealt to Bo [x]: calls 4 [5d Ks 2h 3c 6d 8c] [Ac]\n", "*** RIVER *** [Ac]\n")
    text = text.replace("Total pot $0.31 | Rake $0.02\n", "Total pot $0.31 | Rake $0.02\nBoard [Ac]\n")
    hand = _hand(text)
    assert _of(hand, CommunityCard) == [CommunityCard(_line(text, "*** RIVER ***"), C("Ac"))]
    assert not [d for d in _of(hand, Deal) if d.street == 7]
    assert not hand.warnings


def test_garbled_card_becomes_unknown_with_a_warning() -> None:
    text = BASE.replace("[5d Ks 2h 3c 6d 8c] [Ac]", "[5d Ks 2h 3c 6d 8c] [of]")
    hand = _hand(text)
    line = _line(text, "Dealt to Bo [x]: calls 4 [5d Ks 2h 3c 6d 8c] [of]")
    assert Deal(line, 7, BOX, down=(None,)) in hand.events
    assert [(w.line, "'of'" in w.message) for w in hand.warnings] == [(line, True)]


def test_wrong_deal_shapes_are_errors() -> None:
    err = _error(BASE.replace("Dealt to Ann Lee [Kc]\n", "Dealt to Ann Lee [Kc Kd]\n"))
    assert err.line == 10 and "wrong number of cards" in err.message
    # Three brackets read as a deal to "Ann Lee [Kc]", who is not seated: an error either way.
    err = _error(BASE.replace("Dealt to Ann Lee [Kc] [Kd]\n", "Dealt to Ann Lee [Kc] [Kd] [2c]\n"))
    assert (err.line, err.message) == (18, "'Ann Lee [Kc]' is not seated at this table")


# ------------------------------------------------------------------------------------- betting


def test_bring_in_and_completion_written_as_a_raise() -> None:
    hand = _hand(BASE)
    bring, complete = [e for e in _of(hand, Action) if e.kind in (ActionKind.BRING_IN, ActionKind.RAISE)]
    assert (bring.seat, bring.amount, hand.bring_in) == (BOX, 2, 2)
    assert (complete.seat, complete.amount, complete.to, complete.street) == (BO, 2, 4, 3)


def test_bring_in_player_completing_is_recorded_as_a_bet() -> None:
    text = BASE.replace(
        "Bo [x]: calls 4: brings in for $0.02\nBo: raises $0.02 to $0.04\nAnn Lee: calls $0.04\n"
        "Bo [x]: calls 4: calls $0.02\n",
        "Bo [x]: calls 4: bets $0.04\nBo: calls $0.04\nAnn Lee: calls $0.04\n",
    )
    text = text.replace("collected $0.15", "collected $0.14").replace("$0.29", "$0.28")
    hand = _hand(text)
    first = [e for e in _of(hand, Action) if e.kind is not ActionKind.ANTE][0]
    assert (first.kind, first.seat, first.amount) == (ActionKind.BET, BOX, 4)
    assert hand.bring_in is None


def test_all_in_flags_checks_folds_and_uncalled_bets() -> None:
    text = BASE.replace(
        "Ann Lee: bets $0.08\nBo [x]: calls 4: calls $0.08\nBo: folds\n",
        "Ann Lee: bets $0.08\nBo [x]: calls 4: calls $0.06 and is all-in\nBo: folds\n"
        "Uncalled bet ($0.02) returned to Ann Lee\n",
    )
    hand = _hand(text)
    allin = [e for e in _of(hand, Action) if e.all_in]
    assert [(a.seat, a.kind, a.amount, a.street) for a in allin] == [(BOX, ActionKind.CALL, 6, 4)]
    assert _of(hand, UncalledReturn) == [UncalledReturn(_line(text, "Uncalled bet"), ANN, 2)]
    kinds = {e.kind for e in _of(hand, Action)}
    assert {ActionKind.CHECK, ActionKind.FOLD} <= kinds


def test_markers() -> None:
    text = BASE.replace("Bo [x]: calls 4: calls $0.02\n", "Bo [x]: calls 4: calls $0.02\nBetting is capped\n")
    text = text.replace(
        "Bo [x]: calls 4 collected $0.14 from pot\n",
        "Bo [x]: calls 4 collected $0.14 from pot\nNo low hand qualified\n",
    )
    markers = _of(_hand(text), Marker)
    assert [(m.kind, m.street) for m in markers] == [("capped", 3), ("double-bet", 4), ("no-low", 7)]
    assert markers[1].line == _line(text, "Pair on board")


# --------------------------------------------------------------------------- showdown, pots, summary


def test_show_muck_and_summary_mucked_cards_on_the_muck_event() -> None:
    hand = _hand(BASE)
    (show,) = _of(hand, Show)
    assert show.seat == BOX and len(show.cards) == 7 and show.description.startswith("HI: a straight")
    (muck,) = _of(hand, Muck)
    assert muck.seat == ANN and muck.line == _line(BASE, "Ann Lee: mucks hand")
    assert muck.cards == tuple(C(x) for x in "Qs Qh Kc Kd 4s Jh 9d".split())


def test_doesnt_show_is_a_muck_and_collected_labels_are_kept() -> None:
    text = BASE.replace("*** SHOW DOWN ***\n", "").replace(
        "Bo [x]: calls 4: shows [5d Ks 2h 3c 6d 8c Ac] (HI: a straight, Deuce to Six; LO: 6,5,3,2,A)\n"
        "Ann Lee: mucks hand\n",
        "",
    )
    text = text.replace("collected $0.15 from pot", "collected $0.15 from main pot").replace(
        "collected $0.14 from pot", "collected $0.14 from side pot-1\nBo [x]: calls 4: doesn't show hand"
    )
    text = text.replace(
        "Total pot $0.31 | Rake $0.02", "Total pot $0.31 Main pot $0.17. Side pot-1 $0.12. | Rake $0.02"
    )
    hand = _hand(text)
    assert [(c.seat, c.amount, c.pot) for c in _of(hand, Collect)] == [(BOX, 15, "main pot"), (BOX, 14, "side pot-1")]
    assert [m.seat for m in _of(hand, Muck)] == [BOX, ANN]  # Ann's only from the summary line
    assert (hand.total_pot, hand.rake, hand.printed_pots) == (31, 2, (17, 12))


def test_noise_and_summary_lines_are_skipped_lines_with_their_numbers() -> None:
    text = BASE.replace(
        "Bo: folds\n",
        "Bo: folds\nBo leaves the table\nCy joins the table at seat #4\n"
        'Ann Lee said, "x: folds [ha]"\nAnn Lee is disconnected\nAnn Lee is connected\n',
    )
    hand = _hand(text)
    skipped = {s.text: s.line for s in hand.skipped}
    for noise in (
        "Bo leaves the table",
        "Cy joins the table at seat #4",
        'Ann Lee said, "x: folds [ha]"',
        "Ann Lee is disconnected",
        "Seat 3: Bo folded on the 4th Street",
    ):
        assert skipped[noise] == _line(text, noise)
    assert "Seat 1: Ann Lee mucked [Qs Qh Kc Kd 4s Jh 9d]" not in skipped  # it became Muck cards
    assert len([e for e in _of(hand, Action) if e.kind is ActionKind.FOLD]) == 1


BOARD_HAND = BASE.replace(
    "*** RIVER ***\nDealt to Bo [x]: calls 4 [5d Ks 2h 3c 6d 8c] [Ac]\n", "*** RIVER *** [Ac]\n"
).replace("Total pot $0.31 | Rake $0.02\n", "Total pot $0.31 | Rake $0.02\nBoard [Ac]\n")


def _shifted(hand: Hand, after: int) -> tuple[list[object], list[SkippedLine]]:
    """The hand's events and skipped lines as they read with one more line after file line ``after``."""

    def shift(item: Any) -> Any:
        return replace(item, line=item.line + 1) if item.line > after else item

    return [shift(e) for e in hand.events], [shift(s) for s in hand.skipped]


@pytest.mark.parametrize("text", [BASE, BOARD_HAND], ids=["base", "board"])
def test_a_noise_line_anywhere_after_the_header_changes_nothing_but_line_numbers(text: str) -> None:
    """The grammar reads a line and the lines of a run after it as one token when nothing comes between
    (table and seats, a street with its deals and betting, summary, total and seat lines): a noise line
    between any two lines must give the same hand, whichever tokens the lines then fall into."""
    plain = _hand(text)
    lines = text.splitlines()
    for after in range(1, len(lines) + 1):
        noisy = "\n".join([*lines[:after], "Cy is disconnected", *lines[after:]])
        hand = _hand(noisy)
        events, skipped = _shifted(plain, after)
        assert list(hand.events) == events, after
        assert list(hand.skipped) == sorted(
            [*skipped, SkippedLine(after + 1, "Cy is disconnected")], key=lambda s: s.line
        ), after
        assert (hand.seats, hand.total_pot, hand.printed_pots, hand.warnings) == (
            plain.seats,
            plain.total_pot,
            plain.printed_pots,
            plain.warnings,
        ), after


def test_a_line_that_reads_as_a_deal_or_a_betting_line_right_after_the_deals() -> None:
    """``Dealt to Cy: folds [8h 2c]`` is a deal to "Cy: folds" or a fold by "Dealt to Cy". A street's
    token takes as many deal lines as leave a betting line after them, so at the end of the token it
    is the fold (here a noise line ends the token)."""
    text = BASE.replace(
        "Seat 3: Bo ($1.00 in chips)\n", "Seat 3: Bo ($1.00 in chips)\nSeat 4: Dealt to Cy ($1.00 in chips)\n"
    )
    text = text.replace("Bo: posts the ante $0.01\n", "Bo: posts the ante $0.01\nDealt to Cy: posts the ante $0.01\n")
    text = text.replace("Dealt to Bo [9s]\n", "Dealt to Bo [9s]\nDealt to Dealt to Cy [8h]\n")
    text = text.replace("Ann Lee: calls $0.04\n", "Ann Lee: calls $0.04\nDealt to Cy: calls $0.04\n")
    text = text.replace(
        "Dealt to Bo [9s] [7h]\n",
        "Dealt to Bo [9s] [7h]\nDealt to Dealt to Cy [8h] [2c]\nDealt to Cy: folds [8h 2c]\nCy is disconnected\n",
    )
    hand = _hand(text)
    fold = _line(text, "Dealt to Cy: folds")
    assert [e for e in hand.events if e.line == fold] == [Action(fold, 4, 4, ActionKind.FOLD)]
    assert [(d.street, d.up) for d in _of(hand, Deal) if d.seat == 4] == [(3, (C("8h"),)), (4, (C("2c"),))]


def test_lark_reads_the_line_patterns_without_their_captures() -> None:
    assert without_captures(r"a(b)c(?:d)(?P<e>f)") == "a(?:b)c(?:d)(?:f)"
    assert without_captures(r"\(x\)[(](y)") == r"\(x\)[(](?:y)"
    assert without_captures(r"[]()](z)[^](](w)") == r"[]()](?:z)[^](](?:w)"
    for terminal in _Builder.line_grammar().lark.terminals:
        assert re.compile(terminal.pattern.to_regexp()).groups == 0, terminal.name


def test_a_grammar_line_pattern_must_name_the_fields_the_builder_reads() -> None:
    grammar = "parsers/sites/pokerstars/grammar.lark"
    seat = line_pattern(
        grammar, "SEATS", "(?:Seat (?P<seat>\\d+): (?P<name>x+) \\((?P<stack>\\d+)\\)(?P<rest>.*)\n)+", True
    )
    assert seat is not None and list(seat.groupindex) == ["seat", "name", "stack", "rest"]
    with pytest.raises(ValueError, match="SEATS has 1 capturing groups without a name"):
        line_pattern(grammar, "SEATS", "(?:Seat (?P<seat>\\d+): (x+)\n)+", True)
    with pytest.raises(ValueError, match="should be written 'SEATS: LINE\\+'"):
        line_pattern(grammar, "SEATS", "Seat (?P<seat>\\d+)\n", True)
    # a street line and its deals name a field alike: no pattern of its own, its parts read its lines
    assert line_pattern(grammar, "STREET", "(?P<name>a)\n(?:(?P<name>b)\n)*", False) is None


def test_a_builder_and_its_grammar_must_declare_the_same_line_kinds() -> None:
    """The grammar's terminals and the builder's declarations are checked against each other when the
    grammar is loaded: a terminal without a handler, or a handler of no terminal, is refused. The base
    class's offered handlers (seats, antes, a table line with its seats, the summary line) need no
    declaration, and a grammar without their terminals is not refused for them."""
    from studbook.parsers.textsite import SiteBuilder, line_kind, load_grammar

    def partial(**handlers: object) -> type[SiteBuilder]:
        return type("Partial", (SiteBuilder,), {"__module__": _Builder.__module__, **handlers})

    seats = line_kind("SEATS", run=True, words="a seat line")(SiteBuilder.seat_run)
    with pytest.raises(ValueError, match="no @line_kind handler for TABLE, STREET3, ") as refused:
        load_grammar(partial(seat_run=seats))
    assert not {"SEATS", "TABLE_SEATS", "ANTES"} & set(re.findall(r"[A-Z_0-9]+", str(refused.value).split(":")[-1]))
    assert all(_Builder.KINDS[t].offered for t in ("SEATS", "TABLE_SEATS", "SUMMARY"))  # PokerStars takes them
    from studbook.parsers.sites.acr.reader2016 import _Builder as Acr2016  # one line per event: not these

    assert not {"SEATS", "ANTES", "TABLE_SEATS"} & set(load_grammar(Acr2016).words)
    extra = line_kind("TABLES", words="")(SiteBuilder.seat_run)
    with pytest.raises(ValueError, match="no terminal TABLES in the grammar"):
        load_grammar(type("More", (_Builder,), {"__module__": _Builder.__module__, "tables": extra}))
    with pytest.raises(ValueError, match="SEATS is declared twice"):
        partial(seat_run=seats, again=line_kind("SEATS", words="")(SiteBuilder.ante_run))


def test_sitting_out_seat() -> None:
    text = BASE.replace(
        "Seat 3: Bo ($1.00 in chips)\n", "Seat 3: Bo ($1.00 in chips)\nSeat 4: Di ($3 in chips) is sitting out\n"
    )
    hand = _hand(text)
    assert [(s.seat, s.sitting_out) for s in hand.seats][-1] == (4, True)


# ------------------------------------------------------------------------------------------ errors


def test_unknown_line_is_a_parse_error_with_file_line_text_and_expectation() -> None:
    text = BASE.replace("Bo: folds\n", "Bo: dances\n")
    err = _error(text)
    assert (err.file, err.line, err.text) == ("t.txt", _line(text, "Bo: dances"), "Bo: dances")
    assert "'NAME: folds'" in err.expected
    assert str(err) == f"t.txt:{err.line}: {err.message} (got: 'Bo: dances'; expected: {err.expected})"
    assert pickle.loads(pickle.dumps(err)) == err


def test_line_out_of_place_and_unseated_player() -> None:
    err = _error(BASE.replace("Ann Lee: checks\nBo [x]: calls 4: checks\n*** 6th", "*** 4th STREET ***\n*** 6th", 1))
    assert "out of place" in err.message and err.text == "*** 4th STREET ***"
    err = _error(BASE.replace("Bo: folds\n", "Zed: folds\n"))
    assert "'Zed' is not seated" in err.message and err.line == _line(BASE, "Bo: folds")


def test_cut_off_hand_is_an_error_at_its_last_line_and_the_next_hand_still_parses() -> None:
    lines = BASE.splitlines()
    cut = "\n".join(lines[:25]) + "\n\n\n" + BASE.replace("#1001", "#1002")
    first, second = parse_text(cut, "cut.txt")
    assert isinstance(first, ParseError) and first.line == 25 and first.text == lines[24]
    assert "cut off" in first.message
    assert isinstance(second, Hand) and second.site_hand_id == "1002" and second.source_line == 28
    assert second.events[0].line == 28 + 5


def test_glued_hands_are_split_on_the_header() -> None:
    results = parse_text(BASE + BASE.replace("#1001", "#1002"), "g.txt")
    assert [r.site_hand_id for r in results if isinstance(r, Hand)] == ["1001", "1002"]
    assert results[1].source_line == len(BASE.splitlines()) + 1


def test_hand_initials_are_what_every_hand_header_starts_with(stars_corpus: Path) -> None:
    """The file is split asking HAND_HEADER only of lines that start with HAND_INITIALS: splitting every
    real file (and the same lines glued together with no blank line between hands, in every case) must
    give the same hands as asking it of every line."""
    checked = 0
    for path in sorted(stars_corpus.rglob("*.txt")):
        lines = list(read_lines(path))
        glued = [line for line in lines if line.strip()]
        for variant in (lines, glued, [line.lower() for line in glued], [line.upper() for line in glued]):
            headers = [line for line in variant if HAND_HEADER.match(line)]
            assert all(line[0] in HAND_INITIALS for line in headers)
            checked += len(headers)
            fast = list(split_hands(variant, HAND_HEADER.match, initials=HAND_INITIALS))
            assert fast == list(split_hands(variant, HAND_HEADER.match))
    assert checked > 400  # the corpus's ~170 hands, four times over


@pytest.mark.parametrize("printed", [*map(str, range(-1, 103)), "01", "007", "99999999999", "٣"])
def test_a_seat_number_is_read_as_int_and_seat_problem_say(printed: str) -> None:
    """Seat numbers are looked up in a table of the usual texts (textsite._SEAT_NUMBERS) before the
    general path (``int``, then ``seat_problem``): whichever answers, the answer is the general one."""
    from studbook.parsers.amounts import seat_problem
    from studbook.parsers.reading import HandText
    from studbook.parsers.textsite import SiteBuilder

    builder = SiteBuilder(HandText(1, ("header",)), "f.txt", _Builder.line_grammar())
    problem = seat_problem(int(printed))
    if problem is None:
        assert builder.seat_number(printed, 2, "Seat N: x (5 in chips)") == int(printed)
    else:
        with pytest.raises(ParseError) as err:
            builder.seat_number(printed, 2, "Seat N: x (5 in chips)")
        assert (err.value.message, err.value.line) == (problem, 2)
