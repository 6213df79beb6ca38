"""Games played (issue 30 point 3): the finished games kept in the user data folder
(``ui.history``), newest first - date, game, seats with bot levels, result, length - each with
its replay, its story and Delete (which asks first); and the records per name (wins, losses and
draws per game and per bot level). A damaged entry is listed with the reason and never changed.
"""

from __future__ import annotations

import os

import pygame

from .. import art, history
from .. import theme as T
from ..scene import MenuScene

PAGE = 6
LABEL_FONT = 16  # bold, the "@option" button font at this size is close enough for fitting
ROW_RECT = (60, 0, 860, 60)  # x, (row y), w, h of an entry's button (it opens the replay)
STORY_RECT = (936, 0, 130, 60)
DELETE_RECT = (1082, 0, 130, 60)


def fit(font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


class HistoryScene(MenuScene):
    name = "the games played"

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.found: list[history.Entry] = []
        self.view = "games"  # or "records"
        self.note = ""

    def enter(self):
        self.background = self.backdrop(11, 150)
        self.reload()

    def reload(self):
        try:
            history.adopt_autosave()  # a finished game whose results never opened
        except Exception:  # noqa: BLE001 - the list opens whatever the autosave holds
            pass
        self.found = history.entries()
        self.records = history.records(self.found)
        self.rebuild()

    def rebuild(self):
        for e in self.elements:
            e.kill()
        self.elements, self.focus_items, self.buttons = [], [], {}
        if self.view == "games":
            self.page = max(0, min(self.page, (len(self.found) - 1) // PAGE))
            start = self.page * PAGE
            for k, entry in enumerate(self.found[start:start + PAGE]):
                y = 130 + k * 72
                x, _, w, h = ROW_RECT
                # the button has no text of its own: its two lines are drawn over it
                self.add_button((x, y, w, h), "", lambda e=entry: self.open(e),
                                name=f"entry:{k}", object_id="@option",
                                tooltip="Watch the replay" if entry.ok else
                                "Why it cannot be opened")
                x, _, w, h = STORY_RECT
                self.add_button((x, y, w, h), "Story", lambda e=entry: self.story(e),
                                name=f"story:{k}", enabled=entry.ok)
                x, _, w, h = DELETE_RECT
                self.add_button((x, y, w, h), "Delete", lambda e=entry: self.ask_delete(e),
                                name=f"delete:{k}")
            if start > 0:
                self.add_button((60, T.H - 90, 170, 60), "Previous", lambda: self.turn(-1),
                                name="prev")
            if start + PAGE < len(self.found):
                self.add_button((T.W - 230, T.H - 90, 170, 60), "Next", lambda: self.turn(1),
                                name="next")
        self.add_button((T.W // 2 - 250, T.H - 90, 240, 60),
                        "Records" if self.view == "games" else "Games", self.switch,
                        name="records" if self.view == "games" else "games")
        self.add_button((T.W // 2 + 10, T.H - 90, 240, 60), "Back", self.back, name="back")
        # the keyboard starts on the newest game (or Back when there is none)
        self.focus_on("entry:0" if self.view == "games" and self.found else "back")

    def turn(self, step):
        self.page += step
        self.rebuild()

    def switch(self):
        self.view = "records" if self.view == "games" else "games"
        self.rebuild()

    # --- what an entry offers --------------------------------------------------------------
    def open(self, entry):
        if not entry.ok:
            from .message import MessageScene
            self.app.push(MessageScene(self.app, "This game cannot be opened",
                                       f"{entry.problem} The file {entry.name} is left as it "
                                       f"is (in {os.path.dirname(entry.path)})."))
            return
        from ..table_open import open_replay
        open_replay(self.app, entry.path)

    def story(self, entry):
        self.app.push(StoryScene(self.app, entry))

    def ask_delete(self, entry):
        from .message import MessageScene
        what = entry.label() if entry.ok else entry.name
        self.app.push(MessageScene(
            self.app, "Delete this game?",
            f"{what}\n\nIts save is removed from the history for good (and its records with it).",
            buttons=(("Keep it", None), ("Delete", lambda: self.delete(entry)))))

    def delete(self, entry):
        try:
            history.delete(entry.path)
        except OSError as exc:
            from .message import MessageScene
            self.app.push(MessageScene(self.app, "Cannot delete that game",
                                       f"{entry.name} could not be removed "
                                       f"({exc.strerror or exc})."))
            return
        self.note = f"Deleted {entry.name}."
        self.reload()

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        text = self.app.text
        text.blit(surf, "Games played", (T.W // 2, 30), 44, T.PARCHMENT, bold=True,
                  anchor="midtop", shadow=T.INK)
        n = len(self.found)
        sub = (f"{n} finished game{'s' if n != 1 else ''}, newest first" if n else "")
        if self.note:
            sub = (sub + " \u00b7 " if sub else "") + self.note
        if sub:
            text.blit(surf, sub, (T.W // 2, 88), 18, T.SAND_LIGHT, anchor="midtop", shadow=T.INK)
        if self.view == "records":
            self.draw_records(surf)
        elif not self.found:
            text.blit(surf, "No finished games yet. Every game played to its end is kept here.",
                      (T.W // 2, 300), 24, T.SAND_LIGHT, anchor="center", shadow=T.INK)
        elif len(self.found) > PAGE:
            pages = (len(self.found) - 1) // PAGE + 1
            text.blit(surf, f"Page {self.page + 1} of {pages}", (T.W // 2, T.H - 118), 16,
                      T.SAND_LIGHT, anchor="midtop", shadow=T.INK)

    def draw_overlay(self, surf):
        if self.view == "games":
            text = self.app.text
            bold, small = self.app.fonts.get(LABEL_FONT, True), self.app.fonts.get(14, False)
            start = self.page * PAGE
            for k, entry in enumerate(self.found[start:start + PAGE]):
                btn = self.buttons.get(f"entry:{k}")
                if btn is None:
                    continue
                r = btn.rect
                first, second = entry.lines()
                colour = T.PARCHMENT if entry.ok else T.GLOW
                text.blit(surf, fit(bold, first, r.w - 28), (r.x + 14, r.y + 8), LABEL_FONT,
                          colour, bold=True)
                text.blit(surf, fit(small, second, r.w - 28), (r.x + 14, r.y + 34), 14,
                          T.SAND_LIGHT)
        super().draw_overlay(surf)

    def record_columns(self) -> list[tuple[str, str]]:
        """(key, heading) of the records table: all games, each game played, each bot level
        met."""
        from ...games import info
        keys = {k for rec in self.records.values() for k in rec}
        games = sorted(k for k in keys if k.startswith("game:"))
        order = {"easy": 0, "normal": 1, "hard": 2}
        levels = sorted((k for k in keys if k.startswith("level:")),
                        key=lambda k: (order.get(k[6:], 9), k))
        cols = [("all", "All games")]
        for k in games:
            gi = info(k[5:])
            cols.append((k, gi.title if gi else k[5:]))
        cols += [(k, f"with {k[6:]} bots") for k in levels]
        return cols

    def draw_records(self, surf):
        text = self.app.text
        if not self.records:
            text.blit(surf, "No records yet: they are counted from the finished games.",
                      (T.W // 2, 300), 24, T.SAND_LIGHT, anchor="center", shadow=T.INK)
            return
        cols = self.record_columns()
        names = sorted(self.records, key=lambda n: (" (bot, " in n, n.lower()))
        box = pygame.Rect(40, 124, T.W - 80, min(T.H - 240, 60 + 34 * len(names)))
        surf.blit(art.panel(box.size, alpha=235), box)
        name_w = 300
        col_w = max(80, (box.w - name_w - 20) // max(1, len(cols)))
        for k, (_, head) in enumerate(cols):
            cx = box.x + name_w + k * col_w + col_w // 2
            text.blit(surf, head, (cx, box.y + 8), 14, T.INK, bold=True, anchor="midtop",
                      width=col_w - 8)  # (a long title on two lines)
        text.blit(surf, "wins-losses(-draws)", (box.x + 16, box.y + 14), 15, T.MUTED)
        y = box.y + 52
        rows = (box.h - 56) // 34
        for name in names[:rows]:
            rec = self.records[name]
            text.blit(surf, fit(self.app.fonts.get(18, True), name, name_w - 24),
                      (box.x + 16, y + 6), 18, T.INK, bold=True)
            for k, (key, _) in enumerate(cols):
                cx = box.x + name_w + k * col_w + col_w // 2
                val = history.record_text(rec[key]) if key in rec else "\u2013"
                text.blit(surf, val, (cx, y + 6), 18, T.INK if key in rec else T.MUTED,
                          anchor="midtop")
            y += 34
        if len(names) > rows:
            text.blit(surf, f"and {len(names) - rows} more names", (box.x + 16, y + 4), 15,
                      T.MUTED)


class StoryScene(MenuScene):
    """A kept game's story (``engine.replay.story``, the text ``--story`` writes), scrolled by
    the wheel, a drag, the arrow keys, Page Up/Down, Home and End; "Save as text" writes it
    next to the game's save."""

    name = "a game's story"
    LINE_H = 24
    TOP = 110

    def __init__(self, app, entry):
        super().__init__(app)
        self.entry = entry
        self.lines: list[str] = []
        self.problem = ""
        self.note = ""
        self.top = 0
        self.drag_from = None

    def enter(self):
        self.background = self.backdrop(11, 170)
        self.box = pygame.Rect(60, self.TOP - 10, T.W - 120, T.H - 210)
        try:
            self.story_text = self.tell()
        except Exception as exc:  # noqa: BLE001 - a story that cannot be told says why
            self.story_text = ""
            self.problem = str(exc)
        font = self.app.fonts.get(18, False)
        width = self.box.w - 40
        for raw in self.story_text.splitlines():
            self.lines.extend(self.wrap(font, raw, width) if raw else [""])
        self.add_button((T.W // 2 - 250, T.H - 90, 240, 60), "Save as text", self.save,
                        name="save", enabled=bool(self.story_text))
        self.add_button((T.W // 2 + 10, T.H - 90, 240, 60), "Back", self.back, name="back")
        self.focus_on("back")

    def tell(self) -> str:
        from ...engine import Match
        from ...engine.replay import Replay
        from ..story import full_story as story
        from ...games import get_game
        data = Match.read_save(self.entry.path, get_game)
        return story(Replay(data, get_game(data["game"]), name=self.entry.name))

    @staticmethod
    def wrap(font, line: str, width: int) -> list[str]:
        out, cur = [], ""
        indent = len(line) - len(line.lstrip())
        for word in line.split(" "):
            trial = f"{cur} {word}" if cur else word
            if font.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                out.append(cur)
                cur = " " * (indent + 3) + word
        out.append(cur)
        return out

    @property
    def rows(self) -> int:
        return (self.box.h - 20) // self.LINE_H

    def scroll(self, by: int):
        self.top = max(0, min(self.top + by, max(0, len(self.lines) - self.rows)))

    def save(self):
        from ...engine.replay import story_path
        from ...engine.store import atomic_write_text
        path = story_path(self.entry.path)
        try:
            atomic_write_text(path, self.story_text)
        except OSError as exc:
            self.note = f"The story could not be written: {exc.strerror or exc}."
            return
        self.note = f"Saved as {path}"

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows,
                    pygame.K_PAGEDOWN: self.rows, pygame.K_HOME: -len(self.lines),
                    pygame.K_END: len(self.lines)}.get(event.key)
            if step is not None:
                self.scroll(step)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.box.collidepoint(event.pos):
            self.drag_from = (event.pos[1], self.top)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag_from = None
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            y0, top0 = self.drag_from
            self.top = top0
            self.scroll((y0 - event.pos[1]) // self.LINE_H)
        super().handle(event)

    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        text = self.app.text
        s = self.entry.summary
        text.blit(surf, f"The story of {s.get('title', self.entry.name)}", (T.W // 2, 24), 36,
                  T.PARCHMENT, bold=True, anchor="midtop", shadow=T.INK)
        text.blit(surf, self.note or self.entry.label(), (T.W // 2, 70), 16, T.SAND_LIGHT,
                  anchor="midtop", shadow=T.INK)
        surf.blit(art.panel(self.box.size, alpha=235), self.box)
        if self.problem:
            text.blit(surf, f"The story cannot be told: {self.problem}", self.box.inflate(-40,
                      -40).topleft, 20, T.DANGER, width=self.box.w - 40)
            return
        y = self.box.y + 10
        for line in self.lines[self.top:self.top + self.rows]:
            if line:
                bold = line.startswith("#")
                shown = line.lstrip("#").strip() if bold else line
                text.blit(surf, shown, (self.box.x + 20, y), 18, T.TERRACOTTA if bold else T.INK,
                          bold=bold, once=True)
            y += self.LINE_H
        if len(self.lines) > self.rows:  # where in the story the view is
            track = pygame.Rect(self.box.right - 12, self.box.y + 10, 6, self.box.h - 20)
            pygame.draw.rect(surf, T.DUNE, track, border_radius=3)
            h = max(20, track.h * self.rows // len(self.lines))
            y = track.y + (track.h - h) * self.top // max(1, len(self.lines) - self.rows)
            pygame.draw.rect(surf, T.DUNE_DARK, (track.x, y, track.w, h), border_radius=3)


__all__ = ["HistoryScene", "StoryScene"]
