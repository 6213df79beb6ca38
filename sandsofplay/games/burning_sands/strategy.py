"""What the bots know of the game: a heuristic value of a state for a seat, and what the rule-based
policy (``policy``) knows of the two main paths to victory [How to Win]: a Military Victory and
a Story Victory (5 Story points in play, no two Stories of one name). A player's deck list is
public (ruling R-26), so the Stories a player could still tell are known to everyone: those of
its deck list whose name is not yet in its home; only whether one is in hand is hidden."""

from __future__ import annotations

from .cards import CARDS, card, section_strength, story_points, strength, water_of
from .state import BurningSandsState

STORY_WIN = 5  # How to Win: Story Victory


def story_value(pts: int) -> float:
    """Story points in play cannot be lost, and each brings the Story Victory nearer: the value
    grows with each point (6, 12, 22, 36 for 1-4 points)."""
    return 6.0 * pts + 4.0 * max(0, pts - 2) ** 2


def value(s: BurningSandsState, p) -> float:
    if not s.alive[p]:
        return -100.0
    v = 4.0 * water_of(s, p)
    v += story_value(story_points(s, p))
    for sec in s.sections[p]:
        v += 5.0 + section_strength(s, sec)
    for h in s.heroes[p]:
        v += 3.0 + 1.5 * strength(s, h) + 0.5 * len(s.att[h]) + (0.0 if s.bowed[h] else 0.5)
    for u in s.home[p]:
        c = card(s, u)
        v += 2.0 * c.produce if c.type == "holding" else 0.0
    v += 0.6 * min(len(s.hand[p]), 8)
    return v


def heuristic(s: BurningSandsState, seat) -> float:
    mine = value(s, seat)
    others = [value(s, q) for q in range(s.n) if q != seat and s.alive[q]]
    if not others:
        return mine
    return mine - max(others)


# --- Stories: one's own plan and the threat of another's ------------------------------------------
def told(s: BurningSandsState, p) -> set:
    """Names of the Stories in p's home (a second of the same name cannot be told, R-25)."""
    return {card(s, u).name for u in s.home[p] if card(s, u).type == "story"}


def tale_of(c) -> tuple:
    """(event, fewest Heroes) of a Story's Tale Reaction."""
    t = c.abilities[0].trigger if c.abilities else {}
    return t.get("event", ""), t.get("min_heroes", 0)


def tellable(s: BurningSandsState, p, u) -> bool:
    """Whether the Story ``u`` (in p's hand) may still be told: none of its name in p's home."""
    c = card(s, u)
    return c.type == "story" and c.name not in told(s, p)


def wanted_tales(s: BurningSandsState, p) -> dict:
    """For p's own plan: event -> the most Story points a Story in p's hand would bring at that
    event (only Stories not yet told). Seen by p alone (its hand)."""
    done = told(s, p)
    out: dict = {}
    for u in s.hand[p]:
        c = card(s, u)
        if c.type != "story" or c.name in done:
            continue
        ev, _m = tale_of(c)
        out[ev] = max(out.get(ev, 0), c.points)
    return out


def wins_at(s: BurningSandsState, p, ev) -> bool:
    """Whether a Story in p's hand told at ``ev`` would give p the Story Victory."""
    return story_points(s, p) + wanted_tales(s, p).get(ev, 0) >= STORY_WIN


def threat_events(s: BurningSandsState, q) -> set:
    """The events at which player q could win a Story Victory with one more Story: Stories of
    q's (public) deck list not yet told whose points reach 5 with those in q's home. Whether
    q holds one is hidden, so the threat is what q could hold."""
    if not s.alive[q]:
        return set()
    pts = story_points(s, q)
    done = told(s, q)
    out = set()
    for i in set(s.decks[q]):
        c = CARDS[i]
        if c.type == "story" and c.name not in done and pts + c.points >= STORY_WIN:
            out.add(tale_of(c)[0])
    return out


def threats(s: BurningSandsState, me) -> set:
    """The events that would give an opponent of ``me`` the Story Victory."""
    out = set()
    for q in range(s.n):
        if q != me:
            out |= threat_events(s, q)
    return out
