"""What the bots know of the game: a heuristic value of a state for a seat, and the rule-based
policy of the ``policy`` level (it sees only the observation)."""

from __future__ import annotations

from .cards import card, section_strength, story_points, strength, water_of


def value(s, p) -> float:
    if not s.alive[p]:
        return -100.0
    v = 4.0 * water_of(s, p)
    v += 6.0 * story_points(s, p)
    for sec in s.sections[p]:
        v += 5.0 + section_strength(s, sec)
    for h in s.heroes[p]:
        v += 3.0 + 1.5 * strength(s, h) + 0.5 * len(s.att[h]) + (0.0 if s.bowed[h] else 0.5)
    for u in s.home[p]:
        c = card(s, u)
        v += 2.0 * c.produce if c.type == "holding" else 0.0
    v += 0.6 * min(len(s.hand[p]), 8)
    return v


def heuristic(s, seat) -> float:
    mine = value(s, seat)
    others = [value(s, q) for q in range(s.n) if q != seat and s.alive[q]]
    if not others:
        return mine
    return mine - max(others)
