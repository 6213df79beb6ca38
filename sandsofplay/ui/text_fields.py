"""Text fields that take any text, invisible characters included (issue 33 point 10).

pygame's font refuses to render text that takes no room ("Text has zero width"): a field holding
only U+200B, U+FEFF or U+202E, or whose first characters are such (pygame_gui measures every
prefix to place the cursor), raised that error from inside pygame_gui and the app showed its
error screen. :func:`text_field` makes every text field of the app (seat names, the deck name,
the deck search): it first has pygame_gui's fonts measure and draw such text as an empty
stretch, so the field simply shows nothing there. What the text *means* is for the field's owner
(a seat name goes through ``engine.names``).
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

_guarded = False


def _zero_width(exc: BaseException) -> bool:
    return isinstance(exc, pygame.error) and "zero width" in str(exc)


def guard_gui_fonts() -> None:
    """Have pygame_gui's pygame-font wrapper treat text of no width as empty (once)."""
    global _guarded
    if _guarded:
        return
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    inner = "_GUIFontPygame__internal_font"
    get_rect, render_premul, render_premul_to = (GUIFontPygame.get_rect,
                                                 GUIFontPygame.render_premul,
                                                 GUIFontPygame.render_premul_to)

    def safe_get_rect(self, text):
        try:
            return get_rect(self, text)
        except pygame.error as exc:
            if not _zero_width(exc):
                raise
            font = getattr(self, inner)
            return pygame.Rect(0, font.get_ascent(), 0, font.get_height())

    def safe_render_premul(self, text, text_color):
        try:
            return render_premul(self, text, text_color)
        except pygame.error as exc:
            if not _zero_width(exc):
                raise
            return pygame.Surface((0, getattr(self, inner).get_height()), pygame.SRCALPHA)

    def safe_render_premul_to(self, text, text_colour, surf_size, surf_position):
        try:
            return render_premul_to(self, text, text_colour, surf_size, surf_position)
        except pygame.error as exc:
            if not _zero_width(exc):
                raise
            surf = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
            surf.fill((0, 0, 0, 0))
            return surf

    GUIFontPygame.get_rect = safe_get_rect
    GUIFontPygame.render_premul = safe_render_premul
    GUIFontPygame.render_premul_to = safe_render_premul_to
    _guarded = True


def text_field(scene, rect, initial_text: str = "", limit: int | None = None) -> UITextEntryLine:
    """A one-line text field owned by ``scene`` (a ``Scene``), safe for any text."""
    guard_gui_fonts()
    field = scene.own(UITextEntryLine(pygame.Rect(rect), manager=scene.app.manager,
                                      initial_text=initial_text))
    if limit is not None:
        field.set_text_length_limit(limit)
    return field


__all__ = ["guard_gui_fonts", "text_field"]
