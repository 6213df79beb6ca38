"""One colour a player (issue 31): a seat takes only a colour its game's pieces come in
(Sahwari: Setup B.9, the camels' colours), at the seat setup, in the kiosk and from the
command line; the kiosk's takeover shows the colour the table shows."""

from sandsofplay.engine import SeatSpec
from sandsofplay.games import get_game
from sandsofplay.kiosk.playlist import make_setup
from sandsofplay.ui import theme as T
from sandsofplay.ui.scenes.seat_setup import SeatSetupScene


def test_sahwari_offers_only_its_camel_colours_per_player_count():
    """Setup B.9: two players (and solo) choose yellow or green, four purple, orange, yellow,
    green, the 3-player variant yellow, green or red."""
    g = get_game("sahwari")
    assert g.seat_colours(2, {}) == ("saffron", "palm")
    assert g.seat_colours(1, {}) == ("saffron", "palm")
    assert g.seat_colours(4, {}) == ("violet", "amber", "saffron", "palm")
    assert g.seat_colours(3, {"variant": "three_player_variant"}) == ("saffron", "palm",
                                                                      "crimson")
    assert "indigo" not in T.seat_palette(g, 3, {})
    assert T.seat_palette(get_game("sand"), 3, {}) == T.COLOUR_ORDER  # no pieces to match


def test_fit_colours_keeps_what_fits_and_replaces_what_does_not():
    seats = [SeatSpec("human", "", "A", "crimson"), SeatSpec("bot", "normal", "B", "palm"),
             SeatSpec("bot", "normal", "C", "palm")]
    got = T.fit_colours(seats, ("violet", "amber", "saffron", "palm"))
    assert [s.colour for s in got] == ["violet", "palm", "amber"]
    assert [s.name for s in got] == ["A", "B", "C"]


def test_the_seat_setup_cycles_only_through_the_games_colours(app):
    scene = SeatSetupScene(app, "sahwari", seats=[
        SeatSpec("human", "", "Amira", "crimson"), SeatSpec("bot", "normal", "Tariq", "indigo")])
    app.push(scene)
    app.frame(1 / 60)
    assert [s.colour for s in scene.seats[:2]] == ["saffron", "palm"]
    seen = set()
    for _ in range(4):
        scene.cycle_colour(0, 1)
        seen.add(scene.seats[0].colour)
    assert seen <= {"saffron", "palm"}
    scene.set_count(4)
    app.frame(1 / 60)
    colours = [s.colour for s in scene.seats[:4]]
    assert set(colours) <= {"violet", "amber", "saffron", "palm"} and len(set(colours)) == 4
    assert all(s.colour in ("violet", "amber", "saffron", "palm")
               for s in scene.make_setup(seed=1).seats)


def test_kiosk_seats_take_the_games_colours():
    setup = make_setup("sahwari", 2, "normal", 3)
    assert [s.colour for s in setup.seats] == ["saffron", "palm"]
    assert [s.colour for s in make_setup("sand", 2, "normal", 3).seats] == \
        list(T.COLOUR_ORDER[:2])
