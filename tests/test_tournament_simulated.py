"""Simulated sit-and-go summaries: derived from simulated hands, written in PokerStars' format, read back
the same; and consistent with the hands they come from (their headers, their players, their chips)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.engine.model import Game, Hand
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers.sitandgo import payouts, sit_and_go_results
from studbook.parsers.sites.pokerstars.summary import read_summaries
from studbook.parsers.sites.pokerstars.summary_writer import SUMMARY_SEPARATOR, write_summary
from studbook.parsers.tournaments import PlayerResult, Said, Source, TournamentResult, from_header, merge
from studbook.parsers.registry import get_profile, profile_for

SPEC = TableSpec(
    games=(Game.RAZZ, Game.STUD, Game.STUD8),
    players=(2, 8),
    tournament=TournamentSpec(hands_per_level=6),
    start=datetime(2026, 3, 7, 15, 0),
    profile=get_profile("pokerstars"),
)


def _plain(t: TournamentResult) -> TournamentResult:
    """A result without where it was read (file, lines, the printed game): what a round trip keeps."""
    nowhere = Said(Source.SUMMARY, "", 0)
    return replace(t, source=nowhere, said=(), game_text=None, players=tuple(replace(p, said=()) for p in t.players))


def _round_trip(results: list[TournamentResult]) -> list[TournamentResult]:
    text = SUMMARY_SEPARATOR.join(write_summary(t) for t in results)
    back = list(read_summaries(text.split("\n"), "sim.txt"))
    assert all(isinstance(r, TournamentResult) for r in back), [r for r in back if not isinstance(r, TournamentResult)]
    return back  # type: ignore[return-value]


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return list(simulate(SPEC, 500, 21))


def test_simulated_summaries_read_back_the_same(hands: list[Hand]) -> None:
    results = sit_and_go_results(hands)
    assert len(results) > 5
    back = _round_trip(results)
    expected = [
        # a summary printed while the hero still plays cannot say which line is his
        replace(t, hero=None) if t.hero is not None and t.player(t.hero).finish is None else t  # type: ignore[union-attr]
        for t in results
    ]
    assert [_plain(t) for t in back] == [_plain(t) for t in expected]
    assert any(t.ended_at is not None for t in back) and any(t.ended_at is None for t in back)


def test_simulated_summaries_agree_with_their_hands(hands: list[Hand]) -> None:
    by_id: dict[str, list[Hand]] = {}
    for h in hands:
        assert h.tournament is not None
        by_id.setdefault(h.tournament.tournament_id, []).append(h)
    for t in sit_and_go_results(hands):
        run = by_id[t.tournament_id]
        header = from_header(run[0])
        assert header is not None
        merged = merge([t, header])
        assert merged.conflicts == (), [str(c) for c in merged.conflicts]
        assert t.entrants == len(run[0].seats) and t.started_at == run[0].started_at
        assert t.prize_pool == t.entrants * run[0].tournament.buy_in  # type: ignore[union-attr,operator]
        if t.ended_at is not None:
            assert sum(p.prize or 0 for p in t.players) == t.prize_pool
            assert sorted(p.finish for p in t.players) == list(range(1, t.entrants + 1))  # type: ignore[type-var,operator]
        # each finish is where the hands show the player's last chip go: he plays no hand after it
        last_seen = {s.player: i for i, h in enumerate(run) for s in h.seats}
        for p in t.players:
            if p.finish is not None and p.finish > 1:
                i = last_seen[p.player]
                seat = run[i].seat_of(p.player)
                stack = next(s.stack for s in run[i].seats if s.seat == seat)
                assert stack + replay(run[i], profile_for(run[i])).net[seat] == 0, (t.tournament_id, p)


@given(st.integers(2, 10), st.integers(0, 10**9))
@settings(max_examples=200, deadline=None)
def test_payouts_pay_exactly_the_pool(entrants: int, pool: int) -> None:
    paid = payouts(entrants, pool)
    assert sum(paid) == pool and list(paid) == sorted(paid, reverse=True) and len(paid) <= entrants


def test_writer_and_reader_keep_bounties_rebuys_and_play_money() -> None:
    said = Said(Source.SUMMARY, "", 0)
    when = datetime(2026, 1, 2, 20, 30, 5, tzinfo=timezone.utc)
    t = TournamentResult(
        "pokerstars",
        "42",
        said,
        game="stud8",
        currency="EUR",
        buy_in=500,
        bounty=250,
        fee=50,
        entrants=3,
        prize_pool=1500,
        started_at=when,
        ended_at=when,
        hero="Zed Q",
        players=(
            PlayerResult(
                "Zed Q", finish=1, prize=1500, rebuys=2, add_ons=1, rebuy_cost=1650, bounties=2, bounty_prize=500
            ),
            PlayerResult("y", entry=2, finish=2, prize=0),
            PlayerResult("y", finish=3, prize=0),
        ),
    )
    play = replace(t, tournament_id="43", currency=None, play_money=True, bounty=None, mixed="HORSE", game=None)
    play = replace(play, players=(replace(t.players[0], bounties=None, bounty_prize=None), *t.players[1:]))
    back = _round_trip([t, play])
    assert [_plain(r) for r in back] == [_plain(t), _plain(play)]


def test_writer_says_what_the_format_cannot_print() -> None:
    with pytest.raises(ValueError, match="buy-in and entrants"):
        write_summary(TournamentResult("pokerstars", "1", Said(Source.HAND, "", 0), game="razz"))
    with pytest.raises(ValueError, match="prints its game"):
        write_summary(TournamentResult("pokerstars", "1", Said(Source.HAND, "", 0), buy_in=1, entrants=2))
