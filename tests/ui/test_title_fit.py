"""Issue 31 (every screen): the title's words fit their places. With a game to continue, every
button of the title's row holds its label ("Continue last game" overflowed its button), the row
stays on the screen; a game's title that takes two lines on its tile has both lines centred as
the one-line titles are ("Legend of the Burning Sands" wrapped to the left)."""

import pygame

from sandsofplay.engine import Match, Setup
from sandsofplay.games import CATALOG, get_game
from sandsofplay.ui import paths
from sandsofplay.ui import theme as T
from sandsofplay.ui.scenes.title import TitleScene

PAD = 16  # room a label needs inside its button's rounded border


def _continuable_autosave():
    game = get_game("sahwari")
    m = Match(game, Setup.make("sahwari", ["human", "bot:easy"], seed=1))
    seat = game.to_act(m.state)[0]
    m.apply(seat, game.legal_actions(m.state, seat)[0])
    paths.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    m.save(str(paths.autosave_path()))


def _title(app):
    app.reset(TitleScene(app))
    app.apply_ops()
    app.frame(1 / 60)
    assert isinstance(app.top, TitleScene)
    return app.top


def test_every_title_button_holds_its_label_with_a_game_to_continue(app):
    _continuable_autosave()
    title = _title(app)
    assert "continue" in title.buttons
    font = app.text.fonts.get(22, True)  # the theme's button font
    rects = []
    for btn in title.buttons.values():
        r = pygame.Rect(btn.relative_rect)
        assert font.size(btn.text)[0] + PAD <= r.w, (btn.text, r)
        rects.append(r)
    rects.sort(key=lambda r: r.x)
    assert rects[0].left >= 0 and rects[-1].right <= T.W
    # no two overlap (the row of buttons, and the "Learn to play" under the game tiles)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def _ink_spans(surf, top, bottom):
    """For each band of rows holding dark (ink) pixels between ``top`` and ``bottom``: the
    leftmost and rightmost inked columns."""
    w = surf.get_width()
    bands, cur = [], None
    for y in range(top, bottom):
        xs = [x for x in range(6, w - 6) if sum(surf.get_at((x, y))[:3]) < 200]
        if xs:
            cur = [min(xs), max(xs)] if cur is None else [min(cur[0], xs[0]), max(cur[1], xs[-1])]
        elif cur is not None:
            bands.append(cur)
            cur = None
    if cur is not None:
        bands.append(cur)
    return bands


def test_a_long_game_title_wraps_with_every_line_centred(app):
    title = _title(app)
    long_ones = [gi for gi in CATALOG if app.text.fonts.get(20, True).size(gi.title)[0] >
                 title.tile_w - 24]
    assert any(gi.id == "burning_sands" for gi in long_ones)
    for gi in long_ones:
        surf = title._tile_surface(gi, True)
        lines = _ink_spans(surf, 168, 232)  # the title's place, above the blurb
        assert len(lines) >= 2, (gi.id, lines)
        for left, right in lines:
            assert abs(left - (surf.get_width() - 1 - right)) <= 4, (gi.id, lines)
