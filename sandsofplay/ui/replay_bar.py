"""The control bar under a replay: buttons, speed, the timeline with its marks, the view.

It sits where the table's prompt bar is (a replay asks nothing), or along the bottom of the
screen for a table without one. From the left: to the start, one action back, play / pause, one
action on, to the end; the speed (click: faster, right click: slower); the timeline (click a mark
or anywhere to jump; a drag from anywhere, a mark included, moves the playhead with the pointer
once it has moved ``DRAG_SLOP`` pixels; a mark's name shows on hover); whose view; "Play from
here"; the story. Every control is a named region (``button:replay_*``, ``panel:replay``) so the
layout checks of the table contract cover it. The table (``TableScene``) does the seeking; the bar only
draws and turns clicks into calls.
"""

from __future__ import annotations

import pygame

from . import theme as T

MARK_COLOURS = {"round": T.GOLD, "phase": T.SAND_LIGHT, "turn": (150, 120, 90),
                "moment": (235, 90, 60)}
BUTTONS = (  # name, width, help
    ("start", 30, "To the start (Home)"),
    ("back", 30, "One action back (Left)"),
    ("play", 34, "Play / pause (Space)"),
    ("forward", 30, "One action on (Right)"),
    ("end", 30, "To the end (End)"),
    ("speed", 62, "Speed: click faster, right click slower (Up / Down)"),
)
RIGHT = (("view", 118, "Whose view: the spectator's; after the game each seat's (V)"),
         ("branch", 118, "Play from here: a new game from this moment, saved on its own"),
         ("story", 60, "Save the game's story as text"))


DRAG_SLOP = 3  # pixels the pointer moves from a press before it drags the playhead


