"""The replay page's numbers in a real browser (the headless Chromium of ``browsing.py``): during an all-in
run-out the equities of each pot add up to 100% over the players who can win it, and so do each pot's
high and low halves and the shares of the chips in play; once the pot is paid each stack is the starting stack, less what the player put
in, plus what the rules paid him. The hand is a stud8 sit-and-go hand with a main pot and a side pot,
whose low halves are quartered: Ann is all-in for the main pot with four kings, Bob all-in for more
with the same 7-4-3-2-A low as Cid, who covers them both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from handbuilder import build
from browsing import NEEDS_BROWSER, _errors, _open, _shoot, needs_selenium

from studbook.analytics.html_replay import replay_page
from studbook.engine.model import Collect, Half
from studbook.engine.replay import replay
from studbook.parsers.registry import profile_for

pytestmark = NEEDS_BROWSER
needs_selenium()

SIDE_POT_QUARTERED = """
stud8 4/8 ante 1 bring-in 2
seat 1 Ann 9
seat 2 Bob 13
seat 3 Cid 1000
antes
3rd 1:Kc Kd Ks 2:Ah 2h 3c 3:Ad 2d 3h
2 bring-in 2
3 complete to 4
1 raise 4 to 8 allin
2 raise 4 to 12 allin
3 call 8
4th 1:Kh 2:4h 3:4d
5th 1:9c 2:7s 3:7c
6th 1:9h 2:8s 3:8c
7th 1:Qc 2:8d 3:Jc
show 1 Kc Kd Ks Kh 9c 9h Qc
show 2 Ah 2h 3c 4h 7s 8s 8d
show 3 Ad 2d 3h 4d 7c 8c Jc
collect 1 14
collect 2 13
collect 3 8
"""

READ_NUMBERS = """
var seen = [];
function press(key) { document.body.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true})); }
press('End');
press('Home');
var steps = document.querySelectorAll('#log li[data-step]').length;
for (var i = 0; i < steps; i++) {
  var seats = {};
  document.querySelectorAll('#seats .seat').forEach(function (el) {
    var eq = el.querySelector('.equity');
    seats[el.getAttribute('data-seat')] = {
      stack: el.getAttribute('data-stack'), text: el.querySelector('.stack').textContent,
      equity: eq.getAttribute('data-equity'), pots: eq.getAttribute('data-pots'), words: eq.textContent
    };
  });
  seen.push(seats);
  press('ArrowRight');
}
return seen;
"""


def test_side_pot_run_out_equities_add_up_and_final_stacks_are_paid(browser: Any, tmp_path: Path, shots: Path) -> None:
    hand = build(SIDE_POT_QUARTERED)
    result = replay(hand, profile_for(hand))
    assert not result.violations and len(result.pots) == 2
    lows = [a.seat for a in result.awards if a.half is Half.LOW and a.pot == 1]
    assert sorted(lows) == [2, 3]  # the side pot's low half is shared: Bob and Cid are quartered
    page = tmp_path / "side-pot-quartered.html"
    page.write_text(replay_page(hand, as_player="Bob"), encoding="utf-8")
    _open(browser, page)
    seen = browser.execute_script(READ_NUMBERS)
    run_out = 0
    for seats in seen:
        live = {seat: v for seat, v in seats.items() if v["equity"] is not None}
        if not live:
            continue
        run_out += 1
        assert sum(float(v["equity"]) for v in live.values()) == pytest.approx(100.0)
        per_pot: dict[str, list[float]] = {}
        for v in live.values():
            for name, pot, high, low in json.loads(v["pots"]):  # stud8: each pot's high and low halves
                assert pot == pytest.approx((high + low) / 2)
                total = per_pot.setdefault(name, [0.0, 0.0, 0.0])
                for i, value in enumerate((pot, high, low)):
                    total[i] += value
                assert f"{name} {pot:.1f}% (high {high:.1f}%, low {low:.1f}%)" in v["words"]
            assert "of the chips in play" in v["words"]
        assert set(per_pot) == {"main", "side 1"}
        assert all(total == pytest.approx([100.0] * 3) for total in per_pot.values()), per_pot
    assert run_out >= 4  # the all-in on 3rd street, then 4th, 5th and 6th street's cards
    start = {s.seat: s.stack for s in hand.seats}
    paid = {seat: sum(a.amount for a in result.awards if a.seat == seat) for seat in start}
    assert paid == {e.seat: e.amount for e in hand.events if isinstance(e, Collect)}
    final = seen[-1]
    for seat, stack in start.items():
        assert int(final[str(seat)]["stack"]) == stack - result.invested[seat] + paid[seat]
        assert "site:" not in final[str(seat)]["text"]  # the site paid what the rules pay
    _shoot(browser, shots, "replay-side-pot-quartered", len(seen) - 1)
    assert _errors(browser) == []


def test_a_stack_the_site_paid_wrongly_shows_both_figures(browser: Any, tmp_path: Path) -> None:
    hand = build(SIDE_POT_QUARTERED.replace("collect 1 14\ncollect 2 13", "collect 1 13\ncollect 2 14"))
    result = replay(hand, profile_for(hand))
    page = tmp_path / "mispaid.html"
    page.write_text(replay_page(hand, as_player="Bob"), encoding="utf-8")
    _open(browser, page)
    final = browser.execute_script(READ_NUMBERS)[-1]
    ann = 9 - result.invested[1] + 14  # what the rules pay her, the site's 13 beside it
    assert int(final["1"]["stack"]) == ann
    assert final["1"]["text"] == "$0.14 (site: $0.13)"
