"""Every legal action of the seat to act, bound to what a person does on the table to take it.

A ``Choice`` is either a click on something drawn (a tile, a resource, a token, a card, a space, an
ability icon), a drag from a piece to a place (camels, the cube or card in hand, a stored cube),
or a button in the prompt bar. The table's input handling, its glowing targets, its keyboard
focus ring and ``gestures()`` are all read from this one list, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...games.sahwari.data import get as sahwari_data
from ...games.sahwari.abilities import cell_name
from .art import ABILITY_NAMES

D = sahwari_data()

DRAG, CLICK, BUTTON = "drag", "click", "button"


@dataclass
class Choice:
    action: object
    how: str  # drag | click | button
    target: pygame.Rect  # what to click, or where to drop
    source: pygame.Rect | None = None  # for drags: the piece to pick up
    key: tuple = ()  # for drags: which piece (camels, hand items, storage)
    label: str = ""

    @property
    def point(self):
        return self.target.center


def button_label(a, obs) -> str:
    k, args = a.kind, a.args
    if k == "clan":
        return args[0].capitalize()
    if k == "colour":
        return args[0].capitalize()
    if k == "stop":
        return "Stop here"
    if k == "blocked":
        cam = obs["camels"][args[0]]
        return f"Take off the camel on {cell_name(cam['cell'])}"
    if k == "use":
        return "Use it now"
    if k == "keep":
        return "Keep it for later"
    if k == "do":
        return ABILITY_NAMES.get(args[0], args[0]).split(" (")[0] + " first"
    if k == "skip":
        return "Skip"
    if k == "end_turn":
        return "End the turn"
    return str(a)


BUTTON_KINDS = ("clan", "colour", "stop", "blocked", "use", "keep", "do", "skip", "end_turn")


def build(obs, legal, geo, seat, hand_rect) -> list[Choice]:
    """The choices for ``seat`` (which must be the seat to act), buttons without rects yet."""
    out = []
    pl = obs["players"][seat] if seat < len(obs["players"]) else None
    grid = obs["grid"]
    for a in legal:
        k, args = a.kind, a.args
        if k in BUTTON_KINDS:
            out.append(Choice(a, BUTTON, pygame.Rect(0, 0, 0, 0), label=button_label(a, obs)))
        elif k in ("place_guild", "place", "storm_to", "steal", "push"):
            out.append(Choice(a, CLICK, geo.cell_rect(args[-1] if k != "place_guild" else args[0])
                              .inflate(-6, -6)))
        elif k in ("move", "guild", "reenter"):
            camel, to = args
            src = geo.camel_rect(obs, camel)
            if src is None:
                continue
            out.append(Choice(a, DRAG, geo.cell_rect(to).inflate(-6, -6), src, ("camel", camel)))
        elif k == "take":
            cell = _collect_cell(obs)
            rects = dict(geo.resource_rects(grid[cell]))
            if args[0] in rects:
                out.append(Choice(a, CLICK, rects[args[0]]))
        elif k == "cube":
            if args[0] == "storage":
                cap = D.clans[pl["clan"]].capacity
                dst = geo.storage_rect(seat, cap)
            else:
                dst = geo.space_rects(seat, pl).get(args[0])
            if dst is not None:
                out.append(Choice(a, DRAG, dst, _hand_item(hand_rect), ("hand",)))
        elif k == "card":
            r = dict(geo.area_rects(obs)).get(args[0])
            if r is not None:
                out.append(Choice(a, CLICK, r))
        elif k == "edge":
            out.append(Choice(a, DRAG, geo.edge_zone(seat, pl, args[0]), _hand_item(hand_rect),
                              ("hand",)))
        elif k in ("spy", "rally", "attack_caravan"):
            cell, kind = args
            rects = dict(geo.resource_rects(grid[cell]))
            if kind in rects:
                out.append(Choice(a, CLICK, rects[kind]))
        elif k == "spy_clan":
            q, i = args
            held = obs["players"][q]["held"]
            rects = geo.item_rects(q, len(held) + obs["players"][q]["strategy"])
            out.append(Choice(a, CLICK, rects[i]))
        elif k == "spy_gm":
            out.append(Choice(a, CLICK, geo.gm_token_rects(len(obs["gm"]["tokens"]))[args[0]]))
        elif k in ("storm", "attack"):
            r = geo.camel_rect(obs, args[0])
            if r is not None:
                out.append(Choice(a, CLICK, r))
        elif k == "lock":
            t = _lock_target(obs)
            if t >= obs["n"]:  # the Guildmaster: one of its cubed cards
                r = geo.gm_card_rects(obs["gm"]["cards"]).get(args[0])
            else:
                r = geo.space_rects(t, obs["players"][t]).get(args[0])
            if r is not None:
                out.append(Choice(a, CLICK, r))
        elif k == "caravan":
            rects = geo.item_rects(seat, len(pl["held"]) + pl["strategy"])
            out.append(Choice(a, CLICK, rects[args[0]]))
        elif k == "strike":
            rects = geo.item_rects(seat, len(pl["held"]) + pl["strategy"])
            out.append(Choice(a, CLICK, rects[len(pl["held"])]))
        elif k == "storage":
            cap = D.clans[pl["clan"]].capacity
            out.append(Choice(a, CLICK, geo.storage_ability_rect(seat, cap, args[0])))
        elif k == "pawns":
            r = next(r for what, _c, r in geo.pawn_ability_rects(seat) if what == args[0])
            out.append(Choice(a, CLICK, r))
        elif k == "space":
            cap = D.clans[pl["clan"]].capacity
            slots = geo.storage_slots(seat, cap)
            src = slots[max(0, pl["storage"] - 1)]
            dst = geo.space_rects(seat, pl).get(args[0])
            if dst is not None:
                out.append(Choice(a, DRAG, dst, src, ("storage",)))
        else:
            out.append(Choice(a, BUTTON, pygame.Rect(0, 0, 0, 0), label=str(a)))
    return out


def _hand_item(hand_rect) -> pygame.Rect:
    return pygame.Rect(hand_rect.x + 110, hand_rect.y + 22, 66, 66)


def _collect_cell(obs) -> int:
    for f in reversed(obs["pending"]):
        if f[0] == "collect":
            return f[1]
    return -1


def _lock_target(obs) -> int:
    for f in reversed(obs["pending"]):
        if f[0] == "lock":
            return f[1]
    return 0
