"""A hand as one self-contained HTML page that steps through it: ``studbook replay HAND --html FILE`` and
the hand pages of ``studbook report``.

Why a page and not the text: a stud hand is read by its cards, and the questions players ask of a
replayer (the pot after each action, 7th street and the community card, the streets dealt after an
all-in with each player's chances, who won each pot and half) are easier to see than to read.

What the page shows comes from the engine, taken as the replay goes
(:func:`studbook.engine.replay.replay_steps`): the pot, each seat's chips and bets after every step,
whose turn it is, the violations each event added. The page's script only shows the steps computed
here; it adds up nothing. The cards a viewer could not see are left out of the file altogether, not
merely hidden by the script: another player's down cards are ``??`` until he shows them, so reading
the page's source gives nothing away.

The file needs nothing else: no server, no network (a Content-Security-Policy forbids every fetch),
styles and script inline. Every name and every text of the hand is escaped (names are hostile); the
steps travel as JSON inside a ``<script type="application/json">`` block with ``<``, ``>`` and ``&``
written as escapes, so no name can close it.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..engine.model import (
    STREET_NAMES,
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Hand,
    KnownCard,
    Marker,
    Money,
    Muck,
    ReplayResult,
    Show,
    UncalledReturn,
    Violation,
    format_money,
)
from ..engine.profiles import RuleProfile
from ..engine.replay import TableState, replay_steps
from ..parsers.registry import profile_for
from .equity import RunoutEquity, runout_equities
from .html_liveness import liveness_section
from .html_page import page_head
from .replay_view import action_words, header_line, reveal_words

HIDDEN = "??"
"""A card the viewer cannot see (another player's down card) or the history does not know."""

MARKER_WORDS = {
    "double-bet": "the site says a double bet is allowed (open pair)",
    "capped": "the site says the betting is capped",
    "no-low": "the site says no low hand qualified",
}


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat at one step, as the viewer sees it: chips behind, chips bet on this street, folded or
    all-in, the cards in the order dealt (``(card, down)``, ``??`` for one he cannot see), his equity
    during an all-in run-out (per pot, and as his share of the chips in play), and once the pot is paid
    what the rules and the site pay him. Once paid, ``stack`` is his chips behind with what the rules paid
    him, and ``site_stack`` the same with what the site paid instead, where the two differ."""

    stack: Money
    bet: Money
    folded: bool
    all_in: bool
    cards: tuple[tuple[str, bool], ...]
    equity: RunoutEquity | None = None
    rules_pay: Money | None = None
    site_paid: Money | None = None
    site_stack: Money | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What one step of the replay shows: the ``events`` (positions in ``hand.events``) it covers (the
    antes, a street's deal and the site's payout are one step each; every action, return and showdown
    line is its own), its words, the street, who acted and whose turn it is next, the pot, each seat,
    the community card, the violations these events break, and whether the cards are a run-out (nobody
    can bet any more)."""

    events: tuple[int, ...]
    title: str
    street: int
    actor: int | None
    to_act: int | None
    pot: Money
    seats: Mapping[int, SeatView]
    community: tuple[str, ...]
    violations: tuple[Violation, ...]
    runout: bool


# ----------------------------------------------------------------------------------------- the steps


def _group(event: Event, index: int) -> tuple[object, ...]:
    """Consecutive events with the same key are one step: the antes, one street's deal (and the
    community card), the site's payout lines; any other event is a step of its own."""
    if isinstance(event, Action) and event.kind is ActionKind.ANTE:
        return ("antes",)
    if isinstance(event, Deal):
        return ("deal", event.street)
    if isinstance(event, CommunityCard):
        return ("deal", 7)
    if isinstance(event, Collect):
        return ("paid",)
    return ("event", index)


def build_steps(
    hand: Hand, profile: RuleProfile | None = None, as_player: str | None = None
) -> tuple[ReplayResult, tuple[Step, ...]]:
    """The engine's replay of ``hand`` (under ``profile``, default its site's) and the page's steps as
    ``as_player`` sees them (``None``: a spectator, every down card hidden until shown)."""
    result, states = replay_steps(hand, profile or profile_for(hand))
    names = {s.seat: s.player for s in hand.seats}
    me = hand.seat_of(as_player) if as_player is not None else None
    money: Callable[[int], str] = lambda amount: format_money(amount, hand.currency, hand.per_unit)  # noqa: E731
    equities = runout_equities(hand, result)
    last_action = max((i for i, e in enumerate(hand.events) if isinstance(e, Action)), default=-1)
    groups: list[list[int]] = []
    for index, event in enumerate(hand.events):
        if groups and _group(hand.events[groups[-1][-1]], groups[-1][-1]) == _group(event, index):
            groups[-1].append(index)
        else:
            groups.append([index])
    added = _violations_by_group(hand, result, states, groups)
    rules_pay: dict[int, Money] = {}
    for award in result.awards:
        rules_pay[award.seat] = rules_pay.get(award.seat, 0) + award.amount
    paid = False
    steps: list[Step] = []
    for group, found in zip(groups, added):
        paid = paid or any(isinstance(hand.events[i], Collect) for i in group)
        state = states[group[-1]]
        held: dict[int | None, list[KnownCard]] = {}
        for known in state.cards:  # the engine's cards as known now, in the order dealt
            held.setdefault(known.seat, []).append(known)
        community = [HIDDEN if k.card is None else str(k.card) for k in held.get(None, [])]
        runout = group[0] > last_action >= 0
        # the equities from the all-in on: the action that closes the betting, then every card dealt after
        at = equities.get(state.street, {}) if group[-1] >= last_action >= 0 else {}
        seats = {
            seat: _seat_view(
                state,
                seat,
                _visible(held.get(seat, []), seat in state.shown, seat == me),
                at.get(seat),
                (rules_pay.get(seat, 0), result.collected.get(seat, 0)) if paid else None,
            )
            for seat in sorted(state.invested)
        }
        first = hand.events[group[0]]
        steps.append(
            Step(
                events=tuple(group),
                title=_title([hand.events[i] for i in group], names, money, runout),
                street=state.street,
                actor=first.seat
                if isinstance(first, (Action, UncalledReturn, Show, Muck)) and len(group) == 1
                else None,
                to_act=state.to_act,
                pot=state.pot,
                seats=seats,
                community=tuple(community),
                violations=found,
                runout=runout,
            )
        )
    return result, tuple(steps)


def _violations_by_group(
    hand: Hand, result: ReplayResult, states: Sequence[TableState], groups: Sequence[Sequence[int]]
) -> list[tuple[Violation, ...]]:
    """The violations each step's events added as the engine replayed them; those found at the end (the
    payout's) go to the step holding the line they name, else to the last step."""
    found: list[list[Violation]] = []
    before = 0
    for group in groups:
        after = states[group[-1]].violations
        found.append(list(result.violations[before:after]))
        before = after
    by_line = {hand.events[i].line: n for n, group in enumerate(groups) for i in group}
    for violation in result.violations[before:]:
        where = by_line.get(violation.line, len(groups) - 1) if violation.line is not None else len(groups) - 1
        if found:
            found[where].append(violation)
    return [tuple(v) for v in found]


def _visible(cards: Sequence[KnownCard], shown: bool, mine: bool) -> tuple[tuple[str, bool], ...]:
    """A seat's cards as the viewer sees them (``(card, down)``): up cards always, down cards if they
    are his own or once the seat has shown (the engine has filled them in from the show by then)."""
    return tuple((HIDDEN if k.card is None or not (k.up or mine or shown) else str(k.card), not k.up) for k in cards)


def _seat_view(
    state: TableState,
    seat: int,
    cards: tuple[tuple[str, bool], ...],
    equity: RunoutEquity | None,
    pay: tuple[Money, Money] | None,
) -> SeatView:
    """One seat at one step; ``pay`` is (what the rules pay him, what the site paid him) once the pot is
    paid, when his stack is credited with it (the engine's chips behind hold no winnings: the payout is
    the rules', not a move of the betting)."""
    folded = seat in state.folded
    behind = state.stacks.get(seat, 0)
    return SeatView(
        stack=behind + pay[0] if pay else behind,
        bet=state.street_bets.get(seat, 0),
        folded=folded,
        all_in=not folded and behind <= 0 and state.invested.get(seat, 0) > 0 and not pay,
        cards=cards,
        equity=equity,
        rules_pay=pay[0] if pay else None,
        site_paid=pay[1] if pay else None,
        site_stack=behind + pay[1] if pay and pay[0] != pay[1] else None,
    )


def _title(events: Sequence[Event], names: Mapping[int, str], money: Callable[[int], str], runout: bool) -> str:
    """A step in words, as the text replay says it."""
    first = events[0]
    name = names.get
    if isinstance(first, Action) and first.kind is ActionKind.ANTE:
        return "Antes: " + ", ".join(f"{name(e.seat, '?')} {money(e.amount)}" for e in events if isinstance(e, Action))
    if isinstance(first, (Deal, CommunityCard)):
        street = first.street if isinstance(first, Deal) else 7
        words = f"{STREET_NAMES.get(street, street)} street: the deal"
        if any(isinstance(e, CommunityCard) for e in events):
            words += " and a community card (the deck ran short: one card face up for everybody)"
        return words + (" (run-out: nobody can bet any more)" if runout else "")
    if isinstance(first, Collect):
        return "The site pays: " + ", ".join(
            f"{name(e.seat, '?')} {money(e.amount)} from the {e.pot}" for e in events if isinstance(e, Collect)
        )
    if isinstance(first, Action):
        return f"{name(first.seat, '?')} {action_words(first, money)}"
    if isinstance(first, UncalledReturn):
        return f"{money(first.amount)} uncalled, returned to {name(first.seat, '?')}"
    if isinstance(first, (Show, Muck)):
        return f"{name(first.seat, '?')} {reveal_words(first)}"
    if isinstance(first, Marker):
        return MARKER_WORDS.get(first.kind, f"the site says: {first.kind}")
    return type(first).__name__


# ------------------------------------------------------------------------------------------ the page


def _json_for_script(data: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` can end it or start a comment."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _pot_name(number: int) -> str:
    return "main" if number == 0 else f"side {number}"


def _pot_equity(number: int, share: float, equity: RunoutEquity) -> list[object]:
    """One pot's equity as the page gets it, in percent: ``[name, pot]``, and in stud8 its high and low
    halves after (``[name, pot, high, low]``: each half adds up to 100% over the pot's players)."""
    halves = equity.halves.get(number)
    return [_pot_name(number), 100 * share] + ([] if halves is None else [100 * halves[0], 100 * halves[1]])


def _step_data(step: Step, money: Callable[[int], str]) -> dict[str, object]:
    return {
        "street": STREET_NAMES.get(step.street, str(step.street)),
        "pot": step.pot,
        "potText": money(step.pot),
        "actor": step.actor,
        "toAct": step.to_act,
        "cc": list(step.community),
        "bad": len(step.violations),
        "runout": step.runout,
        "pots": len({n for v in step.seats.values() if v.equity is not None for n in v.equity.pots}),
        "seats": {
            str(seat): {
                "stack": v.stack,
                "stackText": money(v.stack),
                "bet": v.bet,
                "betText": money(v.bet) if v.bet else "",
                "folded": v.folded,
                "allIn": v.all_in,
                "cards": [[c, down] for c, down in v.cards],
                "equity": None if v.equity is None else 100 * v.equity.share,
                "pots": []
                if v.equity is None
                else [_pot_equity(n, e, v.equity) for n, e in sorted(v.equity.pots.items())],
                "siteStack": None if v.site_stack is None else money(v.site_stack),
                "rules": None if v.rules_pay is None else money(v.rules_pay),
                "site": None if v.site_paid is None else money(v.site_paid),
                "differs": v.rules_pay is not None and v.rules_pay != v.site_paid,
                "zero": money(0),
            }
            for seat, v in step.seats.items()
        },
    }


def replay_page(
    hand: Hand,
    profile: RuleProfile | None = None,
    as_player: str | None = None,
    back: tuple[str, str] | None = None,
) -> str:
    """The page of ``hand`` (see the module docstring) seen by ``as_player``; ``back`` is an optional
    ``(href, words)`` link, the report's index."""
    result, steps = build_steps(hand, profile, as_player)
    money: Callable[[int], str] = lambda amount: format_money(amount, hand.currency, hand.per_unit)  # noqa: E731
    e = html.escape
    names = {s.seat: s.player for s in hand.seats}
    me = hand.seat_of(as_player) if as_player is not None else None
    header = header_line(hand, money).split(" | ")
    viewer = f"as {as_player} sees it: his own down cards shown" if as_player else "as the table saw it"
    data = {"steps": [_step_data(s, money) for s in steps], "streetStarts": _street_starts(steps)}
    seats = "\n".join(
        f'<div class="seat{" me" if s.seat == me else ""}" data-seat="{s.seat}">'
        f'<div class="who"><span class="name">{e(s.player)}</span> <span class="seatno">seat {s.seat}</span></div>'
        f'<div class="cards"></div><div class="chips"><span class="stack"></span> <span class="bet"></span></div>'
        f'<div class="badges"></div><div class="equity"></div><div class="result"></div></div>'
        for s in hand.seats
        if any(s.seat in step.seats for step in steps)
    )
    log = _log_html(steps)
    back_link = f'<a class="back" href="{e(back[0])}">{e(back[1])}</a>' if back else ""
    return page_head(f"{hand.site} hand {hand.site_hand_id}", CSS, script=True) + BODY.format(
        back=back_link,
        heading=e(header[0]),
        details=" · ".join(e(p) for p in header[1:]),
        viewer=e(viewer),
        seats=seats,
        log=log,
        payout=_payout_html(hand, result, steps, names, money),
        liveness=liveness_section(hand, result, me),
        last=max(len(steps) - 1, 0),
        data=_json_for_script(data),
        script=SCRIPT,
    )


def _street_starts(steps: Sequence[Step]) -> list[int]:
    starts, street = [], None
    for n, step in enumerate(steps):
        if step.street != street:
            starts.append(n)
            street = step.street
    return starts


def _log_html(steps: Sequence[Step]) -> str:
    e = html.escape
    items, street = [], None
    for n, step in enumerate(steps):
        if step.street != street:
            street = step.street
            items.append(f'<li class="street-head">{e(STREET_NAMES.get(street, str(street)))} street</li>')
        bad = "".join(
            f'<div class="violation" data-rule="{e(v.rule)}"><b>{e(v.rule)}</b>: {e(v.message)}'
            f"{f' (line {v.line})' if v.line is not None else ''}</div>"
            for v in step.violations
        )
        cls = "step bad" if step.violations else "step"
        items.append(
            f'<li class="{cls}" data-step="{n}" data-last-event="{step.events[-1]}" tabindex="-1">'
            f'<span class="what">{e(step.title)}</span>{bad}</li>'
        )
    return "\n".join(items)


def _payout_html(
    hand: Hand, result: ReplayResult, steps: Sequence[Step], names: Mapping[int, str], money: Callable[[int], str]
) -> str:
    """The rules' payout per pot and half beside what the site paid each player, then every violation
    with a button to the step it concerns."""
    e = html.escape
    rows = []
    for pot in result.pots:
        title = "Pot" if len(result.pots) == 1 else "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        awards = [a for a in result.awards if a.pot == pot.index]
        paid = "<br>".join(
            f"{e(str(a.half))} {'half' if str(a.half) != 'whole' else 'pot'}: {e(names.get(a.seat, '?'))} {e(money(a.amount))}"
            for a in awards
        )
        rows.append(
            f"<tr><td>{e(title)}</td><td class='num'>{e(money(pot.amount))}</td>"
            f"<td>{e(', '.join(names.get(s, '?') for s in pot.eligible))}</td><td>{paid or '-'}</td></tr>"
        )
    rake = f"<p>Rake {e(money(result.rake))} (taken before the pots are paid).</p>" if result.rake else ""
    players = sorted({a.seat for a in result.awards} | set(result.collected))
    rules_pay = {s: sum(a.amount for a in result.awards if a.seat == s) for s in players}
    compare = "".join(
        f"<tr class='{'differs' if rules_pay[s] != result.collected.get(s, 0) else 'agrees'}'>"
        f"<td>{e(names.get(s, '?'))}</td><td class='num'>{e(money(rules_pay[s]))}</td>"
        f"<td class='num'>{e(money(result.collected.get(s, 0)))}</td>"
        f"<td>{'the site paid differently' if rules_pay[s] != result.collected.get(s, 0) else 'same'}</td></tr>"
        for s in players
    )
    site_lines = [ev for ev in hand.events if isinstance(ev, Collect)]
    site = (
        "<p>The site's lines: "
        + "; ".join(f"{e(names.get(c.seat, '?'))} {e(money(c.amount))} from the {e(c.pot)}" for c in site_lines)
        + ".</p>"
        if site_lines
        else "<p>The site printed no payout.</p>"
    )
    step_of = {id(v): n for n, step in enumerate(steps) for v in step.violations}
    if result.violations:
        listed = "".join(
            f'<li data-rule="{e(v.rule)}"><button type="button" data-goto="{step_of.get(id(v), len(steps) - 1)}">'
            f"step {step_of.get(id(v), len(steps) - 1) + 1}</button> <b>{e(v.rule)}</b>: {e(v.message)}"
            f"{f' (line {v.line})' if v.line is not None else ''}</li>"
            for v in result.violations
        )
        violations = f'<h2>Violations ({len(result.violations)})</h2><ul id="violations">{listed}</ul>'
    else:
        violations = '<h2>Violations</h2><p id="violations" class="clean">None: the hand follows the rules.</p>'
    return (
        "<h2>Pots: what the rules pay</h2>"
        "<table class='pots'><thead><tr><th>Pot</th><th>Amount</th><th>Between</th><th>The rules pay</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{rake}"
        "<h2>The rules' payout beside the site's</h2>"
        "<table class='compare'><thead><tr><th>Player</th><th>Rules</th><th>Site</th><th></th></tr></thead>"
        f"<tbody>{compare}</tbody></table>{site}{violations}"
    )


CSS = """
:root { --felt: #1d5e3a; --ink: #1b1b1b; --bad: #b3261e; --panel: #f6f5f1; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       background: #eceae4; }
header { padding: .6rem 1rem; background: #26312b; color: #fff; }
header h1 { margin: 0; font-size: 1.15rem; }
header p { margin: .2rem 0 0; font-size: .9rem; opacity: .9; }
header a.back { color: #cfe8d8; font-size: .9rem; }
main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr); gap: 1rem; padding: 1rem;
       max-width: 80rem; margin: 0 auto; }
#table { align-self: start; background: var(--felt); border-radius: 1rem; padding: .8rem; color: #fff; }
#middle { display: flex; flex-wrap: wrap; align-items: center; gap: .6rem 1.2rem; margin-bottom: .6rem; }
#street { font-weight: 700; font-size: 1.1rem; }
#pot { font-size: 1.1rem; }
#pot b { font-size: 1.3rem; }
#community:empty { display: none; }
#seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: .6rem; }
.seat { background: rgba(0, 0, 0, .22); border: 2px solid transparent; border-radius: .6rem; padding: .45rem .55rem; }
.seat.me { border-color: #f5d76e; }
.seat.acted { background: rgba(255, 255, 255, .16); }
.seat.to-act { border-color: #9be7ff; }
.seat.folded { opacity: .45; }
.seat.bad { box-shadow: 0 0 0 3px var(--bad); }
.who { display: flex; justify-content: space-between; gap: .4rem; overflow-wrap: anywhere; }
.name { font-weight: 700; }
.seatno { opacity: .75; font-size: .8rem; white-space: nowrap; }
.cards { min-height: 3.2rem; margin: .3rem 0; display: flex; flex-wrap: wrap; gap: .2rem; }
.card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
        width: 1.9rem; height: 2.8rem; border-radius: .3rem; background: #fff; color: #111; font-weight: 700;
        line-height: 1; box-shadow: 0 1px 2px rgba(0, 0, 0, .4); position: relative; }
.card .rank { font-size: 1.05rem; }
.card .suit { font-size: 1.1rem; }
.card.down { background: #fff7d6; }
.card.down::after { content: "down"; position: absolute; bottom: -.05rem; font-size: .5rem; font-weight: 400;
                    color: #555; }
.card.back { background: repeating-linear-gradient(45deg, #2b4c9b, #2b4c9b 4px, #3d63bf 4px, #3d63bf 8px);
             border: 2px solid #fff; }
.card.community { outline: 3px solid #f5d76e; }
.s-c { color: #13803a; } .s-d { color: #1f56c4; } .s-h { color: #c62828; } .s-s { color: #111; }
.chips { font-size: .9rem; }
.bet:not(:empty) { background: #f5d76e; color: #222; border-radius: 1rem; padding: 0 .45rem; font-weight: 700; }
.badges span { font-size: .75rem; background: #fff; color: #222; border-radius: .3rem; padding: 0 .3rem; margin-right: .2rem; }
.badges .allin { background: #ffcf99; } .badges .next { background: #9be7ff; }
.equity:empty, .result:empty { display: none; }
.equity { font-size: .85rem; margin-top: .2rem; }
.equity .pots { font-size: .75rem; opacity: .85; }
.equity .bar { height: .35rem; background: rgba(255, 255, 255, .25); border-radius: .2rem; overflow: hidden; }
.equity .bar i { display: block; height: 100%; background: #f5d76e; }
.result { font-size: .85rem; margin-top: .2rem; }
.result.differs { color: #ffd0cc; font-weight: 700; }
#now { margin: .8rem 0 0; background: rgba(0, 0, 0, .25); border-radius: .5rem; padding: .5rem .7rem; min-height: 2.5rem; }
#now .violation { color: #ffd0cc; font-weight: 600; }
nav { display: flex; align-items: center; gap: .4rem; margin-top: .6rem; flex-wrap: wrap; }
nav button { font: inherit; padding: .45rem .8rem; border-radius: .4rem; border: 0; background: #fff; cursor: pointer;
             min-width: 2.8rem; }
nav input[type=range] { flex: 1 1 8rem; }
#count { color: #fff; white-space: nowrap; }
#side { position: relative; align-self: start; background: var(--panel); border-radius: .8rem; padding: .6rem .8rem; max-height: 44rem; overflow: auto; }
#side h2 { font-size: 1rem; margin: .2rem 0 .4rem; }
#log { list-style: none; margin: 0; padding: 0; }
#log li.street-head { font-weight: 700; margin-top: .5rem; border-bottom: 1px solid #ccc; }
#log li.step { padding: .2rem .35rem; border-radius: .3rem; cursor: pointer; }
#log li.step:hover { background: #e4e1d7; }
#log li.step.current { background: #26312b; color: #fff; }
#log li.step.bad { border-left: 4px solid var(--bad); }
#log li.step.bad .what::before { content: "\\26A0  "; color: var(--bad); }
#log .violation { font-size: .8rem; color: var(--bad); }
#log li.current .violation { color: #ffd0cc; }
#payout { grid-column: 1 / -1; background: var(--panel); border-radius: .8rem; padding: .6rem 1rem; overflow-x: auto; }
#payout h2 { font-size: 1.05rem; margin: .6rem 0 .3rem; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid #d6d3ca; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
tr.differs td { color: var(--bad); font-weight: 700; }
#violations li { margin: .25rem 0; color: var(--bad); }
#violations button { font: inherit; font-size: .8rem; }
.clean { color: #13803a; }
.keys { font-size: .8rem; color: #555; }
@media (max-width: 46rem) {
  main { grid-template-columns: 1fr; padding: .5rem; gap: .6rem; }
  #table { padding: .5rem; border-radius: .7rem; }
  #seats { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .35rem; }
  .seat { padding: .3rem .3rem; }
  .cards { gap: .08rem; min-height: 2rem; }
  .card { width: 1.2rem; height: 1.9rem; border-radius: .2rem; }
  .card .rank, .card .suit { font-size: .78rem; }
  .card.down::after { content: ""; }
  .card.down { border-bottom: 3px solid #c9a227; }
  #side { max-height: 20rem; }
  body { font-size: 15px; }
}
"""

SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var steps = data.steps, at = 0;
  var SUITS = { c: "\\u2663", d: "\\u2666", h: "\\u2665", s: "\\u2660" };
  var slider = document.getElementById("slider");
  var items = Array.prototype.slice.call(document.querySelectorAll("#log li[data-step]"));
  var seats = Array.prototype.slice.call(document.querySelectorAll("#seats .seat"));

  function card(text, down, community) {
    var el = document.createElement("span");
    el.className = "card" + (down ? " down" : "") + (community ? " community" : "");
    el.setAttribute("data-card", text);
    if (text === "??") {
      el.className += " back";
      el.title = down ? "a down card you cannot see" : "a card the history does not show";
      return el;
    }
    el.className += " s-" + text.charAt(1);
    var rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = text.charAt(0) === "T" ? "10" : text.charAt(0);
    var suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = SUITS[text.charAt(1)] || "?";
    el.appendChild(rank);
    el.appendChild(suit);
    el.title = text + (down ? " (down)" : "");
    return el;
  }

  function badge(cls, text) {
    var el = document.createElement("span");
    el.className = cls;
    el.textContent = text;
    return el;
  }

  function show(n) {
    if (!steps.length) { return; }
    at = Math.max(0, Math.min(steps.length - 1, n));
    var step = steps[at];
    document.getElementById("street").textContent = step.street + " street";
    var pot = document.getElementById("pot");
    pot.setAttribute("data-pot", step.pot);
    pot.querySelector("b").textContent = step.potText;
    var cc = document.getElementById("community");
    cc.replaceChildren();
    if (step.cc.length) {
      cc.appendChild(document.createTextNode("Community card "));
      step.cc.forEach(function (c) { cc.appendChild(card(c, false, true)); });
    }
    cc.setAttribute("data-cards", step.cc.join(" "));
    seats.forEach(function (el) {
      var seat = el.getAttribute("data-seat"), v = step.seats[seat];
      var cards = el.querySelector(".cards"), badges = el.querySelector(".badges");
      var eq = el.querySelector(".equity"), res = el.querySelector(".result");
      cards.replaceChildren();
      badges.replaceChildren();
      eq.replaceChildren();
      res.textContent = "";
      res.className = "result";
      el.classList.toggle("acted", String(step.actor) === seat);
      el.classList.toggle("to-act", String(step.toAct) === seat);
      el.classList.toggle("bad", step.bad > 0 && String(step.actor) === seat);
      if (!v) {
        el.classList.add("folded");
        el.setAttribute("data-cards", "");
        return;
      }
      el.classList.toggle("folded", v.folded);
      v.cards.forEach(function (c) { cards.appendChild(card(c[0], c[1], false)); });
      el.setAttribute("data-cards", v.cards.map(function (c) { return c[0]; }).join(" "));
      el.setAttribute("data-stack", v.stack);
      el.setAttribute("data-bet", v.bet);
      el.querySelector(".stack").textContent = v.stackText;
      el.querySelector(".bet").textContent = v.betText;
      if (v.folded) { badges.appendChild(badge("folded", "folded")); }
      if (v.allIn) { badges.appendChild(badge("allin", "all-in")); }
      if (String(step.toAct) === seat) { badges.appendChild(badge("next", "to act")); }
      if (v.equity !== null) {
        var several = v.pots.length > 1 || (v.pots.length === 1 && v.pots[0][0] !== "main");
        var halves = v.pots.some(function (p) { return p.length > 2; });
        eq.appendChild(document.createTextNode("equity " + v.equity.toFixed(1) + "%" +
          (several || step.pots > 1 ? " of the chips in play" : "")));
        if (several || halves) {
          var per = document.createElement("div");
          per.className = "pots";
          per.textContent = v.pots.map(function (p) {
            var pot = p[0] + " " + p[1].toFixed(1) + "%";
            return p.length > 2 ? pot + " (high " + p[2].toFixed(1) + "%, low " + p[3].toFixed(1) + "%)" : pot;
          }).join(" \u00b7 ");
          eq.appendChild(per);
        }
        eq.setAttribute("data-pots", JSON.stringify(v.pots));
        var bar = document.createElement("div"), fill = document.createElement("i");
        bar.className = "bar";
        fill.style.width = v.equity + "%";
        bar.appendChild(fill);
        eq.appendChild(bar);
        eq.setAttribute("data-equity", v.equity);
      } else {
        eq.removeAttribute("data-equity");
        eq.removeAttribute("data-pots");
      }
      if (v.siteStack !== null) {
        el.querySelector(".stack").textContent = v.stackText + " (site: " + v.siteStack + ")";
      }
      if (v.rules !== null && (v.rules !== v.zero || v.site !== v.zero)) {
        res.textContent = "rules pay " + v.rules + " \\u00b7 site paid " + v.site;
        if (v.differs) { res.className = "result differs"; }
      }
    });
    var now = document.getElementById("now"), source = items[at];
    now.replaceChildren();
    Array.prototype.forEach.call(source.childNodes, function (node) { now.appendChild(node.cloneNode(true)); });
    items.forEach(function (li, i) { li.classList.toggle("current", i === at); });
    var box = document.getElementById("side");
    if (source.offsetTop < box.scrollTop || source.offsetTop + source.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = source.offsetTop - box.clientHeight / 3;
    }
    slider.value = at;
    document.getElementById("count").textContent = "step " + (at + 1) + " of " + steps.length;
    document.body.setAttribute("data-step", at);
  }

  function street(direction) {
    var starts = data.streetStarts, target = direction > 0 ? steps.length - 1 : 0, i;
    if (direction > 0) {
      for (i = 0; i < starts.length; i++) { if (starts[i] > at) { target = starts[i]; break; } }
    } else {
      for (i = starts.length - 1; i >= 0; i--) { if (starts[i] < at) { target = starts[i]; break; } }
    }
    show(target);
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(at - 1); });
  document.getElementById("next").addEventListener("click", function () { show(at + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps.length - 1); });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  items.forEach(function (li) {
    li.addEventListener("click", function () { show(parseInt(li.getAttribute("data-step"), 10)); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-goto]"), function (b) {
    b.addEventListener("click", function () {
      show(parseInt(b.getAttribute("data-goto"), 10));
      document.getElementById("table").scrollIntoView();
    });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var moves = {
      ArrowRight: function () { show(at + 1); },
      ArrowLeft: function () { show(at - 1); },
      Home: function () { show(0); },
      End: function () { show(steps.length - 1); },
      PageDown: function () { street(1); },
      PageUp: function () { street(-1); }
    };
    if (moves[ev.key]) { ev.preventDefault(); moves[ev.key](); }
  });
  var hash = /^#step-(\\d+)$/.exec(window.location.hash);
  show(hash ? parseInt(hash[1], 10) - 1 : 0);
})();
"""

BODY = """<body>
<header>{back}<h1>{heading}</h1><p>{details}</p><p>{viewer}</p></header>
<main>
<section id="table" aria-label="the table">
<div id="middle"><span id="street"></span><span id="pot" data-pot="">Pot <b></b></span><span id="community"></span></div>
<div id="seats">
{seats}
</div>
<div id="now" aria-live="polite"></div>
<nav aria-label="steps">
<button type="button" id="first" title="first step (Home)">&#x25C0;&#x25C0;</button>
<button type="button" id="prev" title="previous step (left arrow)">&#x25C0;</button>
<input type="range" id="slider" min="0" max="{last}" value="0" aria-label="step">
<button type="button" id="next" title="next step (right arrow)">&#x25B6;</button>
<button type="button" id="last" title="last step (End)">&#x25B6;&#x25B6;</button>
<span id="count"></span>
</nav>
</section>
<aside id="side">
<h2>The hand, step by step</h2>
<p class="keys">Keys: &larr; &rarr; a step, PgUp PgDn a street, Home End the first and last; or click a line.</p>
<ol id="log">
{log}
</ol>
</aside>
<section id="payout">
{payout}
</section>
{liveness}
</main>
<script type="application/json" id="replay-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
