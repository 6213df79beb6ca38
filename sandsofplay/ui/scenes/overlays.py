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
    """The pause menu, over the table - or instead of it while the table's clock must not stand
    still for planning (``TableScene.pause_covers``: Sands of Adventure's Timed Phase)."""

    name = "the pause menu"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.covers = bool(getattr(table, "pause_covers", lambda: False)())

    @property
    def transparent(self):
        return not self.covers

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
        if self.covers:  # opaque: the table is not there to study while the time stands
            if getattr(self.app, "curtain_background", None) is None:
                for _ in curtain_background_steps(self.app):
                    pass
            surf.blit(self.app.curtain_background, (0, 0))
        shade(surf)
        self.app.text.blit(surf, "Paused", (T.W // 2, 56 if self.covers else 90), 48,
                           T.PARCHMENT, bold=True, anchor="midtop", shadow=T.INK)
        if self.covers:
            self.app.text.blit(surf, "The sand has stopped. The table is hidden until you "
                               "resume.", (T.W // 2, 122), 20, T.SAND_LIGHT, anchor="midtop",
                               shadow=T.INK)


def curtain_background_steps(app):
    """The curtain's background, made a part a step and kept by the app (``curtain_background``)
    for every curtain after: a hot-seat table makes it while it is set out, so the first
    curtain's frame only shows it."""
    if getattr(app, "curtain_background", None) is None:
        app.curtain_background = yield from art.desert_background_steps(seed=17, sun=False)


class CurtainScene(MenuScene):
    """Hot-seat with hidden information: hide the table until the named player is ready."""

    name = "the curtain"

    def __init__(self, app, player_name: str, colour: str):
        super().__init__(app)
        self.player_name = player_name
        self.colour = colour

    def enter(self):
        self.background = getattr(self.app, "curtain_background", None)
        if self.background is None:  # (a hot-seat table makes it while it is set out)
            for _ in curtain_background_steps(self.app):
                pass
            self.background = self.app.curtain_background
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
    """A finished game's results (issue 30 point 2): the winner in words, each seat's score by
    the book's categories (``ui.results``), and buttons. They stay until the player picks one;
    the keyboard starts on "See the board" (it only hides the results over the final board, and
    brings them back), so Enter never starts a new game. A finished game is kept in the history
    of games played as the results open (``ui.autosave.keep_finished``)."""

    name = "the results"
    hidden = False  # "See the board": the final board shows, the results wait

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.outcome = table.game.outcome(table.match.state)

    @property
    def transparent(self):
        return self.hidden

    _pending: list = []  # buttons still to make, one a frame

    def enter(self):
        self.keep()
        y, w, h, gap = T.H - 84, 236, 60, 18
        x0 = T.W // 2 - (4 * w + 3 * gap) // 2
        # one button a frame (each is a few milliseconds of pygame_gui's drawing), the first now;
        # the first is the harmless one the keyboard starts on
        self._pending = [((x0, y, w, h), "See the board", self.toggle, "board"),
                         ((x0 + (w + gap), y, w, h), "Watch the replay", self.replay, "replay"),
                         ((x0 + 2 * (w + gap), y, w, h), "Play again", self.again, "again"),
                         ((x0 + 3 * (w + gap), y, w, h), "Back to the title", self.home,
                          "home")]
        self._add_pending()

    def keep(self):
        """Keep the finished game in the history (never twice; a failure is a toast)."""
        if self.outcome is None or getattr(self.table, "mode", "play") != "play":
            return
        from ..autosave import keep_finished
        why = keep_finished(self.table.match)
        if why:
            self.table.toast.show(why, kind="error", seconds=8)

    def update(self):
        super().update()
        self._add_pending()

    def _add_pending(self):
        if self._pending:
            rect, label, command, name = self._pending.pop(0)
            self.add_button(rect, label, command, name=name)
            if self.hidden:  # made while the board is shown: hidden until the results are
                self.buttons[name].hide()
                self.focus_items[-1].enabled = False

    def toggle(self):
        """See the board / Show the results: only what is shown changes."""
        self.hidden = not self.hidden
        btn = self.buttons.get("board")
        if btn is not None:
            btn.set_text("Show the results" if self.hidden else "See the board")
        for item in self.focus_items:  # over the board only "Show the results" is there
            if item.name != "board" and item.element is not None:
                (item.element.hide if self.hidden else item.element.show)()
                item.enabled = not self.hidden
        self.focus_on("board")

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

    def back(self):
        if self.hidden:  # Escape over the board brings the results back
            self.toggle()
        else:
            self.home()

    def handle(self, event):
        if self.hidden and event.type == pygame.KEYDOWN and event.key not in (
                pygame.K_TAB, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                pygame.K_SPACE):
            return  # over the board only "Show the results" answers
        super().handle(event)

    def headline(self) -> str:
        return headline(self.table)

    def draw(self, surf, alpha):
        if self.hidden:
            return  # the table below shows its final board
        picture = self.table.results_picture
        if picture is None:  # not made ahead (a table that did not wait): made now
            picture = self.table.results_picture = run_steps(results_picture_steps(self.app,
                                                                                 self.table))
        surf.blit(picture, (0, 0))



def headline(table) -> str:
    """The results' first line: who won, in words (``ui.results.headline``)."""
    from ..results import headline as words
    return words(table.game, table.match.state, table.match.setup.seats)


def _fit(font, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis until it fits ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def results_picture_steps(app, table):
    """The results' whole picture (background, shade, headline, how it ended, the breakdown
    table: a column a seat - and the solo rival's - and a row a scoring category), a part a
    step (a generator returning the surface): a finished table makes it a slice a frame while
    it waits, so the results' first frame only shows it. The background is kept in the image
    cache as ``("results-bg",)`` (the kiosk's results read it)."""
    from .. import results as R
    yield from app.fonts.warm_steps(((44, True), (20, False), (20, True), (22, True),
                                     (15, False), (16, True)))
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
    game, state, seats = table.game, table.match.state, table.match.setup.seats
    out = game.outcome(state)
    try:
        bd = R.breakdown(game, state)
    except Exception:  # noqa: BLE001 - the results still show the outcome's scores
        import logging
        logging.getLogger("sandsofplay").exception("the results breakdown failed")
        bd = None
    text.blit(surf, R.headline(game, state, seats, bd), (T.W // 2, 34), 44, T.PARCHMENT,
              bold=True, anchor="midtop", shadow=T.INK)
    line = R.how_line(game, state, bd) if out is not None else ""
    if line:
        text.blit(surf, line, (T.W // 2, 96), 20, T.SAND_LIGHT, anchor="midtop",
                  shadow=T.INK, width=1000)
    yield
    if out is None:
        return surf
    if bd is None:  # a game with no breakdown: its scores alone, a column a seat
        bd = {"unit": "", "columns": [
            {"seat": i, "who": None, "total": out.scores[i] if i < len(out.scores) else "",
             "rows": [], "tiebreak": ""} for i in range(len(seats))]}
    cols = bd["columns"]
    team = out.team is not None
    if team:  # one column for the team: the seats say who played, the rows what happened
        cols = cols[:1]
        names = ", ".join(R.seat_label(seats, i) for i in range(len(seats)))
        text.blit(surf, _fit(app.fonts.get(16, True), "The team: " + names, 1100),
                  (T.W // 2, 126), 16, T.SAND_LIGHT, bold=True, anchor="midtop", shadow=T.INK)
    # the rows: the seats' categories; a rival's own categories take the rows it has no
    # entry in (its cell then names its category), so a solo table stays as tall as the seat's
    cats = []
    for c in cols:
        if c["seat"] is not None:
            for label, _, _ in c["rows"]:
                if label not in cats:
                    cats.append(label)
    cells = [{} for _ in cols]  # per column: row index -> (what, points)
    for k, c in enumerate(cols):
        own = [rw for rw in c["rows"] if rw[0] in cats]
        for label, what, pts in own:
            cells[k][cats.index(label)] = (what, pts)
        for label, what, pts in (rw for rw in c["rows"] if rw[0] not in cats):
            free = next((r for r in range(len(cats)) if r not in cells[k]), None)
            if free is None:
                cats.append(label)
                free = len(cats) - 1
            cells[k][free] = (f"{label}: {what}" if cats[free] != label else what, pts)
    box = pygame.Rect(50, 156, T.W - 100, 0)
    cat_w = 280 if not team else 420
    col_w = min(260, (box.w - cat_w - 20) // max(1, len(cols))) if not team else box.w - cat_w - 40
    head_h, row_h = 64, 50
    has_tb = any(c.get("tiebreak") for c in cols)
    box.h = head_h + row_h * (len(cats) + (0 if team else 1)) + (40 if has_tb else 0) + 16
    box.h = min(box.h, T.H - 100 - box.y)
    surf.blit(art.panel(box.size, alpha=235), box)
    yield
    x_of = [box.x + cat_w + k * col_w for k in range(len(cols))]
    small, bold16 = app.fonts.get(15, False), app.fonts.get(16, True)
    for k, c in enumerate(cols):  # the header: who, with the bot's level, and who won
        cx = x_of[k] + col_w // 2
        if team:
            who, sub = "The team", ("won" if out.team == "win" else "lost")
        elif c["seat"] is None:
            who, sub = c["who"], "the rival"
        else:
            i = c["seat"]
            spec = seats[i] if i < len(seats) else None
            if spec is not None:
                art.draw_token(surf, table.seat_colour(i), (x_of[k] + 18, box.y + 24), 11,
                               app.settings.patterns)  # the table's (Sahwari: the camels')
            who = R.seat_name(seats, i)
            sub = f"bot, {spec.level or 'normal'}" if spec is not None and spec.is_bot else \
                "player"
        text.blit(surf, _fit(app.fonts.get(20, True), who, col_w - 44), (cx + 8, box.y + 12),
                  20, T.INK, bold=True, anchor="midtop")
        won = (not team) and ((c["seat"] in out.winners) if c["seat"] is not None else
                              not out.winners)
        text.blit(surf, _fit(small, sub + (" - winner" if won else ""), col_w - 12),
                  (cx, box.y + 40), 15, T.TERRACOTTA if won else T.MUTED, bold=won,
                  anchor="midtop")
    y = box.y + head_h
    for r, cat in enumerate(cats):
        if r % 2 == 0:
            band = pygame.Surface((box.w - 16, row_h), pygame.SRCALPHA)
            band.fill((150, 98, 48, 40))
            surf.blit(band, (box.x + 8, y))
        text.blit(surf, _fit(app.fonts.get(20, True), cat, cat_w - 30), (box.x + 20, y + 12),
                  20, T.INK, bold=True)
        for k, c in enumerate(cols):
            if r not in cells[k]:
                continue
            what, pts = cells[k][r]
            cx = x_of[k] + col_w // 2
            if pts is None or team:
                text.blit(surf, _fit(app.fonts.get(20, False), what, col_w - 12),
                          (x_of[k] + 6, y + 12), 20, T.INK)
                continue
            text.blit(surf, str(pts), (cx, y + 3), 22, T.INK, bold=True, anchor="midtop")
            text.blit(surf, _fit(small, what, col_w - 12), (cx, y + 29), 15, T.MUTED,
                      anchor="midtop")
        y += row_h
        yield
    if not team:
        pygame.draw.line(surf, T.DUNE_DARK, (box.x + 14, y + 2), (box.right - 14, y + 2), 2)
        unit = bd.get("unit") or "score"
        text.blit(surf, f"Total ({unit})", (box.x + 20, y + 12), 20, T.INK, bold=True)
        for k, c in enumerate(cols):
            text.blit(surf, str(c["total"]), (x_of[k] + col_w // 2, y + 8), 26, T.TERRACOTTA,
                      bold=True, anchor="midtop")
        y += row_h
        if has_tb:
            text.blit(surf, "Tie-breaks", (box.x + 20, y + 8), 16, T.MUTED, bold=True)
            for k, c in enumerate(cols):
                text.blit(surf, c.get("tiebreak", ""), (x_of[k] + 6, y + 6), 15, T.MUTED,
                          width=col_w - 12)
    yield
    return surf
