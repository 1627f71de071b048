"""The PartyPoker writer (parsers/sites/partypoker/writer.py): simulated hands written in PartyPoker's format and
read back by its reader come back event for event, with what the format drops left out of the comparison
(``PARTY_LOSSY``) and the engine's payout equal to the simulator's; the corpus's four hands written again
read back the same and print the corpus's own lines; what the format cannot express is refused by name."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from conftest import corpus_path
from site_roundtrip import Lossy, bring_in_printed, changed_fields, round_trip
from studbook.cli.app import main
from studbook.engine.cards import CARD_BY_TEXT
from studbook.engine.model import (
    Collect,
    CommunityCard,
    Game,
    Hand,
    Marker,
    Show,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers import parse_file, parse_text
from studbook.parsers.sites.partypoker.writer import write_partypoker
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

FOLDER = ("fpdb", "PartyPoker")
CORPUS = (
    "7-Stud-USD-1-2-201104.txt",
    "7-Stud-USD-MTT-6.00-201205.txt",
    "7-StudHL-USD-0.50-1.00-201008.txt",
    "7-StudHL-USD-10-20.201202.wins.lo.pot.txt",
)

PARTY_LOSSY = Lossy(
    markers=True,
    uncalled=True,
    community=True,
    completion_word=True,
    shown_deals=True,
    owner_deals=True,
    deal_order=True,
)
"""PartyPoker deals only the owner in its text (everyone else's cards come from a showdown's seven, dealt
after the owner's), prints no betting note but ``double bets``, no uncalled-bet line (the bet is paid in
a ``wins`` line) and its completion as ``completes``."""


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    fields = ["site_hand_id", "game", "small_bet", "big_bet", "ante", "started_at"]
    if bring_in_printed(sim):
        fields.append("bring_in")
    problems = changed_fields(sim, back, fields)
    if sim.tournament is None:
        if (back.currency, back.tournament) != (sim.currency, None):
            problems.append(f"a cash hand in {sim.currency} came back as {back.currency}, {back.tournament}")
    else:
        t, u = sim.tournament, back.tournament
        wanted = (t.tournament_id, (t.buy_in or 0) + (t.fee or 0), t.currency)
        if u is None or (u.tournament_id, u.buy_in, u.currency) != wanted or not (u.level or "").isdigit():
            problems.append(f"tournament {t} came back as {u}")
    return problems


@pytest.mark.parametrize("game, seed", [(Game.STUD, 81), (Game.STUD8, 82), (Game.RAZZ, 83)])
def test_writer_round_trip_1000_hands(game: Game, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("partypoker"))
    trip = round_trip(spec, 1000, seed, SITES_BY_ID["partypoker"].write_file, PARTY_LOSSY, _header_facts)
    assert len(trip.written) >= 990
    assert trip.problems == []


def test_a_sit_and_go_round_trips_with_its_tournament_header() -> None:
    spec = TableSpec(games=(Game.STUD,), players=(2, 8), profile=get_profile("partypoker"), tournament=TournamentSpec())
    trip = round_trip(spec, 300, 84, SITES_BY_ID["partypoker"].write_file, PARTY_LOSSY, _header_facts)
    assert len(trip.written) >= 297
    assert trip.problems == []


def test_only_the_owner_is_dealt_and_an_uncalled_bet_is_paid_in_the_win() -> None:
    spec = TableSpec(games=(Game.STUD,), players=(3, 8), profile=get_profile("partypoker"))
    hands = [h for h in simulate(spec, 40, 85) if not any(isinstance(e, CommunityCard) for e in h.events)]
    text = io.StringIO()
    SITES_BY_ID["partypoker"].write_file(hands, text)
    dealt = {line.split(" [")[0] for line in text.getvalue().splitlines() if line.startswith("Dealt to ")}
    assert dealt == {"Dealt to Ottilie Brandt"}  # the simulator's hero, and nobody else
    folded_to = next(h for h in hands if not any(isinstance(e, Show) for e in h.events))
    back = parse_text(write_partypoker(folded_to))[0]
    assert isinstance(back, Hand)
    assert replay(back, profile_for(back)).awards and replay(back, profile_for(back)).violations == ()
    # "wins" pays the uncalled bet back with the pot: the line is the collect plus the return
    (win,) = [line for line in write_partypoker(folded_to).splitlines() if " wins " in line]
    returned = sum(e.amount for e in folded_to.events if isinstance(e, UncalledReturn))
    collected = sum(e.amount for e in folded_to.events if isinstance(e, Collect))
    assert win.endswith(f" wins ${(collected + returned) // 100}.{(collected + returned) % 100:02d} USD")


@pytest.mark.parametrize("name", CORPUS)
def test_the_corpus_hands_written_and_read_back_are_the_same(name: str) -> None:
    (hand,) = parse_file(corpus_path(*FOLDER, name))
    assert isinstance(hand, Hand)
    (back,) = parse_text(write_partypoker(hand))
    assert isinstance(back, Hand)
    assert [dataclasses.replace(e, line=0) for e in back.events] == [
        dataclasses.replace(e, line=0) for e in hand.events
    ]
    facts = ("site_hand_id", "game", "small_bet", "big_bet", "ante", "bring_in", "currency", "started_at", "seats")
    assert [getattr(back, f) for f in facts] == [getattr(hand, f) for f in facts]
    assert back.tournament == hand.tournament


def _body(text: str) -> list[str]:
    """The lines from the first street on, as the reader reads them (NUL bytes gone, no hand names)."""
    lines = text.replace("\0", "").strip().splitlines()
    start = lines.index("** Dealing **")
    return [line.split(" with ")[0] if " wins " in line else line for line in lines[start:]]


@pytest.mark.parametrize("name", [CORPUS[0], CORPUS[1]])
def test_a_corpus_hand_written_again_prints_the_corpus_lines(name: str) -> None:
    """From the first street on, the stud hands are printed as PartyPoker printed them, line for line
    (the loser's hand name of the MTT hand aside: the reader keeps only the winner's)."""
    path = corpus_path(*FOLDER, name)
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand)
    original = [line.removesuffix("three of a kind, Twos.") for line in _body(path.read_text(encoding="utf-8"))]
    assert _body(write_partypoker(hand)) == original


def test_the_header_is_the_corpus_spelling() -> None:
    path = corpus_path(*FOLDER, CORPUS[3])
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand)
    written = write_partypoker(hand).splitlines()
    assert written[:5] == path.read_text(encoding="utf-8").splitlines()[:5]  # same zone (EST) and 'FL'
    assert written[6:8] == ["Seat 0 is the button", "Total number of players : 2/8"]


def test_a_mtt_hand_prints_chips_and_its_tournament_lines() -> None:
    (hand,) = parse_file(corpus_path(*FOLDER, CORPUS[1]))
    assert isinstance(hand, Hand)
    lines = write_partypoker(hand).splitlines()
    assert lines[0] == "#Game No : 11792805420"  # no announce line before a tournament hand
    assert lines[2].startswith("FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - ")
    assert "Seat 1: Hero ( 2,930 )" in lines and "Player4 double bets [120]" in lines
    assert lines[lines.index("Seat 7: Player6 ( 2,330 )") + 1 :][:2] == [
        "Trny:69784932 Level:2",
        "Stakes-Antes(60/120-10)",
    ]


def _hand(**changes: object) -> Hand:
    (hand,) = parse_file(corpus_path(*FOLDER, CORPUS[0]))
    assert isinstance(hand, Hand)
    return dataclasses.replace(hand, **changes)


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"game": Game.STUD5}, "no name for stud5"),
        ({"play_money": True}, "real money only"),
        ({"site_hand_id": "R5-82086688-607"}, "is not a number"),
        ({"currency": "CAD"}, "not CAD"),
    ],
)
def test_what_the_format_cannot_say_is_refused_by_name(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        write_partypoker(_hand(**changes))


def test_a_community_card_is_refused() -> None:
    hand = _hand()
    with pytest.raises(ValueError, match="no community card"):
        write_partypoker(dataclasses.replace(hand, events=(*hand.events, CommunityCard(99, CARD_BY_TEXT["As"]))))


def test_the_registry_writes_partypoker() -> None:
    site = SITES_BY_ID["partypoker"]
    assert site.writer is write_partypoker and site.readable


def test_simulate_and_convert_write_partypoker(tmp_path: Path) -> None:
    assert main(["simulate", "--format", "partypoker", "--game", "stud8", "--hands", "30", "--seed", "5",
                 "--out", str(tmp_path / "sim")]) == 0  # fmt: skip
    (written,) = (tmp_path / "sim").glob("*.txt")
    hands = list(parse_file(written))
    assert len(hands) == 30 and all(isinstance(h, Hand) and h.site == "partypoker" for h in hands)
    assert all(not replay(h, profile_for(h)).violations for h in hands if isinstance(h, Hand))
    source = corpus_path(*FOLDER, CORPUS[2])
    assert main(["convert", str(source), "--to", "partypoker", "--out", str(tmp_path / "conv")]) == 0
    (converted,) = parse_file(tmp_path / "conv" / source.name)
    (original,) = parse_file(source)
    assert isinstance(converted, Hand) and isinstance(original, Hand)
    assert [dataclasses.replace(e, line=0) for e in converted.events] == [
        dataclasses.replace(e, line=0) for e in original.events
    ]


def test_a_double_bet_over_boards_not_printed_is_not_judged_but_one_over_known_boards_is() -> None:
    """PartyPoker prints 'double bets' where the pair is on a board it never prints: the engine cannot
    tell, so it does not flag the site's note (engine/replay.py on_marker); where every live board is
    known and none is paired, the note is still a finding."""
    mtt = corpus_path(*FOLDER, CORPUS[1]).read_text(encoding="utf-8")
    loser = "Player4 doesn't show [ 2s, Tc, 2h, 2d, 6d, 9s, Qc ]three of a kind, Twos.\n"
    assert loser in mtt  # Player4's 'double bets' over his 2h 2d: without this line no board shows the pair
    (unseen,) = parse_text(mtt.replace(loser, ""))
    assert isinstance(unseen, Hand) and any(isinstance(e, Marker) and e.kind == "double-bet" for e in unseen.events)
    assert replay(unseen, profile_for(unseen)).violations == ()
    text = corpus_path(*FOLDER, CORPUS[3]).read_text(encoding="utf-8")  # heads-up, both boards known, unpaired
    (known,) = parse_text(text.replace("Player1 bets [$10 USD]", "Player1 double bets [$10 USD]", 1))
    assert isinstance(known, Hand)
    assert [v.rule for v in replay(known, profile_for(known)).violations] == ["marker"]
