"""The replay and report pages in a real browser: headless Chromium (the system's package) driven by
Selenium with the system's chromedriver.

Three hands are stepped through from the first step to the last with the keyboard, and at every step
the page's pot, each seat's chips, bet and cards, and the community card are compared with the
engine's own replay of the hand (:func:`studbook.engine.replay.replay_steps`) and with its deals: a
stud8 hand with a side pot, a hand with a 7th-street community card, and an all-in hand whose
run-out shows each player's equity (compared with :func:`studbook.analytics.equity.runout_equities`).
Every page must load without a console error (a fetch the page's Content-Security-Policy refused would
be one). The session report must load, and every link on it must open a replay page.

Screenshots of each page at desktop and phone sizes go to ``$STUDBOOK_SHOTS`` (default: the test's
temporary folder), for a person to look at.

Without Chromium here the module is skipped, saying so; CI installs it (``.ci/run``) and sets
``STUDBOOK_REQUIRE_BROWSER=1``, which turns that skip into a failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browsing import DESKTOP, NEEDS_BROWSER, PHONE, _errors, _open, _shoot, needs_selenium
from conftest import REPO
from samples import write_stud8_sit_and_go

from studbook.analytics.equity import runout_equities
from studbook.analytics.store import open_store
from studbook.api import open_database
from studbook.cli.app import main
from studbook.engine.model import Action, Collect, CommunityCard, Deal, Game, Hand, Muck, Show
from studbook.engine.replay import replay, replay_steps
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import profile_for

COMMUNITY = REPO / "tests" / "data" / "stud8-community-card.txt"
pytestmark = NEEDS_BROWSER
needs_selenium()
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

HIDDEN = "??"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A database of 60 simulated stud8 sit-and-go hands (short stacks: side pots and all-ins) and
    the community-card hand, the three hands to step through, and their pages written by the CLI."""
    folder = tmp_path_factory.mktemp("browser")
    sim = write_stud8_sit_and_go(folder / "sng-stud8.txt")
    db = folder / "hands.duckdb"
    with open_store(db) as store:
        run_import([sim, COMMUNITY], store, workers=1)
    with open_database(db, read_only=True) as database:
        ids = database.sql("SELECT hand_id FROM hands ORDER BY started_at, hand_id")["hand_id"].tolist()
        hands = {i: r.hand for i, r in database.replay_many(ids).items() if not isinstance(r, LookupError)}
    assert len(hands) == len(ids)

    def first(test: Any) -> str:
        return next(i for i, h in hands.items() if test(h, replay(h, profile_for(h))))

    chosen = {
        "side-pot": first(lambda h, r: h.game is Game.STUD8 and len(r.pots) > 1 and len(r.showdown) > 1),
        "community": first(lambda h, r: any(isinstance(e, CommunityCard) for e in h.events)),
        "all-in": first(lambda h, r: len(runout_equities(h, r, samples=500)) > 1),
    }
    pages = {}
    for name, hand_id in chosen.items():
        hand = hands[hand_id]
        # seen through the eyes of the player whose down cards the history knows (the hero), else of
        # one who goes to the showdown
        showdown = sorted(replay(hand, profile_for(hand)).showdown)
        known = [e.seat for e in hand.events if isinstance(e, Deal) and e.down and None not in e.down]
        viewer = hand.player(known[0] if known else showdown[0] if showdown else hand.seats[0].seat)
        pages[name] = (folder / f"{name}.html", hand, viewer)
        assert main(["replay", hand_id, "--db", str(db), "--as", viewer, "--html", str(pages[name][0])]) == 0
    all_in = hands[chosen["all-in"]]  # a player all-in there: the report lists it among his all-in spots
    player = all_in.player(min(replay(all_in, profile_for(all_in)).showdown))
    report = folder / "report"
    assert main(["report", "--db", str(db), "--player", player, "--out", str(report)]) == 0
    return {"pages": pages, "report": report}


READ_PAGE = """
function readPage() {
  var seats = {};
  document.querySelectorAll('#seats .seat').forEach(function (el) {
    var eq = el.querySelector('.equity').getAttribute('data-equity');
    seats[el.getAttribute('data-seat')] = {
      cards: (el.getAttribute('data-cards') || '').split(' ').filter(Boolean),
      down: Array.prototype.map.call(el.querySelectorAll('.cards .card'),
                                     function (c) { return c.classList.contains('down'); }),
      stack: el.getAttribute('data-stack'), bet: el.getAttribute('data-bet'),
      equity: eq === null ? null : parseFloat(eq), folded: el.classList.contains('folded')
    };
  });
  return {
    step: parseInt(document.body.getAttribute('data-step'), 10),
    pot: parseInt(document.getElementById('pot').getAttribute('data-pot'), 10),
    community: (document.getElementById('community').getAttribute('data-cards') || '').split(' ').filter(Boolean),
    seats: seats
  };
}
"""
"""What the page shows now, read from the DOM: the step, the pot, the community card, each seat."""


