"""The staff PIN's back-off: ``FREE_TRIES`` wrong PINs in a row lock the pad for ``FIRST_LOCK_S``
seconds; after that every wrong PIN locks it again, each time twice as long (30 s, 60 s,
120 s ...; at most ``MAX_LOCK_S``). The right PIN clears it all. The state belongs to the kiosk
(it outlives closing and reopening the pad) and lives in memory for the run. Time is the
kiosk's own clock (``app.clock_s``), so tests move it on instead of sleeping. Every wrong try
is logged, never its digits."""

from __future__ import annotations

import logging

log = logging.getLogger("sandsofplay.kiosk")

FREE_TRIES = 3
FIRST_LOCK_S = 30.0
MAX_LOCK_S = 3600.0


class PinLock:
    def __init__(self):
        self.wrong = 0  # wrong tries since the last right PIN
        self.locks = 0  # how many times the pad locked since then
        self.until = 0.0  # kiosk time the pad is locked until

    def locked_for(self, now: float) -> float:
        """Seconds the pad stays locked (0 when it is open)."""
        return max(0.0, self.until - now)

    def next_lock_s(self) -> float:
        return min(MAX_LOCK_S, FIRST_LOCK_S * 2 ** self.locks)

    def wrong_try(self, now: float) -> float:
        """A wrong PIN at ``now``: returns the seconds the pad is now locked for (0: not)."""
        self.wrong += 1
        lock = 0.0
        if self.wrong >= FREE_TRIES:
            lock = self.next_lock_s()
            self.locks += 1
            self.until = now + lock
        if lock:
            log.warning("kiosk: wrong staff PIN (%d in a row); the pad is locked for %.0f s",
                        self.wrong, lock)
        else:
            log.warning("kiosk: wrong staff PIN (%d in a row; the pad locks after %d)",
                        self.wrong, FREE_TRIES)
        return lock

    def refused(self, now: float) -> None:
        """A PIN entered while the pad is locked: not tried, only logged."""
        log.warning("kiosk: a staff PIN entered while the pad is locked (%.0f s left) was not "
                    "tried", self.locked_for(now))

    def right(self) -> None:
        self.wrong = self.locks = 0
        self.until = 0.0
