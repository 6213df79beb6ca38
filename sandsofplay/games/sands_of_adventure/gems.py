"""The Sand Timer: Add a Gem (into the top basket, the other size when one size is all in, by
hand with all twelve in) and the flip that starts the Timed Phase."""

from __future__ import annotations

from . import timer
from .common import Tables, ev, load
from .state import TIMED, SandsOfAdventureState


def add_gem(tb: Tables, s: SandsOfAdventureState, size: str, seat: int, events: list) -> None:
    """Add a Gem: into the top basket; the other size when that size is all in; with all
    twelve in, the timer is flipped by hand. Crossing the tipping point flips it."""
    t = s.timer
    actual = timer.gem_for(t, size, tb.comp)
    if actual is None:
        events.append(ev("gem_needed", f"All 12 gems are in the basket: "
                         f"{tb.name(s, seat)} flips the sand timer by hand.", seat=seat,
                         size=size))
        flip(tb, s, "hand", events)
        return
    t.gems.append(actual)
    held = load(tb, s)
    t.angle = timer.lean(held, tb.comp.timer)
    swap = "" if actual == size else f" (no {size} gem is left)"
    events.append(ev("gem_added", f"{tb.name(s, seat)} drops a {actual} gem into the top "
                     f"basket{swap}.", seat=seat, size=actual, asked=size,
                     gems=len(t.gems), lean=t.angle))
    if timer.tips(held, t, tb.comp.timer):
        flip(tb, s, "tipping", events)


def flip(tb: Tables, s: SandsOfAdventureState, by: str, events: list) -> None:
    """The Sand Timer: when it flips, the Timed Phase starts at once, with the current player."""
    timer.release(s.timer, s.tick, tb.comp, by)
    s.phase = TIMED
    s.stage = "turn"
    # the dice not yet done: the current player may still finish them (``finish``); only a
    # villain die can still do anything once the timer has flipped
    s.finish = list(s.dice) if "villain" in s.dice else []
    s.dice = []
    s.penalty = []
    s.prog = []
    s.give_card = -1
    s.step_count = 0
    events.append(ev("timer_flipped", "The sand timer flips!" if by == "tipping" else
                     "The sand timer is flipped by hand!", True, by=by, tick=s.tick,
                     gems=list(s.timer.gems), lands=s.timer.fall_end_tick))
    events.append(ev("turn", f"Timed Phase: {tb.name(s, s.current)}'s turn.",
                     seat=s.current, phase=TIMED))