def _page_state(driver: Any) -> dict[str, Any]:
    return driver.execute_script(READ_PAGE + "return readPage();")


def _keyed_through(driver: Any, steps: int) -> list[dict[str, Any]]:
    """Home, then the right arrow ``steps`` times, the page read before each press: in one round trip
    (a real key press per step costs a round trip each, and a 8-player hand has 60 steps; the key
    presses themselves are tested in test_mouse_and_keyboard_navigation)."""
    return driver.execute_script(
        READ_PAGE
        + """
        function press(key) { document.body.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true})); }
        var seen = [];
        press('End');
        press('Home');
        for (var i = 0; i < arguments[0]; i++) { seen.push(readPage()); press('ArrowRight'); }
        seen.push(readPage());
        return seen;
        """,
        steps,
    )


def _check_cards(hand: Hand, upto: int, viewer: int, seat: int, shown: list[str], down: list[bool]) -> None:
    """The seat's cards as shown after event ``upto``: one per card dealt to it so far, in the order
    dealt, up cards as dealt, down cards hidden unless they are the viewer's own or the seat showed."""
    dealt = [
        (card, is_down)
        for e in hand.events[: upto + 1]
        if isinstance(e, Deal) and e.seat == seat
        for card, is_down in [*((c, True) for c in e.down), *((c, False) for c in e.up)]
    ]
    revealed = {
        str(c)
        for e in hand.events[: upto + 1]
        if isinstance(e, (Show, Muck)) and e.seat == seat
        for c in e.cards
        if c is not None
    }
    assert len(shown) == len(dealt) and down == [d for _, d in dealt], (seat, upto)
    for (card, is_down), seen in zip(dealt, shown):
        if not is_down:
            assert seen == (HIDDEN if card is None else str(card))
        elif revealed:
            assert seen in revealed or (seen == HIDDEN and card is None)
        elif seat == viewer and card is not None:
            assert seen == str(card)
        else:
            assert seen == HIDDEN, f"seat {seat}'s down card shown to seat {viewer} before the showdown"
    assert len({c for c in shown if c != HIDDEN}) == len([c for c in shown if c != HIDDEN])


def _step_through(driver: Any, hand: Hand, viewer_name: str) -> list[dict[str, Any]]:
    """Every step from Home to End with the right arrow, each checked against the engine's replay: the
    pot, every seat's chips behind and on this street, folded or not, its cards, the community card."""
    _, states = replay_steps(hand, profile_for(hand))
    viewer = hand.seat_of(viewer_name)
    lasts = [
        int(li.get_attribute("data-last-event")) for li in driver.find_elements(By.CSS_SELECTOR, "#log li[data-step]")
    ]
    assert lasts == sorted(set(lasts)) and lasts[-1] == len(hand.events) - 1  # every event is in a step
    pages = _keyed_through(driver, len(lasts))
    assert pages[-1]["step"] == len(lasts) - 1  # a press past the end stays on the last step
    seen = pages[:-1]
    result = replay(hand, profile_for(hand))
    paid: dict[int, int] = {}
    for award in result.awards:
        paid[award.seat] = paid.get(award.seat, 0) + award.amount
    # from the site's payout on, each stack holds what the rules paid it
    paid_from = min((i for i, e in enumerate(hand.events) if isinstance(e, Collect)), default=len(hand.events))
    for n, (shown, last) in enumerate(zip(seen, lasts)):
        state = states[last]
        credited = paid if last >= paid_from else {}
        assert shown["step"] == n
        assert shown["pot"] == state.pot, f"pot at step {n + 1}"
        community = [str(e.card) for e in hand.events[: last + 1] if isinstance(e, CommunityCard)]
        assert shown["community"] == community
        assert set(shown["seats"]) >= {str(s) for s in state.invested}
        for seat in state.invested:
            view = shown["seats"][str(seat)]
            assert int(view["stack"]) == state.stacks[seat] + credited.get(seat, 0)
            assert int(view["bet"]) == state.street_bets.get(seat, 0)
            assert view["folded"] == (seat in state.folded)
            _check_cards(hand, last, viewer, seat, view["cards"], view["down"])
    return seen


