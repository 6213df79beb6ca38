"""Where a game's rounds and turns start, for the log's headings and the story's.

Each game names the events that begin a round or a turn (``LOG_MARKS`` below, by game id; a
Game's own ``log_marks`` attribute wins): a dict ``event kind -> "round" | "turn"``, or a
function of the event giving one of them or None (an event of that kind that begins
nothing). The log panel draws such an event's line as a heading (a round's above a turn's),
as Board Game Arena's log does; the story puts a heading there. Pure Python: no pygame."""

from __future__ import annotations

ROUND, TURN = "round", "turn"


def _soa_round(e):
    # round 1 starts with its villain; a later round with the Action deck reshuffled first
    return ROUND if e.data.get("round") == 1 else None


LOG_MARKS: dict[str, dict] = {
    "sand": {"upkeep": ROUND, "turn": TURN},  # an Upkeep ends each workday; each seat's turn
    "sahwari": {"turn": TURN, "gm_turn": TURN},  # a player's turn; the Guildmaster's (solo)
    "sands_of_adventure": {"round_prepared": ROUND, "round_started": _soa_round, "turn": TURN},
    "burning_sands": {"turn": ROUND},  # Turn N (the Caliph's Blessing passes): Day, Night, End
}


def marks_of(game) -> dict:
    own = getattr(game, "log_marks", None)
    return dict(own) if isinstance(own, dict) else dict(LOG_MARKS.get(game.id, {}))


def mark_of(marks: dict, event) -> str | None:
    """"round", "turn" or None: what ``event`` begins, by the game's ``marks``."""
    how = marks.get(event.kind)
    if callable(how):
        how = how(event)
    return how if how in (ROUND, TURN) and event.text else None


def text_marks(marks: dict, events) -> dict[str, str]:
    """The texts of the events that begin a round or a turn, and which."""
    out = {}
    for e in events:
        m = mark_of(marks, e)
        if m is not None:
            out[e.text] = m
    return out
