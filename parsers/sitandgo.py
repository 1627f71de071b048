"""The results a run of sit-and-go hands implies: who entered, who went out in which hand and so in
which place, and what the places pay. What :mod:`studbook.engine.simulate` deals has no summary of its
own; this derives one from its hands, so that simulated tournament summaries agree with the simulated
hands by construction (same id, buy-in, entrants, start and end, and each finish where the hands show
the player's last chip go).

A player is out in the hand whose replay leaves him no chip; two who go out in the same hand are
placed by the chips they started it with, the bigger stack finishing higher (the rule the sites
follow). When the hero goes out the simulator stops dealing that tournament, so the players still in
are ``still playing``: their places and prizes are not known, as in a summary printed then.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..engine.model import Deal, Hand
from ..engine.replay import replay
from .registry import profile_for
from .tournaments import PlayerResult, Said, Source, TournamentResult

__all__ = ["PAYOUTS", "payouts", "sit_and_go_results"]

PAYOUTS: Sequence[tuple[int, tuple[int, ...]]] = ((4, (100,)), (6, (65, 35)), (10, (50, 30, 20)))
"""The share of the prize pool each paid place takes, in percent, by the most entrants it applies to
(the usual single-table payouts: winner takes all up to 4, two paid up to 6, three up to 10)."""


def payouts(entrants: int, pool: int) -> tuple[int, ...]:
    """What each paid place wins of ``pool`` (in its unit): the percentages of :data:`PAYOUTS`, rounded
    down, the rounding's remainder to the winner so that the places pay exactly the pool."""
    shares = next((s for most, s in PAYOUTS if entrants <= most), PAYOUTS[-1][1])
    paid = [pool * pct // 100 for pct in shares]
    paid[0] += pool - sum(paid)
    return tuple(paid)


def _hero(hand: Hand) -> str | None:
    """The player whose face-down cards the hand shows on 3rd street: the one who wrote the file."""
    for e in hand.events:
        if isinstance(e, Deal) and e.down and all(c is not None for c in e.down):
            return hand.player(e.seat)
    return None


def sit_and_go_results(hands: Iterable[Hand], source_file: str = "<simulated>") -> list[TournamentResult]:
    """One result per tournament of ``hands`` (in the order dealt), as its summary would print it."""
    by_tournament: dict[str, list[Hand]] = {}
    for hand in hands:
        if hand.tournament is not None:
            by_tournament.setdefault(hand.tournament.tournament_id, []).append(hand)
    return [_result(tid, run, source_file) for tid, run in by_tournament.items()]


def _result(tid: str, run: list[Hand], source_file: str) -> TournamentResult:
    first, last = run[0], run[-1]
    t = first.tournament
    assert t is not None
    said = Said(Source.SUMMARY, source_file, 1)
    entrants = [s.player for s in first.seats]
    play = t.currency is None
    pool = len(entrants) * (t.buy_in or 0)
    if play:
        pool //= 100  # the model's hundredths of a play chip, whole chips in a result
    places: dict[str, int] = {}
    remaining = len(entrants)
    for hand in run:
        net = replay(hand, profile_for(hand)).net
        out = sorted((s for s in hand.seats if s.stack + net.get(s.seat, 0) == 0), key=lambda s: s.stack)
        for k, seat in enumerate(out):
            places[seat.player] = remaining - k
        remaining -= len(out)
    alive = [name for name in entrants if name not in places]
    finished = len(alive) == 1
    if finished:
        places[alive[0]] = 1
    hero = _hero(first)
    paid = payouts(len(entrants), pool)
    players = []
    for name in entrants:
        place = places.get(name)
        if place is None:
            players.append(PlayerResult(name, said=()))
            continue
        prize = paid[place - 1] if place <= len(paid) else 0
        players.append(PlayerResult(name, finish=place, prize=prize, said=(("finish", said), ("prize", said))))
    players.sort(key=lambda p: (p.finish is not None, p.finish or 0))
    scale = 100 if play else 1
    values = {
        "game": None if first.mixed else str(first.game),
        "mixed": first.mixed,
        "currency": t.currency,
        "play_money": play,
        "buy_in": None if t.buy_in is None else t.buy_in // scale,
        "fee": None if t.fee is None else t.fee // scale,
        "entrants": len(entrants),
        "prize_pool": pool,
        "started_at": first.started_at,
        "ended_at": last.started_at if finished else None,
        "hero": hero,
    }
    return TournamentResult(
        first.site,
        tid,
        said,
        players=tuple(players),
        said=tuple((k, said) for k, v in values.items() if v is not None),
        **values,  # type: ignore[arg-type]
    )
