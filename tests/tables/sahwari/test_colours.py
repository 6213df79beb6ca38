"""Issue 31: one colour a player at the Sahwari table - the camels, the Lock tokens, the clan
panel's mark, the curtain and the results show one colour (docs/rulings/sahwari.md, B.9)."""

import pygame

from sandsofplay.engine import SeatSpec
from sandsofplay.tables.sahwari import art
from sandsofplay.ui import theme as T
from sandsofplay.ui.scenes.overlays import CurtainScene

from .helpers import GAME, frames, make_table, wait_for_human


def _pixels(surf, rect, rgb) -> int:
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if tuple(surf.get_at((x, y)))[:3] == rgb)


def test_the_seat_colour_is_offered_first_and_then_followed(app):
    """Setup B.9 (each player takes the camels of a colour of their choosing): the seat setup's
    colour is offered first; once chosen, the pieces and the panel are in that one colour."""
    seats = (SeatSpec("human", name="Tariq", colour="palm"),
             SeatSpec("human", name="Leila", colour="indigo"))
    table = make_table(app, seats, seed=3)
    frames(app, 2)
    asked = []
    for _ in range(40):  # the set-up, each colour question answered by the first button
        seat = wait_for_human(app, table)
        st = table.match.state
        if st.phase != "setup":
            break
        if st.queue[0][1] == "colour":
            assert table.seat_colour(seat) == seats[seat].colour  # not chosen yet: the seat's
            buttons = [(b.text, a) for b, s_, a, _n in table.action_buttons]
            marked = [t for t, a in buttons if "(your colour)" in t]
            if seat == 0:  # palm: the green camels first, marked as Tariq's own
                assert buttons[0][1].args == ("green",) and marked == [buttons[0][0]]
            else:  # indigo has no camels: the rules' order, nothing marked
                assert marked == []
            asked.append(seat)
            table.perform(seat, buttons[0][1])
        else:
            table.perform(seat, GAME.legal_actions(st, seat)[0])
        frames(app)
    assert sorted(asked) == [0, 1]
    st = table.match.state
    assert st.colour[0] == "green"  # Tariq's palm was offered first and taken
    assert table.seat_colour(0) == "palm"
    assert table.seat_colour(1) == art.PLAYER_OF_CAMEL[st.colour[1]]  # Leila's follow her camels
    table.settle()
    frames(app, 2)
    obs = table.obs()
    for seat in (0, 1):
        rgb = T.PLAYER_COLOURS[table.seat_colour(seat)][0]
        # the pieces: each of the seat's camels and its Lock tokens in the seat's colour
        for cam in obs["camels"]:
            if cam["owner"] == seat:
                assert art.CAMEL[cam["colour"]][0] == rgb
                r = table.geo.camel_rect(obs, cam["id"])
                assert _pixels(app.screen, r, rgb) > 20, (seat, cam)
        # the clan panel's mark
        info = table.geo.info_rect(seat)
        assert _pixels(app.screen, pygame.Rect(info.x, info.y + 1, 17, 17), rgb) > 20
    # the curtain between the two people shows the colour of the seat it passes to
    curtains = []
    real = CurtainScene.__init__

    def note(self, app_, name, colour):
        curtains.append((name, colour))
        real(self, app_, name, colour)
    CurtainScene.__init__ = note
    try:
        for _ in range(200):
            if curtains:
                break
            seat = wait_for_human(app, table)
            st = table.match.state
            table.perform(seat, GAME.legal_actions(st, seat)[0])
            frames(app, 2)
    finally:
        CurtainScene.__init__ = real
    name, colour = curtains[0]
    seat = ["Tariq", "Leila"].index(name)
    assert colour == art.PLAYER_OF_CAMEL[table.match.state.colour[seat]]


def test_every_camel_colour_is_a_player_colour_and_mark():
    """The camels' colours are the app's player colours, colour and mark alike."""
    for camel, player in art.PLAYER_OF_CAMEL.items():
        assert art.CAMEL[camel] == T.PLAYER_COLOURS[player]
    from sandsofplay.games.sahwari.setup import COLOURS_BY_MODE
    assert {c for cs in COLOURS_BY_MODE.values() for c in cs} <= set(art.PLAYER_OF_CAMEL)


def test_the_results_show_each_player_in_the_camels_colour(app, monkeypatch):
    """End of the Game: the results' columns carry each player's token in the camels' colour,
    not the seat setup's (here crimson and indigo, colours no two-player camels have)."""
    from sandsofplay.engine.game import run_steps
    from sandsofplay.ui.scenes import overlays
    seats = (SeatSpec("bot", "easy", name="Tariq", colour="crimson"),
             SeatSpec("bot", "easy", name="Leila", colour="indigo"))
    table = make_table(app, seats, seed=9)
    for _ in range(600):
        if table.match.is_over():
            break
        frames(app)
    assert table.match.is_over()
    drawn = []
    real = overlays.art.draw_token
    monkeypatch.setattr(overlays.art, "draw_token",
                        lambda surf, colour, *a, **k: (drawn.append(colour),
                                                       real(surf, colour, *a, **k)))
    run_steps(overlays.results_picture_steps(app, table))
    camels = table.match.state.colour
    assert drawn[:2] == [art.PLAYER_OF_CAMEL[c] for c in camels]
    assert not {"crimson", "indigo"} & set(drawn[:2])
