"""The look: a desert palette, the shipped font (Noto Sans, SIL OFL) and cached text.

A font file is checked before pygame or pygame_gui sees it (:func:`usable_font`): read bounded
as a regular file, its TrueType/OpenType table directory checked, then loaded and used once by
``pygame.font.Font`` here, in the main thread. A font that fails any of these is replaced by
pygame's own default font (and pygame_gui's, in the theme), with a warning in the log naming the
file: a damaged, empty or missing font never reaches pygame_gui's loader thread (whose death left
the main thread waiting) or FreeType unchecked.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import pygame

from ..engine import DataError
from ..engine.resources import font_problem, read_resource
from . import paths

log = logging.getLogger("sandsofplay")

W, H = 1280, 720

# desert palette
SKY_TOP = (31, 42, 68)
SKY_LOW = (196, 110, 70)
SUN = (247, 206, 120)
SAND = (232, 196, 138)
SAND_LIGHT = (244, 220, 170)
DUNE = (201, 151, 79)
DUNE_DARK = (150, 98, 48)
TERRACOTTA = (181, 86, 43)
INK = (43, 26, 14)
PARCHMENT = (246, 231, 200)
GOLD = (224, 165, 38)
OASIS = (47, 143, 131)
NIGHT = (18, 22, 36)
GLOW = (255, 236, 140)
DANGER = (200, 60, 40)
MUTED = (120, 96, 70)

# player colours, each with a shape, so colour is never the only cue
PLAYER_COLOURS = {
    "crimson": ((196, 52, 48), "circle"),
    "indigo": ((58, 76, 170), "square"),
    "palm": ((52, 140, 72), "triangle"),
    "saffron": ((230, 180, 30), "diamond"),
    "violet": ((128, 70, 160), "hexagon"),
    "amber": ((226, 120, 30), "star"),
}
COLOUR_ORDER = tuple(PLAYER_COLOURS)


def seat_palette(game, players: int, options: dict) -> tuple:
    """The colours the seats of ``game`` may take (its pieces' colours, else all of ours)."""
    return tuple(game.seat_colours(players, options)) or COLOUR_ORDER


def fit_colours(seats, palette) -> list:
    """``seats`` (SeatSpecs) with each colour in ``palette`` and no two alike: a seat whose
    colour is not there, or taken by an earlier seat, gets the first one free."""
    from dataclasses import replace
    out, used = [], set()
    for s in seats:
        c = s.colour
        if c not in palette or c in used:
            c = next((p for p in palette if p not in used and
                      p not in {x.colour for x in seats}), None) or \
                next((p for p in palette if p not in used), c)
        used.add(c)
        out.append(s if c == s.colour else replace(s, colour=c))
    return out

FONT_REGULAR = paths.resource("fonts", "NotoSans-Regular.ttf")
FONT_BOLD = paths.resource("fonts", "NotoSans-Bold.ttf")


_USABLE: dict = {}  # path -> the path (as str) if the font is usable, else None


def usable_font(path) -> str | None:
    """``path`` as a string when the font file there is usable, else None (pygame's default
    font), with a warning in the log naming the file and why. Checked once per path."""
    key = str(path)
    if key in _USABLE:
        return _USABLE[key]
    name = key.rsplit("/", 1)[-1]
    try:
        why = font_problem(read_resource(key, "font"))
    except DataError as exc:
        why = str(exc)
    if not why:
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            probe = pygame.font.Font(key, 20)
            if probe.render("Sands of Play 0123", True, (0, 0, 0)).get_width() <= 0:
                why = "it draws no text"
        except (pygame.error, OSError, ValueError, RuntimeError, MemoryError) as exc:
            why = f"pygame cannot load it ({exc})"
    if why:
        log.warning("the font %s cannot be used (%s); using the default font instead", name,
                    why)
    _USABLE[key] = None if why else key
    return _USABLE[key]


def font_file(bold: bool = False) -> str | None:
    """The shipped font to write with (None: pygame's default font, the shipped one is bad)."""
    return usable_font(FONT_BOLD if bold else FONT_REGULAR)


def hexc(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb[:3])


def gui_theme() -> dict:
    """The pygame_gui theme in the desert palette with the shipped font (pygame_gui's own Noto
    Sans when a shipped file cannot be used; a bad bold file is replaced by the regular one)."""
    regular, bold = font_file(False), font_file(True)
    if regular is None:
        font = {"name": "noto_sans", "size": "20"}
    else:
        font = {"name": "noto", "size": "20", "regular_path": regular,
                "bold_path": bold or regular}
    return {
        "defaults": {
            "font": font,
            "colours": {
                "normal_bg": hexc((120, 72, 34)), "hovered_bg": hexc((168, 104, 44)),
                "disabled_bg": hexc((96, 84, 70)), "selected_bg": hexc((190, 120, 40)),
                "active_bg": hexc((200, 130, 50)), "dark_bg": hexc((58, 36, 20)),
                "normal_text": hexc(PARCHMENT), "hovered_text": hexc((255, 250, 235)),
                "selected_text": hexc((255, 250, 235)), "disabled_text": hexc((170, 160, 150)),
                "active_text": hexc((255, 255, 255)),
                "normal_border": hexc((60, 34, 14)), "hovered_border": hexc(GLOW),
                "disabled_border": hexc((80, 70, 60)), "selected_border": hexc(GLOW),
                "active_border": hexc(GLOW),
                "link_text": hexc(GOLD), "link_hover": hexc(GLOW), "link_selected": hexc(GLOW),
                "text_cursor": hexc(PARCHMENT), "filled_bar": hexc(GOLD),
                "unfilled_bar": hexc((80, 50, 30)),
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "10",
                     "border_width": "2", "shadow_width": "2", "tool_tip_delay": "0.6"},
        },
        "button": {"misc": {"shape": "rounded_rectangle", "shape_corner_radius": "12",
                            "border_width": "2", "shadow_width": "3", "tool_tip_delay": "0.6"},
                   "font": dict(font, size="22", bold="1")},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hexc(PARCHMENT)}},
        "@title": {"font": dict(font, size="30", bold="1")},
        "@small": {"font": dict(font, size="16")},
        "@option": {"font": dict(font, size="18", bold="1")},
        "text_entry_line": {"colours": {"dark_bg": hexc((250, 238, 212)),
                                        "normal_text": hexc(INK),
                                        "selected_bg": hexc(GOLD)}},
        "text_box": {"colours": {"dark_bg": hexc((246, 231, 200)), "normal_text": hexc(INK),
                                 "normal_border": hexc(DUNE_DARK)},
                     "font": dict(font, size="18")},
        "tool_tip": {"colours": {"dark_bg": hexc((40, 26, 16)), "normal_text": hexc(PARCHMENT)},
                     "font": dict(font, size="16")},
    }