def test_stud8_side_pot_hand_step_by_step(browser: Any, site: dict[str, Any], shots: Path) -> None:
    path, hand, viewer = site["pages"]["side-pot"]
    _open(browser, path)
    seen = _step_through(browser, hand, viewer)
    result = replay(hand, profile_for(hand))
    assert len(result.pots) > 1
    assert seen[-1]["pot"] == sum(result.invested.values())
    payout = browser.find_element(By.ID, "payout").text
    assert "Side pot 1" in payout and ("high half" in payout or "whole pot" in payout)
    _shoot(browser, shots, "replay-stud8-side-pot", len(seen) - 1)
    assert _errors(browser) == []


def test_community_card_hand(browser: Any, site: dict[str, Any], shots: Path) -> None:
    path, hand, viewer = site["pages"]["community"]
    _open(browser, path)
    seen = _step_through(browser, hand, viewer)
    assert seen[-1]["community"]  # the community card stays on the table to the end
    at = next(n for n, s in enumerate(seen) if s["community"])
    assert browser.find_elements(By.CSS_SELECTOR, "#community .card.community")
    _shoot(browser, shots, "replay-community-card", at)
    assert _errors(browser) == []


def test_all_in_run_out_shows_the_equities(browser: Any, site: dict[str, Any], shots: Path) -> None:
    path, hand, viewer = site["pages"]["all-in"]
    _open(browser, path)
    seen = _step_through(browser, hand, viewer)
    expected = runout_equities(hand, replay(hand, profile_for(hand)))
    lasts = [
        int(li.get_attribute("data-last-event")) for li in browser.find_elements(By.CSS_SELECTOR, "#log li[data-step]")
    ]
    last_action = max(i for i, e in enumerate(hand.events) if isinstance(e, Action))
    _, states = replay_steps(hand, profile_for(hand))
    shown_streets = set()
    for page, last in zip(seen, lasts):
        street = states[last].street
        equities = {int(s): v["equity"] for s, v in page["seats"].items() if v["equity"] is not None}
        if last >= last_action and street in expected:  # from the action closing the all-in on
            assert equities == {s: pytest.approx(100 * e.share) for s, e in expected[street].items()}
            shown_streets.add(street)
        else:
            assert equities == {}
    assert shown_streets == set(expected) and len(shown_streets) > 1  # the spot and a run-out card after it
    at = next(n for n, last in enumerate(lasts) if last > last_action)
    _shoot(browser, shots, "replay-all-in-run-out", at)
    assert _errors(browser) == []


def test_mouse_and_keyboard_navigation(browser: Any, site: dict[str, Any]) -> None:
    path, hand, _ = site["pages"]["side-pot"]
    _open(browser, path)
    items = browser.find_elements(By.CSS_SELECTOR, "#log li[data-step]")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    assert _page_state(browser)["step"] == len(items) - 1
    body.send_keys(Keys.ARROW_LEFT)
    assert _page_state(browser)["step"] == len(items) - 2
    body.send_keys(Keys.PAGE_UP)
    street_start = _page_state(browser)["step"]
    assert 0 < street_start < len(items) - 2
    items[3].click()
    assert _page_state(browser)["step"] == 3 and "current" in items[3].get_attribute("class")
    browser.find_element(By.ID, "next").click()
    assert _page_state(browser)["step"] == 4
    browser.find_element(By.ID, "first").click()
    assert _page_state(browser)["step"] == 0
    browser.find_element(By.ID, "last").click()
    assert _page_state(browser)["step"] == len(items) - 1
    assert _errors(browser) == []


def test_report_loads_and_its_links_open_replays(browser: Any, site: dict[str, Any], shots: Path) -> None:
    index = site["report"] / "index.html"
    _open(browser, index)
    assert browser.find_element(By.CSS_SELECTOR, "#results img").get_attribute("naturalWidth") != "0"
    assert "VPIP" in browser.find_element(By.ID, "stats").text
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        browser.set_window_size(*size)
        browser.save_screenshot(str(shots / f"report-{label}.png"))
    browser.set_window_size(*DESKTOP)
    links = list(dict.fromkeys(a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "main a[href]")))
    assert links and browser.find_elements(By.CSS_SELECTOR, "#allins a[href]")
    for link in links:  # every link is a page written beside the index
        assert (site["report"] / link.rsplit("/", 1)[1]).is_file(), link
    for section in ("biggest", "allins", "violations"):  # and the first of each list opens in the browser
        first = browser.find_elements(By.CSS_SELECTOR, f"#{section} a[href]")[:1]
        if not first:
            continue
        link = first[0].get_attribute("href")
        _errors(browser)
        browser.get(link)
        assert _errors(browser) == [], link
        assert browser.find_elements(By.CSS_SELECTOR, "#log li[data-step]"), f"{link} is not a replay page"
        browser.find_element(By.CSS_SELECTOR, "header a.back").click()
        assert browser.current_url.endswith("/index.html")
        assert _errors(browser) == []
