"""Tournament results printed inside hands (PokerStars, Bovada), the header's buy-in, and the merge of
what several sources say of one tournament: agreement joins, disagreement is a reported conflict."""

from __future__ import annotations

import pytest

from studbook.engine.model import Hand
from studbook.parsers import parse_file, parse_text
from studbook.parsers.errors import ParseError
from studbook.parsers.reading import HandText, read_lines, split_hands
from studbook.parsers.sites.bovada import results as bovada
from studbook.parsers.sites.pokerstars import SITE as STARS
from studbook.parsers.sites.pokerstars import results as stars
from studbook.parsers.sites.pokerstars.summary import read_summaries, read_summary_file
from studbook.parsers.tournaments import (
    PlayerResult,
    Said,
    Source,
    TournamentResult,
    from_header,
    gather_hands,
    merge,
)

from conftest import corpus_path
from samples import stars_tournament_hand

LINES = [
    (10, "Ann Lee finished the tournament in 3rd place and received $12.50."),
    (11, "Bob finished the tournament in 4th place"),
    (12, "Ann Lee re-buys and receives 1500 chips for $1.00"),
    (13, "Ann Lee re-buys and receives 1500 chips for $1.00"),
    (14, "Ann Lee takes the add-on and receives 2000 chips for $1.00"),
    (15, "Ann wins the $5.00 bounty for eliminating Bob"),
    (16, "Ann wins $2.50 for eliminating Cy and their own bounty increases by $2.50 to $7.50"),
    (17, "Ann wins $1.25 for splitting the elimination of Dee and their own bounty increases by $1.25 to $8.75"),
    (18, "Ann wins the tournament and receives $40.00 - congratulations!"),
    (19, 'Ann said, "gg"'),
    (20, "Cy finished the tournament"),
]


def test_stars_result_lines_become_results_with_their_lines() -> None:
    t = stars.results_from_lines("pokerstars", "77", False, LINES, "h.txt", ("Ann", "Ann Lee", "Bob"))
    assert t is not None and (t.site, t.tournament_id, t.source) == ("pokerstars", "77", Said(Source.HAND, "h.txt", 10))
    got = {p.player: p for p in t.players}
    lee, ann, bob, cy = got["Ann Lee"], got["Ann"], got["Bob"], got["Cy"]
    assert (lee.finish, lee.prize, lee.rebuys, lee.add_ons, lee.rebuy_cost) == (3, 1250, 2, 1, 300)
    assert (ann.finish, ann.prize, ann.bounties, ann.bounty_prize) == (1, 4000, 3, 875)
    assert (bob.finish, bob.prize) == (4, 0)
    assert (cy.finish, cy.prize) == (None, 0)
    said = lee.source_of("rebuys")
    assert said is not None and (said.source, said.line) == (Source.HAND, 12)
    finish = ann.source_of("finish")
    assert finish is not None and finish.line == 18


def test_stars_names_are_read_whole_with_the_seats_and_by_the_verb_without() -> None:
    line = [(5, "Ann Lee wins the tournament and receives 200.00 - congratulations!")]
    seated = stars.results_from_lines("pokerstars", "1", True, line, "f", ("Ann", "Ann Lee"))
    loose = stars.results_from_lines("pokerstars", "1", True, line, "f")
    assert seated is not None and loose is not None
    assert [(p.player, p.prize) for p in seated.players] == [("Ann Lee", 200)]
    assert [(p.player, p.prize) for p in loose.players] == [("Ann Lee", 200)]


def test_stars_no_result_line_is_none_and_half_a_chip_is_a_parse_error() -> None:
    assert stars.results_from_lines("pokerstars", "1", False, [(1, "Ann: folds")], "f") is None
    with pytest.raises(ParseError) as err:
        stars.results_from_lines(
            "pokerstars", "1", True, [(9, "Ann finished the tournament in 2nd place and received 12.50.")], "f"
        )
    assert (err.value.file, err.value.line) == ("f", 9) and "fraction of a chip" in err.value.message


HAND = stars_tournament_hand(
    results="Bob finished the tournament in 2nd place and received $6.00.\n"
    "Ann wins the tournament and receives $14.00 - congratulations!\n"
)

