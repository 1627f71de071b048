"""What the rules make of a recorded hand: :func:`replay`, which walks the hand's events (:mod:`.walk`)
through the betting state machine (:mod:`.state`); :func:`.steps.replay_steps` is the same walk giving the
table after each event too.

The names other modules have always taken from here (the state machine's moves and options, who acts
first, the stakes' bring-in) are the state's and the walk's, named again here as this module's API.
"""

from __future__ import annotations

from .model import Hand, ReplayResult
from .profiles import RuleProfile
from .state import (
    CARDS_PER_STREET as CARDS_PER_STREET,
    UNJUDGED as UNJUDGED,
    Breach as Breach,
    Move as Move,
    Options as Options,
    StudState as StudState,
    bring_in_seat as bring_in_seat,
    first_to_act as first_to_act,
    has_open_pair as has_open_pair,
)
from .steps import TableState as TableState, replay_steps as replay_steps
from .walk import HandWalk, nominal_bring_in as nominal_bring_in, seat_label as seat_label


def replay(hand: Hand, profile: RuleProfile) -> ReplayResult:
    """What the rules make of ``hand`` under ``profile`` (a hand's site's: the parsers' registry's
    ``profile_for``).

    Never raises for a rule break: every problem is a :class:`Violation` in the result, and the replay
    carries on the way the site did.
    """
    return HandWalk(hand, profile).run()
