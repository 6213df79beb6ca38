"""The kiosk's own scenes: the takeover choice, the game chooser, "Still there?", the staff PIN
pad and staff menu, and the kiosk's stand-ins for the pause menu and the results (no saving, no
settings, no way out for visitors). The title card is in ``card.py``.

Every control is a large button, so nothing in a visitor's path needs a keyboard."""

from __future__ import annotations

from dataclasses import asdict

import pygame

from ..games import get_game
from ..ui import art
from ..ui import theme as T
from ..ui.scene import MenuScene, Scene
from ..ui import settings as settings_mod
from ..ui.scenes.overlays import ResultsScene, RulesHelpScene
from ..ui.scenes.settings import SettingsScene
from .buttons import PlainButtons
from .card import TitleCard, card_picture, players_line  # noqa: F401 - the kiosk's scenes
from .playlist import blurb_of, playable, title_of

LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


class KioskMenu(PlainButtons, MenuScene):
    """Big buttons over a dimmed table or card; closes itself after ``timeout`` idle seconds.
    The buttons are the kiosk's own (``buttons.py``): nothing is built when a menu opens."""

    transparent = True
    timeout = 40.0
    heading = ""
    sub = ""

    def __init__(self, app):
        super().__init__(app)
        self.idle = 0

    def handle(self, event):
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEMOTION):
            self.idle = 0
        if self.handle_buttons(event):
            return
        super().handle(event)

    def update(self):
        super().update()
        self.idle += 1
        if self.timeout and self.idle > self.timeout * 60:
            self.on_timeout()

    def on_timeout(self):
        self.close()

    def close(self):
        if self.app.top is self:
            self.app.pop()

    back = close

    def column(self, entries, top, width=560, height=72, gap=14):
        x = T.W // 2 - width // 2
        for i, (label, cb, name) in enumerate(entries):
            self.add_button((x, top + i * (height + gap), width, height), label, cb, name=name)

    def draw(self, surf, alpha):
        surf.blit(self.app.kiosk_shade(), (0, 0))
        text = self.app.ktext
        text.blit(surf, self.heading, (T.W // 2, 40), 52, T.PARCHMENT, bold=True,
                  anchor="midtop", shadow=T.INK, width=1160)
        if self.sub:
            text.blit(surf, self.sub, (T.W // 2, 116), 24, T.SAND_LIGHT, anchor="midtop",
                      shadow=T.INK, width=1100)
        self.draw_buttons(surf)


def names_by_character(game) -> bool:
    """Rules that call each seat by the character it plays (Sands of Adventure: ``name(state,
    seat)``, the name its table writes large on each player's mat)."""
    return callable(getattr(game, "name", None))


def seat_title(table, seat: int) -> str:
    """A seat as its table shows it: the character played ("Sallah") where the rules name
    seats by character, else the seat's name ("Amira")."""
    if names_by_character(table.game):
        try:
            name = table.game.name(table.match.state, seat)
        except (AttributeError, IndexError, KeyError, TypeError):
            name = ""
        if isinstance(name, str) and name.strip():
            return name
    return table.seat_name(seat)


def character_names(game) -> tuple:
    """The characters a seat may play (their per-seat option's labels, but its default), for
    drawing the takeover's text ahead; none where seats are not characters."""
    if not names_by_character(game):
        return ()
    names = []
    for o in game.options:
        if o.seat and o.labels:
            names += [lab for c, lab in zip(o.choices, o.labels)
                      if c != o.default and lab not in names]
    return tuple(names)


class TakeoverScene(KioskMenu):
    """A visitor touched the demo: play this game (a seat from here, or a new game) or choose
    another one; the bots' level is one more optional tap."""

    name = "the kiosk takeover choice"
    timeout = 30.0

    def __init__(self, app, table=None, game_id=None, preview_seats=()):
        super().__init__(app)
        self.table = table
        self.game_id = game_id or (table.game.id if table is not None else None)
        self.level = app.cfg.bot_level
        self.preview_seats = tuple(preview_seats)  # names offered as if a demo were on (warming)

    def enter(self):
        title = title_of(self.game_id) if self.game_id else "a game"
        self.heading = f"Play {title}?"
        self.sub = "Tap a button to start. The bots play the other seats."
        entries = []
        offer = self.seats_offered()
        if offer:
            self.sub = ("Take a player's place right now, or start a fresh game. "
                        "The bots play the other seats.")
            for seat, name in offer:
                entries.append((f"Take {name}'s place in this game", self._take(seat),
                                f"seat{seat}"))
        if self.game_id:
            entries.append((f"New game of {title}", self.new_game, "new"))
            from ..ui.coach import has_tutorial
            if has_tutorial(self.game_id):  # a guided first game (issue 32)
                entries.append((f"Learn to play {title}", self.learn, "learn"))
        entries.append(("Choose another game", self.choose, "choose"))
        top = 170
        n = len(entries)  # (up to seven: four seats, a new game, Learn to play, another game)
        height, gap = (72, 14) if n <= 4 else (64, 14) if n <= 6 else (54, 8)
        self.column(entries, top, height=height, gap=gap)
        y = top + n * (height + gap) + 14
        self.add_cycler((T.W // 2 - 280, y, 270, 60), self.level_label(), self.step_level,
                        name="level", tooltip="How strong the bots are")
        self.add_button((T.W // 2 + 10, y, 270, 60), "Keep watching", self.close,
                        name="watch")

    def seats_offered(self) -> list:
        """(seat, name) of each bot's seat a visitor may take now."""
        table = self.table
        if table is not None and not table.match.is_over() and self.app.can_take_over(table):
            return [(seat, seat_title(table, seat))
                    for seat, spec in enumerate(table.match.setup.seats)
                    if seat in table.driver.bots]
        return list(enumerate(self.preview_seats))

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        # each seat's token beside its button, as the table shows it
        if self.table is not None:
            for item in self.focus_items:
                if item.name.startswith("seat"):
                    seat = int(item.name[4:])
                    art.draw_token(surf, self.table.seat_colour(seat),
                                   (item.rect.x - 34, item.rect.centery), 20,
                                   self.app.settings.patterns)

    def level_label(self):
        return f"\u2039 Bots: {LEVEL_LABELS.get(self.level, self.level)} \u203a"

    def step_level(self, step):
        order = list(LEVEL_LABELS)
        i = order.index(self.level) if self.level in order else 1
        self.level = order[(i + step) % len(order)]
        self.buttons["level"].set_text(self.level_label())

    def _take(self, seat):
        return lambda: self.app.take_over(self.table, seat, self.level)

    def new_game(self):
        players = self.table.match.setup.players if self.table is not None else 0
        self.app.start_visitor(self.game_id, players, self.level)

    def learn(self):
        self.app.start_guided(self.game_id)

    def choose(self):
        self.app.replace(ChooseGameScene(self.app, self.level))


class ChooseGameScene(KioskMenu):
    """Every playable game, one big button each; the player count is one optional tap."""

    name = "the kiosk game chooser"
    heading = "Choose a game"

    def __init__(self, app, level):
        super().__init__(app)
        self.level = level
        self.players = 2

    def enter(self):
        self.sub = "You play one seat; bots play the others."
        games = playable(self.app.cfg)
        entries = [(f"{title_of(g)}", self._start(g), f"game:{g}") for g in games]
        self.column(entries, 170, width=640, height=70)
        y = 170 + len(entries) * 84 + 10
        self.add_cycler((T.W // 2 - 320, y, 310, 60), self.count_label(), self.step_count,
                        name="players", tooltip="How many players, you included")
        self.add_button((T.W // 2 + 10, y, 310, 60), "Back to the demo", self.close,
                        name="watch")

    def count_label(self):
        return f"\u2039 Players: {self.players} \u203a"

    def step_count(self, step):
        self.players = (self.players - 1 + step) % 4 + 1
        self.buttons["players"].set_text(self.count_label())

    def _start(self, game_id):
        return lambda: self.app.start_visitor(game_id, self.players, self.level)

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        for item in self.focus_items:
            if item.name.startswith("game:"):
                gid = item.name[5:]
                g = get_game(gid)
                note = f"{g.min_seats}-{g.max_seats} players. {blurb_of(gid)}"
                self.app.ktext.blit(surf, note, (item.rect.right + 16, item.rect.centery), 16,
                                   T.SAND_LIGHT, anchor="midleft", width=T.W - item.rect.right
                                   - 30)


class StillThereScene(KioskMenu):
    """The visitor has not touched anything for a while: keep the game, or back to the demo."""

    name = "the kiosk idle countdown"
    heading = "Still there?"
    timeout = 0

    def __init__(self, app, seconds):
        super().__init__(app)
        self.seconds = seconds

    def enter(self):
        self.sub = "Touch the screen to keep playing."
        self.add_button((T.W // 2 - 220, 470, 440, 84), "Keep playing", self.close, name="keep")

    def left(self) -> int:
        return max(0, int(self.seconds - self.ticks / 60 + 0.999))

    def handle(self, event):
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.visitor_active()
            self.close()
            return
        super().handle(event)

    def update(self):
        super().update()
        if self.ticks >= self.seconds * 60:
            self.app.idle_reset()

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        left = self.left()
        c = (T.W // 2, 320)
        pygame.draw.circle(surf, (40, 26, 16), c, 100)
        frac = 1 - self.ticks / max(1, self.seconds * 60)
        rect = pygame.Rect(0, 0, 200, 200)
        rect.center = c
        if frac > 0:
            pygame.draw.arc(surf, T.GOLD, rect, 1.5708, 1.5708 + 6.2832 * frac, 10)
        self.app.ktext.blit(surf, str(left), c, 96, T.PARCHMENT, bold=True, anchor="center")
        self.app.ktext.blit(surf, f"Otherwise the game ends and the demo starts again in {left} s.",
                           (T.W // 2, 580), 22, T.SAND_LIGHT, anchor="midtop", shadow=T.INK)


class PinScene(KioskMenu):
    """Staff only: a PIN pad (touch or number keys). A wrong PIN is refused; after three wrong
    ones in a row the pad locks, longer each time (``pinlock.py``), with a countdown."""

    name = "the staff PIN pad"
    heading = "Staff: enter the PIN"
    timeout = 30.0

    def __init__(self, app):
        super().__init__(app)
        self.digits = ""
        self.message = ""

    def enter(self):
        self.sub = "Visitors: this screen is for the staff. Tap Cancel to go back."
        x0, y0, w, h, g = T.W // 2 - 165, 215, 100, 72, 12
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK"]
        for i, k in enumerate(keys):
            r = (x0 + (i % 3) * (w + g), y0 + (i // 3) * (h + g), w, h)
            cb = self.clear if k == "Clear" else self.submit if k == "OK" else self._digit(k)
            self.add_button(r, k, cb, name=f"key:{k}")
        self.add_button((T.W // 2 - 165, y0 + 4 * (h + g) + 4, 330, 56), "Cancel", self.close,
                        name="cancel")

    def _digit(self, d):
        return lambda: self.type_digit(d)

    def locked_for(self) -> int:
        """Whole seconds the pad stays locked (0 when open)."""
        return int(self.app.pin_lock.locked_for(self.app.clock_s) + 0.999)

    def type_digit(self, d):
        if len(self.digits) < 8 and not self.locked_for():
            self.digits += d
            self.message = ""

    def clear(self):
        self.digits = ""

    def submit(self):
        lock, now = self.app.pin_lock, self.app.clock_s
        if lock.locked_for(now):
            lock.refused(now)
            self.digits = ""
            return
        if self.digits == self.app.cfg.pin:
            lock.right()
            self.app.log_event("staff PIN accepted")
            self.app.replace(StaffMenu(self.app))
            return
        self.digits = ""
        self.message = "Wrong PIN."
        lock.wrong_try(now)

    def lock_line(self) -> str:
        left = self.locked_for()
        return f"Too many wrong PINs. Try again in {left} s." if left else ""

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            self.idle = 0
            ch = getattr(event, "unicode", "") or ""
            if ch.isdigit() and len(ch) == 1:
                self.type_digit(ch)
                return
            if pygame.K_0 <= event.key <= pygame.K_9:
                self.type_digit(chr(event.key))
                return
            if pygame.K_KP1 <= event.key <= pygame.K_KP9 or event.key == pygame.K_KP0:
                self.type_digit("0" if event.key == pygame.K_KP0 else str(event.key -
                                                                          pygame.K_KP1 + 1))
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            if event.key == pygame.K_BACKSPACE:
                self.digits = self.digits[:-1]
                return
        super().handle(event)

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        box = pygame.Rect(T.W // 2 - 165, 165, 330, 40)
        pygame.draw.rect(surf, T.PARCHMENT, box, border_radius=8)
        locked = self.lock_line()
        self.app.ktext.blit(surf, "Locked" if locked else " ".join("*" * len(self.digits)) or
                            "PIN", box.center, 26, T.INK if self.digits else T.MUTED, bold=True,
                            anchor="center")
        message = locked or self.message
        if message:
            self.app.ktext.blit(surf, message, (box.right + 20, box.centery), 24, T.DANGER,
                               bold=True, anchor="midleft", shadow=T.INK,
                               width=T.W - box.right - 40, once=bool(locked))


class StaffMenu(KioskMenu):
    name = "the staff menu"
    heading = "Staff"
    timeout = 60.0

    def enter(self):
        cfg = self.app.cfg
        self.sub = (f"Configuration: {cfg.source or 'defaults (no kiosk.toml)'}. "
                    f"{self.app.stats_line()}")
        self.column([("Leave the kiosk (quit the app)", self.leave, "leave"),
                     ("Settings", self.settings, "settings"),
                     ("Kiosk settings", self.kiosk_settings, "kiosk"),
                     ("Back to the demo", self.demo, "demo")], 200)

    def leave(self):
        self.app.log_event("staff left the kiosk")
        self.app.running = False

    def settings(self):
        self.app.staff_push(StaffSettingsScene(self.app))

    def kiosk_settings(self):
        self.app.staff_push(self.app.kiosk_settings_scene())  # (kiosk.staff_config's)

    def demo(self):
        self.app.reset_to_attract()

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        for i, line in enumerate(self.app.config_problems[:4]):
            self.app.ktext.blit(surf, line, (60, 500 + i * 48), 16, T.GLOW, width=T.W - 120)


class StaffSettingsScene(SettingsScene):
    """The app's Settings for the staff. What they change applies to the kiosk at once; on
    leaving, only those changes are written to the desktop app's settings file, over what the
    file holds - never the kiosk's own display (full screen), nor the values the kiosk set for
    itself from kiosk.toml (bot speed, volume)."""

    name = "the staff settings"
    KIOSK_ONLY = ("fullscreen",)

    def enter(self):
        super().enter()
        self.before = asdict(self.app.settings)

    def changes(self) -> dict:
        now = asdict(self.app.settings)
        return {k: v for k, v in now.items() if v != self.before.get(k) and
                k not in self.KIOSK_ONLY}

    def back(self):
        changed = self.changes()
        if changed:
            try:
                desktop, _problem = settings_mod.load()
                for k, v in changed.items():
                    setattr(desktop, k, v)
                settings_mod.save(desktop)
                self.app.log_event(f"staff changed settings: {', '.join(sorted(changed))}")
            except (OSError, ValueError) as exc:
                self.app.log_event(f"the staff's settings could not be written: {exc}")
        self.app.pop()


class VisitorMenu(KioskMenu):
    """Stands in for the pause menu: no saving, no settings, no quitting."""

    name = "the kiosk game menu"
    heading = "Menu"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def enter(self):
        self.column([("Resume", self.close, "resume"),
                     ("Rules help", self.rules, "rules"),
                     ("End this game (back to the demo)", self.app.reset_to_attract, "end")],
                    200)

    def rules(self):
        self.app.push(RulesHelpScene(self.app, self.table.game))


class KioskResults(PlainButtons, ResultsScene):
    """The results: an attract game's move on by themselves; a visitor may play again."""

    name = "the kiosk results"

    def enter(self):
        self.background = self.app.images.get(("results-bg",), lambda: art.desert_background(
            seed=23))
        self.attract = self.app.mode == "attract"
        if not self.attract:
            self.add_button((T.W // 2 - 330, T.H - 110, 310, 64), "Play again", self.again,
                            name="again")
            self.add_button((T.W // 2 + 20, T.H - 110, 310, 64), "Back to the demo",
                            self.app.reset_to_attract, name="home")

    def again(self):
        setup = self.table.match.setup
        self.app.start_visitor(setup.game, setup.players, self.app.visitor_level,
                               human=min(self.table.humans or [0]))

    def home(self):
        self.app.reset_to_attract()

    back = home

    def handle(self, event):
        if self.handle_buttons(event):
            return
        super().handle(event)

    def draw(self, surf, alpha):
        super().draw(surf, alpha)
        self.draw_buttons(surf)

    def update(self):
        super().update()
        if self.attract and self.ticks >= self.app.cfg.results_seconds * 60:
            self.app.go_home()


class RecoverCard(Scene):
    """After an error: a calm card for a few seconds, then the loop starts again."""

    name = "the kiosk recovery card"

    def update(self):
        super().update()
        if self.ticks >= 3 * 60:
            self.app.go_home()

    def draw(self, surf, alpha):
        surf.fill(T.NIGHT)
        self.app.ktext.blit(surf, "One moment - the next game is on its way.", (T.W // 2, T.H // 2),
                           32, T.PARCHMENT, anchor="center")


class NoGamesCard(Scene):
    """No game can be played (every table failed to load): say so, and look again now and
    then."""

    name = "the kiosk's empty card"

    def update(self):
        super().update()
        if self.ticks % (30 * 60) == 0 and playable(self.app.cfg):
            self.app.go_home()

    def draw(self, surf, alpha):
        surf.fill(T.NIGHT)
        self.app.ktext.blit(surf, "Sands of Play", (T.W // 2, T.H // 2 - 40), 48, T.PARCHMENT,
                           bold=True, anchor="center")
        self.app.ktext.blit(surf, "No game can be shown just now. Staff: see the kiosk log.",
                           (T.W // 2, T.H // 2 + 30), 22, T.SAND_LIGHT, anchor="center")


def warm_menus(app):
    """Draw every kiosk menu once off screen (at start-up), so their text is in the kiosk's
    own text cache (``app.ktext``) before a visitor first touches the screen: the takeover
    choice of each game (with seats to take and without), the chooser with each player count,
    the countdown at every second, the PIN pad and the visitor's menu."""
    from .playlist import NAMES
    scratch = pygame.Surface((T.W, T.H))
    levels = len(LEVEL_LABELS)

    def show(scene, steps=()):
        scene.enter()
        for step in (None, *steps):
            if step is not None:
                step()
            scene.draw(scratch, 0.0)
            scene.draw_overlay(scratch)

    for game_id in playable(app.cfg):
        chars = character_names(get_game(game_id))
        for seats in (NAMES, ()) + tuple(chars[i:i + 4] for i in range(0, len(chars), 4)):
            sc = TakeoverScene(app, None, game_id, preview_seats=seats)
            show(sc, [lambda sc=sc: sc.step_level(1)] * levels)
    sc = ChooseGameScene(app, app.cfg.bot_level)
    show(sc, [lambda: sc.step_count(1)] * 4)
    sc = StillThereScene(app, app.cfg.countdown_seconds)

    def tick(sc=sc):
        sc.ticks += 60
    show(sc, [tick] * int(app.cfg.countdown_seconds + 1))
    show(PinScene(app))
    show(VisitorMenu(app, None))
    # the start card of a visitor's game: its line and the player counts it can show
    for colour in (T.PARCHMENT, T.INK):
        app.ktext.render("Setting up the table for you\u2026", 26, colour, True)
        for n in range(2, 5):
            app.ktext.render(f"{n} players (1 person and {n - 1} bots)", 24, colour)


GLYPHS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,:;!?'\"()-+/%&*"
          "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u00d7")


def warm_fonts(app, sizes=range(9, 33)):
    """Each font the tables write with renders every common character once at start-up: a
    font's first use of a letter costs far more than its next (half of a table's first frame
    was that), and the fonts are kept for the app's life."""
    black = (0, 0, 0)
    for size in sizes:
        for bold in (False, True):
            app.fonts.get(size, bold).render(GLYPHS, True, black)
