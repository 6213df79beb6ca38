"""The end of the game (How to Win): Story Victory, Military Victory (the players eliminated),
Alternate Victories, and the Sultan's judgement that closes a game still running after the turn
limit (ruling R-16: most Water, then most Story points, then most City Sections; a full tie
shares the win)."""

from __future__ import annotations

from sandsofplay.engine import Event
from sandsofplay.engine.describe import plural

from .cards import destroy, player_name, story_points, water_of
from .frames import log
from .state import BurningSandsState


def finish(s: BurningSandsState, winners, reason, ev) -> None:
    if s.over:
        return
    s.over = 1
    s.stack = []
    s.result = {"winners": list(winners), "reason": reason,
                "scores": [score(s, p) for p in range(s.n)]}
    names = ", ".join(player_name(s, p) for p in winners) or "no one"
    ev.append(Event("game_over", dict(s.result), f"{names} wins: {reason}.", reveal=True))


def score(s: BurningSandsState, p) -> int:
    """A number for the result table: Water, Story points and City Sections of a player still in
    the game (0 once eliminated)."""
    if not s.alive[p]:
        return 0
    return water_of(s, p) + 5 * story_points(s, p) + len(s.sections[p])


def judgement(s: BurningSandsState, ev) -> None:
    alive = [p for p in range(s.n) if s.alive[p]]
    key = {p: (water_of(s, p), story_points(s, p), len(s.sections[p])) for p in alive}
    best = max(key.values())
    finish(s, [p for p in alive if key[p] == best], f"the Sultan's judgement after turn {s.turn}", ev)


# --- the results screen's breakdown (issue 30) ---------------------------------------------

def how_won(reason: str) -> str:
    """The kind of ending (How to Win): Military, Story or Alternate Victory, the Sultan's
    judgement (ruling R-16), or no one left."""
    for kind in ("Military Victory", "Story Victory", "Alternate Victory"):
        if reason.startswith(kind):
            return kind
    if reason.startswith("the Sultan"):
        return "The Sultan's judgement"
    return reason[:1].upper() + reason[1:]


def results_breakdown(s: BurningSandsState) -> dict:
    """What the results screen shows of a finished game: how it was won, and per seat its
    Water, Story points and City Sections left with their units, as ``(category, what,
    points)`` rows adding up to the seat's number in the result table (``score``: Water, five a
    Story point, City Sections; 0 once out of the game)."""
    cols = []
    for p in range(s.n):
        water, story, sections = water_of(s, p), story_points(s, p), len(s.sections[p])
        w = (plural(water, "Water token"), f"{story} of 5 Story points",
             plural(sections, "City Section"))
        if s.alive[p]:
            rows = [("Water", w[0], water), ("Story points", w[1] + " (5 each)", 5 * story),
                    ("City Sections left", w[2], sections)]
        else:
            rows = [("Out of the game", "eliminated: counts 0", 0)]
        cols.append({"seat": p, "who": None, "total": score(s, p), "rows": rows,
                     "tiebreak": ""})
    reason = str((s.result or {}).get("reason", ""))
    how = how_won(reason)
    # the headline names the Victory; a reason beyond it (an Alternate Victory's Story, the
    # last rival out) is the line under it
    won = {"won_by": how} if "Victory" in how else {"won_as": how[:1].lower() + how[1:]}
    return {"unit": "points", "how": how, "reason": reason, **(won if how else {}),
            "ended": f"How it ended: {reason}." if reason and reason != how else "",
            "columns": cols}


def eliminate(s: BurningSandsState, p, ev, why) -> None:
    """A player out of the game: every card in play goes; the last one left wins (How to Win)."""
    s.alive[p] = 0
    for h in list(s.heroes[p]):
        destroy(s, h)
    for sec in list(s.sections[p]):
        destroy(s, sec)
    for u in list(s.home[p]):
        destroy(s, u)
    if s.omen >= 0 and s.owner[s.omen] == p:
        destroy(s, s.omen)
    log(ev, "eliminated", f"{player_name(s, p)} is out of the game ({why}).", seat=p)
    alive = [q for q in range(s.n) if s.alive[q]]
    if len(alive) == 1:
        finish(s, alive, "Military Victory", ev)
    elif not alive:
        finish(s, [], "no one is left", ev)


def check_no_sections(s: BurningSandsState, ev) -> None:
    """A player who has lost every City Section loses the game (Glossary: City Section)."""
    for p in range(s.n):
        if s.alive[p] and not s.sections[p] and not s.over:
            eliminate(s, p, ev, "every City Section destroyed")
