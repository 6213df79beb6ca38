"""The title: the four games as large tiles, continue, load, settings, quit."""

from __future__ import annotations

import pygame

import os

from ...games import CATALOG, GameInfo, _extra, info
from .. import art, paths
from ..table_registry import has_table, load_table, table_problem
from .. import theme as T
from ..scene import FocusItem, MenuScene

TILE_W, TILE_H = 276, 330


def autosave_status() -> tuple[str | None, str]:
    """``(game id, "")`` for an unfinished autosaved game that can be continued; ``(None, why)``
    when there is an autosave that cannot be (why in a player's words); ``(None, "")`` when there
    is nothing to continue. The file is only read, through the save schema."""
    from ...engine import Match, SaveError
    from ...engine.savefile import read_save
    from ...games import meta
    Match.flush_autosave()
    path = paths.autosave_path()
    if not os.path.lexists(path):
        return None, ""
    try:
        data = read_save(path, meta)  # (meta: the game's rules are not imported for this)
    except SaveError as exc:
        return None, (f"Your last game cannot be continued: {exc} "
                      f"(The file is {path}.)")
    if data.get("finished") or not data["log"]:
        return None, ""
    gid = data["game"]
    if not has_table(gid):
        gi = info(gid)
        return None, (f"Your last game was of {gi.title if gi else gid}, which cannot be played in "
                      f"this version; its autosave is kept as it is.")
    return gid, ""


def autosave_info():
    """The game id of an unfinished autosaved game that can be resumed, or None."""
    return autosave_status()[0]


