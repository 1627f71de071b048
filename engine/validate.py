"""The validator: every rule a hand can break, by stable id, and :func:`validate`.

The ids in :data:`RULES` are a public contract (stored in the ``violations`` table, printed by
``studbook audit``, filtered on by users): add new ids, never rename one. The checks themselves live
where the rule lives — the betting in :mod:`.replay`, the payout in :mod:`.pots` — and this module
names them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .model import Hand, Violation
from .profiles import RuleProfile
from .replay import replay

RULES: Mapping[str, str] = MappingProxyType(
    {
        "ante.amount": "A player's ante (not all-in) differs from the others' or from the stated ante.",
        "bring-in.player": "The bring-in is not made by the lowest door card (highest in razz; all-in players skipped).",
        "bring-in.amount": "The bring-in differs from the stakes' bring-in or is not less than the small bet.",
        "bet.size": "A bet, completion or raise is not exactly the street's limit (small bet on 3rd and 4th, "
        "big bet from 5th, big bet on 4th only over an open pair in stud high), short of an all-in.",
        "raise.cap": "A raise after the betting was capped (the profile's bet + raises; heads-up per profile).",
        "raise.reopen": "A raise by a player whom an all-in for less than half a bet did not reopen the betting to.",
        "call.amount": "A call puts in more or less than the amount to call (or the stack, when all-in).",
        "action.illegal": "An action the situation does not allow: a check facing a bet, a call with nothing "
        "to call, a bring-in after the betting was opened, a check instead of the bring-in.",
        "action.order": "A player acts out of turn, or after the betting on the street was over.",
        "action.after-fold": "A player acts after having folded.",
        "action.missing": "A street (or the hand) ends while a player still had to act.",
        "stack.exceeded": "A player puts in more chips than he has left.",
        "uncalled": "The bet returned as uncalled differs from the unmatched part of the street's top bet "
        "(or an unmatched bet was never returned).",
        "cards.duplicate": "The same card appears twice in one hand (two players, one player twice, or the board).",
        "cards.count": "A player receives the wrong number of cards on a street, cards after folding, or shows "
        "more than seven.",
        "cards.shown": "A player's shown hand leaves out up cards he was dealt.",
        "cards.garbled": "The site printed a card or line that could not be read, or printed a line twice "
        "(a ParseWarning).",
        "table.size": "More players are dealt in than one deck can serve: eight in the seven-card games (8 x 7 "
        "= 56 cards with a community card on 7th street), ten in Five Card Stud.",
        "marker": "A site's betting note (double bet allowed, betting capped, no low) contradicts the rules.",
        "pot.total": "The printed total pot differs from the chips put in (after uncalled returns).",
        "pot.printed": "A printed main or side pot differs from the rules' pot after its share of the rake.",
        "rake": "The printed rake differs from what the site's own payout leaves in the pot (or is negative), "
        "or a tournament hand prints a rake (a tournament takes none).",
        "pot.winner": "A player collects from a pot the rules give him nothing of (folded, not eligible, worse "
        "hand, no qualifying low), or a winner collects nothing.",
        "pot.award": "A player collects a different amount from a pot than the rules pay him (a wrong split, "
        "a missed quarter, the odd chip), or an unjudgeable pot is not paid out exactly.",
    }
)


def validate(hand: Hand, profile: RuleProfile) -> list[Violation]:
    """Every rule ``hand`` breaks under ``profile`` (its site's, or the one the user named), in event order
    of discovery. An empty list means the site did everything the rules say."""
    return list(replay(hand, profile).violations)
