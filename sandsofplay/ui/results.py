"""What a finished game's results say (issue 30 point 2): the winner in words and each seat's
score broken down by the book's scoring categories.

The breakdowns come from the games: ``Game.results(state)`` (each game's scoring module's
``results_breakdown``, imported when a game ends; Sands of Adventure's is in ``rounds``, where
its rounds end). A breakdown is a dict::

    {"unit": "coins", "how": "most money", "ended": "The most money wins; ...",
     "columns": [{"seat": 0, "who": None, "total": 41, "tiebreak": "...",
                  "rows": [(category, what, points or None), ...]}, ...]}

``ended`` is the line under the headline, in the game's words; a game that names the kind of
win gives ``won_by`` ("Military Victory": "Tariq wins by Military Victory.") or ``won_as``; a
team game gives its ``won`` and ``lost`` headlines. Nothing here asks which game it is.
with a column per seat and, in solo games, one for the rival (``seat`` None, ``who`` its name);
the points of a seat's rows add up to its score in the game's ``outcome``. A game without a
breakdown (a test game) gives None, and the results show the outcome's scores alone.
"""

from __future__ import annotations

import logging

from ..engine.describe import series
from ..engine.names import visible

log = logging.getLogger("sandsofplay")

def breakdown(game, state) -> dict | None:
    """The breakdown of a finished game's ``state`` (None: the game has none, or it is not
    finished): the game's ``results``."""
    if game.outcome(state) is None:
        return None
    return game.results(state)


def seat_name(seats, i: int) -> str:
    name = seats[i].name if i < len(seats) else ""
    return name if visible(name) else f"Seat {i + 1}"


def seat_label(seats, i: int) -> str:
    """A seat's name with its bot level: "Tariq (bot, hard)"."""
    label = seat_name(seats, i)
    if i < len(seats) and seats[i].is_bot:
        label += f" (bot, {seats[i].level or 'normal'})"
    return label


def headline(game, state, seats, bd: dict | None = None) -> str:
    """Who won, in words: a seat ("Tariq wins!"), a solo game's rival ("Alhazred wins."), the
    team ("Victory! The Ark is rescued.") or the villain ("Defeat: Belloq escapes with the
    Ark."), or no one and why."""
    out = game.outcome(state)
    if out is None:
        return "The game was left unfinished"
    if bd is None:
        try:
            bd = breakdown(game, state)
        except Exception:  # noqa: BLE001 - a broken breakdown must not lose the results
            log.exception("the results breakdown of %s failed", game.id)
            bd = None
    bd = bd or {}
    if out.team is not None:
        if out.team == "win":
            return bd.get("won", "Victory! The team wins.")
        return bd.get("lost", "Defeat. The team loses.")
    if out.winners:
        names = [seat_name(seats, i) for i in out.winners]
        verb = " win" if len(names) > 1 else " wins"
        if bd.get("won_by"):
            return f"{series(names)}{verb} by {bd['won_by']}."
        if bd.get("won_as"):
            return f"{series(names)}{verb}: {bd['won_as']}."
        return f"{series(names)}{verb}!"
    rivals = [c for c in bd.get("columns", ()) if c.get("seat") is None]
    if rivals:
        return f"{rivals[0]['who']} wins."
    reason = out.detail
    if reason and reason not in ("score", "tiebreak"):
        return f"No one wins: {reason}."
    return "No one wins."


def how_line(game, state, bd: dict | None) -> str:
    """The line under the headline: how the game ended, in the game's words (its breakdown's
    ``ended``; the outcome's detail for a game without one)."""
    out = game.outcome(state)
    if out is None:
        return ""
    if bd is None or "ended" not in bd:
        return out.detail
    return bd["ended"]


def summary(game, state, seats) -> dict:
    """A finished game's result as data for the history (``ui.history``): the headline,
    winners, team result and scores, and per seat whether it won."""
    out = game.outcome(state)
    if out is None:
        return {"finished": False, "headline": "The game was left unfinished"}
    try:
        bd = breakdown(game, state)
    except Exception:  # noqa: BLE001
        log.exception("the results breakdown of %s failed", game.id)
        bd = None
    won = [(out.team == "win") if out.team is not None else (i in out.winners)
           for i in range(len(seats))]
    no_winner = out.team is None and not out.winners and len(seats) > 1 and not any(
        c.get("seat") is None for c in (bd or {}).get("columns", ()))
    return {"finished": True, "headline": headline(game, state, seats, bd),
            "winners": list(out.winners), "team": out.team, "scores": list(out.scores),
            "won": won, "draw": no_winner, "unit": (bd or {}).get("unit", "")}


__all__ = ["breakdown", "headline", "how_line", "seat_label", "seat_name", "summary"]
