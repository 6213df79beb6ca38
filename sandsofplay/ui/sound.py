"""Sounds synthesized in code at start-up (no sound files to license): a click, a soft thud, a gem
clink, a sand hiss, and the sand timer's own: the latch letting go (a metal clack and a creak),
the timer landing, a seamless pour loop, and the tick of the last ten seconds. Without a sound
device everything here quietly does nothing."""

from __future__ import annotations

import array
import math
import random
import time

import pygame

from ..engine.game import run_steps

RATE = 22050


CHUNK = 256  # samples synthesized between two chances to stop (see ``Sound.pump``)


def _tone_gen(freqs, seconds, decay=8.0, noise=0.0, volume=0.5, seed=1):
    """Decaying sines (and noise): the same samples, float for float, as the plain loop (the
    sines of ``2 pi f t`` added one by one, over ``len(freqs)``, times ``exp(-decay t)`` and
    ``min(1, i / 60)``: the products taken in the same order, so the sounds are exactly the
    ones always made), in less than half its time."""
    rnd = random.Random(seed)
    n = int(RATE * seconds)
    buf = array.array("h")
    append = buf.append
    sin, exp = math.sin, math.exp
    ws = [2 * math.pi * f for f in freqs]  # (2 * pi * f) * t is how the product was taken
    k = max(1, len(freqs))
    random_ = rnd.random
    keep = 1 - noise
    for start in range(0, n, CHUNK):
        for i in range(start, min(n, start + CHUNK)):
            t = i / RATE
            env = exp(-decay * t) * min(1.0, i / 60)
            if k == 1 and ws:
                v = sin(ws[0] * t) / 1
            else:
                v = 0
                for w in ws:
                    v += sin(w * t)
                v = v / k
            if noise:
                v = v * keep + (random_() * 2 - 1) * noise
            x = v * env * volume
            append(int((1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)) * 32767))
        if start + CHUNK <= n:
            yield
    return buf


def _latch():
    """A metal catch springing open, then the wooden body creaking as it starts to fall."""
    clack = yield from _tone_gen([1850, 2600, 3900], 0.07, decay=70, noise=0.35, volume=0.55,
                                 seed=3)
    creak = array.array("h")
    append = creak.append
    random_ = random.Random(5).random
    sin, exp, two_pi = math.sin, math.exp, 2 * math.pi
    n = int(RATE * 0.45)
    for i in range(n):
        t = i / RATE
        f = 95 + 40 * t  # a slow rising groan
        rasp = 1.0 if (i // 180) % 2 else 0.55  # stick-slip of wood on wood
        v = sin(two_pi * f * t) * rasp * 0.6 + (random_() * 2 - 1) * 0.25
        env = min(1.0, t * 20) * exp(-4 * t)
        x = v * env * 0.35
        append(int((1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)) * 32767))
        if i % CHUNK == CHUNK - 1:
            yield
    return clack + creak


def _pour(seconds=2.0):
    """Fine grains running through the neck: soft filtered noise with a grainy flutter, the same
    at both ends so it loops without a seam."""
    random_ = random.Random(11).random
    n = int(RATE * seconds)
    buf = array.array("h")
    append = buf.append
    low = 0.0
    for i in range(n):
        low += 0.08 * ((random_() * 2 - 1) - low)  # a gentle low-pass: a hiss, not a roar
        grain = (random_() * 2 - 1) * 0.25 if random_() < 0.02 else 0.0
        x = (low * 2.2 + grain) * 0.16
        append(int((1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)) * 32767))
        if i % CHUNK == CHUNK - 1:
            yield
    fade = 400  # cross-fade the ends into each other
    for i in range(fade):
        a = i / fade
        buf[i] = int(buf[i] * a + buf[n - fade + i] * (1 - a))
    del buf[n - fade:]
    return buf



def _tone(*args, **kwargs):
    return run_steps(_tone_gen(*args, **kwargs))


