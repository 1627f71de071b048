"""The HTML replay and the session report, without a browser: the steps are the engine's, chips are
conserved at every step, hidden cards are not in the file at all, names are escaped, violations sit on
the action they concern, the all-in run-out carries the equities, and the pages need no network.
(tests/test_browser.py drives the same pages in a real browser.)"""

from __future__ import annotations

import dataclasses
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import SAMPLE_DATA
from handbuilder import build
from samples import ALL_IN_ON_SIXTH, write_stud8_sit_and_go

from studbook.analytics.equity import runout_equities
from studbook.analytics.html_replay import HIDDEN, build_steps, replay_page
from studbook.analytics.store import open_store
from studbook.cli.app import main
from studbook.engine.betting import StreetLedger
from studbook.engine.model import Action, ActionKind, Collect, Game, Show, UncalledReturn
from studbook.engine.replay import replay, replay_steps
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import get_profile, profile_for

HOSTILE = "</script><b>x</b>&amp;\"'<!--"


def _data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert found, "the page carries its steps as JSON"
    return json.loads(found.group(1))


def _simulated(game: Game, hands: int, seed: int) -> list:
    spec = TableSpec(
        games=(game,), players=(2, 8), tournament=TournamentSpec(hands_per_level=5), profile=get_profile("pokerstars")
    )
    return list(simulate(spec, hands, seed))


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8, Game.RAZZ, Game.STUD5])
def test_replay_steps_are_the_replay_and_conserve_chips_at_every_event(game: Game) -> None:
    for hand in _simulated(game, 60, 7):
        result, states = replay_steps(hand, profile_for(hand))
        assert result == replay(hand, profile_for(hand))
        assert len(states) == len(hand.events)
        start = {s.seat: s.stack for s in hand.seats}
        ledger, pot = StreetLedger(), 0
        for event, state in zip(hand.events, states):
            # the pot recounted from the printed events: what each action adds, less what is returned
            if isinstance(event, Action):
                pot += event.amount if event.kind is ActionKind.ANTE else ledger.added(event)
                ledger.record(event)
            elif isinstance(event, UncalledReturn):
                pot -= event.amount
                ledger.uncalled(event.seat, event.amount)
            assert state.pot == pot, (hand.site_hand_id, event)
            for seat, invested in state.invested.items():
                assert invested + state.stacks[seat] == start[seat]
        assert states[-1].violations <= len(result.violations)


@pytest.mark.parametrize("game", list(Game))
def test_steps_cover_every_event_once_in_order(game: Game) -> None:
    for hand in _simulated(game, 25, 3):
        _, steps = build_steps(hand)
        assert len(_data(replay_page(hand, as_player=hand.seats[0].player))["steps"]) == len(steps)
        assert [i for step in steps for i in step.events] == list(range(len(hand.events)))
        antes = [s for s in steps if s.title.startswith("Antes")]
        assert len(antes) == 1  # the antes are one step, every action its own
        actions = [e for e in hand.events if isinstance(e, Action) and e.kind is not ActionKind.ANTE]
        assert sum(1 for s in steps if len(s.events) == 1 and isinstance(hand.events[s.events[0]], Action)) == len(
            actions
        )


def test_down_cards_the_viewer_cannot_see_are_not_in_the_file() -> None:
    hand = build(ALL_IN_ON_SIXTH)  # the history knows Ann's 3rd-street down cards, nobody else's
    shows = {e.seat: i for i, e in enumerate(hand.events) if isinstance(e, Show)}
    for viewer in ("Ann", "Bob", None):
        page = replay_page(hand, as_player=viewer)
        steps = _data(page)["steps"]
        log = [int(n) for n in re.findall(r'data-last-event="(\d+)"', page)]
        assert len(log) == len(steps)
        for step, last in zip(steps, log):
            ann = [c for c, down in step["seats"]["1"]["cards"] if down]
            bob = [c for c, down in step["seats"]["3"]["cards"] if down]
            if last >= shows[1]:
                assert ann[:2] == ["Ah", "Ad"]  # shown: her down cards fill their places
            elif viewer == "Ann":
                assert ann[:2] == ["Ah", "Ad"][: len(ann)] and set(ann[2:]) <= {HIDDEN}  # her 7th: not in the history
            else:
                assert set(ann) <= {HIDDEN}
            assert (bob[:2] == ["9h", "Th"]) if last >= shows[3] else set(bob) <= {HIDDEN}
        hidden_until = page.split(f'data-last-event="{shows[1]}"')[0]
        if viewer != "Ann":  # nowhere before her showdown line (in the log) or in the steps before it
            assert "Ah" not in hidden_until and "Ad" not in hidden_until.split('id="log"')[1]
            assert not any("Ah" in json.dumps(s) for s, last in zip(steps, log) if last < shows[1])