# the characters a table's text is made of: a font's first use of each costs a glyph load
# (~4 ms for all of them at one size, up to 3.6 ms a quarter at the largest sizes), so a table's
# entry loads them an eighth at a time
GLYPHS = ("ABCDEFG .,:;!?", "HIJKLM-+()'\"", "NOPQRSTUVWXYZ", "0123456789",
          "abcdefghijklm", "/%&*#=<>[]_@$", "nopqrstuvwxyz",
          "\u2013\u2014\u2019\u00d7\u2022\u2026")


class Fonts:
    """Font objects by (size, bold), loaded once."""

    def __init__(self):
        self._fonts: dict = {}
        self._warm: set = set()  # (size, bold, part) whose glyphs are loaded

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            path = font_file(bold)
            if path is None and bold and font_file(False) is not None:
                path = font_file(False)
            f = pygame.font.Font(path, size)
            if bold and path != font_file(True):
                f.bold = True  # the bold file is bad: a regular font drawn bold
            self._fonts[key] = f
        return f

    def warm_steps(self, keys):
        """Load the glyphs of these fonts ((size, bold) pairs), a quarter of a font's characters
        a step (a generator), so the first frame that writes with them does not load them all at
        once. Fonts already warm cost nothing."""
        for size, bold in keys:
            for part, chars in enumerate(GLYPHS):
                if (size, bold, part) in self._warm:
                    continue
                self.get(size, bold).render(chars, True, (0, 0, 0))
                self._warm.add((size, bold, part))
                yield

    def is_warm(self, size: int, bold: bool = False) -> bool:
        return all((size, bold, part) in self._warm for part in range(len(GLYPHS)))


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surf.get_pitch() * surf.get_height()


