"""What the table knows: the observation of the seat it shows, as a state the rules can read.

The table never reads the match's full state (the replay's face-up view, ``face_up.py``, is the
one declared exception). It draws from the viewer's observation, and asks the rules about it -
who acts, the legal actions of a seat, why a gesture is refused, a seat's or a tile's name, the
sentence for an action - through ``seen_state``: the observation laid out in the state's own shape
(the game's ``observe.known_state``). Players keep their hands open, so what stays unknown there
is what nobody sees: the Action and Upgrade decks hold as many unknown cards (-1) as they have,
the tipping point is None and there is no RNG, so no answer can come from them.
tests/tables/sands_of_adventure/test_seen.py checks that the answers the table asks for are the
same as the full state's, and that the table reads no full state.
"""

from __future__ import annotations

from ...games.sands_of_adventure.observe import known_state
from ...games.sands_of_adventure.state import SandsOfAdventureState


def seen_state(obs) -> SandsOfAdventureState:
    """A state for the rules to read, holding only what the observation ``obs`` holds (nothing
    may play on it: it has no RNG and no decks' order)."""
    return known_state(obs)
