"""The tournament results Bovada prints inside a hand: ``Seat+N[ [ME]] : Ranking K``, the place of a
player knocked out in the hand, kept by the reader as a skipped line. Bovada prints no prize, re-buy or
bounty in its hands, and its players are known by their seats only (``Seat+N``, the exporting player
``Seat+N [ME]``). A seat of a multi-table tournament is taken by one player after another, so ``Seat+1``
names nobody from hand to hand: only the exporting player's own ranking is a player's result."""

from __future__ import annotations

import re

from ....engine.model import Hand
from ...tournaments import PlayerResult, Said, Source, TournamentResult

__all__ = ["results_from_hand"]

_RANKING = re.compile(r"Seat\+(?P<seat>\d+)(?P<me> \[ME\])? : Ranking (?P<rank>\d+)")


def results_from_hand(hand: Hand) -> TournamentResult | None:
    """The exporting player's finish, when the tournament hand's ``Ranking`` lines give it (he is the
    result's ``hero``: the file is his); else None."""
    if hand.tournament is None:
        return None
    seated = {s.seat: s.player for s in hand.seats}
    players = []
    first: int | None = None
    for skipped in hand.skipped:
        m = _RANKING.fullmatch(skipped.text)
        if m is None or not m["me"]:
            continue
        first = skipped.line if first is None else first
        name = seated.get(int(m["seat"]), f"Seat+{m['seat']}")
        said = Said(Source.HAND, hand.source_file, skipped.line)
        players.append(PlayerResult(name, finish=int(m["rank"]), said=(("finish", said),)))
    if first is None:
        return None
    where = Said(Source.HAND, hand.source_file, first)
    return TournamentResult(
        hand.site,
        hand.tournament.tournament_id,
        where,
        hero=players[0].player,
        players=tuple(players),
        said=(("hero", where),),
    )