def render_text(font: pygame.font.Font, text: str, colour, width: int = 0) -> pygame.Surface:
    """``font.render`` for any text a player can type or a file can hold: text that takes no
    room (a lone zero-width space, joiner or byte-order mark) is drawn as nothing, where pygame
    would raise "Text has zero width" (issue 33, point 10)."""
    try:
        return font.render(text, True, colour, wraplength=width) if width else \
            font.render(text, True, colour)
    except pygame.error as exc:
        if "zero width" not in str(exc):
            raise
        return font.render("", True, colour)


class TextCache:
    """Rendered text surfaces, least recently used first out; bounded in entries and bytes."""

    def __init__(self, fonts: Fonts, capacity: int = 800, max_bytes: int = 16 << 20):
        self.fonts = fonts
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.bytes = 0
        self._cache: OrderedDict = OrderedDict()

    def render(self, text: str, size: int = 20, colour=INK, bold: bool = False,
               width: int = 0) -> pygame.Surface:
        key = (text, size, tuple(colour), bold, width)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = render_text(self.fonts.get(size, bold), text, colour, width)
        surf = surf.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() \
            else surf
        self._cache[key] = surf
        self.bytes += surface_bytes(surf)
        while len(self._cache) > 1 and (len(self._cache) > self.capacity or
                                        self.bytes > self.max_bytes):
            self.bytes -= surface_bytes(self._cache.popitem(last=False)[1])
        return surf

    def render_once(self, text: str, size: int = 20, colour=INK, bold: bool = False,
                    width: int = 0) -> pygame.Surface:
        """Text rendered without keeping it (a hit is still used): for text drawn into a
        picture that is itself cached (a card face), so the shared cache does not fill with
        lines no frame draws again."""
        key = (text, size, tuple(colour), bold, width)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        return render_text(self.fonts.get(size, bold), text, colour, width)

    def blit(self, target: pygame.Surface, text: str, pos, size: int = 20, colour=INK,
             bold: bool = False, anchor: str = "topleft", width: int = 0,
             shadow=None, once: bool = False) -> pygame.Rect:
        """Draw text (rendered or taken from the cache). ``once``: text that changes from
        frame to frame (a running clock) is rendered without being kept, so it never pushes
        the table's lasting text out of the cache (they would all be rendered again at once)."""
        render = self.render_once if once else self.render
        surf = render(text, size, colour, bold, width)
        rect = surf.get_rect(**{anchor: pos})
        if shadow is not None:
            target.blit(render(text, size, shadow, bold, width), rect.move(2, 2))
        target.blit(surf, rect)
        return rect


    # --- fitting text to a place -------------------------------------------------------------
    def fit_size(self, text: str, width: int, size: int, smallest: int, bold: bool = False) -> int:
        """The largest size from ``size`` down to ``smallest`` at which ``text`` is one line
        at most ``width`` pixels wide (``smallest`` when none is)."""
        for s in range(size, smallest - 1, -1):
            if self.fonts.get(s, bold).size(text)[0] <= width:
                return s
        return smallest

    def lines(self, text: str, width: int, size: int, bold: bool = False) -> list[str]:
        """``text`` broken at spaces into lines of at most ``width`` pixels (a word longer than
        the width stands alone on its line)."""
        font = self.fonts.get(size, bold)
        out: list[str] = []
        for word in text.split():
            if out and font.size(out[-1] + " " + word)[0] <= width:
                out[-1] += " " + word
            else:
                out.append(word)
        return out or [""]

    def blit_centred(self, target: pygame.Surface, text: str, midtop, size: int, colour,
                     bold: bool = False, width: int = 0, smallest: int = 0) -> list[pygame.Rect]:
        """Draw ``text`` centred under ``midtop`` within ``width``: on one line at the largest
        size down to ``smallest`` that holds it, else wrapped at ``smallest`` with every line
        centred (pygame's own wrapping puts them on the left). The lines' rectangles."""
        size = self.fit_size(text, width, size, smallest or size, bold) if width else size
        rows = self.lines(text, width, size, bold) if width else [text]
        x, y = midtop
        out = []
        for row in rows:
            r = self.blit(target, row, (x, y), size, colour, bold=bold, anchor="midtop")
            out.append(r)
            y = r.bottom
        return out


