"""4. Activate Abilities (optional, at any time): the abilities window of the active player.

Abilities may start wherever the active player has a choice of their own step: at every step,
and between a move and its collection (the Move's collect frame alone on the stack); never in the
middle of resolving another effect (docs/rulings/sahwari.md). The window's actions are
``caravan <i>``, ``strike``, ``storage <slot>``, ``pawns spy|refresh|storm|artifact`` and
``space <card>``; ``with_window`` adds them to a stage's own answers.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from .actions import A
from .data import LOCKS_PER_PLAYER, get as _data
from .state import EMPTY, SahwariState

D = _data()

RULE = "4. Activate Abilities"
WINDOW_KINDS = frozenset(("caravan", "strike", "storage", "pawns", "space"))
PAWN_COSTS = {"spy": 1, "refresh": 1, "storm": 2, "artifact": 2}
PAWN_ICONS = {"spy": "spy", "refresh": "refresh", "storm": "sandstorm", "artifact": "artifact"}

CARAVAN = tuple(A("caravan", i) for i in range(20))
SPACE = tuple(A("space", c) for c in range(37))
STRIKE = A("strike")
PAWNS_SPY, PAWNS_REFRESH = A("pawns", "spy"), A("pawns", "refresh")
PAWNS_STORM, PAWNS_ARTIFACT = A("pawns", "storm"), A("pawns", "artifact")
# clan -> ((slot, its action), ...) in slot order
STORAGE_SLOTS = {name: tuple((slot, A("storage", slot)) for slot in sorted(c.storage_abilities))
                 for name, c in D.clans.items()}


def window_open(s: SahwariState) -> bool:
    """Rulebook 4 ("at any time"): abilities may start at any step of the active player's own, and
    between a move and its collection (the Move's collect frame alone on the stack); not while
    another effect is being resolved."""
    pend = s.pending
    if not pend:
        return s.step in ("reenter", "move", "move2", "guild", "end")
    return len(pend) == 1 and pend[0][0] == "collect" and len(pend[0]) == 2


def window_actions(s: SahwariState, p: int) -> list:
    """Rulebook 4. Activate Abilities (optional, at any time)."""
    out = []
    held = s.held[p]
    if held:
        used = s.used
        for i, t in enumerate(held):
            if not used >> t & 1:
                out.append(CARAVAN[i])
    if s.strat[p] > 0:
        out.append(STRIKE)
    locks = s.locks[p]
    storage = s.storage[p]
    if len(locks) < LOCKS_PER_PLAYER and storage:
        for slot, act in STORAGE_SLOTS[s.clan[p]]:
            if storage > slot and slot not in locks:
                out.append(act)
    t = s.track[p]
    if t >= 1:
        if ab.has_spy_target(s, p):
            out.append(PAWNS_SPY)
        if s.deck or s.discard:
            out.append(PAWNS_REFRESH)
        if t >= 2:
            out.append(PAWNS_STORM)
            if s.supply_art > 0:
                out.append(PAWNS_ARTIFACT)
    if storage > 0:  # the empty Artifact spaces (ab.empty_spaces), spelt out: a hot path
        sp = s.spaces[p]
        for c in s.left[p]:
            if sp[c] == EMPTY:
                out.append(SPACE[c])
        for c in s.right[p]:
            if sp[c] == EMPTY:
                out.append(SPACE[c])
    return out


def apply_window(s: SahwariState, p: int, a, ev) -> None:
    """Start one ability of the window (already checked to be legal)."""
    k, args = a  # an Action is the pair (kind, args)
    who = ab.who(s, p)
    if k == "caravan":
        ab.use_token(s, p, s.held[p][args[0]], ev)
    elif k == "strike":
        s.strat[p] -= 1
        s.supply_strat += 1
        ev.append(Event("strike", {"seat": p}, f"{who} discards a Strategy token to attack."))
        s.pending.append(("attack",))
    elif k == "storage":
        slot = args[0]
        s.locks[p].append(slot)
        icon = D.clans[s.clan[p]].storage_abilities[slot]
        ev.append(Event("storage_ability", {"seat": p, "slot": slot, "ability": icon},
                        f"{who} places a Lock token to use a storage ability ({icon})."))
        s.pending.append(("icons", (icon,)))
    elif k == "pawns":
        what = args[0]
        cost = PAWN_COSTS[what]
        dest = []
        for _ in range(cost):
            s.track[p] -= 1
            dest.append(ab.put_pawn_on_guild(s))
        ev.append(Event("pawns", {"seat": p, "ability": what, "cost": cost, "to": dest},
                        f"{who} uses {cost} Recruit pawn{'s' if cost > 1 else ''} for {what}."))
        s.pending.append(("icons", (PAWN_ICONS[what],)))
    else:  # space
        s.storage[p] -= 1
        ab.place_cube_on_space(s, p, args[0], ev, "storage")


def with_window(legal, apply, first: bool = False):
    """A stage's ``legal`` and ``apply`` with the abilities window added while it is open: its
    actions after the stage's own answers (before them with ``first``), and applied here."""
    def legal_w(s: SahwariState, q) -> list:
        own = legal(s, q)
        if not window_open(s):
            return own
        return window_actions(s, q.seat) + own if first else own + window_actions(s, q.seat)

    def apply_w(s: SahwariState, q, a, ev) -> None:
        if a[0] in WINDOW_KINDS and window_open(s):
            apply_window(s, q.seat, a, ev)
        else:
            apply(s, q, a, ev)
    return legal_w, apply_w


def _nth(args) -> str:
    return f"#{args[0] + 1}" if args and type(args[0]) is int else "of that number"


def window_reason(s: SahwariState, p: int, a) -> str:
    """Why the window's action ``a`` is refused to the active player ``p`` while it is open
    ("" for an action that is not the window's)."""
    k, args = a
    who = ab.who(s, p)
    if k == "caravan":
        return f"{who} has no caravan token {_nth(args)} still camel side up to reveal."
    if k == "strike":
        return f"{who} has no Strategy token (Attack side) to discard."
    if k == "storage":
        return (f"{who} cannot use that storage ability: it needs an Artifact cube above it and "
                "a Lock token left, and is used once a game.")
    if k == "pawns":
        return (f"{who} cannot pay for that: 1 Recruit pawn buys Spying (with a hidden caravan "
                "token left to peek at) or a refresh, 2 buy a Sandstorm or an Artifact cube from "
                "the supply.")
    if k == "space":
        return f"{who} needs a stored Artifact cube and an empty Artifact space of that card."
    return ""