def test_every_name_is_escaped_and_the_json_cannot_be_closed() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    seats = tuple(dataclasses.replace(s, player=HOSTILE) if s.seat == 3 else s for s in hand.seats)
    hostile = dataclasses.replace(hand, seats=seats)
    page = replay_page(hostile, as_player=HOSTILE)
    assert HOSTILE not in page
    assert "&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;&amp;amp;&quot;&#x27;&lt;!--" in page
    assert page.count("</script>") == 2  # the data block's and the script's own: no name closes one
    assert _data(page)["steps"]  # and the data still parses


def test_the_page_fetches_nothing() -> None:
    page = replay_page(build(ALL_IN_ON_SIXTH))
    assert "default-src 'none'" in page
    assert not re.search(r"https?:|//[a-z]", page, re.I)
    assert all(v.startswith(("data:", "#")) for v in re.findall(r'(?:src|href)="([^"]*)"', page))


def test_each_violation_is_on_the_step_of_its_event() -> None:
    wrong = build(ALL_IN_ON_SIXTH.replace("collect 3 63", "collect 1 63"))
    result, steps = build_steps(wrong)
    assert result.violations
    placed = [v for s in steps for v in s.violations]
    assert sorted(map(repr, placed)) == sorted(map(repr, result.violations))  # every one, once
    collect_step = next(s for s in steps if any(isinstance(wrong.events[i], Collect) for i in s.events))
    lines = {wrong.events[i].line for i in collect_step.events}
    assert any(v.line in lines for v in collect_step.violations)
    page = replay_page(wrong)
    for v in result.violations:
        assert f'data-rule="{v.rule}"' in page
    bet = build(
        ALL_IN_ON_SIXTH.replace("4th 1:Ks 3:Qh\n1 bet 4\n3 call 4", "4th 1:Ks 3:Qh\n1 bet 6\n3 call 6").replace(
            "collect 3 63", "collect 3 67"
        )
    )
    result, steps = build_steps(bet)
    sized = [v for v in result.violations if v.rule == "bet.size"]
    assert sized
    for v in sized:
        holder = next(s for s in steps if v in s.violations)
        assert [bet.events[i].line for i in holder.events] == [v.line]  # on the bet itself


def test_the_run_out_steps_carry_each_players_equity() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    expected = runout_equities(hand, replay(hand, profile_for(hand)))
    assert set(expected) == {6}
    _, steps = build_steps(hand)
    runout = [s for s in steps if s.runout]
    assert runout and all(not isinstance(hand.events[i], Action) for s in runout for i in s.events)
    closing = next(n for n, s in enumerate(steps) if s.runout) - 1  # Ann's all-in call closes the betting
    on_sixth = [s for s in steps[closing:] if s.street == 6]
    assert len(on_sixth) == 2  # the call and the uncalled bet returned
    for step in on_sixth:
        assert {seat: v.equity for seat, v in step.seats.items() if v.equity is not None} == expected[6]
    for step in [*steps[:closing], *(s for s in steps if s.street == 7)]:
        assert all(v.equity is None for v in step.seats.values())
    assert sum(e.share for e in expected[6].values()) == pytest.approx(1.0)
    assert sum(e.pots[0] for e in expected[6].values()) == pytest.approx(1.0)


def test_run_out_equities_add_up_per_pot_and_paid_stacks_are_credited() -> None:
    """At every run-out step each pot's equities add up to 100% over the players who can win it, and so
    do the shares of the chips in play; once the pot is paid, each stack is the starting stack less what
    he put in plus what the rules paid him (the site's own figure kept beside it where it differs)."""
    several = 0
    for hand in [h for game in (Game.STUD, Game.STUD8, Game.RAZZ) for h in _simulated(game, 150, 11)]:
        result, steps = build_steps(hand)
        start = {s.seat: s.stack for s in hand.seats}
        paid: dict[int, int] = {}
        for award in result.awards:
            paid[award.seat] = paid.get(award.seat, 0) + award.amount
        for step in steps:
            views = {seat: v for seat, v in step.seats.items() if v.equity is not None}
            if views:
                assert sum(v.equity.share for v in views.values()) == pytest.approx(1.0)  # type: ignore[union-attr]
                pots = {n for v in views.values() for n in v.equity.pots}  # type: ignore[union-attr]
                several += len(pots) > 1
                for n in pots:
                    total = sum(v.equity.pots.get(n, 0.0) for v in views.values())  # type: ignore[union-attr]
                    assert total == pytest.approx(1.0), (hand.site_hand_id, n)
        last = steps[-1]
        for seat, view in last.seats.items():
            expected = start[seat] - result.invested[seat] + paid.get(seat, 0)
            assert view.stack == expected, (hand.site_hand_id, seat)
            collected = result.collected.get(seat, 0)
            assert view.site_stack == (
                None if collected == paid.get(seat, 0) else expected - paid.get(seat, 0) + collected
            )
    assert several  # some run-out had a side pot live


