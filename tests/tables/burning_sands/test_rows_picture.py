"""Issue 28 (a table's frame within 6 ms of CPU): while no card moves, the players' rows are drawn
once and kept as a picture; a frame blits it instead of drawing every card again. What it shows
is always what drawing the rows afresh would show: the picture is made again when the state, the
glowing or selected cards or the names change, and never kept while a card moves; then only the
rows whose drawing changed are drawn again."""

import pygame

from tests.tables.burning_sands.test_arena import drive, start


def rows_pixels(app, table, glow=frozenset(), selected=None, fresh=False):
    rows = table.rows
    if fresh:
        rows._picture_of = rows._picture = None
    surf = app.screen
    surf.fill((38, 28, 20))
    rows.draw(surf, table.observation(), set(glow), selected, (0, 0))
    return pygame.image.tobytes(surf.subsurface(rows.board_rect()), "RGB")


def test_the_kept_rows_picture_is_what_a_fresh_drawing_shows(app):
    table = start(app, 3, 3)
    assert drive(table, lambda st: st.turn >= 3)
    table.settle()
    drawn = []
    draw = table.rows._draw
    table.rows._draw = lambda *a, **k: (drawn.append(1), draw(*a, **k))
    first = rows_pixels(app, table)
    again = rows_pixels(app, table)
    assert len(drawn) == 1  # the second frame blitted the picture
    assert again == first == rows_pixels(app, table, fresh=True)
    card = table.board_layout()[0][0]
    glowing = rows_pixels(app, table, glow={card})
    assert len(drawn) == 3 and glowing != first  # a glowing card: drawn again, and it shows
    assert rows_pixels(app, table, glow={card}, selected=card) != glowing
    n = len(drawn)
    assert drive(table, lambda st, v=table.match.version: table.match.version > v)
    table.settle()
    assert rows_pixels(app, table) == rows_pixels(app, table, fresh=True)
    assert len(drawn) == n + 2  # a new state is drawn afresh


def test_while_a_card_moves_the_picture_is_of_the_rest_and_the_card_is_drawn_over_it(app):
    table = start(app, 3, 3)
    assert drive(table, lambda st: st.turn >= 2)
    table.settle()
    at_rest = rows_pixels(app, table)
    u = table.board_layout()[0][0]
    from sandsofplay.tables.burning_sands.animate import Move
    from sandsofplay.ui.widgets import Tween
    move = Move(pygame.Rect(0, 0, 10, 10), 0.0, table.tweens.add(Tween(0.0, 1.0, 30)))
    table.motion.moves = {u: move}
    drawn = []
    draw = table.rows._draw
    table.rows._draw = lambda *a, **k: (drawn.append(a[-1]), draw(*a, **k))
    start_of_move = rows_pixels(app, table)
    assert drawn == [frozenset({u})]  # the rows drawn once more, without the moving card
    assert start_of_move != at_rest
    move.tween.t = 15  # half way: the same picture, the card drawn where it is now
    half_way = rows_pixels(app, table)
    assert len(drawn) == 1 and half_way != start_of_move
    assert half_way == rows_pixels(app, table, fresh=True)
    move.tween.t = move.tween.ticks  # arrived: the picture of every card at rest again
    assert rows_pixels(app, table) == at_rest and drawn[-1] == frozenset()


def test_a_change_in_one_row_draws_that_row_alone_and_the_picture_is_a_fresh_drawing(app):
    """A card glowing in one row redraws that row only (the others are the kept picture's); a
    new state redraws the rows it changed, and every picture is pixel for pixel a fresh drawing
    of all the rows."""
    table = start(app, 3, 3)
    assert drive(table, lambda st: st.turn >= 3)
    table.settle()
    rows_pixels(app, table, fresh=True)
    calls = []
    draw = table.rows._draw
    table.rows._draw = lambda *a, **k: (calls.append(k.get("rows")), draw(*a, **k))
    lay = table.rows.layout()
    a, b = table.rows._spans[1]
    assert b > a  # the second row has a card
    card = lay[a][0]
    glowing = rows_pixels(app, table, glow={card})
    assert calls == [[1]]
    table.rows._draw = draw
    assert glowing == rows_pixels(app, table, glow={card}, fresh=True)
    table.rows._draw = lambda *a, **k: (calls.append(k.get("rows")), draw(*a, **k))
    seen = 0
    for _ in range(6):  # new states: each drawn in part over the kept picture, and right
        v = table.match.version
        assert drive(table, lambda st, v=v: table.match.version > v)
        table.settle()
        calls.clear()
        part = rows_pixels(app, table)
        seen += bool(calls and calls[0] is not None and len(calls[0]) < table.seen().n)
        table.rows._draw = draw
        assert part == rows_pixels(app, table, fresh=True)
        table.rows._draw = lambda *a, **k: (calls.append(k.get("rows")), draw(*a, **k))
    assert seen  # some new state left a row as it was


def test_a_turning_card_is_smoothed_unless_many_cards_move_at_once(app, monkeypatch):
    """Bowing (a card turns as it bows or readies): one card turning is drawn with the smoothed
    rotation; among more than ``SMOOTH_TURNS`` cards on the move at once (a Dawn readying a row)
    the plain rotation, five times cheaper, draws the card over the same place."""
    from sandsofplay.tables.burning_sands import animate
    from sandsofplay.ui.widgets import Tween
    table = start(app, 3, 3)
    assert drive(table, lambda st: st.turn >= 2)
    table.settle()
    obs = table.observation()
    cards = [(u, r) for u, r, bowed, kind in table.board_layout()
             if kind == "card" and not bowed and obs["cdef"][u] >= 0]
    assert len(cards) > animate.SMOOTH_TURNS
    used = []
    for name in ("rotozoom", "rotate"):
        real = getattr(pygame.transform, name)
        monkeypatch.setattr(pygame.transform, name,
                            lambda *a, _r=real, _n=name: (used.append(_n), _r(*a))[1])

    def drawn(n):
        table.motion.moves = {}
        for u, r in cards[:n]:
            tw = table.tweens.add(Tween(0.0, 1.0, 30))
            tw.t = 15
            table.motion.moves[u] = animate.Move(pygame.Rect(r), 40.0, tw)
        used.clear()
        surf = pygame.Surface(app.screen.get_size())
        surf.fill((0, 0, 0))
        u, r = cards[0]
        table.motion.draw_card(surf, u, r, False, "card", obs)
        return used[:], surf.get_bounding_rect()

    one, box_one = drawn(1)
    many, box_many = drawn(animate.SMOOTH_TURNS + 1)
    table.motion.moves = {}
    assert one == ["rotozoom"] and many == ["rotate"]
    assert abs(box_one.centerx - box_many.centerx) <= 2 and abs(box_one.w - box_many.w) <= 4
    assert abs(box_one.centery - box_many.centery) <= 2 and abs(box_one.h - box_many.h) <= 4
