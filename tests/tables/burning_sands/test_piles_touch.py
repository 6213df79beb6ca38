"""The Saved and Buried piles (both public) can be looked through at any time, and a long touch
(a finger held on a card) shows the card large, as pointing and the keyboard focus do."""

import random

import pygame

from sandsofplay.games import get_game
from sandsofplay.tables.burning_sands.piles import PilesScene
from tests.tables.contract import Held

from .test_table import frames, start

GAME = get_game("burning_sands")


def touch(app, kind, pos):
    pygame.event.post(pygame.event.Event(kind, x=pos[0] / 1280, y=pos[1] / 720, dx=0, dy=0,
                                         finger_id=0, touch_id=0, pressure=1.0))


def click(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=pos, button=1))
        frames(app)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app)


def test_a_click_on_a_players_piles_opens_them_and_every_card_reads_large(app):
    table = start(app, ("human", "bot:normal"), 6)
    st = table.match.state
    for _ in range(5):
        st.saved[1].append(st.deck[1].pop())
    st.buried[0].append(st.deck[0].pop())
    table.match.version += 1
    frames(app, 2)
    click(app, table.regions()["piles:1"].center)
    scene = app.top
    assert isinstance(scene, PilesScene) and scene.player == 1 and scene.pile == "saved"
    rects = scene.card_rects()
    assert [u for u, _r in rects] == list(reversed(st.saved[1]))
    u, r = rects[2]
    pygame.mouse.set_pos(r.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)
    assert scene.shown() == u
    click(app, scene.buttons["pile:buried"].rect.center)
    assert scene.pile == "buried" and scene.player == 1 and scene.cards() == []
    click(app, scene.buttons["player:0"].rect.center)
    assert scene.player == 0 and scene.cards() == st.buried[0]
    key(app, pygame.K_RIGHT)
    assert scene.shown() == st.buried[0][0]
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_b)  # the keyboard way in: the viewer's own piles
    assert isinstance(app.top, PilesScene) and app.top.player == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def glowing_board_card(app, table, seed):
    """Play on (random choices) until a card on the board glows with one action."""
    rng = random.Random(seed)
    for _ in range(3000):
        seat = table.acting_human()
        if seat is not None:
            by_card = table.choices.split(seat)[0]
            hand = set(table.shown_hand(table.observation()))
            one = [u for u, acts in by_card.items() if u not in hand and len(acts) == 1]
            if one:
                return seat, one[0], by_card[one[0]][0]
            with Held(table):
                table.perform(seat, rng.choice(GAME.legal_actions(table.match.state, seat)))
        frames(app)
    raise AssertionError("no glowing card on the board")


def test_a_long_touch_shows_the_card_large_and_does_nothing_else(app):
    table = start(app, ("human", "bot:normal"), 7)
    seat, uid, action = glowing_board_card(app, table, 7)
    pt = table.free_point(uid, table.observation())
    n = len(table.match.log)
    with Held(table):
        touch(app, pygame.FINGERDOWN, pt)
        frames(app, 40)
        assert table.pointer.zoom_uid == uid
        assert "zoom" in table.regions()
        touch(app, pygame.FINGERUP, pt)
        frames(app, 2)
    assert table.pointer.zoom_uid is None
    assert len(table.match.log) == n  # the glowing card was read, not used
    with Held(table):  # a short tap uses it, as a click does
        touch(app, pygame.FINGERDOWN, pt)
        frames(app, 3)
        touch(app, pygame.FINGERUP, pt)
        frames(app, 2)
    assert len(table.match.log) == n + 1 and table.match.log[n].action == action