def button_widths(fonts: Fonts, labels, room: int, gap: int, size: int = 22, bold: bool = True,
                  pad: int = 36, most: int = 250) -> list[int]:
    """Widths of a row of buttons that together take at most ``room`` pixels with ``gap``
    between them: all the same (at most ``most``) when every label fits that width, else each
    as wide as its label needs (at ``size``) with the room left shared out evenly."""
    n = len(labels)
    even = min(most, (room - gap * (n - 1)) // n)
    need = [fonts.get(size, bold).size(lb)[0] + pad for lb in labels]
    if max(need) <= even:
        return [even] * n
    spare = max(0, room - gap * (n - 1) - sum(need)) // n
    return [min(max(most, w), w + spare) for w in need]


class ImageCache:
    """Scaled and rotated variants of surfaces, keyed by (name, angle bucket, scale); least
    recently used first out, bounded in entries and in bytes. A family of keys (those whose
    first item is a given name, e.g. one table's card faces at every size and value) may have
    a byte bound of its own (``limit``): its oldest entries go first once it is over it, so one
    table's many variants never crowd the whole cache (or the memory) out."""

    def __init__(self, capacity: int = 600, max_bytes: int = 64 << 20):
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.bytes = 0
        self._cache: OrderedDict = OrderedDict()
        self._limits: dict = {}  # family name -> byte bound
        self._family_bytes: dict = {}

    def limit(self, family: str, max_bytes: int) -> None:
        """Bound the bytes of one family of keys (``key[0] == family``)."""
        self._limits[family] = max_bytes
        self._evict_family(family)

    def family_bytes(self, family: str) -> int:
        return self._family_bytes.get(family, 0)

    @staticmethod
    def _family(key):
        return key[0] if isinstance(key, tuple) and key else key

    @staticmethod
    def _size(surf) -> int:
        return surface_bytes(surf) if isinstance(surf, pygame.Surface) else 0

    def _drop(self, key):
        old = self._cache.pop(key)
        n = self._size(old)
        self.bytes -= n
        fam = self._family(key)
        if fam in self._family_bytes:
            self._family_bytes[fam] -= n

    def _evict_family(self, family, keep=None):
        bound = self._limits.get(family)
        if bound is None:
            return
        if self._family_bytes.get(family, 0) > bound:
            for key in [k for k in self._cache if self._family(k) == family and k != keep]:
                if self._family_bytes[family] <= bound:
                    break
                self._drop(key)

    def get(self, key, make):
        surf = self._cache.get(key)
        if surf is None:
            surf = make()
            self._cache[key] = surf
            n = self._size(surf)
            self.bytes += n
            fam = self._family(key)
            if fam in self._limits:
                self._family_bytes[fam] = self._family_bytes.get(fam, 0) + n
                self._evict_family(fam, keep=key)
            while len(self._cache) > 1 and (len(self._cache) > self.capacity or
                                            self.bytes > self.max_bytes):
                self._drop(next(iter(self._cache)))
        else:
            self._cache.move_to_end(key)
        return surf

    def rotated(self, name: str, surf: pygame.Surface, degrees: float, step: float = 2.0):
        bucket = round(degrees / step) * step % 360
        return self.get((name, "rot", bucket), lambda: pygame.transform.rotozoom(surf, bucket, 1))