def test_the_payout_shows_the_rules_beside_the_site() -> None:
    wrong = build(ALL_IN_ON_SIXTH.replace("collect 3 63", "collect 1 63"))
    page = replay_page(wrong)
    payout = page.split('<section id="payout">')[1]
    assert "whole pot: Bob $0.63" in payout
    assert "<tr class='differs'><td>Ann</td><td class='num'>$0.00</td><td class='num'>$0.63</td>" in payout
    last = _data(page)["steps"][-1]["seats"]
    assert last["1"]["differs"] and last["1"]["site"] == "$0.63" and last["3"]["rules"] == "$0.63"


# ------------------------------------------------------------------------------------- the commands


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links += [v for k, v in attrs if k == "href" and v]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("html")
    sim = write_stud8_sit_and_go(folder / "sng.txt")
    path = folder / "hands.duckdb"
    with open_store(path) as store:
        assert run_import([sim, SAMPLE_DATA / "edge-cases"], store, workers=1).hands > 60
    return path


def test_replay_html_writes_one_self_contained_page(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "hand.html"
    assert main(["replay", "900000000101", "--db", str(db), "--as", "Farah", "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Stud Hi/Lo" in page and "as Farah sees it" in page
    steps = _data(page)["steps"]
    farah = next(s.seat for s in build_steps_hand(db, "900000000101").seats if s.player == "Farah")
    assert [c for c, down in steps[1]["seats"][str(farah)]["cards"] if down] == ["Kc", "Kd"]
    assert main(["replay", "900000000101", "--db", str(db), "--html", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def build_steps_hand(db: Path, hand_id: str):  # noqa: ANN201 - a test helper
    from studbook.api import open_database

    with open_database(db, read_only=True) as database:
        return database.replay(hand_id).hand


def test_report_writes_an_index_whose_links_all_resolve(db: Path, tmp_path: Path) -> None:
    from studbook.api import open_database

    with open_database(db, read_only=True) as database:
        player = database.sql(
            "SELECT player FROM hand_players WHERE allin_street IS NOT NULL GROUP BY player ORDER BY COUNT(*) DESC, player LIMIT 1"
        )["player"][0]
    out = tmp_path / "report"
    assert main(["report", "--db", str(db), "--player", player, "--out", str(out)]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in index and "Stats card" in index and "All-in spots" in index
    assert re.search(r"VPIP</th><td>\d+\.\d% \(\d+/\d+\)", index)  # the rate with its counts
    parser = _Links()
    parser.feed(index)
    assert parser.links
    for link in parser.links:
        page = (out / link).read_text(encoding="utf-8")  # every link is a file written beside the index
        assert 'href="index.html"' in page and _data(page)["steps"]
    assert main(["report", "--db", str(db), "--player", "Nobody", "--out", str(tmp_path / "r2")]) == 2


def test_a_report_whose_hand_file_is_gone_still_lists_the_hands(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    moved = tmp_path / "quartered.txt"
    moved.write_bytes((SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt").read_bytes())
    db = tmp_path / "hands.duckdb"
    with open_store(db) as store:
        assert run_import([moved], store, workers=1).hands == 1
    moved.unlink()
    out = tmp_path / "report"
    assert main(["report", "--db", str(db), "--player", "Farah", "--out", str(out)]) == 0
    assert "no replay page for pokerstars:900000000101" in capsys.readouterr().err
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "pokerstars:900000000101 <small>(no replay: its file cannot be read again)</small>" in index
    assert list(out.iterdir()) == [out / "index.html"]


def test_a_hostile_name_is_escaped_in_the_report_and_its_pages(tmp_path: Path) -> None:
    name = "<img src=x onerror=alert(1)>&\"Farah'"
    text = (SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt").read_text(encoding="utf-8")
    hostile = tmp_path / "hostile.txt"
    hostile.write_text(text.replace("Farah", name), encoding="utf-8")
    db = tmp_path / "hands.duckdb"
    with open_store(db) as store:
        assert run_import([hostile], store, workers=1).hands == 1
    out = tmp_path / "report"
    assert main(["report", "--db", str(db), "--player", name, "--out", str(out)]) == 0
    pages = sorted(out.iterdir())
    assert len(pages) == 2  # the index and the hand's page
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert name not in html and "<img src=x" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;&amp;&quot;Farah&#x27;" in html


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8, Game.RAZZ])
def test_the_steps_carry_the_decisions_record(game: Game) -> None:
    """replay_steps gives, after each voluntary action, the same Decision as ReplayResult.decisions (the
    engine's one record of what it faced), and none after any other event."""
    for hand in _simulated(game, 30, 5):
        result, states = replay_steps(hand, profile_for(hand))
        recorded = {d.index: d for street in result.decisions.values() for d in street}
        assert {s.index: s.decision for s in states if s.decision is not None} == recorded
        for index, decision in recorded.items():
            event = hand.events[index]
            assert decision.action is event and decision.seat == event.seat
            assert decision.to_call == max(
                0, states[index - 1].level - states[index - 1].street_bets.get(event.seat, 0)
            )
