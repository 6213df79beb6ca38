"""The Sands of Adventure table draws its still parts (the fixed art, the round, the decks and
piles, the villain's track, the dice, the mats that do not glow) once into a layer and draws
it again only when what it shows changes: at every moment of a game - cards in flight, dice
rolling, the timer swinging over, the torch landing, a card lifted under the pointer, a new
round's tiles, the end - the frame must be exactly the frame drawn part by part."""

import random

import pygame

from sandsofplay.bots.levels import make_bot
from tests.tables.helpers import play_until

from .test_table import GAME, make_table

W, H = 1280, 720


def drawn(table, layered: bool) -> bytes:
    surf = pygame.Surface((W, H)).convert()
    table.use_layer = layered
    try:
        table.draw_table(surf, 0.0)
    finally:
        table.use_layer = True
    return pygame.image.tobytes(surf, "RGB")


def watch(app, table, frames, rng, seen):
    """Play ``frames`` frames (a stand-in answering for the human seat, a card under the
    pointer now and then) and compare the two ways of drawing every fifth one."""
    stand_in = make_bot(GAME, "normal", 0, 9)
    for frame in range(frames):
        st = table.match.state
        if table.match.is_over():
            break
        if 0 in GAME.to_act(st) and frame % 7 == 0:
            action = stand_in.decide(GAME.observe(st, 0), GAME.legal_actions(st, 0))
            if action is not None:
                table.perform(0, action)
        if frame % 11 == 0:
            hands = table.last_obs["hands"] if table.last_obs else []
            seats = [s for s, h in enumerate(hands) if h]
            if seats and rng.random() < 0.6:
                seat = rng.choice(seats)
                table.hover_card = (seat, rng.choice(hands[seat]))
            else:
                table.hover_card = None
        app.frame(1 / 60)
        if frame % 5 == 0:
            key = table.layer_key(GAME.observe(table.match.state, table.viewer))
            seen["compared"] += 1
            if key is not None:
                seen["reused"] += key in seen["keys"]
                seen["keys"].add(key)
            seen["phases"].add((table.match.state.round, table.match.state.phase))
            assert drawn(table, True) == drawn(table, False), (st.round, st.phase, st.stage)


def test_the_still_layer_gives_the_same_frame_as_drawing_every_part(app):
    rng = random.Random(5)
    seen = {"compared": 0, "reused": 0, "keys": set(), "phases": set()}
    table = make_table(app, ("human", "bot:normal", "bot:hard"), seed=4)
    watch(app, table, 500, rng, seen)  # the first round's set-up and Exploration
    for later in (lambda s: s.phase == "timed",  # the swing, the sand, the torch, flights
                  lambda s: s.round == 2 and s.phase == "prep",
                  lambda s: s.round == 3 and s.phase == "explore"):
        if play_until(table, later):
            table.settle()
            watch(app, table, 400, rng, seen)
    play_until(table, lambda s: False)  # to the end of the game
    table.settle()
    watch(app, table, 10, rng, seen)
    assert seen["compared"] > 300
    assert seen["reused"] > 100  # the layer really was drawn once and shown again
    assert {(2, "prep"), (3, "explore"), (1, "timed")} <= seen["phases"]
