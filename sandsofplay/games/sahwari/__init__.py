"""Sahwari - the rules as a pure game package. ``GAME`` is the object the app and tools use.

Modules: ``data`` (TOML component data), ``state`` (state, clone, JSON), ``actions`` (interned
actions), ``board`` (grid, precomputed lines, movement and why a move is refused, Guildmaster
paths), ``pieces`` (names for the log, the Guild tile's spaces), ``attack`` (the Attack ability),
``abilities`` (clan rows, the deck, ability targets and effects), ``endturn`` (5. End of the Turn,
the end trigger, the locked-board proof), ``scoring``, ``window`` (4. Activate Abilities, open at
every step), ``guildmaster`` (the solo automaton), ``frames`` (the pending choices of collecting
and of the abilities, a stage each), ``turn`` (the steps, a stage each), ``setup`` (the play area
and the set-up choices, a stage each), ``stages`` (the ``engine.flow.Flow`` of every stage, and
the question open in a state), ``observe`` (observations, determinize, leak check), ``describe``
(a sentence per action), ``invariants``, ``strategy`` (bot heuristic and the ``hard`` policy),
``game`` (the protocol: the flow does the generic checks, then the stage's). Imports go one way:
data, state, actions < board < pieces < attack, abilities < endturn, scoring, window <
guildmaster, frames < turn < setup < stages < observe, describe, invariants, strategy < game.

Options: ``variant`` (standard / three_player_variant), ``solo_difficulty`` (recruit / merc /
clan_leader), ``first_player`` (random, or the seat 1-4 that goes first; Setup B.7).

Outcome: ``scores`` per seat and ``winners`` (empty on a tie nobody breaks). In solo the
Guildmaster is not a seat: ``winners == (0,)`` when the player wins and ``()`` when the
Guildmaster does, and ``detail`` then reads ``"Guildmaster wins: <its score> against <the
player's>"`` (``"Guildmaster loses: ..."`` otherwise); ``state.result["guildmaster"]`` has its
score breakdown.

For the table
-------------
Observation keys (``GAME.observe(state, seat)``; read-only - parts are shared between
observations while they do not change): ``phase`` (setup / turn / over), ``queue``
(setup questions still to come, ``[seat, "clan"|"colour"|"guild"|"own"]``), ``cur``, ``step``
(reenter / move / move2 / guild / end), ``pending`` (the ability questions, top last),
``grid`` (25 cells: ``tile`` id, ``side`` resources/desert/oasis/guild, ``artifacts``, ``pawns``,
``small`` and ``guarded``: 0 none, -1 hidden token, else the token id), ``camels`` (id, colour,
owner -1 for the Guild, cell -1 beside the board), ``players`` (clan, colour, storage and its
value, track and its value, locks used and left, ``left``/``right`` card rows from the dashboard
outwards, ``spaces`` [card, empty|cube|lock], ``held`` tokens {token, kind, used}, ``strategy``
Attack tokens, turns), ``area``, ``deck_size``, ``discard``, ``supply``, ``guild_tile``,
``removed`` caravans, ``used``/``revealed`` token ids, ``end_triggered``,
``result`` once over, and in solo ``gm`` (storage, cards [id, 0|1|2], pawns, tokens, deck_top,
deck_size, discard, turns, score). Static data (tiles, cards, tokens, clans, Guildmaster cards)
comes from ``data.get()``; ``observe.visible_scores(obs)`` gives each player's score breakdown
as that seat can count it (hidden caravans left out).

Actions: see ``frames`` (pending choices), ``turn`` (steps) and ``window`` (the abilities window);
``describe`` gives a sentence for each. Events carry what moved: ``move``/``guild_move``/
``sandstorm``/``push``/``reenter``/``blocked`` (camel, from, to), ``collect`` (cell, kind, via;
``token`` only with ``private_to``), ``store``, ``space``, ``recruit``, ``place_card``,
``use_caravan``, ``spy`` (``private_to``), ``attack``, ``lock``, ``attack_caravan``,
``strategy``, ``pawns``, ``storage_ability``, ``refresh``, ``area``, ``flip``,
``end_triggered`` (``locked`` when a locked board triggered it), ``game_over``, and the
Guildmaster's ``gm_turn``, ``gm_flip``, ``gm_collect``, ``gm_pawn``, ``gm_recruit``, ``gm_cube``,
``gm_caravan``, ``gm_theft``, ``gm_rally``, ``gm_attack``, ``gm_block``, ``gm_extra_turn``,
``gm_reshuffle``. An ``attack`` on a Guild camel in solo has ``target`` = the Guildmaster
(seat ``n``); its ``lock`` names one of the Guildmaster's cards.
"""

from .game import SahwariGame

GAME = SahwariGame()

__all__ = ["GAME", "SahwariGame"]
