"""The game's log panel of every table (``LogPanel``), scrolled back over the whole game, with
its round and turn headings."""

from __future__ import annotations

import pygame

from . import art
from . import theme as T
from .widgets import bounded


class LogPanel:
    """The game's log: event lines naming players, newest at the bottom, over the whole game.

    It scrolls back with the wheel, by dragging the lines, and from the keyboard (PageUp /
    PageDown, Home for the oldest line, End for the newest; with Shift in a replay, whose bar
    has those keys). A line that begins a round or a turn (``marks``: its text -> "round" or
    "turn", told by the table from the game's events, ``engine.marks``) is drawn as a heading:
    a round's in gold under a rule, a turn's under a thin line. Scrolled back, new lines do not
    move what is read, and a bar says how far back it is."""

    LINE_GAP = 3
    WHEEL_LINES = 3

    def __init__(self, rect, text_cache, size=15, max_lines=5000):
        self.rect = pygame.Rect(rect)
        self.text = text_cache
        self.size = size
        self.lines: list[str] = []
        self.max_lines = max_lines
        self.marks: dict[str, str] = {}  # line text -> "round" | "turn"
        self.scroll = 0  # lines back from the newest
        self.visible = True
        self._drag = None  # (pointer y, scroll) while the lines are dragged
        self._shown = 12  # lines the last draw showed (a page)
        self._bg = art.panel(self.rect.size, colour=(40, 28, 18), border=T.DUNE_DARK, alpha=210)

    def add(self, line: str):
        if line:
            self.lines.append(bounded(line, 300))
            extra = len(self.lines) - self.max_lines
            if extra > 0:
                del self.lines[:extra]
            if self.scroll:  # read back: the lines read stay in place
                self.scroll = min(len(self.lines) - 1, self.scroll + 1)

    def set_lines(self, lines) -> None:
        """All the lines at once (a replay's jump), read from the newest."""
        self.lines = [bounded(x, 300) for x in list(lines)[-self.max_lines:]]
        self.scroll = 0

    def mark(self, line: str) -> str | None:
        return self.marks.get(line)

    def heading_lines(self) -> list[tuple[int, str]]:
        """(index, "round" | "turn") of each line drawn as a heading."""
        marks = self.marks
        return [(i, marks[x]) for i, x in enumerate(self.lines) if x in marks]

    def scroll_to(self, back: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, int(back)))

    def handle(self, event, replay: bool = False) -> bool:
        """Wheel, drag and keys; True when the event was the log's."""
        if not self.visible:
            return False
        t = event.type
        if t == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_to(self.scroll + event.y * self.WHEEL_LINES)
                return True
            return False
        if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
                self.rect.collidepoint(event.pos):
            self._drag = (event.pos[1], self.scroll)
            return True
        if t == pygame.MOUSEMOTION and self._drag is not None:
            y0, back = self._drag
            step = self.size + self.LINE_GAP + 2
            self.scroll_to(back + (event.pos[1] - y0) // step)
            return True
        if t == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        if t == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if replay and not shift:
                return False  # (the replay's own keys)
            page = max(1, self._shown - 1)
            back = {pygame.K_PAGEUP: self.scroll + page, pygame.K_PAGEDOWN: self.scroll - page,
                    pygame.K_HOME: len(self.lines), pygame.K_END: 0}.get(event.key)
            if back is None or not self.lines:
                return False
            self.scroll_to(back)
            return True
        return False

    def draw(self, surf):
        if not self.visible:
            return
        surf.blit(self._bg, self.rect)
        width = self.rect.w - 16
        top = self.rect.y + 6
        y = self.rect.bottom - 8
        end = len(self.lines) - self.scroll
        shown = 0
        if self.scroll:
            y -= self._draw_back_bar(surf)
        for line in reversed(self.lines[max(0, end - 60):end]):
            mark = self.marks.get(line)
            colour = T.GOLD if mark == "round" else T.PARCHMENT
            img = self.text.render(line, self.size, colour, bold=mark is not None, width=width)
            extra = {"round": 8, "turn": 5}.get(mark, 0)  # the rule above a heading
            if y - img.get_height() - self.LINE_GAP - extra < top:
                break
            y -= img.get_height() + self.LINE_GAP
            surf.blit(img, (self.rect.x + 8, y))
            if mark is not None:
                rule_y = y - extra // 2 - 1
                pygame.draw.line(surf, T.GOLD if mark == "round" else T.DUNE_DARK,
                                 (self.rect.x + 8, rule_y), (self.rect.right - 8, rule_y),
                                 2 if mark == "round" else 1)
                y -= extra
            shown += 1
        self._shown = max(1, shown)

    def _draw_back_bar(self, surf) -> int:
        """Read back: a bar at the foot saying how far, and how to come back."""
        label = f"{self.scroll} newer line{'s' if self.scroll != 1 else ''} below - End"
        img = self.text.render(label, 12, T.NIGHT, bold=True, width=self.rect.w - 16)
        r = pygame.Rect(self.rect.x + 6, self.rect.bottom - img.get_height() - 6,
                        self.rect.w - 12, img.get_height())
        pygame.draw.rect(surf, T.GOLD, r, border_radius=5)
        surf.blit(img, img.get_rect(center=r.center))
        return r.h + 2
