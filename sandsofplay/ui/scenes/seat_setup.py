"""Seat setup: how many players, each seat human or a bot level, a name and a colour; the game's
options; then start."""

from __future__ import annotations

import time

import pygame

from ...bots.levels import level_names
from ...engine import SeatSpec, Setup
from ...engine.names import field_name
from ...games import get_game
from .. import art, remembered, setup_choices
from .. import theme as T
from ..scene import FocusItem, MenuScene
from ..text_fields import text_field
from ..widgets import bounded, draw_text_box

DEFAULT_NAMES = ("Amira", "Tariq", "Layla", "Omar")


class SeatSetupScene(MenuScene):
    name = "seat setup"

    def __init__(self, app, game_id: str, seats=None, options=None):
        super().__init__(app)
        self.game = get_game(game_id)
        n = max(self.game.min_seats, min(2, self.game.max_seats)) if seats is None else len(seats)
        self.seats = list(seats) if seats else [
            SeatSpec("human" if i == 0 else "bot", "" if i == 0 else "normal", DEFAULT_NAMES[i],
                     T.COLOUR_ORDER[i]) for i in range(self.game.max_seats)]
        while len(self.seats) < self.game.max_seats:
            i = len(self.seats)
            self.seats.append(SeatSpec("bot", "normal", DEFAULT_NAMES[i % 4], T.COLOUR_ORDER[i]))
        self.count = n
        self.options = dict(self.game.default_options())
        if options:
            self.options.update(options)
        self.levels = level_names(self.game)
        if seats is None and options is None:  # the choices this game was last started with
            kept = remembered.recall(self.game, self.levels, T.COLOUR_ORDER)
            if kept is not None:
                self.count, got, chosen = kept
                self.seats[:len(got)] = got
                self.options.update(chosen)
        self.kinds = ["human"] + [f"bot:{lv}" for lv in self.levels]
        self.problem = ""  # why the rules refused the last Start, shown until something changes
        self.name_note = ""  # a name field that held nothing visible: which name it got instead
        self.extra = {}  # option key -> [setup_choices.Choice] a table package adds (saved decks)

    # --- building -----------------------------------------------------------------------------
    def enter(self):
        self.background = self.backdrop(7, 120)
        self.rebuild()


    def rebuild(self, focus_name=None):
        keep = focus_name or (self.focused().name if self.focused() else None)
        # only colours the game has (Sahwari: its camels'), one a seat
        self.seats[:self.count] = T.fit_colours(self.seats[:self.count], self.palette())
        for e in self.elements:
            e.kill()
        self.elements, self.focus_items, self.buttons = [], [], {}
        self.name_fields = []
        x, y = 70, 150
        # player count
        self.add_button((x, y, 56, 50), "-", lambda: self.set_count(self.count - 1), name="fewer",
                        enabled=self.count > self.game.min_seats,
                        tooltip="One player fewer")
        self.add_button((x + 320, y, 56, 50), "+", lambda: self.set_count(self.count + 1),
                        name="more", enabled=self.count < self.game.max_seats,
                        tooltip="One player more")
        self.count_rect = pygame.Rect(x + 66, y, 244, 50)
        y += 80
        for i in range(self.count):
            seat = self.seats[i]
            self.add_cycler((x, y, 230, 52), self._kind_label(seat),
                            lambda d, i=i: self.cycle_kind(i, d), name=f"kind:{i}",
                            tooltip="Human player or a bot of some strength")
            field = text_field(self, (x + 245, y + 4, 230, 44), seat.name, limit=14)
            self.name_fields.append(field)
            self.focus_items.append(FocusItem(field.rect, element=field, name=f"text:name{i}"))
            self.add_cycler((x + 490, y, 150, 52), f"\u2039 {seat.colour.capitalize()} \u203a",
                            lambda d, i=i: self.cycle_colour(i, d), name=f"colour:{i}",
                            tooltip="Colour and shape of this player's pieces")
            y += 68
        # options
        ox, oy = 800, 150
        self.option_rows = []
        for spec in self.game.options:
            if not self.applies(spec):
                continue  # an option for a seat, or a player count, that is not this game's
            self.extra[spec.key] = setup_choices.extra_choices(self.game.id, spec)
            value = self.options.get(spec.key, spec.default)
            self.add_cycler((ox + 150, oy, 300, 50), f"\u2039 {self.option_label(spec, value)} \u203a",
                            lambda d, s=spec: self.cycle_option(s, d), name=f"option:{spec.key}",
                            tooltip=spec.help or None, object_id="@option")
            self.option_rows.append((spec, oy))
            oy += 62
        self.add_button((T.W - 330, T.H - 90, 260, 64), "Start the game", self.start, name="start")
        self.add_button((70, T.H - 90, 200, 64), "Back", self.back, name="back")
        from ..coach import TutorialError, has_tutorial, load_tutorial
        if has_tutorial(self.game.id):  # a guided first game (ui.coach)
            try:
                took = f", about {load_tutorial(self.game.id).minutes} minutes"
            except TutorialError:
                took = ""  # (Learn to play then says what is wrong with the file)
            self.add_button((T.W - 560, T.H - 90, 214, 64), "Learn to play", self.learn,
                            name="learn", tooltip=f"A guided first game against a bot{took}: "
                                                  f"the rules explained as they come up")
        if keep:
            self.focus_on(keep)

    def applies(self, spec) -> bool:
        """Whether an option means anything with this many players (a seat's option needs
        that seat; Alhazred's level and the Guildmaster's difficulty are for a solo game)."""
        return not (spec.seat and spec.seat > self.count) and \
            (not spec.players or self.count in spec.players)

    def _kind_label(self, seat):
        return "\u2039 " + ("Human" if seat.kind == "human" else f"Bot - {seat.level}") + " \u203a"

    # --- changes ------------------------------------------------------------------------------
    def _save_names(self):
        """Take the names from their fields, normalised the way a save keeps them
        (``engine.names``); a field left with nothing visible gets the seat's default name,
        shows it, and a note says so."""
        notes = []
        for i, field in enumerate(self.name_fields):
            typed = field.get_text()
            name, note = field_name(typed, DEFAULT_NAMES[i % 4])
            if note:
                notes.append(f"Seat {i + 1}: {note}")
            if typed != name and typed.strip():
                field.set_text(name)
            s = self.seats[i]
            self.seats[i] = SeatSpec(s.kind, s.level, name, s.colour)
        self.name_note = bounded(" ".join(notes), 200)

    def set_count(self, n):
        self._save_names()
        self.problem = ""
        n = max(self.game.min_seats, min(self.game.max_seats, n))
        if n != self.count:
            self.count = n
            self.rebuild()

    def cycle_kind(self, i, step):
        self._save_names()
        self.problem = ""
        s = self.seats[i]
        cur = "human" if s.kind == "human" else f"bot:{s.level}"
        k = self.kinds[(self.kinds.index(cur) + step) % len(self.kinds)] if cur in self.kinds \
            else self.kinds[0]
        spec = SeatSpec.parse(k)
        self.seats[i] = SeatSpec(spec.kind, spec.level, s.name, s.colour)
        self.buttons[f"kind:{i}"].set_text(self._kind_label(self.seats[i]))

    def palette(self) -> tuple:
        return T.seat_palette(self.game, self.count, self.options)

    def cycle_colour(self, i, step):
        self._save_names()
        self.problem = ""
        used = {self.seats[j].colour for j in range(self.count) if j != i}
        order = list(self.palette())
        k = order.index(self.seats[i].colour) if self.seats[i].colour in order else 0
        for _ in range(len(order)):
            k = (k + step) % len(order)
            if order[k] not in used:
                break
        s = self.seats[i]
        self.seats[i] = SeatSpec(s.kind, s.level, s.name, order[k])
        self.buttons[f"colour:{i}"].set_text(f"\u2039 {order[k].capitalize()} \u203a")

    def option_label(self, spec, value) -> str:
        for c in self.extra.get(spec.key, ()):
            if c.value == value:
                return c.label
        return spec.label_of(value)

    def cycle_option(self, spec, step):
        self.problem = ""
        extra = self.extra.get(spec.key, [])
        choices = list(spec.choices) + [c.value for c in extra]
        cur = self.options.get(spec.key, spec.default)
        k = choices.index(cur) if cur in choices else 0
        self.options[spec.key] = choices[(k + step) % len(choices)]
        self.buttons[f"option:{spec.key}"].set_text(
            f"\u2039 {self.option_label(spec, self.options[spec.key])} \u203a")
        if T.fit_colours(self.seats[:self.count], self.palette()) != self.seats[:self.count]:
            self._save_names()
            self.rebuild(f"option:{spec.key}")  # the game's colours changed (Sahwari's variant)
        why = next((c.problem for c in extra if c.value == self.options[spec.key]), "")
        if why:  # a choice that cannot be played says why as soon as it is shown
            self.problem = bounded(f"{spec.label}: {why}", 200)

    def make_setup(self, seed=None) -> Setup:
        self._save_names()
        self.seats[:self.count] = T.fit_colours(self.seats[:self.count], self.palette())
        seed = int(time.time() * 1000) % 1_000_000_007 if seed is None else seed
        options = {k: v for k, v in self.options.items()
                   if all(self.applies(o) for o in self.game.options if o.key == k)}
        return Setup(self.game.id, tuple(self.seats[:self.count]), tuple(sorted(options.items())),
                     seed)

    def start(self):
        """Start the game; a set-up the rules refuse (two seats with the same character, say)
        is said here, in red above the Start button, and every choice is kept. A name field
        with nothing visible in it is given the seat's default name and the game does not start
        until Start is pressed again, so the player sees which name the seat got."""
        from ..table_open import start_table
        setup = self.make_setup()
        if self.name_note:  # a name was replaced: the player sees it before the game starts
            self.app.sound.play("error")
            return
        try:
            setup = setup_choices.resolve(setup)  # saved decks: the deck itself goes in the setup
            self.game.new_state(setup)
        except (ValueError, KeyError) as exc:
            text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
            self.problem = bounded(f"Cannot start: {text[:1].upper()}{text[1:]}. "
                                   f"Change it and press Start again.", 200)
            self.app.sound.play("error")
            return
        self.problem = ""
        remembered.remember(self.game.id, self.count, self.seats, self.options)
        start_table(self.app, setup, ask=True)

    def learn(self):
        from ..coach import start_guided
        start_guided(self.app, self.game.id)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        text = self.app.text
        text.blit(surf, f"{self.game.title} - who is playing?", (T.W // 2, 40), 38, T.PARCHMENT,
                  bold=True, anchor="midtop", shadow=T.INK)
        pygame.draw.rect(surf, (60, 40, 22), self.count_rect, border_radius=10)
        text.blit(surf, f"{self.count} player{'' if self.count == 1 else 's'}", self.count_rect.center, 24, T.PARCHMENT, bold=True,
                  anchor="center")
        for i in range(self.count):
            y = 230 + i * 68
            art.draw_token(surf, self.seats[i].colour, (70 + 670, y + 26), 18,
                           self.app.settings.patterns)
        text.blit(surf, "Options", (800, 110), 26, T.PARCHMENT, bold=True, shadow=T.INK)
        for spec, oy in self.option_rows:
            text.blit(surf, spec.label, (940, oy + 25), 17, T.SAND_LIGHT, shadow=T.INK,
                      anchor="midright")
        if self.problem or self.name_note:
            box = pygame.Rect(290, T.H - 96, T.W - 290 - 580, 76)
            pygame.draw.rect(surf, (110, 34, 22), box, border_radius=10)
            pygame.draw.rect(surf, T.GOLD, box, 2, border_radius=10)
            draw_text_box(surf, text, self.problem or self.name_note, box.inflate(-20, -12), 18,
                          T.PARCHMENT, line_gap=1)
