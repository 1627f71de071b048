"""The replay page's 3rd-street liveness: for the viewed player's starting hand, which of his outs were dead
and where they were showing.

Why on the replay page: "were my tens live?" is asked of one hand, while looking at it. The numbers are
the spot's (:mod:`.spots`, :mod:`.liveness`): what the player could see at his first decision, the other
players' door cards (a card folded face down is never counted). Only the viewer's own hand is described:
a spectator's page (no viewer) has no section, so the page tells nobody's down cards through it.

One function, :func:`liveness_section`, gives the section's HTML (escaped) for :mod:`.html_replay` to
place; ``""`` when there is nothing to say.
"""

from __future__ import annotations

import html
from typing import Final, Mapping

from ..engine.games import RULES
from ..engine.model import STREET_NAMES, Hand, ReplayResult
from .liveness import DrawLiveness
from .spots import spots
from .start_hands import FLUSH, LOW, PAIR, PAIRING, STRAIGHT, TRIPS

DRAW_WORDS: Final[Mapping[str, str]] = {
    TRIPS: "quads",
    PAIR: "trips",
    FLUSH: "a flush",
    STRAIGHT: "a straight",
    LOW: "a low",
    PAIRING: "a pair of his high cards",
}
"""What each kind of draw makes, in the section's sentences."""


def _showing(d: DrawLiveness, names: Mapping[int, str]) -> str:
    if not d.showing:
        return "none of them showing"
    where = ", ".join(f"{c} ({names.get(s, f'seat {s}')}'s door)" for s, c in d.showing)
    return f"{d.visible} showing: {where}"


def liveness_section(hand: Hand, result: ReplayResult, seat: int | None) -> str:
    """The section for the player at ``seat`` (``None``: no viewer, no section), or ``""`` when his
    starting cards are not known or the hand has no first street."""
    if seat is None:
        return ""
    found = next((s for s in spots(hand, result, {}) if s.seat == seat), None)
    if found is None:
        return ""
    e = html.escape
    names = {s.seat: s.player for s in hand.seats}
    street = STREET_NAMES[RULES[hand.game].first_street]
    live = found.liveness
    rows = []
    for d in live.draws:
        makes = DRAW_WORDS.get(d.draw.kind, d.draw.kind)
        outs = d.draw.outs_mask.bit_count()
        dead = outs - d.live_outs
        rows.append(
            f"<tr{' class=primary' if d.draw.primary else ''}><th scope='row'>{e(makes)}"
            f"{' (what the hand is played for)' if d.draw.primary else ''}</th>"
            f"<td class='num'>{outs}</td><td class='num'>{dead}</td><td>{e(_showing(d, names))}</td>"
            f"<td class='num'>{100 * d.chance:.1f}%</td><td class='num'>{100 * d.all_live:.1f}%</td></tr>"
        )
    cards = " ".join(map(str, found.cards))
    head = (
        f"<h2>Liveness on {e(street)} street: {e(found.player)}'s {e(cards)}, {e(found.start.name)}, "
        f"<span class='grade'>{e(live.grade)}</span></h2>"
        f"<p class='what'>The cards his hand needs (its outs), how many were dead because another player's "
        f"door card showed them, where, and his chance of making each by the last street with the "
        f"{live.unseen} cards he could not see, beside the chance had none been showing "
        f"(docs/liveness.md).</p>"
    )
    if not rows:
        body = "<p class='what'>His hand draws to nothing that matters.</p>"
    else:
        body = (
            "<table><thead><tr><th>To make</th><th>Outs</th><th>Dead</th><th>Showing</th>"
            "<th>Chance</th><th>All live</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )
    return f'<section id="liveness"><style>{LIVENESS_CSS}</style>{head}{body}</section>'


LIVENESS_CSS: Final = (
    "#liveness { grid-column: 1 / -1; background: var(--panel, #f6f5f1); border-radius: .8rem;"
    " padding: .6rem 1rem; overflow-x: auto; }"
    " #liveness h2 { font-size: 1.05rem; margin: .6rem 0 .3rem; }"
    " #liveness .what { color: #444; margin: 0 0 .3rem; }"
    " #liveness tr.primary th { font-weight: 600; } #liveness .grade { text-transform: uppercase; }"
)
"""The section's own styles, carried with it so the replay page's style sheet need not know it (the
section sits in the page's grid as its payout does)."""
