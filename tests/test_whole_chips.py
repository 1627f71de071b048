"""Half a chip appears nowhere: not in the simulated sit-and-go hands of ``sample_data/``, not in the
database they import into, and the sample hand whose 545-chip pot was once paid 272.50 / 272.50 now
pays what a site pays, 273 to the high half and 272 to the low, and audits clean.

A tournament or play-money amount is a whole chip, 100 of the model's hundredths (``model.CHIP``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SAMPLE_DATA
from studbook.analytics.store import open_store
from studbook.engine.model import CHIP, Collect, Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file, parse_text
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import profile_for

SNG = SAMPLE_DATA / "triple-stud-sng-1500-chips.txt"
SAMPLE_HAND = "255000003943"


def chip_hands() -> list[Hand]:
    """Every tournament and play-money hand of sample_data/, the hand-written edge cases included."""
    files = sorted(p for p in SAMPLE_DATA.rglob("*.txt") if p.name != "README.md")
    hands = [h for path in files for h in parse_file(path) if isinstance(h, Hand)]
    return [h for h in hands if h.unit == CHIP]


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


def test_no_tournament_hand_of_the_samples_holds_half_a_chip() -> None:
    hands = chip_hands()
    assert len(hands) >= 600  # the 600 sit-and-go hands at least
    halves = {h.site_hand_id: bad for h in hands if (bad := [a for a in amounts(h) if a[1] % CHIP])}
    assert halves == {}
    paid = {h.site_hand_id: [a.amount for a in replay(h, profile_for(h)).awards if a.amount % CHIP] for h in hands}
    assert {k: v for k, v in paid.items() if v} == {}


def test_the_sit_and_go_text_prints_no_fraction_of_a_chip() -> None:
    text = SNG.read_text(encoding="utf-8")
    assert "in chips" in text and "Tournament #" in text
    assert re.findall(r"\d\.\d", text) == []


def test_the_store_holds_no_fraction_of_a_chip(tmp_path: Path) -> None:
    with open_store(tmp_path / "sng.duckdb") as store:
        assert run_import([SNG], store, workers=1).hands == 600
        con = store.con
        chip = "(h.tournament_id IS NOT NULL OR h.play_money)"
        checks = {
            "hands": ["small_bet", "big_bet", "ante", "bring_in", "total_pot", "rake"],
            "hand_players": ["stack", "invested", "returned", "collected", "won", "net"],
            "actions": ["amount", "to_amount"],
            "pots": ["amount"],
            "awards": ["amount"],
            "collected": ["amount"],
        }
        for table, columns in checks.items():
            alias = "h" if table == "hands" else "t"
            join = "" if table == "hands" else " t JOIN hands h USING (hand_id)"
            fraction = " OR ".join(f"{alias}.{c} % {CHIP} <> 0" for c in columns)
            query = f"SELECT count(*), count(*) FILTER (WHERE {fraction}) FROM {table}{join or ' h'} WHERE {chip}"
            rows, odd = con.execute(query).fetchone()
            assert rows > 0 and odd == 0, (table, rows, odd)


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
    assert hand.total_pot == 545 * CHIP and hand.unit == CHIP
    assert violations == []
    assert paid == {"BartFinch77": 273 * CHIP, "Anselm Grey": 272 * CHIP}  # the odd chip to the high half
    site = {hand.player(e.seat): e.amount for e in hand.events if isinstance(e, Collect)}
    assert site == paid


@pytest.mark.parametrize(
    ("high", "low"),
    [("272.50", "272.50"), ("272", "273")],
    ids=["split to the hundredth, as the simulator once wrote", "the odd chip to the low half"],
)
def test_the_sample_hand_edited_to_a_wrong_payout_is_flagged(high: str, low: str) -> None:
    text = _sample_hand()
    edited = (
        text.replace("BartFinch77 collected 273 from pot", f"BartFinch77 collected {high} from pot")
        .replace("Anselm Grey collected 272 from pot", f"Anselm Grey collected {low} from pot")
        .replace("won (273)", f"won ({high})")
        .replace("won (272)", f"won ({low})")
    )
    assert edited != text
    _, violations, paid = _replayed(edited)
    assert paid == {"BartFinch77": 273 * CHIP, "Anselm Grey": 272 * CHIP}
    assert violations and all(v.startswith("pot.award") for v in violations), violations
