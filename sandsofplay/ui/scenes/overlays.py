"""Scenes pushed over a table: pause, pass-the-device curtain, rules help, results."""

from __future__ import annotations

import pygame

from ...engine import IllegalAction
from ...engine.game import run_steps
from .. import art, paths
from .. import theme as T
from ..help_page import help_box
from ..scene import MenuScene


def shade(surf, alpha=160):
    s = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
    s.fill((10, 8, 6, alpha))
    surf.blit(s, (0, 0))


class PauseScene(MenuScene):
    transparent = True
    name = "the pause menu"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def enter(self):
        x, y, w = T.W // 2 - 170, 170, 340
        ok, why = self.table.undo_state()
        entries = [("Resume", self.back, True, None),
                   ("Undo", self.undo, ok, why or "Take back your last action"),
                   ("Save game", self.save, self.table.mode == "play", None),
                   ("Rules help", self.rules, True, None),
                   ("Settings", self.settings, True, None),
                   ("Quit to title", self.quit, True, self.table.autosave_watch.note())]
        for i, (label, cb, enabled, tip) in enumerate(entries):
            self.add_button((x, y + i * 72, w, 60), label, cb, name=label.lower(), enabled=enabled,
                            tooltip=tip)

    def undo(self):
        try:
            self.table.undo()
        except IllegalAction as exc:
            self.table.toast.show(exc.reason, kind="error")
        self.app.pop()

    def save(self):
        from ...engine.savefile import new_save_path
        import os
        self.app.pop()
        try:
            path = new_save_path(paths.saves_dir(), self.table.game.id)
            self.table.match.save(path)
        except OSError as exc:
            self.table.toast.show(f"The game could not be saved: {exc.strerror or exc}.",
                                  kind="error")
            return
        self.table.toast.show(f"Saved as {os.path.basename(path)}")

    def rules(self):
        self.app.push(RulesHelpScene(self.app, self.table.game))

    def settings(self):
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def quit(self):
        self.app.go_home()

    def draw(self, surf, alpha):
        shade(surf)
        self.app.text.blit(surf, "Paused", (T.W // 2, 90), 48, T.PARCHMENT, bold=True,
                           anchor="midtop", shadow=T.INK)


class CurtainScene(MenuScene):
    """Hot-seat with hidden information: hide the table until the named player is ready."""

    name = "the curtain"

    def __init__(self, app, player_name: str, colour: str):
        super().__init__(app)
        self.player_name = player_name
        self.colour = colour

    def enter(self):
        self.background = self.app.images.get(("curtain",), lambda: art.desert_background(
            seed=17, sun=False))
        self.add_button((T.W // 2 - 150, 470, 300, 70), "I am ready", self.back, name="ready")

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key not in (pygame.K_TAB, pygame.K_ESCAPE):
            self.back()  # any key means "ready"
        else:
            super().handle(event)

    def back(self):
        if self.app.top is self:
            self.app.pop()

    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        shade(surf, 120)
        art.draw_token(surf, self.colour, (T.W // 2, 230), 44, self.app.settings.patterns)
        self.app.text.blit(surf, f"Pass the device to {self.player_name}", (T.W // 2, 320), 44,
                           T.PARCHMENT, bold=True, anchor="midtop", shadow=T.INK)
        self.app.text.blit(surf, "Everyone else, look away. Tap the button or press a key when ready.",
                           (T.W // 2, 395), 22, T.SAND_LIGHT, anchor="midtop", shadow=T.INK)


class RulesHelpScene(MenuScene):
    transparent = True
    name = "rules help"

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def enter(self):
        self.box = pygame.Rect(140, 60, 1000, 560)
        # read bounded; a page that cannot be read or laid out is a sentence in the box
        self.own(help_box(self.game, self.box.inflate(-30, -30), self.app.manager))
        self.add_button((T.W // 2 - 110, 640, 220, 60), "Close", self.back, name="close")

    def draw(self, surf, alpha):
        shade(surf, 180)
        surf.blit(art.panel(self.box.size, colour=(70, 44, 24)), self.box)


class ResultsScene(MenuScene):
    name = "the results"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.outcome = table.game.outcome(table.match.state)

    _pending: list = []  # buttons still to make, one a frame

    def enter(self):
        # one button a frame (each is a few milliseconds of pygame_gui's drawing), the first now
        self._pending = [((T.W // 2 - 400, T.H - 110, 250, 64), "Play again", self.again, "again"),
                         ((T.W // 2 - 125, T.H - 110, 250, 64), "Watch the replay", self.replay,
                          "replay"),
                         ((T.W // 2 + 150, T.H - 110, 250, 64), "Back to the title", self.home,
                          "home")]
        self._add_pending()

    def update(self):
        super().update()
        self._add_pending()

    def _add_pending(self):
        if self._pending:
            rect, label, command, name = self._pending.pop(0)
            self.add_button(rect, label, command, name=name)

    def again(self):
        from ..table_open import start_table
        setup = self.table.match.setup
        from ...engine import Setup
        from ...engine.savefile import MAX_SEED
        seed = setup.seed + 1 if setup.seed < MAX_SEED else 0  # a seed a save can hold
        start_table(self.app, Setup(setup.game, setup.seats, setup.options, seed))

    def replay(self):
        from ..table_open import open_replay_data
        open_replay_data(self.app, self.table.match.to_save())

    def home(self):
        self.app.go_home()

    back = home

    def headline(self) -> str:
        return headline(self.table)

    def draw(self, surf, alpha):
        picture = self.table.results_picture
        if picture is None:  # not made ahead (a table that did not wait): made now
            picture = self.table.results_picture = run_steps(results_picture_steps(self.app,
                                                                                 self.table))
        surf.blit(picture, (0, 0))


def headline(table) -> str:
    """The results' first line: who won (or that the team won or lost)."""
    out = table.game.outcome(table.match.state)
    seats = table.match.setup.seats
    if out is None:
        return "The game was left unfinished"
    if out.team is not None:
        return "Victory! The team wins." if out.team == "win" else "Defeat. The team loses."
    if not out.winners:
        return "No one wins."
    names = [seats[i].name or f"Seat {i + 1}" for i in out.winners]
    return (" and ".join(names) + (" win!" if len(names) > 1 else " wins!"))



def results_picture_steps(app, table):
    """The results' whole picture (background, shade, headline, one row a seat), a part a
    step (a generator returning the surface): a finished table makes it a slice a frame while
    it waits, so the results' first frame only shows it. The background is kept in the image
    cache as ``("results-bg",)`` (the kiosk's results read it)."""
    yield from app.fonts.warm_steps(((48, True), (22, False), (26, True), (18, True)))
    bg = app.images._cache.get(("results-bg",))
    if bg is None:
        bg = yield from art.desert_background_steps(seed=23)
        app.images.get(("results-bg",), lambda: bg)
    surf = bg.copy()
    yield
    # ``shade(surf, 90)`` without its screen-sized see-through layer: the same darkening
    # (each channel to 165/255 of itself, plus the shade's colour at 90/255)
    surf.fill((165, 165, 165), special_flags=pygame.BLEND_RGB_MULT)
    surf.fill((4, 3, 2), special_flags=pygame.BLEND_RGB_ADD)
    yield
    text = app.text
    text.blit(surf, headline(table), (T.W // 2, 70), 48, T.PARCHMENT, bold=True,
              anchor="midtop", shadow=T.INK)
    yield
    out = table.game.outcome(table.match.state)
    if out is not None and out.detail:
        text.blit(surf, out.detail, (T.W // 2, 140), 22, T.SAND_LIGHT, anchor="midtop",
                  shadow=T.INK, width=900)
        yield
    seats = table.match.setup.seats
    if out is not None and out.scores:
        y = 220
        row_bg = art.panel((600, 56), alpha=230)
        for i, spec in enumerate(seats):
            row = pygame.Rect(T.W // 2 - 300, y, 600, 56)
            surf.blit(row_bg, row)
            art.draw_token(surf, spec.colour or T.COLOUR_ORDER[i], (row.x + 34, row.centery), 16,
                           app.settings.patterns)
            label = spec.name or f"Seat {i + 1}"
            if spec.is_bot:
                label += f" (bot, {spec.level})"
            text.blit(surf, label, (row.x + 64, row.centery), 22, T.INK, anchor="midleft")
            # a cooperative game has no score of its own: the team wins or loses together
            score = "" if out.team is not None else \
                (out.scores[i] if i < len(out.scores) else "")
            text.blit(surf, str(score), (row.right - 24, row.centery), 26, T.INK, bold=True,
                      anchor="midright")
            if i in out.winners:
                text.blit(surf, "winner", (row.right - 90, row.centery), 18, T.TERRACOTTA,
                          bold=True, anchor="midright")
            y += 66
            yield
    return surf
