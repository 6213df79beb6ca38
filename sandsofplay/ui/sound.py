"""Sounds synthesized in code at start-up (no sound files to license): a click, a soft thud, a gem
clink, a sand hiss. Without a sound device everything here quietly does nothing."""

from __future__ import annotations

import array
import math
import random

import pygame

RATE = 22050


def _tone(freqs, seconds, decay=8.0, noise=0.0, volume=0.5, seed=1):
    rnd = random.Random(seed)
    n = int(RATE * seconds)
    buf = array.array("h")
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, i / 60)
        v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / max(1, len(freqs))
        if noise:
            v = v * (1 - noise) + (rnd.random() * 2 - 1) * noise
        buf.append(int(max(-1.0, min(1.0, v * env * volume)) * 32767))
    return buf


RECIPES = {
    "click": lambda: _tone([880, 1320], 0.06, decay=60, volume=0.35),
    "thud": lambda: _tone([110, 165], 0.18, decay=22, noise=0.3, volume=0.6),
    "gem": lambda: _tone([1568, 2350, 3136], 0.35, decay=12, volume=0.4),
    "card": lambda: _tone([300], 0.12, decay=30, noise=0.85, volume=0.35),
    "error": lambda: _tone([196, 185], 0.25, decay=10, volume=0.4),
    "sand": lambda: _tone([200], 0.8, decay=0.5, noise=1.0, volume=0.12, seed=7),
    "flip": lambda: _tone([330, 495, 660], 0.5, decay=6, volume=0.45),
}


class Sound:
    def __init__(self, volume: int = 70):
        self.ok = False
        self.sounds: dict = {}
        self.volume = volume
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self.ok = pygame.mixer.get_init() is not None
            self.channels = pygame.mixer.get_init()[2] if self.ok else 1
        except pygame.error:
            self.ok = False

    def _get(self, name):
        snd = self.sounds.get(name)
        if snd is None and self.ok and name in RECIPES:
            data = RECIPES[name]()
            if self.channels == 2:
                stereo = array.array("h")
                for v in data:
                    stereo.append(v)
                    stereo.append(v)
                data = stereo
            snd = pygame.mixer.Sound(buffer=data.tobytes())
            self.sounds[name] = snd
        return snd

    def set_volume(self, volume: int):
        self.volume = volume

    def play(self, name: str):
        if not self.ok or self.volume <= 0:
            return
        try:
            snd = self._get(name)
            if snd is not None:
                snd.set_volume(self.volume / 100.0)
                snd.play()
        except pygame.error:
            self.ok = False
