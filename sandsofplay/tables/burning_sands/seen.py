"""What the table knows: the observation of the seat it shows, as a state the rules can read.

The table never reads the match's full state (the replay's face-up view, ``face_up.py``, is the
one declared exception). It draws from the viewer's observation (``observe.observe``), and asks
the rules about it - who acts, the legal actions of the seat to act, a card's current Strength and
Ka, Story points, Water, the sentence for an action - through ``seen_state``: the observation laid
out in the state's own shape. A card hidden from the seat is ``cdef`` -1 there, a deck or another
player's hand holds as many unknown cards (-1) as it has, so no answer can come from a card the
seat may not see. tests/tables/burning_sands/test_seen.py checks that the answers the table asks
for are the same as the full state's, and that the table reads no full state.
"""

from __future__ import annotations

from ...games.burning_sands.state import FIELDS, BurningSandsState

_SHAPED = ("deck", "hand", "att", "under")


def seen_state(obs) -> BurningSandsState:
    """A state for the rules to read, holding only what the observation ``obs`` holds (its lists
    are the observation's own: nothing may change it)."""
    s = BurningSandsState.__new__(BurningSandsState)
    for k in FIELDS:
        if k not in _SHAPED:
            setattr(s, k, obs[k])
    n_cards = len(obs["cdef"])
    s.deck = [[-1] * k for k in obs["deck"]]
    s.hand = [list(h) if isinstance(h, list) else [-1] * h for h in obs["hand"]]
    att, under = obs["att"], obs["under"]
    s.att = [att.get(str(u), []) for u in range(n_cards)]
    s.under = [under.get(str(u), []) for u in range(n_cards)]
    s.rng = None  # nothing drawn: the rules are only asked, never played on it
    s._cache = None
    return s
