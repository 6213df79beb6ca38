"""Issue 28: the sounds are made in half the time they took, and they are the same sounds: each
recipe's samples equal the plain formula's, float for float (the products taken in the same
order). The app's own slice of sound making stays out of the first frame and out of the frames
of a table being set out (its entry makes the sounds in its own budget)."""

import array
import math
import random

import pytest

from sandsofplay.engine.game import run_steps
from sandsofplay.ui import sound


def plain_tone(freqs, seconds, decay=8.0, noise=0.0, volume=0.5, seed=1):
    """The formula as it was first written, one sample at a time."""
    rnd = random.Random(seed)
    buf = array.array("h")
    for i in range(int(sound.RATE * seconds)):
        t = i / sound.RATE
        env = math.exp(-decay * t) * min(1.0, i / 60)
        v = 0
        for f in freqs:
            v = v + math.sin(2 * math.pi * f * t)
        v = v / max(1, len(freqs))
        if noise:
            v = v * (1 - noise) + (rnd.random() * 2 - 1) * noise
        buf.append(int(max(-1.0, min(1.0, v * env * volume)) * 32767))
    return buf


def sliced(gen):
    """Run a sound's recipe a slice at a time: how many slices it took, and the sound."""
    steps = 0
    while True:
        try:
            next(gen)
            steps += 1
        except StopIteration as done:
            return steps, done.value


def test_sounds_are_synthesized_a_slice_at_a_time():
    """Issue 17: no frame pays for a whole sound; ``pump`` finishes them over several calls and
    the sounds it makes are the ones ``play`` would have made at once."""
    steps, pour = sliced(sound.RECIPES["pour"]())
    assert steps > 10
    assert pour == run_steps(sound.RECIPES["pour"]())
    assert len(pour) == int(sound.RATE * 2.0) - 400  # two seconds, ends cross-faded


@pytest.mark.parametrize("args,kw", [
    (([880, 1320], 0.06), dict(decay=60, volume=0.35)),
    (([110, 165], 0.18), dict(decay=22, noise=0.3, volume=0.6)),
    (([1568, 2350, 3136], 0.35), dict(decay=12, volume=0.4)),
    (([200], 0.8), dict(decay=0.5, noise=1.0, volume=0.12, seed=7)),
    (([1200], 0.05), dict(decay=80, volume=0.35)),
])
def test_a_tone_is_the_plain_formula_sample_for_sample(args, kw):
    steps, made = sliced(sound._tone_gen(*args, **kw))
    assert made == plain_tone(*args, **kw)
    assert steps == len(made) // sound.CHUNK  # a chance to stop every CHUNK samples


def test_the_pour_and_the_latch_are_what_they_were():
    """Their loops, written out plainly (the pour's ends cross-faded into a loop)."""
    rnd = random.Random(11)
    n = int(sound.RATE * 2.0)
    pour = array.array("h")
    low = 0.0
    for _ in range(n):
        low += 0.08 * ((rnd.random() * 2 - 1) - low)
        grain = (rnd.random() * 2 - 1) * 0.25 if rnd.random() < 0.02 else 0.0
        pour.append(int(max(-1.0, min(1.0, (low * 2.2 + grain) * 0.16)) * 32767))
    for i in range(400):
        a = i / 400
        pour[i] = int(pour[i] * a + pour[n - 400 + i] * (1 - a))
    del pour[n - 400:]
    assert run_steps(sound.RECIPES["pour"]()) == pour
    rnd = random.Random(5)
    creak = array.array("h")
    for i in range(int(sound.RATE * 0.45)):
        t = i / sound.RATE
        rasp = 1.0 if (i // 180) % 2 else 0.55
        v = math.sin(2 * math.pi * (95 + 40 * t) * t) * rasp * 0.6 + (rnd.random() * 2 - 1) * 0.25
        env = min(1.0, t * 20) * math.exp(-4 * t)
        creak.append(int(max(-1.0, min(1.0, v * env * 0.35)) * 32767))
    clack = plain_tone([1850, 2600, 3900], 0.07, decay=70, noise=0.35, volume=0.55, seed=3)
    assert run_steps(sound.RECIPES["latch"]()) == clack + creak


def test_the_app_makes_no_sound_in_its_first_frame_nor_while_a_table_is_set_out(app,
                                                                                 monkeypatch):
    calls = []
    monkeypatch.setattr(app.sound, "pump", lambda *a: calls.append(app.frame_count) or False)
    app.frame_count = 0
    app.frame(1 / 60)
    assert calls == []  # the first frame
    app.frame(1 / 60)
    assert calls == [1]

    class Entering:  # a scene being set out (as a table's staged entry)
        transparent = False
        entering = object()
        name = "entering"

        def enter(self):
            pass
        exit = pause = resume = update = enter

        def handle(self, event):
            pass

        def draw(self, surf, alpha):
            pass

        def draw_overlay(self, surf):
            pass
    app.push(Entering())
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert calls == [1]