SUMMARY = """PokerStars Tournament #555, Limit Razz
Buy-In: $10.00/$1.00 USD
2 players
Total Prize Pool: $20.00 USD
Tournament started 2014/01/01 12:00:00 ET
  1: Ann (Peru), $14.00 (70%)
  2: Bob (Peru), $6.00 (30%)
You finished in 1st place.
"""


def _hand(text: str = HAND) -> Hand:
    (hand,) = parse_text(text, "h.txt")
    assert isinstance(hand, Hand), hand
    return hand


def test_a_hand_its_header_and_its_summary_join_without_conflict() -> None:
    hand = _hand()
    lines = stars.results_from_hand(hand)
    header = from_header(hand)
    (summary,) = read_summaries(SUMMARY.splitlines(), "s.txt")
    assert lines is not None and header is not None and isinstance(summary, TournamentResult)
    assert (header.buy_in, header.fee, header.currency, header.game) == (1000, 100, "USD", "razz")
    merged = merge([header, lines, summary])
    assert merged.conflicts == ()
    t = merged.tournament
    assert (t.buy_in, t.fee, t.entrants, t.prize_pool, t.hero) == (1000, 100, 2, 2000, "Ann")
    assert [(p.player, p.finish, p.prize) for p in t.players] == [("Ann", 1, 1400), ("Bob", 2, 600)]
    assert t.source_of("buy_in") == Said(Source.SUMMARY, "s.txt", 2)  # the summary outranks the header
    bob = t.player("Bob")
    assert bob is not None and bob.source_of("prize") == Said(Source.SUMMARY, "s.txt", 7)


def test_sources_that_disagree_are_reported_not_overwritten() -> None:
    hand = _hand(HAND.replace("received $6.00", "received $7.00").replace("$10.00+$1.00", "$10.00+$2.00"))
    (summary,) = read_summaries(SUMMARY.splitlines(), "s.txt")
    assert isinstance(summary, TournamentResult)
    lines, header = stars.results_from_hand(hand), from_header(hand)
    assert lines is not None and header is not None
    merged = merge([lines, header, summary])
    found = {(c.field, c.player): c for c in merged.conflicts}
    assert set(found) == {("fee", None), ("prize", "Bob")}
    prize = found["prize", "Bob"]
    assert [v for v, _ in prize.values] == [600, 700]
    assert [s.source for _, s in prize.values] == [Source.SUMMARY, Source.HAND]
    assert "prize of Bob disagrees" in str(prize) and "h.txt:15" in str(prize)
    assert merged.tournament.player("Bob").prize == 600  # type: ignore[union-attr]


def test_merge_refuses_two_tournaments_and_keeps_one_result_as_it_was() -> None:
    said = Said(Source.SUMMARY, "a", 1)
    one = TournamentResult("pokerstars", "1", said, buy_in=5, said=(("buy_in", said),))
    assert merge([one]).tournament == one and merge([one]).conflicts == ()
    with pytest.raises(ValueError, match="one tournament"):
        merge([one, TournamentResult("pokerstars", "2", said)])
    with pytest.raises(ValueError, match="at least one"):
        merge([])


def test_gather_hands_sums_rebuys_and_bounties_over_hands() -> None:
    def hand_result(line: int, **values: int) -> TournamentResult:
        said = Said(Source.HAND, "h", line)
        p = PlayerResult("Ann", said=tuple((k, said) for k in values), **values)  # type: ignore[arg-type]
        return TournamentResult("pokerstars", "9", said, players=(p,))

    (t,) = gather_hands(
        [
            hand_result(1, rebuys=1, rebuy_cost=100),
            hand_result(50, bounties=1, bounty_prize=500),
            hand_result(90, rebuys=1, rebuy_cost=100, bounties=1, bounty_prize=500),
            hand_result(120, finish=2, prize=3000),
        ]
    )
    (ann,) = t.players
    assert (ann.rebuys, ann.rebuy_cost, ann.bounties, ann.bounty_prize, ann.finish, ann.prize) == (
        2,
        200,
        2,
        1000,
        2,
        3000,
    )
    assert ann.source_of("rebuys") == Said(Source.HAND, "h", 1) and ann.source_of("finish") == Said(
        Source.HAND, "h", 120
    )


