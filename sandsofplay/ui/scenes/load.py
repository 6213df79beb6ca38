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
SAVE_RECT = (90, 0, 700, 60)  # x, (row y), w, h of a save's button
REPLAY_RECT = (806, 0, 200, 60)
DELETE_RECT = (1022, 0, 168, 60)


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


def fit(font, parts: list[str], width: int, sep: str = " \u00b7 ", keep=()) -> str:
    """Join ``parts`` with ``sep``, shortening the longest part until the line fits ``width``
    (the parts whose text is in ``keep`` - a date - only when nothing else can be)."""
    parts = list(parts)
    text = sep.join(parts)
    while font.size(text)[0] > width:
        free = [i for i in range(len(parts)) if parts[i] not in keep and len(parts[i]) > 4]
        k = max(free or range(len(parts)), key=lambda i: len(parts[i]))
        if len(parts[k]) <= 4:
            break
        parts[k] = parts[k][:len(parts[k]) - 4].rstrip() + "\u2026"
        text = sep.join(parts)
    return text


def describe(path: str, font=None, width: int = 10_000) -> tuple[str, bool]:
    """A label for a save file and whether it can be opened; reads it through the schema."""
    auto = path == str(paths.autosave_path())
    first = "Autosave" if auto else os.path.basename(path)
    keep = ()
    try:
        data = read_save(path)
    except SaveError:
        parts = [first, "damaged - cannot be opened"]
        ok = False
    else:
        gi = info(data["game"])
        title = gi.title if gi else data["game"]
        when = data.get("saved_at", "")[:19]  # to the second: two saves never read alike
        n = len(data["log"])
        state = "finished" if data.get("finished") else f"{n} move{'s' if n != 1 else ''}"
        # who played, then the file's name: what tells two games of one minute apart
        parts = ([first] if auto else []) + [title, when, _seats(data), state] + \
            ([] if auto else [first])
        parts = [p for p in parts if p]
        keep = (title, when, state)
        ok = True
    text = " \u00b7 ".join(parts) if font is None else fit(font, parts, width, keep=keep)
    return text, ok


def _seats(data) -> str:
    """The players of a save: "Tariq, Bot 1 (easy)" ("" when the setup cannot say)."""
    try:
        seats = data["setup"]["seats"]
        return ", ".join((s.get("name") or f"Seat {i + 1}") +
                         (f" ({s.get('level') or 'normal'})" if s.get("kind") == "bot" else "")
                         for i, s in enumerate(seats))
    except (KeyError, TypeError, AttributeError):
        return ""


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
            x, _, w, h = DELETE_RECT
            auto = path == str(paths.autosave_path())
            self.add_button((x, y, w, h), "Delete", lambda p=path: self.ask_delete(p),
                            name=f"delete:{k}", enabled=not auto,
                            tooltip="The autosave is replaced by your next game" if auto else
                            None)
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

    def ask_delete(self, path):
        """Delete a save (asked first; "Keep it" is where the keyboard starts)."""
        from .message import MessageScene
        self.app.push(MessageScene(
            self.app, "Delete this saved game?",
            f"{describe(path)[0]}\n\nThe file is removed for good.",
            buttons=(("Keep it", None), ("Delete", lambda: self.delete(path)))))

    def delete(self, path):
        from .message import MessageScene
        try:
            os.remove(path)
        except OSError as exc:
            self.app.push(MessageScene(self.app, "Cannot delete that save",
                                       f"{os.path.basename(path)} could not be removed "
                                       f"({exc.strerror or exc})."))
            return
        self.files = list_files()
        self.rebuild()

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
