"""Every odd-chip case, planted in tournament, play-money and cash hands: the engine pays what a site
pays, and an odd chip is one unit of the game (a whole chip in a tournament or play money, a cent in
cash), never a hundredth of a chip.

Each hand is played all-in on 3rd street (the stacks hold the ante and the bring-in), so its cards alone
decide the payout. The model's amounts are in the game's unit, so the same script is the same numbers
of units in every kind; what differs is the text: a tournament's 18 chips print ``18``, a cash game's 18
cents ``$0.18``, and the PokerStars text read back gives the same units (parsers/chips.py). A
tournament text that pays a fraction of a chip is that hand's ParseError.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import datetime, timezone

import pytest

from handbuilder import build
from studbook.engine.model import Hand, Tournament
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.parsers import ParseError, parse_text
from studbook.parsers.registry import profile_for
from studbook.parsers.sites.pokerstars.writer import write_pokerstars

HI_LO_ODD_POT = """\
stud8 {50}/{100} ante {5} bring-in {10} {kind}
seat 1 Ann {15}
seat 2 Bob {15}
seat 3 Cid {100}
antes
3rd 1:Kh Qh Jh 2:Ad 3d 2c 3:Qs Qc 8h
2 bring-in {10} allin
3 fold
1 call {10} allin
4th 1:Th 2:4s
5th 1:9c 2:7c
6th 1:9d 2:Ks
7th 1:2s 2:Kd
show 1 Kh Qh Jh Th 9c 9d 2s
show 2 Ad 3d 2c 4s 7c Ks Kd
collect 1 {high}
collect 2 {low}
"""
"""Pot 35: the high half 18 (the odd chip goes high), the low 17."""

THREE_WAY_TIE = """\
razz {50}/{100} ante {5} bring-in {10} {kind}
seat 1 Ann {15}
seat 2 Bob {15}
seat 3 Cid {15}
seat 4 Dan {100}
antes
3rd 1:Ac 2c Kc 2:Ad 2d 3d 3:Ah 2h 4h 4:Js Ts 9s
1 bring-in {10} allin
2 call {10} allin
3 call {10} allin
4 fold
4th 1:3c 2:4d 3:3h
5th 1:4c 2:5d 3:5h
6th 1:5c 2:Kd 3:Kh
7th 1:Qc 2:Qd 3:Qh
show 1 Ac 2c Kc 3c 4c 5c Qc
show 2 Ad 2d 3d 4d 5d Kd Qd
show 3 Ah 2h 4h 3h 5h Kh Qh
collect 1 {first}
collect 2 {second}
collect 3 {third}
"""
"""Pot 50 among three wheels: 17, 17, 16, the odd chips one each from the first seat."""

QUARTERED_LOW = """\
stud8 {50}/{100} ante {5} bring-in {10} {kind}
seat 1 Ann {15}
seat 2 Bob {15}
seat 3 Cid {15}
seat 4 Dan {100}
antes
3rd 1:Kh Qh Jh 2:Ad 3d 2c 3:Ac 3s 2h 4:8d 8s 9h
2 bring-in {10} allin
3 call {10} allin
4 fold
1 call {10} allin
4th 1:Th 2:4s 3:4h
5th 1:9c 2:7c 3:7s
6th 1:9d 2:Kc 3:Qs
7th 1:Ks 2:Kd 3:Qc
show 1 Kh Qh Jh Th 9c 9d Ks
show 2 Ad 3d 2c 4s 7c Kc Kd
show 3 Ac 3s 2h 4h 7s Qs Qc
collect 1 {high}
collect 2 {quarter}
collect 3 {other_quarter}
"""
"""Pot 50: the high half 25 to the straight, the low half 25 quartered 13 / 12 between equal lows."""

ODD_SIDE_POT = """\
stud8 {50}/{100} ante {3} bring-in {10} {kind}
seat 1 Ann {8}
seat 2 Bob {13}
seat 3 Cid {13}
seat 4 Dan {13}
antes
3rd 1:As 2s Ks 2:Kh Qh 2c 3:Ad 4d 3c 4:Qc Qd 6h
2 bring-in {10} allin
3 call {10} allin
4 call {10} allin
1 call {5} allin
4th 1:3s 2:Jh 3:5c 4:Jc
5th 1:4s 2:Th 3:7d 4:Tc
6th 1:5s 2:9d 3:Kc 4:9c
7th 1:8h 2:8c 3:Kd 4:9s
show 1 As 2s Ks 3s 4s 5s 8h
show 2 Kh Qh 2c Jh Th 9d 8c
show 3 Ad 4d 3c 5c 7d Kc Kd
show 4 Qc Qd 6h Jc Tc 9c 9s
collect 1 {main} main pot
collect 2 {side_high} side pot
collect 3 {side_low} side pot
"""
"""Main pot 32 (four players in for 8) scooped by the wheel in spades; the side pot 15 of the three in
for 13 split 8 high (the straight) / 7 low (7-5-4-3-A)."""

CASES = {
    "hi/lo halves of an odd pot": (HI_LO_ODD_POT, {"high": 18, "low": 17}),
    "a three-way tie": (THREE_WAY_TIE, {"first": 17, "second": 17, "third": 16}),
    "a quartered low": (QUARTERED_LOW, {"high": 25, "quarter": 13, "other_quarter": 12}),
    "an odd side pot": (ODD_SIDE_POT, {"main": 32, "side_high": 8, "side_low": 7}),
}

KINDS = {"cash": ("", 100), "tournament": ("tournament 7", 1), "play money": ("play-money yes", 1)}
"""How each kind of hand is written, and how many of its units make one printed unit."""


def plant(script: str, kind: str, paid: dict[str, int]) -> Hand:
    """The script dealt as ``kind``: every amount, the site's payout ``paid`` included, in its unit."""
    words, _ = KINDS[kind]
    units = re.sub(r"\{(\d+)\}", lambda m: m[1], script)  # "{15}": 15 units
    return build(units.format(kind=words, **paid))


