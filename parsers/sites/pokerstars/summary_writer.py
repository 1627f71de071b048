"""Write a tournament result as a PokerStars tournament summary, the format :mod:`.summary` reads.

What it prints is what the reader reads back, field for field: the game (``Limit Razz``) or rotation,
the buy-in (with the bounty in the middle of a knockout's), the entrants, the prize pool, the start and
end in Eastern time, one line a player (``still playing`` for one whose place is not known yet) and the
file owner's ``You …`` lines. The players' countries are not known to studbook: they print as
``Unknown``.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from ...tournaments import TournamentResult, ordinal

__all__ = ["SUMMARY_SEPARATOR", "write_summary"]

SUMMARY_SEPARATOR = "\n\n\n"
_EASTERN = ZoneInfo("America/New_York")
_NAMES = {"stud": "Limit 7 Card Stud", "stud8": "Limit 7 Card Stud Hi/Lo", "razz": "Limit Razz"}
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}


def _amount(units: int, t: TournamentResult) -> str:
    if t.currency is None:
        return f"{units:,}"
    return f"{_SIGNS.get(t.currency, '')}{units // 100:,}.{units % 100:02}"


def _coded(units: int, t: TournamentResult) -> str:
    """An amount as the "You …" lines print it: the code first, no sign (``USD 3,180.00``)."""
    plain = _amount(units, t).lstrip("$€£")
    return f"{t.currency} {plain}" if t.currency is not None else plain


def _code(t: TournamentResult) -> str:
    return f" {t.currency}" if t.currency is not None else ""


def write_summary(t: TournamentResult) -> str:
    """The summary's text (no trailing newline); a ValueError saying what is missing when the result
    lacks what the format must print (the game, the buy-in, the number of entrants)."""
    game = t.mixed or _NAMES.get(t.game or "")
    if game is None:
        raise ValueError(
            f"tournament {t.tournament_id}: a PokerStars summary prints its game, and it has none studbook names"
        )
    if t.buy_in is None or t.entrants is None:
        raise ValueError(f"tournament {t.tournament_id}: a PokerStars summary prints its buy-in and entrants")
    words = f" {' '.join(t.format_words)}" if t.format_words else ""
    lines = [f"PokerStars Tournament #{t.tournament_id}, {game}{words}"]
    parts = [t.buy_in] + ([t.bounty] if t.bounty is not None else []) + ([t.fee] if t.fee is not None else [])
    lines.append(f"Buy-In: {'/'.join(_amount(p, t) for p in parts)}{_code(t)}")
    lines.append(f"{t.entrants} players")
    if t.prize_pool is not None:
        lines.append(f"Total Prize Pool: {_amount(t.prize_pool, t)}{_code(t)}")
    for word, when in (("started", t.started_at), ("finished", t.ended_at)):
        if when is not None:
            lines.append(f"Tournament {word} {when.astimezone(_EASTERN):%Y/%m/%d %H:%M:%S} ET")
    lines.append("")
    still = 0
    for p in t.players:
        entry = f" [{p.entry}]" if p.entry != 1 else ""
        if p.finish is None:
            still += 1
            lines.append(f"  {still}: {p.player}{entry} (Unknown), still playing")
            continue
        prize = ""
        if p.prize and t.prize_pool:
            share = f"{100 * p.prize / t.prize_pool:.2f}".rstrip("0").rstrip(".")
            prize = f" {_amount(p.prize, t)} ({share}%)"
        lines.append(f"  {p.finish}: {p.player}{entry} (Unknown),{prize}")
    hero = t.player(t.hero) if t.hero is not None else None
    if hero is not None:
        lines.append("")
        if hero.finish is not None:
            lines.append(f"You finished in {ordinal(hero.finish)} place.")
        else:
            lines.append("You are still playing in this tournament.")
        if hero.rebuys is not None or hero.add_ons is not None:
            lines.append(
                f"You made {hero.rebuys or 0} rebuys and {hero.add_ons or 0} addons for a total of "
                f"{_coded(hero.rebuy_cost or 0, t)}."
            )
        if hero.bounties is not None:
            lines.append(f"You collected {hero.bounties} bounties for a total of {_coded(hero.bounty_prize or 0, t)}.")
    return "\n".join(lines)
