"""The title card between attract games, and the work it hides: the next game's table is
built and warmed behind it, one job a frame."""

from __future__ import annotations

import logging
import time

import pygame

from ..ui import art
from ..ui import theme as T
from ..ui.scene import Scene
from ..ui.memory import collect_between_scenes
from ..ui.table_entry import blank_frame
from .playlist import blurb_of, title_of

log = logging.getLogger("sandsofplay.kiosk")


def players_line(setup) -> str:
    n = setup.players
    humans = sum(1 for s in setup.seats if not s.is_bot)
    if n == 1:
        return "1 player against the game's solo rival"
    who = "bots" if not humans else f"{humans} person and {n - humans} bots"
    return f"{n} players ({who})"


class TitleCard(Scene):
    """Between attract games: the next game's name, its players and what it is about.

    Behind the card the kiosk gets the next game ready without a long frame: one job a frame
    (a frame's catch-up updates do no extra work): the last table's garbage is collected once
    the start-up sounds are made, the next table is built, its ``prewarm`` steps run a few
    milliseconds a frame, it is entered (its buttons made, hidden until the game starts) and it
    is drawn once off screen. The card stays up (its bar full) until the table is warm, for at most
    ``HOLD_S`` more seconds."""

    name = "the kiosk title card"
    WARM_BUDGET_S = 0.003  # a title-card frame draws almost nothing; this much goes to the next table
    COLLECT_AFTER = 20  # frames of the card before the collection (the last table is gone)
    SOUND_BUDGET_S = 0.002  # start-up sounds not made yet: this much more of a card's frame
    HOLD_S = 3.0

    def __init__(self, app, setup, seconds: float | None = None):
        super().__init__(app)
        self.setup = setup
        self.seconds = seconds if seconds is not None else app.cfg.title_seconds
        self.table = None  # the next game's table, built and warmed behind the card
        self.warming = None
        self.stage = "wait"  # -> "build" -> "warm" -> "enter" -> "draw" -> "ready"
        self._entered = self._shown = False
        self.frames = 0  # frames with a job done (at most one a frame)
        self._last_frame = None
        self._step_s = 0.0  # what the next warm step may take (CPU seconds)

    def enter(self):
        self.picture = self.app.card_picture(self.setup.game)

    def update(self):
        super().update()
        frame = self.app.frame_count
        if frame == self._last_frame:
            return  # a catch-up update: this frame's job is done
        self._last_frame = frame
        end = int(self.seconds * 60)
        # the game starts in a frame of its own, never in the one of the last warm slice
        if self.ticks >= end and (self.stage == "ready" or self.ticks >= end + self.HOLD_S * 60):
            self.finish()
            return
        self.work()

    def finish(self):
        self.start_game()
        self.app.start_attract(self.setup, self.table)

    def work(self):
        """This frame's one job of getting the next game ready."""
        self.frames += 1
        if self.stage == "wait":
            if not self.app.sound.pump(0):  # start-up sounds still being made: more of them
                self.app.sound.pump(self.SOUND_BUDGET_S)
            elif self.frames >= self.COLLECT_AFTER:
                collect_between_scenes()  # a frame with nothing else to do
                self.stage = "build"
        elif self.stage == "build":
            self.table = self.app.build_table(self.setup)
            self.warming = self.table.prewarm()
            self.stage = "warm"
        elif self.stage == "warm":
            self.warm()
        elif self.stage == "enter":
            self.enter_ahead()
        elif self.stage == "draw":
            self.draw_ahead()

    def enter_ahead(self):
        """The table's own entry (its buttons, its first frame's parts) is done behind the card,
        a slice a frame when the app sets tables out in slices (``ui.table_entry``), its buttons
        hidden; when the game starts, being entered only shows them again."""
        table = self.table
        if not self._entered:
            self._entered = True
            table.enter()
            table.enter = table.resume
        else:
            table.run_entry()
        if table.entering is None:  # set out: its buttons wait hidden for the game
            table.pause()
            self.stage = "draw"

    def exit(self):
        super().exit()
        if self._entered and not self._shown:  # left before its game started
            self.table.exit()

    def start_game(self):
        self._shown = self._entered

    def draw_ahead(self):
        """The last job: the table drawn once off screen, so the text and pictures of its first
        frame are made."""
        self.stage = "ready"
        try:
            self.table.draw(blank_frame(), 0.0)
        except Exception:  # noqa: BLE001 - the table draws for real when it is shown
            log.info("kiosk: %s could not be drawn before its entry", self.setup.game,
                     exc_info=True)

    def warm(self):
        """Prewarm steps for up to ``WARM_BUDGET_S`` of this frame: one at least, another only
        while the time left is more than the next step may take - the longest recent step, its
        weight fading by a fifth a step (the steps differ: a fraction of a millisecond for a
        card face, several for a whole board picture; steps of one kind come together)."""
        start = time.thread_time()
        stop = start + self.WARM_BUDGET_S
        while True:
            t = time.thread_time()
            if next(self.warming, StopIteration) is StopIteration:
                self.warming = None
                self.stage = "enter"
                return
            now = time.thread_time()
            self._step_s = max(self._step_s * 0.8, now - t)
            if now + self._step_s >= stop:
                return

    def draw(self, surf, alpha):
        surf.blit(self.picture, (0, 0))
        text = self.app.ktext
        text.blit(surf, players_line(self.setup), (T.W // 2, 340), 24, T.PARCHMENT,
                  anchor="midtop", shadow=T.INK)
        for i, seat in enumerate(self.setup.seats):
            x = T.W // 2 + (i - (len(self.setup.seats) - 1) / 2) * 90
            art.draw_token(surf, seat.colour or T.COLOUR_ORDER[i], (int(x), 410), 22,
                           self.app.settings.patterns)
        # how long until the game starts
        frac = min(1.0, self.ticks / max(1, self.seconds * 60))
        bar = pygame.Rect(T.W // 2 - 200, 450, 400, 8)
        pygame.draw.rect(surf, (60, 40, 24), bar, border_radius=4)
        pygame.draw.rect(surf, T.GOLD, (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=4)
        problems = self.app.config_problems
        if problems and self.app.stats["games"] == 0:  # for whoever set the kiosk up
            lines = [f"Kiosk configuration: {len(problems)} problem(s), defaults used for them:"]
            lines += problems[:3]
            for i, line in enumerate(lines):
                self.app.ktext.blit(surf, line, (20, 12 + i * 24), 16, T.GLOW, shadow=T.INK,
                                   width=T.W - 40)


class StartCard(TitleCard):
    """A visitor chose a new game: the same card for the moment it takes to get the table
    ready (the last table's garbage collected, the new one built and warmed, one job a frame,
    a little more of each frame for the warming as nothing else moves), then the game."""

    name = "the kiosk's game start card"
    COLLECT_AFTER = 2  # not in the frame that left the last table
    WARM_BUDGET_S = 0.004

    def __init__(self, app, setup):
        super().__init__(app, setup, seconds=0)

    def finish(self):
        self.start_game()
        self.app.open_visitor(self.setup, self.table)

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        self.app.ktext.blit(surf, "Setting up the table for you…", (T.W // 2, 480), 26,
                            T.PARCHMENT, bold=True, anchor="midtop", shadow=T.INK)


def card_picture(app, game_id) -> pygame.Surface:
    """A title card's fixed part for a game: the desert, dimmed, with the game's name and what
    it is about (the kiosk makes one per game at start and keeps it)."""
    surf = _card_bg(game_id)
    text = app.text
    text.blit(surf, "Coming up", (T.W // 2, 120), 26, T.SAND_LIGHT, anchor="midtop",
              shadow=T.INK)
    text.blit(surf, title_of(game_id), (T.W // 2, 165), 64, T.PARCHMENT, bold=True,
              anchor="midtop", shadow=T.INK, width=1100)
    text.blit(surf, blurb_of(game_id), (T.W // 2, 275), 28, T.SAND_LIGHT,
              anchor="midtop", shadow=T.INK, width=1000)
    return surf


def _card_bg(game_id):
    surf = art.desert_background(seed=sum(map(ord, game_id)) % 97, sun=True)
    veil = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
    veil.fill((20, 14, 8, 120))
    surf.blit(veil, (0, 0))
    return surf