def as_text(hand: Hand) -> str:
    """The hand as PokerStars prints it, with what its text needs: a start time, a tournament's buy-in."""
    tournament = None if hand.tournament is None else Tournament("7", 1000, 100, "USD", "I")
    when = datetime(2026, 3, 7, 20, tzinfo=timezone.utc)
    return write_pokerstars(replace(hand, started_at=when, site_hand_id="7", tournament=tournament))


def paid_by_rules(hand: Hand) -> Counter[tuple[int, int]]:
    paid: Counter[tuple[int, int]] = Counter()
    for a in replay(hand, profile_for(hand)).awards:  # a scoop is two awards: the high half and the low
        paid[a.pot, a.seat] += a.amount
    return paid


def site_paid(hand: Hand) -> Counter[tuple[int, int]]:
    paid: Counter[tuple[int, int]] = Counter()
    for e in hand.events:
        if type(e).__name__ == "Collect":
            paid[pot_index(e.pot), e.seat] += e.amount
    return paid


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", CASES)
def test_the_engine_pays_the_odd_chips_a_site_pays(case: str, kind: str) -> None:
    script, site = CASES[case]
    hand = plant(script, kind, site)
    assert hand.per_unit == KINDS[kind][1]
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert paid_by_rules(hand) == site_paid(hand)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", CASES)
def test_the_odd_chips_read_from_the_text_are_the_units_the_site_paid(case: str, kind: str) -> None:
    """Written as PokerStars text and read back: a tournament's odd chip prints as a whole chip (``18``),
    a cash game's as a cent (``$0.18``), and the hand read is the one planted, unit for unit."""
    script, site = CASES[case]
    hand = plant(script, kind, site)
    text = as_text(hand)
    printed = f"collected {'$0.18' if kind == 'cash' else '18'} from" if "high" in site and site["high"] == 18 else ""
    assert printed in text
    (read,) = parse_text(text)
    assert isinstance(read, Hand) and read.per_unit == hand.per_unit
    assert site_paid(read) == site_paid(hand) == paid_by_rules(read)
    assert [s.stack for s in read.seats] == [s.stack for s in hand.seats]
    assert replay(read, profile_for(read)).violations == ()


@pytest.mark.parametrize("kind", ["tournament", "play money"])
@pytest.mark.parametrize("case", CASES)
def test_a_payout_in_fractions_of_a_chip_is_the_hand_s_parse_error(case: str, kind: str) -> None:
    """What the engine paid when it split chips to the hundredth, printed: equal fractional shares, which
    no site deals. The text of such a hand is refused as that hand's ParseError, naming the fraction."""
    script, site = CASES[case]
    text = as_text(plant(script, kind, site))
    amount = next(iter(site.values()))
    halved = re.sub(rf"collected {amount} from", f"collected {amount - 1}.50 from", text, count=1)
    assert halved != text
    (read,) = parse_text(halved)
    assert isinstance(read, ParseError)
    assert f"{amount - 1}.50 is a fraction of a" in read.message and "chip" in read.message


def test_a_tournament_pot_pays_no_rake() -> None:
    """A tournament hand that prints a rake is flagged, and the rules still pay its pot whole."""
    script, site = CASES["hi/lo halves of an odd pot"]
    raked = script.replace("{kind}", "{kind} rake {1}")
    hand = plant(raked, "tournament", {"high": 17, "low": 17})  # the site kept one chip of 35
    result = replay(hand, profile_for(hand))
    assert result.rake == 0
    assert paid_by_rules(hand) == Counter({(0, 1): 18, (0, 2): 17})
    assert any(v.rule == "rake" and "a tournament takes none" in v.message for v in result.violations)
    cash = plant(raked, "cash", {"high": 17, "low": 17})  # a cash game may take it
    assert replay(cash, profile_for(cash)).violations == () and replay(cash, profile_for(cash)).rake == 1
