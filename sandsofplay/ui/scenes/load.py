"""Pick a saved game to resume (or watch as a replay)."""

from __future__ import annotations

import json
import os


from ...games import info
from .. import paths
from .. import theme as T
from ..scene import MenuScene

PAGE = 6


class LoadScene(MenuScene):
    name = "the saved games"

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def entries(self):
        files = []
        for folder in (paths.saves_dir(),):
            for name in os.listdir(folder):
                if name.endswith(".json"):
                    files.append(os.path.join(folder, name))
        auto = str(paths.autosave_path())
        if os.path.exists(auto):
            files.append(auto)
        files.sort(key=lambda p: os.path.getmtime(p), reverse=True)
        out = []
        for path in files:
            label = os.path.basename(path)
            try:
                with open(path, encoding="utf-8") as fh:
                    data = json.load(fh)
                gi = info(data.get("game", ""))
                title = gi.title if gi else str(data.get("game"))
                state = "finished" if data.get("finished") else f"{len(data.get('log', []))} moves"
                label = f"{title} - {data.get('saved_at', '')} - {state}"
                if path == auto:
                    label = "Autosave: " + label
            except (OSError, ValueError, AttributeError):
                label = f"{os.path.basename(path)} (damaged)"
            out.append((path, label))
        return out

    def enter(self):
        self.background = self.backdrop(5, 140)
        self.rebuild()


    def rebuild(self):
        for e in self.elements:
            e.kill()
        self.elements, self.focus_items, self.buttons = [], [], {}
        items = self.entries()
        self.empty = not items
        start = self.page * PAGE
        for k, (path, label) in enumerate(items[start:start + PAGE]):
            y = 140 + k * 74
            self.add_button((200, y, 660, 60), label, lambda p=path: self.open(p),
                            name=f"save:{k}")
            self.add_button((880, y, 200, 60), "Watch replay", lambda p=path: self.replay(p),
                            name=f"replay:{k}")
        if start > 0:
            self.add_button((200, T.H - 100, 160, 60), "Previous", lambda: self.turn(-1),
                            name="prev")
        if start + PAGE < len(items):
            self.add_button((920, T.H - 100, 160, 60), "Next", lambda: self.turn(1), name="next")
        self.add_button((T.W // 2 - 110, T.H - 100, 220, 60), "Back", self.back, name="back")

    def turn(self, step):
        self.page += step
        self.rebuild()

    def open(self, path):
        from ..table import open_save
        open_save(self.app, path)

    def replay(self, path):
        from ..table import open_replay
        open_replay(self.app, path)

    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        self.app.text.blit(surf, "Saved games", (T.W // 2, 50), 44, T.PARCHMENT, bold=True,
                           anchor="midtop", shadow=T.INK)
        if self.empty:
            self.app.text.blit(surf, "No saved games yet. Save from the pause menu during a game.",
                               (T.W // 2, 300), 24, T.SAND_LIGHT, anchor="center", shadow=T.INK)
