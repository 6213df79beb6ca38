"""The stack of pending decisions: frames, the Reaction window frame, log lines, refusals.

Every question the game asks is a frame on ``s.stack`` (a dict with ``k`` its kind and
``seat`` the seat that answers; -1 while no seat is asked); the top frame is answered first.
Each rule module lists the stages of its frame kinds as ``STAGES`` rows, and ``stages`` builds
the game's ``engine.flow.Flow`` from them. A row's functions take the frame:
``legal(s, f)`` lists the answers, ``apply(s, f, action, ev)`` performs one, ``auto(s, f, ev)``
moves things on without a decision (True when it popped or pushed frames) and ``reason(s, f,
seat, action)`` says why an action is refused. A frame whose ``legal`` is empty is dropped.

A Reaction window (Reactions) is a ``window`` frame (its stage is in ``effects``): starting
with the player on the actor's left and going round, each player who holds a Reaction that fits
the trigger may play one or pass, until every player has passed in a row; players with no
fitting Reaction pass without being asked (ruling R-3).
"""

from __future__ import annotations

from sandsofplay.engine import Action, Event

from .cards import player_name
from .state import BurningSandsState


_new = tuple.__new__


def A(kind, *args):
    """An Action built from the rules (the engine's constructor checks nothing; text from
    outside is parsed and checked by ``Action.parse``): what ``Action(kind, args)`` builds,
    ``args`` being a tuple already, without the constructor's call."""
    return _new(Action, (kind, args))


def push(s: BurningSandsState, f: dict) -> dict:
    s.stack.append(f)
    return f


def top(s: BurningSandsState):
    return s.stack[-1] if s.stack else None


def log(ev, kind, text, **data):
    ev.append(Event(kind, data, text))


def open_window(s: BurningSandsState, trig: dict, actor: int) -> None:
    """Push a Reaction window for ``trig`` (a dict with ``on`` and the details) after an action
    or event by ``actor``; players are asked from the actor's left."""
    order = [(actor + i) % s.n for i in range(1, s.n + 1)]
    order = [p for p in order if s.alive[p]]
    push(s, {"k": "window", "seat": -1, "trig": trig, "order": order, "i": 0, "passes": 0})


def refuse(s: BurningSandsState, f: dict, seat: int, task: str, why: str = "") -> str:
    """The sentence that refuses ``seat`` an action while ``f`` asks its seat ``task`` (a phrase
    such as "to choose a defender"): whose turn it is; to the seat asked, ``why`` (the rule that
    forbids the action, when the caller knows it) or else what it is asked."""
    who = f.get("seat", -1)
    if who < 0:
        return "No player is asked anything yet: the rules are moving on."
    if seat != who:
        return f"It is {player_name(s, who)}'s turn {task}."
    return why or f"{player_name(s, who)} cannot do that now: it is time {task}."


_MEMO = object()  # marks what an automatic step kept in ``s._cache`` for its frame's answers


def remember(s: BurningSandsState, f: dict, found: list) -> list:
    """An automatic step that stops for a decision keeps what it found (the answers it looked
    for) in ``s._cache``: settling asks the frame's ``legal`` at once, nothing changed in
    between, and the next change of the state forgets it (``stages.changing``)."""
    s._cache = (_MEMO, f, found)
    return found


def recalled(s: BurningSandsState, f: dict):
    """What an automatic step of ``f`` just kept (``remember``), or None."""
    c = s._cache
    if c is not None and c[0] is _MEMO and c[1] is f:
        return c[2]
    return None


def none(s: BurningSandsState, f) -> list:
    """The answers of a frame that no seat answers (it only moves on by itself)."""
    return []
