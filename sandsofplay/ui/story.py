"""A finished game's story with its end told as the results screen tells it (issue 30 point 3):
``engine.replay.story`` with, after the final scores, the winner in words, how the game ended,
and each seat's score broken down by the book's categories (``results.breakdown``: each game's
``results_breakdown``). Pure Python: no pygame; ``--story``, the replay's Story button and the
Games played screen all tell it this way."""

from __future__ import annotations

import logging

from ..engine.replay import named, story
from . import results

log = logging.getLogger("sandsofplay")


def ending(game, state, seats) -> list[str]:
    """The end of the story: the headline, how it ended, and the breakdown (empty for an
    unfinished game; the headline alone for a game without a breakdown)."""
    if game.outcome(state) is None:
        return []
    try:
        bd = results.breakdown(game, state)
    except Exception:  # noqa: BLE001 - a broken breakdown must not lose the story
        log.exception("the results breakdown of %s failed", game.id)
        bd = None
    lines = ["## The end", "", results.headline(game, state, seats, bd)]
    how = results.how_line(game, state, bd)
    if how:
        lines.append(named(how, seats))
    if not bd:
        return lines
    unit = bd.get("unit", "")
    cols = bd.get("columns", [])
    if len(cols) > 1 and all(c["rows"] == cols[0]["rows"] for c in cols):
        cols = [dict(cols[0], seat=None, who="The team")]  # (a team game: one score for all)
    for c in cols:
        who = c.get("who") or results.seat_label(seats, c["seat"])
        total = f"{c['total']} {unit}".strip()
        lines += ["", f"### {who}: {total}"]
        for category, what, points in c["rows"]:
            lines.append(f"- {category}: {what}" + ("" if points is None else f" ({points})"))
        if c.get("tiebreak"):
            lines.append(f"- Tie-break: {c['tiebreak']}")
    return lines


def full_story(replay, title: str | None = None) -> str:
    """The story of a replay, its end with the breakdown."""
    return story(replay, title, ending=ending)


__all__ = ["ending", "full_story"]
