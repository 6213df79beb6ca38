"""Settings: window or full screen, volume, colour-blind patterns, animation speed, bot speed,
the sand timer's sounds, when a card table stops for reactions.
Changes apply at once and are saved when leaving."""

from __future__ import annotations


from .. import settings as settings_mod
from .. import theme as T
from ..scene import MenuScene

ROWS = (
    ("fullscreen", "Display", (False, True), ("Window", "Full screen")),
    ("volume", "Volume", tuple(range(0, 101, 10)), None),
    ("patterns", "Colour-blind patterns", (True, False), ("On", "Off")),
    ("animation_speed", "Animation speed", settings_mod.ANIMATION_SPEEDS, None),
    ("bot_speed", "Bot speed", settings_mod.BOT_SPEEDS, ("Slow", "Normal", "Fast")),
    ("sound_latch", "Timer sound: the latch", (True, False), ("On", "Off")),
    ("sound_pour", "Timer sound: the pour", (True, False), ("On", "Off")),
    ("sound_countdown", "Timer sound: last 10 seconds", (True, False), ("On", "Off")),
    ("stop_reactions", "Stop for reactions", settings_mod.STOP_REACTIONS,
     ("Always", "When I have one", "Never")),
)


class SettingsScene(MenuScene):
    name = "settings"

    def enter(self):
        self.background = self.backdrop(11, 140)
        self.rows = []
        y = 130
        step = min(80, (T.H - 130 - 120) // len(ROWS))
        for key, label, _choices, _labels in ROWS:
            self.add_cycler((620, y, 360, step - 6), self._label(key),
                            lambda d, k=key: self.cycle(k, d), name=f"setting:{key}")
            self.rows.append((key, label, y))
            y += step
        self.add_button((T.W // 2 - 130, T.H - 100, 260, 64), "Done", self.back, name="done")


    def _label(self, key):
        choices, labels = next((ch, lab) for k, _, ch, lab in ROWS if k == key)
        value = getattr(self.app.settings, key)
        if labels:
            text = labels[list(choices).index(value)]
        elif key == "volume":
            text = f"{value} %"
        elif key == "animation_speed":
            text = f"{value:g} x"
        else:
            text = str(value)
        return f"\u2039  {text}  \u203a"

    def cycle(self, key, step):
        choices = next(ch for k, _, ch, _ in ROWS if k == key)
        value = getattr(self.app.settings, key)
        k = list(choices).index(value) if value in choices else 0
        new = choices[(k + step) % len(choices)]
        if key == "fullscreen":
            self.app.set_fullscreen(new)
        else:
            setattr(self.app.settings, key, new)
        if key == "volume":
            self.app.sound.set_volume(new)
        if key == "sound_pour" and not new:
            self.app.sound.loop("pour", False)
        self.buttons[f"setting:{key}"].set_text(self._label(key))

    def back(self):
        try:
            settings_mod.save(self.app.settings)
        except OSError as exc:
            from .message import MessageScene
            self.app.pop()
            self.app.push(MessageScene(self.app, "Settings not saved",
                                       f"The settings could not be written: {exc}"))
            return
        self.app.pop()

    def draw(self, surf, alpha):
        surf.blit(self.background, (0, 0))
        self.app.text.blit(surf, "Settings", (T.W // 2, 50), 44, T.PARCHMENT, bold=True,
                           anchor="midtop", shadow=T.INK)
        for key, label, y in self.rows:
            self.app.text.blit(surf, label, (580, y + 25), 24, T.PARCHMENT, anchor="midright",
                               shadow=T.INK)