class TitleScene(MenuScene):
    name = "the title screen"

    def enter(self):
        self.background = self.app.images.get(("title-bg",), lambda: art.desert_background())
        self.tiles = []
        infos = list(CATALOG) + [GameInfo(g.id, g.title, g.blurb, None) for g in _extra.values()
                                 if g.id not in {c.id for c in CATALOG}]
        self.tile_w = tile_w = min(TILE_W, (T.W - 40 - 24 * (len(infos) - 1)) // len(infos))
        x0 = (T.W - len(infos) * tile_w - (len(infos) - 1) * 24) // 2
        for i, gi in enumerate(infos):
            rect = pygame.Rect(x0 + i * (tile_w + 24), 150, tile_w, TILE_H)
            playable = has_table(gi.id)
            item = FocusItem(rect, (lambda gid=gi.id: self.open_game(gid)), name=f"game:{gi.id}")
            item.enabled = True  # focusable even when coming soon, so it can say so
            self.tiles.append((gi, rect, playable))
            self.focus_items.append(item)
        # "Learn to play": a guided first game (ui.coach) under each game that has one
        from ..coach import has_tutorial
        for gi, rect, playable in self.tiles:
            if playable and has_tutorial(gi.id):
                self.add_button((rect.x + 24, rect.bottom + 8, rect.w - 48, 40), "Learn to play",
                                lambda gid=gi.id: self.learn(gid), name=f"learn:{gi.id}",
                                tooltip="A guided first game: the rules as they come up")
        y = 520
        resume, self.autosave_problem = autosave_status()
        buttons = []
        if resume:
            buttons.append(("Continue last game", self.continue_game, "continue"))
        buttons += [("Load a saved game", self.load_game, "load"),
                    ("Games played", self.games_played, "history"),
                    ("Card decks", self.open_decks, "decks"),
                    ("Settings", self.open_settings, "settings"),
                    ("Quit", self.quit, "quit")]
        # each label fits its button (the buttons' font: 22 bold, the theme's "button")
        widths = T.button_widths(self.app.text.fonts, [b[0] for b in buttons], T.W - 40, 20)
        x = (T.W - sum(widths) - (len(buttons) - 1) * 20) // 2
        for bw, (label, cb, name) in zip(widths, buttons):
            self.add_button((x, y + 60, bw, 60), label, cb, name=name)
            x += bw + 20
        # the keyboard starts on something that works: Continue, else the first playable game
        first = "continue" if resume else next(
            (f"game:{gi.id}" for gi, _, playable in self.tiles if playable), "load")
        self.focus_on(first)
        # everything that does not move is composed once into one opaque surface
        self.composed = self.background.copy()
        self.claim_data_folder()
        text = self.app.text
        text.blit(self.composed, "Sands of Play", (T.W // 2, 34), 56, T.PARCHMENT, bold=True,
                  anchor="midtop", shadow=T.INK)
        text.blit(self.composed, "Four desert games at one table", (T.W // 2, 104), 22,
                  T.SAND_LIGHT, anchor="midtop", shadow=T.INK)
        for gi, rect, playable in self.tiles:
            self.composed.blit(self._tile_surface(gi, playable), rect)
        if self.autosave_problem:
            from ..widgets import draw_text_box
            note = pygame.Rect(80, 532, T.W - 160, 44)
            shade = pygame.Surface(note.size, pygame.SRCALPHA)
            shade.fill((40, 20, 12, 210))
            self.composed.blit(shade, note)
            draw_text_box(self.composed, text, self.autosave_problem, note.inflate(-24, -6), 15,
                          T.GLOW, line_gap=0)
        if self.app.settings_problem:
            from .message import MessageScene
            problem, self.app.settings_problem = self.app.settings_problem, ""
            self.app.push(MessageScene(self.app, "Settings were reset", problem))

    def claim_data_folder(self):
        """The app's hold on its data folder (``ui.autosave``), taken as the title first opens;
        a second app on the same folder says at once that it does not autosave. Text fields
        are made safe for any text from here on (``ui.text_fields``)."""
        from ..autosave import SECOND_INSTANCE, claim
        from ..text_fields import guard_gui_fonts
        guard_gui_fonts()
        if not claim(self.app) and not getattr(self.app, "second_instance_told", False):
            from .message import MessageScene
            self.app.second_instance_told = True
            self.app.push(MessageScene(self.app, "Sands of Play is already open",
                                       SECOND_INSTANCE.format(folder=paths.user_dir())))

    def _tile_surface(self, gi, playable):
        TILE_W = self.tile_w
        surf = art.panel((TILE_W, TILE_H), colour=T.PARCHMENT, alpha=245)
        surf.blit(art.emblem(gi.id, (TILE_W - 40, 140)), (20, 18))
        text = self.app.text
        # on one line when it fits at 24 down to 20, else wrapped with every line centred
        text.blit_centred(surf, gi.title, (TILE_W // 2, 170), 24, T.INK, bold=True,
                          width=TILE_W - 24, smallest=20)
        text.blit(surf, gi.blurb, (18, 236), 17, T.MUTED, width=TILE_W - 36)
        if not playable:
            shade = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
            pygame.draw.rect(shade, (40, 30, 20, 110), shade.get_rect(), border_radius=14)
            surf.blit(shade, (0, 0))
            band = pygame.Rect(0, 120, TILE_W, 44)
            pygame.draw.rect(surf, (60, 40, 22), band)
            text.blit(surf, "Coming soon", band.center, 22, T.GOLD, bold=True, anchor="center")
        return surf

    # --- actions ------------------------------------------------------------------------------
    def open_game(self, game_id):
        gi = next(g for g, _, _ in self.tiles if g.id == game_id)
        if not load_table(game_id):  # (imports its table and rules the first time)
            self.app.sound.play("error")
            from .message import MessageScene
            problem = table_problem(game_id)
            text = (f"{gi.title} cannot be opened: {problem}" if problem else
                    f"{gi.title} is coming soon: its rules and table are not built yet.")
            self.app.push(MessageScene(self.app, gi.title, text))
            return
        from .seat_setup import SeatSetupScene
        self.app.push(SeatSetupScene(self.app, game_id))

    def learn(self, game_id):
        """A guided first game of ``game_id`` (``ui.coach``)."""
        if not load_table(game_id):
            self.open_game(game_id)  # says why it cannot be opened
            return
        from ..coach import start_guided
        start_guided(self.app, game_id)

    def continue_game(self):
        from ..table_open import open_save
        open_save(self.app, str(paths.autosave_path()))

    def load_game(self):
        from .load import LoadScene
        self.app.push(LoadScene(self.app))

    def games_played(self):
        """The history of finished games and the records (``scenes.history``)."""
        from .history import HistoryScene
        self.app.push(HistoryScene(self.app))

    def open_decks(self):
        """The Legend of the Burning Sands deck scene (build and save decks)."""
        from ..table_registry import open_registered_scene
        if not open_registered_scene(self.app, "decks"):
            self.app.sound.play("error")

    def open_settings(self):
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def quit(self):
        self.app.running = False

    def back(self):
        pass  # Escape on the title does nothing; Quit is a button

    def handle(self, event):
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for gi, rect, _ in self.tiles:
                if rect.collidepoint(event.pos):
                    self.app.sound.play("click")
                    self.open_game(gi.id)
                    return

    def draw(self, surf, alpha):
        surf.blit(self.composed, (0, 0))


__all__ = ["TitleScene", "autosave_info", "autosave_status"]
