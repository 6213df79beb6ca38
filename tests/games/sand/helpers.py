"""Shared set-up for Sand's tests: a started game and small ways to arrange a scene."""

from __future__ import annotations

from sandsofplay.engine import A, Action, IllegalAction, Setup
from sandsofplay.games.sand import GAME
from sandsofplay.games.sand.data import DICE
from sandsofplay.games.sand.state import BUSY, POOL, READY

__all__ = ["A", "Action", "IllegalAction", "GAME", "new", "scene", "act", "legal_texts", "DICE",
           "BUSY", "POOL", "READY", "play_random"]


def new(n=2, seed=1, travelers="basic", level="medium"):
    opts = {"travelers": travelers}
    if n == 1:
        opts["alhazred"] = level
    return GAME.new_state(Setup.make("sand", ["human"] * n, seed=seed, **opts))


def scene(n=2, seed=1, level="medium", seat=None, tokens=(), loc=None, dice=None, **fields):
    """A game in the action step of ``seat`` (default: the first player) with the given ready
    tokens, location, dice (blue, red, white, black) and player fields."""
    s = new(n, seed, level=level)
    if s.step == "roll":
        GAME.apply(s, s.cur, A("keep_dice"))
    seat = s.cur if seat is None else seat
    s.cur = seat
    s.step = "act"
    p = s.players[seat]
    p["tok"] = [READY if DICE[i] in tokens else POOL for i in range(4)]
    if loc:
        p["loc"] = loc
    if dice:
        s.dice = list(dice)
    for k, v in fields.items():
        p[k] = v
    return s


def act(s, text, seat=None):
    """Apply an action; the state may have been arranged by hand, so no legal list is reused."""
    seat = s.cur if seat is None else seat
    s._memo = None
    return GAME.apply(s, seat, Action.parse(text))


def deliver(s, *gives):
    """Deliver, answering each question with a ``give N``, then done."""
    act(s, "deliver")
    for g in gives:
        act(s, f"give {g}")
    act(s, "done")


def deliver_all(s):
    """Deliver every Box the Worm can give here (``give 0`` while there is one), then done."""
    act(s, "deliver")
    while any(t.startswith("give") for t in legal_texts(s)):
        act(s, "give 0")
    act(s, "done")


def legal_texts(s, seat=None):
    seat = s.cur if seat is None else seat
    return [str(a) for a in GAME.legal_actions(s, seat)]


def play_random(s, rng, limit=100000):
    steps = 0
    while not s.over and steps < limit:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.randrange(len(legal))])
        steps += 1
    return steps
