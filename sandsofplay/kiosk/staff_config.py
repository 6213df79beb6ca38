"""The staff's kiosk settings (issue 31): the kiosk's own keys - how long a visitor may be idle
and the countdown after, the bots' pace and levels, which games the loop shows, the quiet hours
and how dark they are, and the staff PIN - changed on the kiosk itself and written to its
configuration file (``kiosk.toml`` in the user data folder, or the ``--kiosk-config`` file it
was started with). A change applies at once; the file is written when the staff save, as TOML
the configuration loader reads back (its keys only, each the value the kiosk runs with now). A
file that cannot be written is said on the screen and in the kiosk log; the kiosk runs on with
the new values."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from ..engine.store import atomic_write_text
from ..ui import theme as T
from . import config as config_mod
from .playlist import playable, title_of
from .scenes import KioskMenu, PinScene

IDLE = (30, 60, 90, 120, 180, 300)
COUNTDOWN = (5, 10, 15, 20, 30)
QUIET = ("", "21:00-07:00", "22:00-07:00", "23:00-08:00", "00:00-08:00")
DIM = (0, 30, 50, 70, 90)
LEVELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
PACES = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}

# key, label, choices, how a value reads
ROWS = (
    ("idle_seconds", "Visitor idle before 'Still there?'", IDLE, lambda v: f"{int(v)} s"),
    ("countdown_seconds", "Countdown after it", COUNTDOWN, lambda v: f"{int(v)} s"),
    ("pace", "Bots' pace", tuple(PACES), PACES.get),
    ("bot_level", "Bots in a visitor's game", tuple(LEVELS), LEVELS.get),
    ("attract_level", "Bots of the demo loop", tuple(LEVELS), LEVELS.get),
    ("quiet_hours", "Quiet hours", QUIET, lambda v: v or "none"),
    ("dim_percent", "Screen dimmed in quiet hours", DIM, lambda v: f"{v} %"),
)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)  # a TOML basic string (JSON's escapes are TOML's)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise ValueError(f"cannot write {v!r} as TOML")


def to_toml(cfg) -> str:
    """The configuration as a ``kiosk.toml`` the loader reads back to the same values."""
    lines = ["# The kiosk's configuration, written by its staff settings.",
             "# Every key is optional; see the README's Kiosk mode."]
    for f in fields(cfg):
        if f.name in ("source", "options"):
            continue
        lines.append(f"{f.name} = {toml_value(getattr(cfg, f.name))}")
    for game_id, opts in sorted(cfg.options.items()):
        lines.append("")
        lines.append(f"[options.{game_id}]")
        lines += [f"{k} = {toml_value(v)}" for k, v in sorted(opts.items())]
    return "\n".join(lines) + "\n"


def write(cfg) -> str:
    """Write ``cfg`` to the file it came from (or the default ``kiosk.toml``); returns the path.
    Raises OSError when it cannot be written."""
    path = Path(cfg.source) if cfg.source else config_mod.default_path()
    atomic_write_text(str(path), to_toml(cfg))
    cfg.source = str(path)
    return str(path)


def _step(choices, value, d):
    vals = list(choices)
    if value not in vals:  # a value from the file that is not among the steps: the nearest
        try:
            k = min(range(len(vals)), key=lambda i: abs(float(vals[i]) - float(value)))
        except (TypeError, ValueError):
            k = 0
        return vals[k]
    return vals[(vals.index(value) + d) % len(vals)]


class KioskConfigScene(KioskMenu):
    name = "the kiosk settings"
    heading = "Kiosk settings"
    timeout = 120.0
    transparent = False  # (the staff menu's own lines are not shown through it)

    def __init__(self, app):
        super().__init__(app)
        self.message = ""
        self.games = [g for g in playable(None)]  # every game the kiosk can show

    def enter(self):
        self.sub = "Changes apply at once; Save writes them to " + (
            self.app.cfg.source or str(config_mod.default_path())) + "."
        self.build()

    def build(self):
        self.buttons, self.focus_items = {}, []
        x, y, w, h = 140, 160, 1000, 42
        for i, (key, _label, choices, _shown) in enumerate(ROWS):
            self.add_cycler((x, y + i * (h + 6), w, h), self.row_text(key),
                            lambda d, k=key, c=choices: self.change(k, c, d), name=key)
        y += len(ROWS) * (h + 6) + 6
        gw = (w - 8) // 2  # the games, two a row
        for i, game_id in enumerate(self.games):
            self.add_button((x + (i % 2) * (gw + 8), y + (i // 2) * (h + 6), gw, h),
                            self.game_text(game_id), lambda g=game_id: self.toggle_game(g),
                            name=f"game:{game_id}")
        y += -(-len(self.games) // 2) * (h + 6) + 8
        self.add_button((x, y, 320, 54), "Change the PIN", self.change_pin, name="pin")
        self.add_button((x + w - 560, y, 270, 54), "Save", self.save, name="save")
        self.add_button((x + w - 280, y, 280, 54), "Back", self.close, name="back")

    def row_text(self, key) -> str:
        _k, label, _c, shown = next(r for r in ROWS if r[0] == key)
        return f"{label}:  \u2039 {shown(getattr(self.app.cfg, key))} \u203a"

    def game_text(self, game_id) -> str:
        return f"{'Shown' if self.shown(game_id) else 'Hidden'}: {title_of(game_id)}"

    def shown(self, game_id) -> bool:
        chosen = self.app.cfg.games
        return not chosen or game_id in chosen

    def change(self, key, choices, d):
        cfg = self.app.cfg
        value = _step(choices, getattr(cfg, key), d)
        setattr(cfg, key, float(value) if key.endswith("_seconds") else value)
        self.buttons[key].set_text(self.row_text(key))
        self.message = ""

    def toggle_game(self, game_id):
        cfg = self.app.cfg
        on = [g for g in self.games if self.shown(g)]
        if game_id in on:
            if len(on) == 1:
                self.message = "At least one game must be shown."
                return
            on.remove(game_id)
        else:
            on.append(game_id)
        cfg.games = [] if set(on) == set(self.games) else [g for g in self.games if g in on]
        for g in self.games:
            self.buttons[f"game:{g}"].set_text(self.game_text(g))
        self.message = ""

    def change_pin(self):
        self.app.staff_push(NewPinScene(self.app, self))

    def save(self):
        try:
            path = write(self.app.cfg)
        except OSError as exc:
            self.message = f"The settings could not be written ({exc.strerror or exc}); the " \
                           f"kiosk runs with them until it starts again."
            self.app.log_event(f"the kiosk settings could not be written: {exc}")
            return
        self.message = f"Saved to {path}."
        self.app.log_event("staff saved the kiosk settings")

    def draw(self, surf, alpha):
        surf.fill(T.NIGHT)
        super().draw(surf, alpha)
        if self.message:
            self.app.ktext.blit(surf, self.message, (T.W // 2, T.H - 40), 20, T.GLOW,
                                bold=True, anchor="midbottom", shadow=T.INK, width=T.W - 120)


class NewPinScene(PinScene):
    """A new staff PIN, typed twice on the pad (4 to 8 digits)."""

    name = "the new PIN pad"
    heading = "Staff: a new PIN"

    def __init__(self, app, settings):
        super().__init__(app)
        self.settings = settings
        self.first = ""

    def enter(self):
        super().enter()
        self.sub = "Type the new PIN (4 to 8 digits), then OK; then type it again."

    def submit(self):
        digits, self.digits = self.digits, ""
        if not 4 <= len(digits) <= 8:
            self.message = "4 to 8 digits."
            return
        if not self.first:
            self.first = digits
            self.message = "Again, to be sure."
            return
        if digits != self.first:
            self.first = ""
            self.message = "They differ. Type the new PIN again."
            return
        self.app.cfg.pin = digits
        self.app.log_event("staff changed the PIN")
        self.settings.message = "The new PIN is in use; Save keeps it for the next start."
        self.close()
