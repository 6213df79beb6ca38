"""The start of a turn (Rulebook: Game Turns): the turn begins, and the player places Action
tokens from the pool onto free spaces of the Worm (or abandons a Box to free its token, Abandoned
Goods) until they finish placing; with nothing to place the rules go straight on to the actions."""

from __future__ import annotations

from sandsofplay.engine import Action, Event
from sandsofplay.engine.flow import Question

from .core import A, free_spaces, new_turn_flags, who
from .data import DICE
from .moves import do_abandon
from .state import POOL, READY, SandState

R_PLACE = "Game Turns"
PHASES = ("Morning", "Afternoon", "Night")
PLACE = [A("place", c) for c in DICE]
ABANDON = [A("abandon", i) for i in range(8)]
GO = A("go")


def begin_turn(s: SandState, seat: int, ev: list) -> None:
    s.cur = seat
    p = s.players[seat]
    p["turns"] += 1
    s.turn = new_turn_flags()
    s.step = "act" if nothing_to_place(s, seat) else "place"
    ev.append(Event("turn", {"seat": seat, "round": s.round, "phase": s.phase},
                    f"{who(s, seat)}'s turn ({PHASES[s.phase]}, workday {s.round})."))


def nothing_to_place(s: SandState, seat: int) -> bool:
    p = s.players[seat]
    if any(e[0] >= 0 for e in p["cargo"]):
        return False
    return free_spaces(p) <= 0 or POOL not in p["tok"]


def place_actions(s: SandState, seat: int) -> list[Action]:
    p = s.players[seat]
    tok = p["tok"]
    out = []
    if free_spaces(p) > 0:
        out = [PLACE[i] for i in range(4) if tok[i] == POOL]
    for i, e in enumerate(p["cargo"]):
        if e[0] >= 0:
            out.append(ABANDON[i])
    out.append(GO)
    return out


# --- the stage ----------------------------------------------------------------------------------

def legal_place(s: SandState, q: Question) -> list[Action]:
    return place_actions(s, q.seat)


def do_place(s: SandState, q: Question, a: Action, ev: list) -> None:
    if a.kind == "place":
        s.players[q.seat]["tok"][DICE.index(a.args[0])] = READY
    elif a.kind == "abandon":
        do_abandon(s, q.seat, a.args[0], ev, True)
    else:
        s.step = "act"


def auto_place(s: SandState, q: Question, ev: list) -> bool:
    """Nothing (more) to place: the actions begin."""
    if nothing_to_place(s, q.seat):
        s.step = "act"
        return True
    return False


def place_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    name = who(s, seat)
    if a.kind == "place":
        return f"{name} can place only an Action token that is in the pool, onto a free space " \
               "of the Worm."
    if a.kind == "abandon":
        return f"{name} can abandon only a Box that occupies an Action token."
    return f"{name} is placing Action tokens first: place one from the pool, abandon a Box to " \
           "free its token, or finish placing."


# name, legal, apply, auto, reason, rule
STAGES = (("place", legal_place, do_place, auto_place, place_reason, R_PLACE),)
