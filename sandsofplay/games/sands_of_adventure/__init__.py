"""Indiana Jones: Sands of Adventure - the rules, as a pure game package. ``GAME`` is the object
the app and tools use.

Modules, from the bottom up: ``data`` (TOML component data), ``timer`` (the sand timer's
physics), ``state`` (state, clone, JSON), ``common`` (``Tables``: the components' lookups and
pre-built actions; rulebook section names; shared small rules), ``reasons`` (action shapes, a
card that does not match), ``gems`` (Add a Gem, the flip), ``rounds`` (dealing, a round's start
and end, preparing the next; the Excavation Leader's stages), ``villain`` (Activate the Villain,
Damaging the Villain), ``setup`` (Game Setup and its stages), ``exploration`` (Move, each step of
the Adventure tile, the Threat dice, as stages), ``timed`` (the Timed Phase's stages and time),
``stages`` (the open questions and the flow registering every stage), ``observe``
(observations, determinize, leak and conservation checks), ``strategy`` (the bots' heuristic
policy and levels), ``explain`` (in words, why a move is worth playing: the Hint's reason and a
bot partner's), ``game`` (the protocol glue). The rules are free functions over the state
(``(tables, state, ...)``); each part of the round registers its stages as data rows (see
docs/architecture.md).

For the table
-------------
Observation keys (``GAME.observe(state, seat)``; every hand is public): ``phase`` (setup /
explore / timed / prep / over), ``stage``, ``pending`` (the tile step or stage awaiting a
choice), ``round``, ``leader``, ``current``, ``to_act``, ``characters``, ``hands``,
``figures`` (tile per seat, -1 off the row), ``tokens`` ([kind, face up] per seat), ``stacks``,
``pile`` and ``top``, ``snakes``, ``aside`` (cards being kept or buried), ``deck_count``,
``upgrade_count``, ``row`` ([tile, side] left to right), ``tiles_aside``, ``villain``,
``villain_pos``, ``health``, ``max_health``, ``penalty_row``, ``timer`` (gems, mode, angle,
lean, load, supply, ticks of the fall and the sand, sand fractions), ``turn`` (tile program,
dice, penalty queue, choice), ``snake`` (card, seat, torch landing tick, last face),
``options``, ``results``, ``result``, ``ended_how``. Static data comes from ``GAME.comp``.
Observations are shared by every seat and built once per state change: sequences are tuples and
nested dicts are read-only (copy with ``dict(...)`` to change); a state changed other than by
``apply``/``advance`` should be ``touch()``-ed before it is observed or asked about again (who
acts and what is open are kept until the state changes too).

Actions: see ``game`` (the list by phase); ``describe`` gives a sentence for each. Events:
``hand_dealt``, ``token_taken``, ``leader_chosen``, ``round_started``, ``turn``, ``moved``,
``card_drawn``, ``snake_discarded``, ``card_played``, ``passed``, ``upgrades_revealed``,
``upgrades_lost``, ``card_kept``, ``card_buried``, ``card_given``, ``villain_moved``,
``dice_rolled``, ``villain_penalty``, ``gem_added``, ``gem_needed``, ``timer_flipped``,
``timer_inverted``, ``token_used``, ``villain_damaged``, ``villain_defeated``, ``snake_drawn``,
``torch_roll_started``, ``torch_rolled``, ``snake_ignored``, ``deck_empty``, ``sand_out``,
``round_ended``, ``round_prepared``, ``penalty_gems``, ``tile_replaced``, ``game_over``.
"""

from .game import SandsOfAdventure

GAME = SandsOfAdventure()

__all__ = ["GAME", "SandsOfAdventure"]