RECIPES = {
    "click": lambda: _tone_gen([880, 1320], 0.06, decay=60, volume=0.35),
    "thud": lambda: _tone_gen([110, 165], 0.18, decay=22, noise=0.3, volume=0.6),
    "gem": lambda: _tone_gen([1568, 2350, 3136], 0.35, decay=12, volume=0.4),
    "card": lambda: _tone_gen([300], 0.12, decay=30, noise=0.85, volume=0.35),
    "error": lambda: _tone_gen([196, 185], 0.25, decay=10, volume=0.4),
    "sand": lambda: _tone_gen([200], 0.8, decay=0.5, noise=1.0, volume=0.12, seed=7),
    "flip": lambda: _tone_gen([330, 495, 660], 0.5, decay=6, volume=0.45),
    "latch": _latch,
    "land": lambda: _tone_gen([70, 105], 0.3, decay=14, noise=0.45, volume=0.7, seed=9),
    "pour": _pour,
    "tick": lambda: _tone_gen([1200], 0.05, decay=80, volume=0.35),
    "tock": lambda: _tone_gen([1600, 2400], 0.08, decay=45, volume=0.5),
}


class Sound:
    def __init__(self, volume: int = 70):
        self.ok = False
        self.looping = {}
        self.sounds: dict = {}
        self.volume = volume
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self.ok = pygame.mixer.get_init() is not None
            self.channels = pygame.mixer.get_init()[2] if self.ok else 1
        except pygame.error:
            self.ok = False
        # every sound starts synthesizing at once, a slice a frame (see ``pump``)
        self._pending: dict = {name: RECIPES[name]() for name in RECIPES} if self.ok else {}

    def _make(self, name, data):
        if self.channels == 2:
            stereo = array.array("h", bytes(4 * len(data)))
            stereo[0::2] = data
            stereo[1::2] = data
            data = stereo
        snd = pygame.mixer.Sound(buffer=data.tobytes())
        self.sounds[name] = snd
        self._pending.pop(name, None)
        return snd

    def _get(self, name):
        snd = self.sounds.get(name)
        if snd is None and self.ok and name in RECIPES:
            gen = self._pending.pop(name, None) or RECIPES[name]()
            snd = self._make(name, run_steps(gen))
        return snd

    def pump(self, budget_s: float = 0.001) -> bool:
        """Synthesize the sounds not made yet a slice at a time (the app calls this every frame),
        so that no single frame pays for a whole sound; True once every sound is ready. The
        default slice keeps a title frame near 1.5 ms of CPU; every sound is ready about two
        seconds after start-up (a table's entry waits for them with larger slices)."""
        if not self.ok or not self._pending:
            return True
        now = time.thread_time()
        stop = now + budget_s
        step = 0.0  # the last slice's time: another starts only if it fits in what is left
        try:
            while self._pending and now + step < stop:
                name, gen = next(iter(self._pending.items()))
                try:
                    next(gen)
                except StopIteration as done:
                    self._make(name, done.value)
                t = time.thread_time()
                step, now = t - now, t
        except pygame.error:
            self.ok = False
        return not self._pending

    def preload(self, names) -> None:
        """Have these sounds ready now (at a scene's entry) so no frame in play waits for one;
        those ``pump`` has already made cost nothing."""
        for name in names:
            try:
                self._get(name)
            except pygame.error:
                self.ok = False

    def set_volume(self, volume: int):
        self.volume = volume

    def play(self, name: str):
        self._start(name)

    def _start(self, name: str, **how):
        """Play ``name`` at the volume (``how``: pygame's ``loops``, ``fade_ms``); the sound,
        or None when sound is off or fails (then it stays off)."""
        if not self.ok or self.volume <= 0:
            return None
        try:
            snd = self._get(name)
            if snd is not None:
                snd.set_volume(self.volume / 100.0)
                snd.play(**how)
            return snd
        except pygame.error:
            self.ok = False
            return None

    # --- looping sounds (the pour) ------------------------------------------------------------
    looping: dict = {}

    def loop(self, name: str, on: bool) -> None:
        """Start (``on``) or stop a looping sound; calling it every frame is cheap."""
        playing = name in self.looping
        if on == playing:
            return
        if not on:
            snd = self.looping.pop(name)
            try:
                snd.fadeout(250)
            except pygame.error:
                pass
            return
        snd = self._start(name, loops=-1, fade_ms=300)
        if snd is not None:
            self.looping[name] = snd

    def stop_loops(self) -> None:
        for name in list(self.looping):
            self.loop(name, False)
