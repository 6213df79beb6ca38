"""Sand - the rules as a pure game package. ``GAME`` is the object the app and tools use.

Modules: ``data`` (TOML component data), ``state`` (plain-JSON state, clone, JSON), ``core``
(shared helpers), ``goods`` (buyers, rates, delivery, records, rewards, Seals), ``moves`` (every
action of a turn, Companions and Travelers), ``scoring``, ``setup`` (with the Travelers' choice),
``alhazred`` (the solo rival, as rules), ``placing`` (the start of a turn: Action tokens),
``frames`` (the follow-up questions: die boosts, rewards, deliveries), ``upkeep`` (Missions, turn
order, refill, roll, reveal), ``turn`` (the flow: every stage on ``engine.flow``, the questions,
the end of a turn), ``describe``, ``observe``, ``invariants``, ``value`` (the heuristic),
``planner`` (the ``hard`` turn planner), ``strategy`` (bot levels), ``game`` (the protocol).
Each imports only those before it.
docs/rulings/sand.md has the plan, the designed data and every ruling.

For the table
-------------
Observation keys (``GAME.observe(state, seat)``): the state's own fields (see ``state``'s
docstring) less the hidden ones, plus ``deck_days`` (the workday of each card left in the Mission
deck, top first), ``codex_size``, ``seat`` and ``game``. Notably: ``step``, ``cur``, ``order``,
``round``/``rounds``, ``phase``, ``pending`` (top last: ``["pay", seat, short, ...]``, ``["extra",
seat, track, sources...]``, ``["choose", seat, type, space]``, ``["combined", seat, n]``,
``["shelter", seat]``, ``["companion", seat]``, ``["deliver", seat, boxes]``), ``dice`` and
``turn["flip"]`` (Surmesh), ``cities`` (two spaces each), ``songs`` (city -> seat; ``n`` is
Alhazred), ``camps`` (camp space -> Camp tile id), ``minor``, ``seals``, ``display``, ``picks``,
``players`` and ``alh``; ``result`` once over. Static data (board, routes, rates, records, camps,
Missions, Codex, Travelers) comes from ``data.get()``; the board geometry from
resources/maps/sand_board.tmx (object layers ``locations`` and ``routes``, same ids).

Actions (``describe`` gives a sentence for each): ``traveler T``, ``reroll``, ``keep_dice``;
``place COLOUR``, ``abandon I``, ``go``; ``travel ROUTE SRC``, ``navigate ROUTE SRC``,
``leg ROUTE``,
``walk ROUTE``, ``load SLOT [token]``, ``stack SLOT``, ``deliver``/``give I``/``done``, ``care
hydration|food SRC``, ``care health BSRC WSRC``, ``tend SRC``, ``pray SRC``, ``prestige SRC``,
``song SRC``, ``acolyte CITY SLOT SRC``, ``store I``, ``retrieve J``, ``shaman J``, ``sonett J
COLOUR``, ``surmesh C1 C2``, ``end``; ``extra K``, ``prayers J``, ``reward I``, ``advance TRACK``,
``shelter LOC``, ``companion NAME``; ``pick N``, ``keep_mission``, ``take_reward``. SRC is a
token colour or ``die:COLOUR`` (an abandoned Box's free die).

Events: ``turn``, ``traveler``, ``roll`` (reveal), ``travel``, ``load``, ``deliver``, ``receive``,
``no_room``, ``no_reward``, ``minor``, ``chest``, ``reward``, ``evolve``, ``worm_full``, ``seal``,
``missions_lost``, ``care``, ``pray``, ``prestige``, ``song``, ``acolyte``, ``store``,
``retrieve``, ``shaman``, ``sonett``, ``surmesh``, ``abandon``, ``free_die``, ``advance``,
``shelter``, ``companion``, ``upkeep``, ``pick``, ``keep``, ``cash``, ``order``, ``refill``
(reveal), ``missions`` (reveal), ``game_over``; Alhazred's ``codex`` (reveal), ``codex_shuffle``,
``alh_travel``, ``alh_deliver``, ``alh_load``, ``alh_reward``, ``alh_chest``, ``alh_seal``,
``alh_song``, ``alh_mission``.
"""

from .game import SandGame

GAME = SandGame()

__all__ = ["GAME", "SandGame"]
