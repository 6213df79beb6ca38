"""The sand timer as a physical model (rules layer, pure Python, deterministic).

The timer is a rigid body on a horizontal pivot with a basket at each end. Gems are dropped into
the top basket, which sits ``arm_m`` to one side of the pivot, so the load pushes the body over
with a torque ``g * arm_m * load``. A latch in the stand holds the body like a stiff torsion
spring: below the *tipping point* (the latch's holding torque) the body only leans, by
``torque / lean_stiffness`` radians - a small deflection that grows with the load, for the table
to show. When the load torque passes the tipping point the latch lets go and the body falls over
under gravity (the load at ``basket_height_m`` above the pivot, off-centre by ``arm_m``) against
viscous damping, integrated at the 60 Hz fixed step (``substeps`` semi-implicit Euler steps per
tick), until it comes to rest against the stand's stop at half a turn: inverted. From that tick
the sand pours from the upper bulb at a constant rate (granular flow does not depend on the fill
height) and runs out exactly ``sand_ticks`` later.

The tipping point is drawn from the state's RNG each round, uniformly between the torques of
``tip_min_g`` and ``tip_max_g`` of load, and is never shown. Stepping the timer tick by tick or
jumping over a stretch gives identical states: the fall is integrated tick by tick once per load
(it depends on nothing else) and looked up by tick, and the pouring is a closed form of the tick.

Angles are in radians, 0 upright and pi inverted; angular velocity in radians per second.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...engine import TICKS_PER_SECOND
from ...engine.fields import read, strs

UPRIGHT, FALLING, INVERTED = "upright", "falling", "inverted"
MAX_FALL_TICKS = 20 * TICKS_PER_SECOND  # a safety net: the designed fall takes ~0.6 s


class Timer:
    """The timer's state; the physical constants come from ``data.Components``."""

    __slots__ = ("gems", "tip_g", "mode", "angle", "omega", "released_tick", "inverted_tick",
                 "fall_end_tick", "sand_ticks", "flipped_by")

    def __init__(self, sand_ticks: int):
        self.gems: list[str] = []  # sizes in arrival order
        self.tip_g = 0.0  # hidden: the load (grams) whose torque is this round's tipping point
        self.mode = UPRIGHT
        self.angle = 0.0
        self.omega = 0.0
        self.released_tick = -1  # the tick the timer flipped (the Timed Phase started)
        self.inverted_tick = -1  # the tick it came to rest inverted (the sand started to pour)
        self.fall_end_tick = -1  # when the fall will end (computed at release)
        self.sand_ticks = sand_ticks
        self.flipped_by = ""  # "tipping" or "hand"

    def clone(self) -> "Timer":
        t = Timer.__new__(Timer)
        t.gems = list(self.gems)
        t.tip_g = self.tip_g
        t.mode = self.mode
        t.angle = self.angle
        t.omega = self.omega
        t.released_tick = self.released_tick
        t.inverted_tick = self.inverted_tick
        t.fall_end_tick = self.fall_end_tick
        t.sand_ticks = self.sand_ticks
        t.flipped_by = self.flipped_by
        return t

    def to_json(self) -> dict:
        return {"gems": list(self.gems), "tip_g": self.tip_g, "mode": self.mode,
                "angle": self.angle, "omega": self.omega, "released_tick": self.released_tick,
                "inverted_tick": self.inverted_tick, "fall_end_tick": self.fall_end_tick,
                "sand_ticks": self.sand_ticks, "flipped_by": self.flipped_by}

    @classmethod
    def from_json(cls, d: dict) -> "Timer":
        return read(cls(int(d["sand_ticks"])), d, (
            ("gems", strs), ("tip_g", float), ("mode", str), ("angle", float), ("omega", float),
            ("released_tick", int), ("inverted_tick", int), ("fall_end_tick", int),
            ("flipped_by", str)))


# --- statics: load, torque, lean ------------------------------------------------------------------

def load_g(timer: Timer, comp) -> float:
    """The mass of the gems in the top basket, in grams."""
    m = comp.gem_mass
    large = timer.gems.count("large")
    return large * m["large"] + (len(timer.gems) - large) * m["small"]


def torque(load_grams: float, spec) -> float:
    """The torque (N m) a load in the top basket puts on the latch."""
    return spec.gravity * spec.arm_m * load_grams / 1000.0


def lean(load_grams: float, spec) -> float:
    """How far (radians) the latched body leans under a load: grows linearly with it."""
    return torque(load_grams, spec) / spec.lean_stiffness


def tips(load_grams: float, timer: Timer, spec) -> bool:
    """True when the load's torque has crossed this round's tipping point."""
    return torque(load_grams, spec) > torque(timer.tip_g, spec)


def draw_tipping_point(rng, spec) -> float:
    return rng.uniform(spec.tip_min_g, spec.tip_max_g)