class ReplayBar:
    def __init__(self, table):
        self.table = table
        self.dragging = False  # the left button went down on the timeline and is still down
        self.moved = False  # ... and the pointer has moved since: the playhead follows it
        self.press_x = 0
        self.hover: tuple | None = None  # (x, mark) under the pointer

    # --- layout -------------------------------------------------------------------------------
    def bar_rect(self) -> pygame.Rect:
        r = self.table.prompt_rect
        if r is not None and r.h >= 36:
            return pygame.Rect(r)
        if r is not None and r.w >= 700:  # a thin prompt bar: the bar grows upwards over it
            return pygame.Rect(r.x, r.bottom - 42, r.w, 42)
        return pygame.Rect(10, T.H - 52, T.W - 20, 44)

    def layout(self) -> dict:
        bar = self.bar_rect()
        out, gap = {}, 5
        x, y, h = bar.x + gap, bar.y + 5, bar.h - 10
        for name, w, _ in BUTTONS:
            out["button:replay_" + name] = pygame.Rect(x, y, w, h)
            x += w + gap
        right = bar.right - gap
        rights = {}
        for name, w, _ in reversed(RIGHT):
            right -= w
            rights["button:replay_" + name] = pygame.Rect(right, y, w, h)
            right -= gap
        out["panel:replay"] = pygame.Rect(x + 4, y, right - x - 8, h)
        out.update(rights)
        return out

    def track_rect(self) -> pygame.Rect:
        p = self.layout()["panel:replay"]
        return pygame.Rect(p.x + 8, p.bottom - 11, p.w - 16, 8)

    def x_of(self, index: int) -> int:
        tr, n = self.track_rect(), max(1, len(self.table.replay))
        return tr.x + round(tr.w * index / n)

    def index_at(self, x: int) -> int:
        tr, n = self.track_rect(), len(self.table.replay)
        return max(0, min(n, round((x - tr.x) * n / max(1, tr.w))))

    def mark_near(self, x: int, y: int, reach: int = 5):
        """The most important mark within ``reach`` pixels (moments, then rounds, phases)."""
        order = {"moment": 0, "round": 1, "phase": 2, "turn": 3}
        best = None
        for m in self.table.replay.marks:
            d = abs(self.x_of(m.index) - x)
            if d <= reach:
                key = (order[m.kind], d)
                if best is None or key < best[0]:
                    best = (key, m)
        return best[1] if best else None

    # --- input --------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        t = self.table
        if event.type == pygame.MOUSEMOTION:
            p = self.layout()["panel:replay"]
            if self.dragging:
                x = event.pos[0]
                if self.moved or abs(x - self.press_x) >= DRAG_SLOP:
                    # a drag from anywhere, a mark included: the playhead follows the pointer
                    self.moved = True
                    self.hover = (x, None)
                    t.replay_seek(self.index_at(x))
                return True
            self.hover = None
            if p.collidepoint(event.pos):
                self.hover = (event.pos[0], self.mark_near(*event.pos))
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = self.moved = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return False
        for name, r in self.layout().items():
            if not r.collidepoint(event.pos):
                continue
            if name == "panel:replay":
                if event.button == 1:
                    # a press jumps (to the mark under it, if any); moving on from it drags
                    mark = self.mark_near(*event.pos)
                    t.replay_seek(mark.index if mark is not None else self.index_at(event.pos[0]))
                    self.dragging, self.moved = True, False
                    self.press_x = event.pos[0]
                return True
            self.press(name.split("_", 1)[1], event.button)
            return True
        return False

    def press(self, what: str, button: int = 1):
        t = self.table
        t.app.sound.play("click")
        if what == "start":
            t.replay_seek(0)
        elif what == "back":
            t.replay_back()
        elif what == "play":
            t.replay_toggle()
        elif what == "forward":
            t.replay_forward()
        elif what == "end":
            t.replay_seek(len(t.replay))
        elif what == "speed":
            t.replay_faster(1 if button == 1 else -1)
        elif what == "view":
            t.replay_next_view()
        elif what == "branch":
            t.play_from_here()
        elif what == "story":
            t.export_story()

    # --- drawing ------------------------------------------------------------------------------
    def labels(self) -> dict:
        t = self.table
        return {"start": "|<", "back": "<", "play": "||" if t.replay_playing else ">",
                "forward": ">", "end": ">|",
                "speed": "instant" if t.replay_instant else f"\u00d7{t.replay_speed:g}",
                "view": "View: " + t.replay_view_name(), "branch": "Play from here",
                "story": "Story"}

    def draw(self, surf):
        """The bar from a cached picture of what changes rarely (buttons, track, marks), then
        the position, the knob and the status line."""
        bar = self.bar_rect()
        labels = self.labels()
        key = (tuple(bar), tuple(labels.values()), self.table.replay_playing,
               len(self.table.replay.marks))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self.render_static(bar, labels))
        surf.blit(self._cache[1], bar)
        self.draw_position(surf, self.layout()["panel:replay"])

    _cache = None

    def render_static(self, bar, labels) -> pygame.Surface:
        t, text = self.table, self.table.app.text
        img = pygame.Surface(bar.size, pygame.SRCALPHA)
        shift = (-bar.x, -bar.y)
        pygame.draw.rect(img, (40, 26, 16), img.get_rect(), border_radius=10)
        pygame.draw.rect(img, T.GOLD, img.get_rect(), 1, border_radius=10)
        for name, r in self.layout().items():
            r = r.move(shift)
            if name == "panel:replay":
                self.draw_track(img, r, shift)
                continue
            key = name.split("_", 1)[1]
            on = key == "play" and t.replay_playing
            pygame.draw.rect(img, (96, 64, 34) if on else (70, 46, 26), r, border_radius=6)
            pygame.draw.rect(img, T.GOLD, r, 1, border_radius=6)
            if key == "play":
                self.draw_play_glyph(img, r, t.replay_playing)
            else:
                size = 14  # a long label (a player's name) is set smaller to keep clear
                while size > 11 and text.render(labels[key], size, T.PARCHMENT,
                                                bold=True).get_width() > r.w - 10:
                    size -= 1
                text.blit(img, labels[key], r.center, size, T.PARCHMENT, bold=True,
                          anchor="center")
        return img

    @staticmethod
    def draw_play_glyph(surf, r, playing):
        cx, cy = r.center
        if playing:
            pygame.draw.rect(surf, T.GLOW, (cx - 7, cy - 8, 5, 16))
            pygame.draw.rect(surf, T.GLOW, (cx + 2, cy - 8, 5, 16))
        else:
            pygame.draw.polygon(surf, T.GLOW, [(cx - 6, cy - 9), (cx - 6, cy + 9), (cx + 8, cy)])

    def draw_track(self, surf, p, shift):
        """The timeline's still parts: the track and every mark (turns faint, under the rest)."""
        t, text = self.table, self.table.app.text
        pygame.draw.rect(surf, (28, 18, 10), p, border_radius=6)
        tr = self.track_rect().move(shift)
        pygame.draw.rect(surf, (70, 52, 34), tr, border_radius=4)
        last = -99
        for kind in ("turn", "phase", "round", "moment"):
            colour = MARK_COLOURS[kind]
            for m in t.replay.marks:
                if m.kind != kind:
                    continue
                x = self.x_of(m.index) + shift[0]
                if kind == "turn":
                    pygame.draw.line(surf, colour, (x, tr.bottom - 3), (x, tr.bottom - 1))
                elif kind == "phase":
                    pygame.draw.line(surf, colour, (x, tr.y + 2), (x, tr.bottom - 1))
                elif kind == "round":
                    pygame.draw.line(surf, colour, (x, tr.y - 3), (x, tr.bottom + 2), 2)
                else:  # on the track itself, clear of the text above it; one a few pixels
                    if x - last < 7:  # (close moments share a diamond: the hover names one)
                        continue
                    last = x
                    cy = tr.centery
                    diamond = [(x, cy - 6), (x + 5, cy), (x, cy + 6), (x - 5, cy)]
                    pygame.draw.polygon(surf, colour, diamond)
                    pygame.draw.polygon(surf, (28, 18, 10), diamond, 1)
        moments = sum(1 for m in t.replay.marks if m.kind == "moment")
        if moments:
            cx, cy = p.right - 12, p.y + 9
            pygame.draw.polygon(surf, MARK_COLOURS["moment"], [(cx, cy - 5), (cx + 4, cy),
                                                               (cx, cy + 5), (cx - 4, cy)])
            text.blit(surf, f"{moments} big moment{'s' if moments > 1 else ''}",
                      (cx - 8, cy), 12, MARK_COLOURS["moment"], anchor="midright")

    def draw_position(self, surf, p):
        """Where the replay is: the part played, the knob, the action and round."""
        t, text = self.table, self.table.app.text
        tr = self.track_rect()
        x = self.x_of(t.replay_index)
        if x > tr.x:
            pygame.draw.line(surf, T.GLOW, (tr.x, tr.centery), (x, tr.centery), 2)
        pygame.draw.circle(surf, T.GLOW, (x, tr.centery), 7)
        pygame.draw.circle(surf, T.INK, (x, tr.centery), 7, 2)
        where = f"Action {t.replay_index} of {len(t.replay)}"
        rnd = next((m.label for m in reversed(t.replay.marks)
                    if m.kind == "round" and m.index <= t.replay_index), "")
        if rnd:
            where += f"  -  {rnd}"
        img = text.blit(surf, where, (p.x + 8, p.y + 1), 13, T.PARCHMENT, bold=True)
        if t.face_up_on():  # said here, where it covers nothing of the table
            room = p.right - 130 - (img.right + 12)  # (the count of big moments on the right)
            label = "everything face up" if room >= 140 else "face up"
            text.blit(surf, label, (img.right + 12, p.y + 1), 13, T.GLOW, bold=True)

    def draw_over(self, surf):
        """The name of the mark under the pointer (over everything, above the bar)."""
        if self.hover is None:
            return
        x, mark = self.hover
        if mark is None:
            label = f"Action {self.index_at(x)}: click or drag to jump (PgUp/PgDn: rounds)"
        else:
            label = f"{self.table.named(mark.label).rstrip('.')} - action {mark.index}, " \
                    "click to jump"
        text = self.table.app.text
        img = text.render(label, 14, T.PARCHMENT, width=360)
        box = img.get_rect(midbottom=(x, self.bar_rect().y - 6)).inflate(14, 8)
        box.clamp_ip(pygame.Rect(0, 0, T.W, T.H))
        pygame.draw.rect(surf, (40, 26, 16), box, border_radius=6)
        pygame.draw.rect(surf, T.GLOW, box, 1, border_radius=6)
        surf.blit(img, img.get_rect(center=box.center))
