"""The Burning Sands table once the game is over: no combat marks are left on the cards (How to
Win - a victory in the middle of an attack ends the game there; the rules keep the attack's
record, the table does not show it)."""

import pygame

from sandsofplay.games.burning_sands.scoring import finish
from sandsofplay.tables.burning_sands.view import combat_marks
from sandsofplay.ui import theme as T
from tests.tables.burning_sands.test_arena import drive, start, top

MARKS = {tuple(T.DANGER[:3]), (230, 140, 60)}


def outline_colours(surf, r):
    """The colours just outside a card's rectangle (where the attack outlines are drawn)."""
    out = set()
    for x in range(r.x + 6, r.right - 6, 5):
        for y in (r.y - 2, r.bottom + 1):
            out.add(tuple(surf.get_at((x, y)))[:3])
    return out


def test_the_last_attackers_lose_their_outline_when_the_game_ends(app):
    table = start(app, 3, 3)
    assert drive(table, lambda st: top(st)["k"] == "battle")
    st = table.match.state
    fighting, battle = combat_marks(st)
    assert fighting and battle >= 0
    surf = pygame.Surface((1280, 720))
    table.settle()
    table.arena.hidden = True  # the rows, where the outlines are drawn during play
    table.draw_table(surf, 0.0)
    rects = {u: r for u, r, _b, k in table.board_layout() if k == "card"}
    marked = [u for u in [battle, *fighting]
              if u in rects and outline_colours(surf, rects[u]) & MARKS]
    assert marked  # while the attack is under way its units are outlined
    finish(st, [st.atk["attacker"]], "a test's victory", [])  # a victory ends it mid-attack
    table.match.state_edited()
    table.match.version += 1
    assert st.atk is not None  # (the rules keep the attack's record)
    assert combat_marks(st) == ({}, -1)
    table.arena.hidden = False
    table.draw_table(surf, 0.0)
    rects = {u: r for u, r, _b, k in table.board_layout() if k == "card"}
    for u in marked:
        if u in rects:
            assert not outline_colours(surf, rects[u]) & MARKS, u