def count(timer: Timer, size: str) -> int:
    return timer.gems.count(size)


def gem_for(timer: Timer, size: str, comp) -> str | None:
    """The gem actually added when ``size`` is asked for: that size if any is left in the supply,
    else the other size, else None (all twelve are in the basket: flip it by hand)."""
    if count(timer, size) < comp.gem_count[size]:
        return size
    other = "small" if size == "large" else "large"
    if count(timer, other) < comp.gem_count[other]:
        return other
    return None


# --- dynamics ----------------------------------------------------------------------------------------

def _fall_step(angle: float, omega: float, mass_kg: float, spec) -> tuple[float, float, bool]:
    """Integrate one tick of the fall; returns (angle, omega, at_rest_inverted)."""
    n = spec.substeps
    dt = 1.0 / (TICKS_PER_SECOND * n)
    g, L, e = spec.gravity, spec.basket_height_m, spec.arm_m
    inertia = spec.body_inertia + mass_kg * (L * L + e * e)
    c = spec.damping
    for _ in range(n):
        tau = g * mass_kg * (L * math.sin(angle) + e * math.cos(angle)) - c * omega
        omega += dt * tau / inertia
        angle += dt * omega
        if angle >= math.pi:
            return math.pi, 0.0, True
    return angle, omega, False


@lru_cache(maxsize=512)
def fall_trajectory(load_grams: float, spec) -> tuple[tuple[float, float], ...]:
    """(angle, angular velocity) at the end of each tick of the fall, from release at the lean
    of ``load_grams`` to rest against the stop (the last entry is ``(pi, 0.0)``). The fall depends
    only on the load, so it is integrated once per load and looked up after."""
    a, w = lean(load_grams, spec), 0.0
    mass = load_grams / 1000.0
    out = []
    for _ in range(MAX_FALL_TICKS):
        a, w, done = _fall_step(a, w, mass, spec)
        out.append((a, w))
        if done:
            break
    if out[-1] != (math.pi, 0.0):  # never with sane data: the stand's stop catches it anyway
        out.append((math.pi, 0.0))
    return tuple(out)


def release(timer: Timer, tick: int, comp, by: str) -> None:
    """The latch lets go (or a hand tips the body): the fall starts from the current lean.
    Sets the tick at which the body will rest inverted."""
    load = load_g(timer, comp)
    timer.mode = FALLING
    timer.angle = lean(load, comp.timer)
    timer.omega = 0.0
    timer.released_tick = tick
    timer.flipped_by = by
    timer.fall_end_tick = tick + len(fall_trajectory(load, comp.timer))


def set_fall_tick(timer: Timer, tick: int, comp) -> None:
    """Put a falling timer where it is at ``tick`` (before the fall ends)."""
    k = tick - timer.released_tick
    if k <= 0:
        return
    traj = fall_trajectory(load_g(timer, comp), comp.timer)
    timer.angle, timer.omega = traj[min(k, len(traj)) - 1]


def step_fall(timer: Timer, comp, tick: int) -> bool:
    """Advance a falling timer to ``tick`` (one tick on); True when it has come to rest."""
    set_fall_tick(timer, tick, comp)
    return tick >= timer.fall_end_tick


def finish_fall(timer: Timer, tick: int) -> None:
    timer.mode = INVERTED
    timer.angle = math.pi
    timer.omega = 0.0
    timer.inverted_tick = tick


def sand_end_tick(timer: Timer) -> int:
    """The tick at which the upper bulb is empty (-1 while the sand is not pouring)."""
    if timer.mode != INVERTED:
        return -1
    return timer.inverted_tick + timer.sand_ticks


def sand_fractions(timer: Timer, tick: int) -> tuple[float, float]:
    """(upper bulb, lower bulb) fractions of the sand, as seen from the table."""
    if timer.mode == UPRIGHT or (timer.mode == FALLING and timer.angle < math.pi / 2):
        return 0.0, 1.0  # all the sand rests in the lower bulb
    if timer.mode == FALLING:
        return 1.0, 0.0  # the full bulb has swung above the pivot
    poured = (tick - timer.inverted_tick) / timer.sand_ticks if timer.sand_ticks else 1.0
    poured = min(1.0, max(0.0, poured))
    return 1.0 - poured, poured


def reset(timer: Timer, rng, comp) -> None:
    """Between rounds: gems out, body upright and latched, a new tipping point drawn."""
    timer.gems = []
    timer.mode = UPRIGHT
    timer.angle = 0.0
    timer.omega = 0.0
    timer.released_tick = -1
    timer.inverted_tick = -1
    timer.fall_end_tick = -1
    timer.flipped_by = ""
    timer.tip_g = draw_tipping_point(rng, comp.timer)
