"""Small staging helpers shared by the per-card tests (test_card_*.py): a battle with the given
Heroes, enough Copper, a raid against one City Section, Water counts."""

from __future__ import annotations

from sandsofplay.games.burning_sands.cards import card

from .helpers import act, asking, legal, make
from .helpers import battle as staged_battle


def copper(s, p, n=3):
    """Give p ``n`` unbowed Salt Pans (3 Copper each) besides the Stronghold."""
    return [make(s, p, "salt_pans", "home") for _ in range(n)]


def battle(att, dfn, decks=("senpet", "khadi")):
    """Seat 0 attacks seat 1's first City Section with Heroes ``att`` (card ids) against ``dfn``;
    the battle is fought at once, the defender (seat 1) to act first."""
    s, a, d, sec = staged_battle(att, dfn, decks)
    assert asking(s)[0] == "battle"
    return s, a, d, sec


def to_seat(s, seat):
    """Pass in the battle until ``seat`` is to act."""
    for _ in range(4):
        if asking(s) == ("battle", seat):
            return
        act(s, "pass")
    raise AssertionError(f"seat {seat} never asked: {asking(s)}")


def section_water(s, p):
    return sum(s.water[x] for x in s.sections[p])


def only_section(s, p, cid):
    """Replace p's City Sections by one new ``cid`` (full of Water)."""
    for sec in list(s.sections[p]):
        s.w_lost += s.water[sec]
        s.water[sec] = 0
    s.sections[p] = []
    return make(s, p, cid, "section")


def plays(s, seat=None):
    return [x for x in legal(s, seat) if x.split()[0] in ("play", "use")]


__all__ = ["card", "copper", "battle", "to_seat", "section_water", "only_section", "plays"]
