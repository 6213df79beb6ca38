"""Issue 33 point 10: an invisible character alone (or first) in any text field of the app - the
seat names, the deck name, the deck search - raised pygame_gui's "Text has zero width" and the
error screen, losing the deck being built. Each field is given such text by typing it (real
TEXTINPUT events), by set_text (a paste), then edited with keys and clicks."""

from __future__ import annotations

import pygame
import pytest

from sandsofplay.ui.scenes.error import ErrorScene
from sandsofplay.ui.scenes.seat_setup import SeatSetupScene

INVISIBLE = ["\u200b", "\ufeff", "\u202e", "\u200d", "\u200f", "\u2060", "\u00ad"]
KEYS = (pygame.K_HOME, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT, pygame.K_BACKSPACE,
        pygame.K_DELETE)


@pytest.fixture
def failures(app, monkeypatch):
    seen = []
    real = app.fail

    def fail(exc, where=""):
        seen.append(f"{type(exc).__name__}: {exc} {where}")
        real(exc, where)
    monkeypatch.setattr(app, "fail", fail)
    return seen


def work_the_field(app, ui, field, ch):
    """Type ``ch`` into the field, paste it alone and first, move the cursor, click and select
    in it; every frame is drawn."""
    ui.click(field.rect.center)
    field.focus()
    ui.type(ch)
    ui.type(ch)
    for text in (ch, ch * 3 + "ab", "ab" + ch):
        field.set_text(text)
        ui.frames(1)
        for key in KEYS:
            ui.key(key)
        ui.type(ch)
        ui.click((field.rect.x + 6, field.rect.centery))
        ui.drag((field.rect.x + 4, field.rect.centery), (field.rect.right - 4, field.rect.centery),
                steps=2)


@pytest.mark.parametrize("ch", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_seat_name_fields_take_invisible_characters(app, ui, failures, ch):
    app.push(SeatSetupScene(app, "tiny"))
    app.apply_ops()
    ui.frames(1)
    scene = app.top
    work_the_field(app, ui, scene.name_fields[0], ch)
    assert not failures and app.top is scene and not isinstance(app.top, ErrorScene)


@pytest.mark.parametrize("ch", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_the_deck_name_and_search_take_invisible_characters(app, ui, failures, ch):
    app.top.open_decks()
    app.apply_ops()
    ui.frames(1)
    scene = app.top
    deck_before = dict(scene.deck.cards)
    for field in (scene.search, scene.name_field):
        work_the_field(app, ui, field, ch)
    assert not failures and app.top is scene
    assert scene.deck.cards == deck_before  # the deck being built is still there


def test_the_guard_is_in_place_from_the_title(app):
    """The title makes the fields safe before any scene with a text field opens (the deck
    scene makes its own fields)."""
    from pygame_gui.core.gui_font_pygame import GUIFontPygame
    from sandsofplay.ui import text_fields
    assert text_fields._guarded
    font = GUIFontPygame(None, 20)
    assert font.get_rect("\u200b").width == 0 and font.get_rect("a\u200b").width > 0
    with pytest.raises(pygame.error):  # other font errors still surface
        pygame.font.Font(None, 20).render("\u200b", True, (0, 0, 0))


def test_text_of_no_width_is_drawn_as_nothing_wherever_the_app_draws_text():
    """Issue 33 point 10: a zero-width space, joiner or byte-order mark alone (a saved deck's
    name, a name from an older save) is drawn as an empty line, not pygame's "Text has zero
    width" error."""
    import pygame
    from sandsofplay.ui import theme as T
    pygame.init()
    fonts = T.Fonts()
    cache = T.TextCache(fonts)
    for text in ("\u200b", "\u200d", "\ufeff", "\u200b\u200d"):
        for width in (0, 200):
            assert cache.render(text, 18, width=width).get_width() == 0
            assert cache.render_once(text, 18, width=width).get_width() == 0
    assert cache.render("A\u200b", 18).get_width() > 0


def test_a_deck_name_that_shows_nothing_is_refused():
    """Issue 33 points 10-11: a deck name of only joiners or zero-width characters has nothing
    to show: refused like an empty one."""
    from sandsofplay.tables.burning_sands.decks import name_problem
    assert name_problem("\u200d") == "it has no name"
    assert name_problem("\u200c\u200d") == "it has no name"
    assert name_problem("\U0001F468\u200d\U0001F469") == ""
