"""The words on a Burning Sands card face never run into each other at the sizes the table draws
them at 1280x720 - in the rows, in a battle's or a raid's or a duel's view, in the hand; a bowed
card's "bowed" mark among them (Bowing and Straightening: a bowed card is turned sideways)."""

import pygame

from sandsofplay.games.burning_sands import cards as C
from sandsofplay.tables.burning_sands.faces import HAND_H, HAND_W
from tests.tables.burning_sands.test_arena import drive, start


def ink_rects(table, uid, w, h, bowed):
    """(what, the rectangle its letters cover on the card) for each of the face's words."""
    st = table.match.state
    c = C.CARDS[st.cdef[uid]]
    vals = (C.strength(st, uid), C.ka(st, uid)) if c.type in ("hero", "follower") else ()
    water = st.water[uid] if c.type == "section" else 0
    left = bowed or (w, h) != (HAND_W, HAND_H)
    out = []
    for what, img, pos, area in table.faces.face_texts(c, w, h, vals, water, left,
                                                 "bowed" if bowed else ""):
        part = img.subsurface(area.clip(img.get_rect()))
        ink = part.get_bounding_rect()
        if ink.w and ink.h:
            out.append((what, ink.move(pos)))
    return out


def face_problems(table, uid, w, h, bowed) -> list[str]:
    rects = ink_rects(table, uid, w, h, bowed)
    name = C.CARDS[table.match.state.cdef[uid]].name
    out = []
    for i, (a, ra) in enumerate(rects):
        if not pygame.Rect(0, 0, w, h).contains(ra):
            out.append(f"{name} {w}x{h}: {a} runs off the card")
        for b, rb in rects[i + 1:]:
            if ra.colliderect(rb):
                out.append(f"{name} {w}x{h}{' bowed' if bowed else ''}: {a} overlaps {b}")
    return out


def test_no_words_overlap_on_the_cards_of_a_game(app):
    table = start(app, 3, 3)
    seen = {"arena bowed": 0, "rows": 0, "hand": 0}
    problems = set()

    def look():
        obs = table.observation()
        arena = table.arena.shown() is not None
        for u, r, bowed, kind in table.board_layout():
            if kind != "card" or table.match.state.cdef[u] < 0 or obs["cdef"][u] < 0:
                continue
            problems.update(face_problems(table, u, r.w, r.h, bowed))
            seen["arena bowed" if arena and bowed else "rows"] += 1
        for u, r in table.hand_rects(obs):
            problems.update(face_problems(table, u, r.w, r.h, False))
            seen["hand"] += 1

    drive(table, lambda st: st.turn > 4, limit=900, on_step=look)
    assert seen["arena bowed"] and seen["rows"] and seen["hand"], seen
    assert not problems, sorted(problems)[:10]


def test_a_bowed_card_in_a_battle_keeps_its_mark_clear_of_its_text(app):
    """The case seen in play: a bowed Hero as large as a battle shows it (190x136)."""
    table = start(app, 3, 3)
    st = table.match.state
    hero = next(u for u in range(len(st.cdef)) if st.cdef[u] >= 0
                and C.CARDS[st.cdef[u]].type == "hero" and C.CARDS[st.cdef[u]].text)
    rects = dict(ink_rects(table, hero, 190, 136, True))
    assert {"type", "tag", "text", "value"} <= set(rects)
    assert face_problems(table, hero, 190, 136, True) == []
