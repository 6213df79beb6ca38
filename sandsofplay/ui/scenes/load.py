"""Pick a saved game to resume (or watch as a replay).

Files are listed by date from a ``stat`` alone; only the files on the page shown are read, each
through the save schema (``engine.savefile``), so one damaged, huge or odd file is labelled as such
and never stops the list from opening.
"""

from __future__ import annotations

import os
import stat

from ...engine import SaveError
from ...engine.savefile import read_save
from ...games import info
from .. import paths
from .. import theme as T
from ..scene import MenuScene

PAGE = 6
LABEL_FONT = 18  # bold, the "@option" button font
SAVE_RECT = (150, 0, 720, 60)  # x, (row y), w, h of a save's button
REPLAY_RECT = (890, 0, 240, 60)


def list_files() -> list[tuple[str, float]]:
    """(path, modification time) of every candidate save, newest first; never reads a file."""
    found = []
    candidates = []
    try:
        with os.scandir(paths.saves_dir()) as it:
            for entry in it:
                if entry.name.endswith(".json") and not entry.name.startswith("."):
                    candidates.append(entry.path)
    except OSError:
        pass
    candidates.append(str(paths.autosave_path()))
    for path in candidates:
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISLNK(st.st_mode):
            try:
                st = os.stat(path)
            except OSError:
                continue
        found.append((path, st.st_mtime))
    found.sort(key=lambda pm: pm[1], reverse=True)
    return found


def fit(font, parts: list[str], width: int, sep: str = " \u00b7 ") -> str:
    """Join ``parts`` with ``sep``, shortening the longest part until the line fits ``width``."""
    parts = list(parts)
    text = sep.join(parts)
    while font.size(text)[0] > width:
        k = max(range(len(parts)), key=lambda i: len(parts[i]))
        if len(parts[k]) <= 4:
            break
        parts[k] = parts[k][:len(parts[k]) - 4].rstrip() + "\u2026"
        text = sep.join(parts)
    return text


def describe(path: str, font=None, width: int = 10_000) -> tuple[str, bool]:
    """A label for a save file and whether it can be opened; reads it through the schema."""
    auto = path == str(paths.autosave_path())
    first = "Autosave" if auto else os.path.basename(path)
    try:
        data = read_save(path)
    except SaveError:
        parts = [first, "damaged - cannot be opened"]
        ok = False
    else:
        gi = info(data["game"])
        title = gi.title if gi else data["game"]
        when = data.get("saved_at", "")[:16]
        n = len(data["log"])
        state = "finished" if data.get("finished") else f"{n} move{'s' if n != 1 else ''}"
        parts = ([first] if auto else []) + [title, when, state]
        parts = [p for p in parts if p]
        ok = True
    text = " \u00b7 ".join(parts) if font is None else fit(font, parts, width)
    return text, ok


class LoadScene(MenuScene):
    name = "the saved games"

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.files: list[tuple[str, float]] = []

    def entries(self):
        """(path, label) of the saves on the page shown."""
        font = self.app.fonts.get(LABEL_FONT, True)
        start = self.page * PAGE
        return [(path, describe(path, font, SAVE_RECT[2] - 28)[0])
                for path, _ in self.files[start:start + PAGE]]

    def enter(self):
        self.background = self.backdrop(5, 140)
        self.files = list_files()
        self.rebuild()

    def rebuild(self):
        for e in self.elements:
            e.kill()
        self.elements, self.focus_items, self.buttons = [], [], {}
        self.empty = not self.files
        self.page = max(0, min(self.page, (len(self.files) - 1) // PAGE))
        start = self.page * PAGE
        for k, (path, label) in enumerate(self.entries()):
            y = 140 + k * 74
            x, _, w, h = SAVE_RECT
            self.add_button((x, y, w, h), label, lambda p=path: self.open(p), name=f"save:{k}",
                            object_id="@option")
            x, _, w, h = REPLAY_RECT
            self.add_button((x, y, w, h), "Watch replay", lambda p=path: self.replay(p),
                            name=f"replay:{k}")
        if start > 0:
            self.add_button((150, T.H - 100, 180, 60), "Previous", lambda: self.turn(-1),
                            name="prev")
        if start + PAGE < len(self.files):
            self.add_button((950, T.H - 100, 180, 60), "Next", lambda: self.turn(1), name="next")
        self.add_button((T.W // 2 - 110, T.H - 100, 220, 60), "Back", self.back, name="back")

    def turn(self, step):
        self.page += step
        self.rebuild()

    def open(self, path):
        from ..table_open import open_save
        open_save(self.app, path)

    def replay(self, path):
        from ..table_open import open_replay
        open_replay(self.app, path)

    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        self.app.text.blit(surf, "Saved games", (T.W // 2, 50), 44, T.PARCHMENT, bold=True,
                           anchor="midtop", shadow=T.INK)
        if self.empty:
            self.app.text.blit(surf, "No saved games yet. Save from the pause menu during a game.",
                               (T.W // 2, 300), 24, T.SAND_LIGHT, anchor="center", shadow=T.INK)
