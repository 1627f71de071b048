"""Every site's writer at once: what parsers/writing.py shares among them (which street headers go
before an event), and that a hand a format cannot express is refused with a ValueError, the one
exception ``convert`` and ``simulate`` report as such, never another one that would reach the user as a
traceback."""

from __future__ import annotations

import dataclasses

import pytest

from studbook.engine.cards import CARD_BY_TEXT
from studbook.engine.games import RULES
from studbook.engine.model import Action, ActionKind, CommunityCard, Deal, Game, Hand
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers.registry import get_profile, Site, writable_sites
from studbook.parsers.writing import HandRefused, hand_place, streets_begun


def _hands(game: Game, tournament: bool, currency: str = "USD") -> list[Hand]:
    spec = TableSpec(
        games=(game,),
        players=(2, 5),
        currency=currency,
        tournament=TournamentSpec() if tournament else None,
        profile=get_profile("pokerstars"),
    )
    return list(simulate(spec, 12, 5))


@pytest.mark.parametrize("game", list(Game))
def test_streets_begun_gives_each_street_once_in_order_before_its_first_deal_or_action(game: Game) -> None:
    first = RULES[game].first_street
    for hand in _hands(game, tournament=False):
        street, headers = first - 1, []
        for event in hand.events:
            begun = streets_begun(event, street)
            if isinstance(event, (Deal, Action)) and not (isinstance(event, Action) and event.kind is ActionKind.ANTE):
                assert begun or event.street == street, "a deal or action of a later street moves the text on"
            else:
                assert not begun, f"{type(event).__name__} belongs to the street the text is on"
            for street in begun:
                headers.append(street)
        reached = max(e.street for e in hand.events if isinstance(e, Deal))
        assert headers == list(range(first, reached + 1)), hand.site_hand_id


@pytest.mark.parametrize("site", writable_sites(), ids=lambda s: s.site)
def test_a_writer_writes_or_refuses_with_a_value_error(site: Site) -> None:
    assert site.writer is not None
    written = 0
    for game in Game:
        for tournament in (False, True):
            for hand in _hands(game, tournament, site.currency):
                try:
                    text = site.writer(hand)
                except ValueError as refusal:
                    assert str(refusal), "a refusal says what the format cannot express"
                else:
                    assert text.strip()
                    written += 1
    assert written, f"{site.site} wrote none of the simulated hands"


@pytest.mark.parametrize("site", writable_sites(), ids=lambda s: s.site)
def test_every_refusal_is_a_hand_refused_naming_the_hand_and_saying_why(site: Site) -> None:
    assert site.writer is not None
    hands = [h for game in Game for tournament in (False, True) for h in _hands(game, tournament, site.currency)[:3]]
    acting = next(e.seat for e in hands[0].events if isinstance(e, Action))
    emptied = dataclasses.replace(hands[0], seats=tuple(s for s in hands[0].seats if s.seat != acting))
    refused = 0
    for hand in [*hands, emptied]:
        try:
            site.writer(hand)
        except ValueError as refusal:
            assert isinstance(refusal, HandRefused), f"{type(refusal).__name__}: {refusal}"
            assert refusal.what and str(refusal) == f"{hand_place(hand)}{refusal.what}"
            refused += 1
    assert refused, f"{site.site} wrote a hand with an event in an empty seat"


@pytest.mark.parametrize("site", writable_sites(), ids=lambda s: s.site)
def test_a_community_card_is_written_or_refused_with_that_reason(site: Site) -> None:
    assert site.writer is not None
    hand = next(h for h in _hands(Game.STUD, False, site.currency) if _written(site, h))
    shared = dataclasses.replace(
        hand, events=(*hand.events, CommunityCard(hand.events[-1].line + 1, CARD_BY_TEXT["As"]))
    )
    try:
        text = site.writer(shared)
    except HandRefused as refusal:
        assert refusal.what.endswith("text has no community card"), refusal.what
    else:
        assert "As" in text


def _written(site: Site, hand: Hand) -> bool:
    try:
        return bool(site.writer and site.writer(hand))
    except ValueError:
        return False
