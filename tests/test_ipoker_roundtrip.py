"""Simulated hands written as iPoker XML (tests/ipoker_xml.py) and read back by the iPoker reader.

Every action type of the reader is exercised on thousands of hands (completions, raises to a total,
all-ins of every kind, uncalled bets folded into the winnings, side pots, showdowns): the actions,
what each seat won, the stakes and the rake must come back as simulated, with zero violations.
What iPoker cannot say is compared as it says it: a completion is a wager whatever its spelling (the
simulator writes PokerStars' words), a seat's winnings are one total (iPoker has no pot per win).
"""

from __future__ import annotations

from collections import Counter

import pytest
from ipoker_xml import write_session
from studbook.engine.betting import AGGRESSIVE, StreetLedger
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Game,
    Hand,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers import parse_text
from studbook.parsers.registry import get_profile, profile_for


def _actions(hand: Hand) -> list[tuple[object, ...]]:
    """Each action as (street, seat, kind, chips added, street total, all-in), with bets, raises and
    completions as one kind: the simulator spells a completion as PokerStars does (a raise over the
    bring-in, or a bet when the bring-in player completes), iPoker as a bet of type 5."""
    ledger = StreetLedger()
    out = []
    for e in hand.events:
        if isinstance(e, Action) and e.kind is not ActionKind.ANTE:
            added = ledger.added(e)
            ledger.record(e)
            kind = "wager" if e.kind in AGGRESSIVE else e.kind
            out.append((e.street, e.seat, kind, added, ledger.contributed(e.seat), e.all_in))
        elif isinstance(e, UncalledReturn):
            ledger.uncalled(e.seat, e.amount)
    return out


def _full_wager(e: object) -> bool:
    """A bet, completion or raise not all in: it shows the level's limits."""
    return isinstance(e, Action) and e.kind in AGGRESSIVE and e.kind is not ActionKind.BRING_IN and not e.all_in


def _won(hand: Hand) -> Counter[int]:
    won: Counter[int] = Counter()
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.seat] += e.amount
    return won


IPOKER_GAMES = (Game.STUD, Game.STUD8, Game.RAZZ, Game.STUD5)
"""The games iPoker deals (its Five Card Stud hand is in the corpus; it has no 2-7 Razz)."""


@pytest.mark.parametrize("game", IPOKER_GAMES)
@pytest.mark.parametrize("tournament", [False, True], ids=["cash", "tournament"])
def test_simulated_hands_come_back_from_ipoker_xml(game: Game, tournament: bool) -> None:
    players = (2, 10 if game is Game.STUD5 else 8)
    spec = TableSpec(
        games=(game,),
        players=players,
        tournament=TournamentSpec() if tournament else None,
        profile=get_profile("pokerstars"),
    )
    hands = [h for h in simulate(spec, 250, 11) if not any(isinstance(e, CommunityCard) for e in h.events)]
    read = parse_text("".join(write_session(hands)), "<simulated>")
    assert len(read) == len(hands)
    unknown_level = set()
    for written, back in zip(hands, read):
        assert isinstance(back, Hand), back
        assert back.site == "ipoker" and back.site_hand_id == written.site_hand_id
        assert _actions(back) == _actions(written)
        assert _won(back) == _won(written)
        assert back.rake == (written.rake or 0)
        if back.small_bet == 0:  # a level whose every bet was all-in: the file cannot tell its limits
            unknown_level.add((written.small_bet, written.big_bet))
            assert [w.message for w in back.warnings if "stakes" in w.message]
            continue
        assert (back.small_bet, back.big_bet) == (written.small_bet, written.big_bet)
        assert replay(back, profile_for(back)).violations == ()
    # a level stays unknown only when no hand of it bet in full (the late heads-up levels of a
    # tournament, where every stack is short of a bet, can do nothing but bring in and fold or go all in)
    shown = {(w.small_bet, w.big_bet) for w in hands if any(_full_wager(e) for e in w.events)}
    assert not unknown_level & shown
