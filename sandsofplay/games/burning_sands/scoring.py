"""The end of the game (How to Win): Story Victory, Military Victory, Alternate Victories, and
the Sultan's judgement that closes a game still running after the turn limit (ruling R-16:
most Water, then most Story points, then most City Sections; a full tie shares the win)."""

from __future__ import annotations

from sandsofplay.engine import Event

from .cards import player_name, story_points, water_of


def finish(s, winners, reason, ev) -> None:
    if s.over:
        return
    s.over = 1
    s.stack = []
    s.result = {"winners": list(winners), "reason": reason,
                "scores": [score(s, p) for p in range(s.n)]}
    names = ", ".join(player_name(s, p) for p in winners) or "no one"
    ev.append(Event("game_over", dict(s.result), f"{names} wins: {reason}.", reveal=True))


def score(s, p) -> int:
    """A number for the result table: Water, Story points and City Sections of a player still in
    the game (0 once eliminated)."""
    if not s.alive[p]:
        return 0
    return water_of(s, p) + 5 * story_points(s, p) + len(s.sections[p])


def judgement(s, ev) -> None:
    alive = [p for p in range(s.n) if s.alive[p]]
    key = {p: (water_of(s, p), story_points(s, p), len(s.sections[p])) for p in alive}
    best = max(key.values())
    finish(s, [p for p in alive if key[p] == best], f"the Sultan's judgement after turn {s.turn}", ev)
