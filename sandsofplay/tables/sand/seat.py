"""What the Sand table knows: the observation of the seat it shows, and the rules' answers for
that seat (its legal actions, how an action is said, why one is refused, who acts).

The table never reads the match's full state (tests/tables/sand/test_seat.py checks the source;
the replay's face-up view, ``face_up.py``, and the sequences' second run of the rules,
``sequence.ActionReplay``, are the declared exceptions). The rules' functions take a state, so
they are asked of a state rebuilt from the observation: ``game.determinize`` with a fixed seed
fills in what the seat cannot see (the order of the Mission and Codex decks, the RNG), which
changes neither which actions are legal nor how one is said (the same test checks that along
whole games). It is the world the Hint's explanation already plans in (``planner.explain``).
"""

from __future__ import annotations

from ...engine import RNG

FACE_UP_ONLY = ("deck_next", "codex_next")  # (face_up.py: never part of a seat's observation)


class SeatRules:
    """The rules asked about what the table shows. ``source()`` gives (key, observation) of the
    live table (the key changes whenever the observation may have)."""

    def __init__(self, game, source):
        self.game = game
        self.source = source
        self._key = self._world = None

    def obs(self) -> dict:
        return self.source()[1]

    def world(self):
        """A state with everything the observation shows (the hidden parts made up)."""
        key, obs = self.source()
        if key != self._key or self._world is None:
            clean = {k: v for k, v in obs.items() if k not in FACE_UP_ONLY}
            self._world = self.game.determinize(clean, RNG(0))
            self._key = key
        return self._world

    def forget(self):
        self._key = self._world = None

    # --- the questions ------------------------------------------------------------------------
    def legal(self, seat) -> list:
        return self.game.legal_actions(self.world(), seat)

    def describe(self, seat, action) -> str:
        return self.game.describe(self.world(), seat, action)

    def to_act(self) -> list:
        return list(self.game.to_act(self.world()))

    def hint_why(self, seat, action) -> str:
        return self.game.hint_why(self.world(), seat, action)
