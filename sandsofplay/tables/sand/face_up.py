"""Everything face up (a finished game's replay): what the Sand table hides.

Sand is open on the table but for two decks: which Missions of each workday were drawn into the
Mission deck (their backs show only the workday) and the order of Alhazred's Codex deck. Face
up, the side panel names the Missions the next workday lays out and the Codex card drawn next
(the observation's ``deck_next`` and ``codex_next``, read by ``view.mission_deck_line`` and
``view.codex_next``).

This is the declared exception to the table's rule that it reads only the observation of the
seat it shows (``seat.py``; tests/tables/sand/test_seat.py): the face-up view of a finished
game's replay reads the full state, because showing what was hidden is what it is for.
"""

from __future__ import annotations


def face_up_observation(game, state) -> dict:
    obs = dict(game.observe(state, None))
    obs["deck_next"] = list(state.deck[:state.per_day])
    obs["codex_next"] = list(state.codex[:1])
    return obs
