"""Legend of the Burning Sands - the rules as a pure game package. ``GAME`` is the object the
app and tools use. The design is in docs/rulings/burning_sands.md.

Modules, from the bottom up: ``data`` (TOML card pool and deck validation), ``state`` (fields,
clone, JSON), ``cards`` (locations, Strength/Ka with bonuses and statics, moving, destroying
and sending home cards), ``frames`` (the stack of pending decisions, log lines, opening a
Reaction window, refusal sentences), ``scoring`` (the end of the game, elimination),
``payment``, ``stories`` (cards entering play, Stories, Experienced, Khadi), ``targeting``
(who is in the battle, legal targets), ``duel``, ``resolve`` (each effect performed),
``effects`` (the card-effect vocabulary, the ``play`` frame and the Reaction window),
``battle`` (battle actions, engaging, absorbing damage), ``attack`` (declaration, allies,
maneuvers), ``raid``, ``turn`` (Dawn, Day, Night, End), ``setup``, ``stages`` (every frame
kind's ``STAGES`` row in one ``engine.flow.Flow``; the open question), ``flow`` (the flow's
names the bots' look-ahead uses), ``observe`` (observations, determinize, leak and
conservation checks), ``strategy`` (bot heuristic), ``policy`` (the rule-based bots of the
``normal`` and ``hard`` levels), ``search`` (the ``hard`` level's look-ahead in battles and
attacks), ``describe`` (sentences), ``game`` (the protocol, delegated to the flow).

For the table
-------------
The observation is the state's fields (see ``state``) with hidden cards masked: ``cdef[uid]``
is -1 for a card the seat may not see, ``deck`` is a list of deck sizes, ``hand`` lists the
seat's own hand and the others' sizes, and frames hold a masked face-down card as
``-(owner + 2)``. ``stack[-1]`` is the question being asked (``k`` its kind, ``seat`` who
answers). Card definitions come from ``data.get().cards[cdef]``.

Actions (one small decision each): ``pass``, ``play UID``, ``use UID AB``, ``react UID AB``,
``attack``, ``raid``, ``transfer HERO``/``with HERO``/``give CARD HERO``/``done``, ``overlay UID``,
``target UID``, ``champion HERO``, ``produce UID``, ``water SECTION``, ``influence UID``,
``sahir UID``, ``abandon``, ``defender SEAT``, ``declare``, ``invite SEAT``, ``demand``,
``nodemand``, ``token SECTION``, ``decline``, ``assign HERO SECTION``, ``battle SECTION``,
``engage HERO``, ``engage1 FOLLOWER``, ``home HERO``, ``tactic HERO``, ``discard CARD``,
``archery CARD``, ``noarchery``, ``drop CARD``, ``spill``, ``raze``, ``fate CARD``, ``rsec``,
``rhero``, ``rcard``, ``go``, ``defend``, ``dcard``, ``nodefend``, ``accept``, ``refuse``,
``thrust CARD``, ``parry CARD``, ``blind``, ``khadi UID``, ``place SECTION``, ``shift A B``,
``straighten UID``, ``stay``, ``buy ID``, ``ready``. Events carry what moved (``destroyed``,
``engage``, ``damage``, ``raid_result``, ``parry``, ``cut``, ``game_over`` ...).
"""

from .game import BurningSandsGame

GAME = BurningSandsGame()

__all__ = ["GAME", "BurningSandsGame"]
