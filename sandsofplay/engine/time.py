"""Fixed-step simulation time: 60 ticks a second, shared by every real-time game and the app loop."""

from __future__ import annotations

TICKS_PER_SECOND = 60
TICK_SECONDS = 1.0 / TICKS_PER_SECOND
MAX_FRAME_SECONDS = 0.25
MAX_CATCH_UP_STEPS = 5


def seconds_to_ticks(seconds: float) -> int:
    return int(round(seconds * TICKS_PER_SECOND))


def ticks_to_seconds(ticks: int) -> float:
    return ticks / TICKS_PER_SECOND


class FixedStep:
    """Accumulator for a fixed-step loop (Gaffer on Games' "Fix Your Timestep").

    ``feed(frame_seconds)`` returns how many fixed steps to run now; ``alpha`` is the
    interpolation fraction for drawing between the last two steps. A long frame is clamped to
    ``MAX_FRAME_SECONDS`` and at most ``MAX_CATCH_UP_STEPS`` steps run per frame, so a stall never
    turns into a spiral of catch-up work.
    """

    def __init__(self, step: float = TICK_SECONDS, max_frame: float = MAX_FRAME_SECONDS,
                 max_steps: int = MAX_CATCH_UP_STEPS):
        self.step = step
        self.max_frame = max_frame
        self.max_steps = max_steps
        self.acc = 0.0
        self.alpha = 0.0

    def feed(self, frame_seconds: float) -> int:
        frame_seconds = max(0.0, min(frame_seconds, self.max_frame))
        self.acc += frame_seconds
        steps = int(self.acc / self.step + 1e-9)
        if steps > self.max_steps:
            steps = self.max_steps
            self.acc = 0.0
        else:
            self.acc -= steps * self.step
            if self.acc < 0:
                self.acc = 0.0
        self.alpha = min(1.0, self.acc / self.step)
        return steps