def test_play_money_header_amounts_become_whole_chips() -> None:
    hand = _hand(HAND.replace("$10.00+$1.00 USD", "100+9").replace("$6.00", "60").replace("$14.00", "140"))
    header = from_header(hand)
    assert header is not None and (header.play_money, header.currency, header.buy_in, header.fee) == (
        True,
        None,
        100,
        9,
    )
    lines = stars.results_from_hand(hand)
    assert lines is not None and [(p.player, p.prize) for p in lines.players] == [("Bob", 60), ("Ann", 140)]


def test_a_cash_hand_has_no_tournament_results() -> None:
    cash = HAND.replace("Tournament #555, $10.00+$1.00 USD Razz Limit - Level I (10/20)", "Razz Limit ($10/$20 USD)")
    hand = _hand(cash)
    assert stars.results_from_hand(hand) is None and from_header(hand) is None


# ------------------------------------------------------------------------------------ the corpus


def test_corpus_shootout_hands_and_summary_agree() -> None:
    """The 8-Game shootout ends on an omaha hand, which is not read: its result lines are read from
    the hand's text, and they agree with the summary."""
    path = str(corpus_path("fpdb", "Stars", "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"))
    summary_path = corpus_path("fpdb", "Stars", "summaries", "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
    told = [
        r for block in split_hands(read_lines(path), STARS.starts_hand) if (r := stars.results_from_text(block, path))
    ]
    assert [(p.player, p.finish, p.prize) for r in told for p in r.players] == [("Player0", 2, 0), ("Hero", 1, 200)]
    hands = [h for h in parse_file(path) if isinstance(h, Hand)]
    header = from_header(hands[0])
    (summary,) = read_summary_file(str(summary_path))
    assert header is not None and isinstance(summary, TournamentResult)
    merged = merge([summary, *gather_hands(told), header])
    assert merged.conflicts == ()
    assert (merged.tournament.buy_in, merged.tournament.fee, merged.tournament.mixed) == (100, 9, "8-Game")
    hero = merged.tournament.player("Hero")
    assert hero is not None and hero.source_of("finish") == Said(Source.SUMMARY, str(summary_path), 7)


def test_corpus_stars_multi_table_hand_line() -> None:
    path = str(corpus_path("fpdb", "Stars", "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"))
    (hand,) = [h for h in parse_file(path) if isinstance(h, Hand)]
    t = stars.results_from_hand(hand)
    assert t is not None and t.tournament_id == "664712833"
    assert [(p.player, p.finish, p.prize) for p in t.players] == [("Player5", 28, 0)]
    assert t.players[0].source_of("finish") == Said(Source.HAND, path, 51)


def test_corpus_bovada_ranking_of_the_exporting_player() -> None:
    """Four hands print rankings (18th, 15th and 14th, 12th and 11th, 9th); only the last is the
    exporting player's, the others are anonymous seats that change hands."""
    path = str(corpus_path("fpdb", "Bovada", "7-Stud-USD-MTT - $10-$1 - 201206.txt"))
    told = [r for h in parse_file(path) if isinstance(h, Hand) and (r := bovada.results_from_hand(h))]
    (t,) = gather_hands(told)
    assert t.tournament_id == "1378659"
    assert [(p.player, p.finish) for p in t.players] == [("Seat+4 [ME]", 9)]


def test_result_lines_of_a_hand_that_is_not_read_come_from_its_text() -> None:
    text = [
        "PokerStars Hand #9: Tournament #31, €5.00+€0.50 EUR 8-Game (Omaha Pot Limit) - Level I (10/20) - 2014/01/01 12:00:00 ET",
        "Seat 1: Ann Lee (1500 in chips)",
        "Ann Lee: folds",
        "Bob finished the tournament in 2nd place and received €3.50.",
        "Ann Lee wins the tournament and receives €6.50 - congratulations!",
    ]
    t = stars.results_from_text(HandText(40, tuple(text)), "m.txt")
    assert t is not None and t.tournament_id == "31"
    assert [(p.player, p.finish, p.prize, p.source_of("finish")) for p in t.players] == [
        ("Bob", 2, 350, Said(Source.HAND, "m.txt", 43)),
        ("Ann Lee", 1, 650, Said(Source.HAND, "m.txt", 44)),
    ]
    cash = ("PokerStars Hand #9: 8-Game (Omaha Pot Limit, $1/$2) - 2014/01/01 12:00:00 ET", *text[1:])
    assert stars.results_from_text(HandText(1, cash), "m.txt") is None
