"""The Sahwari game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

from sandsofplay.engine import Game, IllegalAction, OptionSpec, Outcome
from sandsofplay.engine.observation import lazy, settle_views

from . import observe as obsmod
from . import setup as setupmod
from . import strategy
from . import turn as turnmod
from .abilities import camel_name, cell_name, who
from .board import GUILD
from .data import TOTAL_CUBES, TOTAL_PAWNS, TOTAL_STRATEGY, get as _data
from .state import CUBE, LOCKED, check_form, from_json, to_json

D = _data()
_SEATS = tuple((p,) for p in range(8))  # to_act's answers, built once

RULE_OF = {
    "clan": "Setup B.7", "colour": "Setup B.9", "place_guild": "Setup B.10", "place": "Setup B.10",
    "reenter": "1. Move", "move": "1. Move", "stop": "Clan Abilities (Explorer)",
    "blocked": "1. Move (Unable to move?)", "take": "2. Collect", "cube": "2. Collect (A. Finding an Artifact)",
    "card": "2. Collect (B. Recruiting)", "edge": "2. Collect (B. Recruiting)",
    "use": "2. Collect (C. Rallying a Caravan)", "keep": "2. Collect (C. Rallying a Caravan)",
    "guild": "3. Move the Guild", "end_turn": "5. End of the Turn",
}


class SahwariGame(Game):
    id = "sahwari"
    title = "Sahwari"
    blurb = "Lead a clan of camel riders and become the Guild's master."
    min_seats = 1
    max_seats = 4
    options = (
        OptionSpec("variant", "Variant", ("standard", "three_player_variant"), "standard",
                   "The 3-player variant: two camels each and no Guild camels (3 players only).",
                   ("Standard", "3-player variant")),
        OptionSpec("solo_difficulty", "Guildmaster difficulty", ("recruit", "merc", "clan_leader"),
                   "merc", "Solo only: how the Guildmaster scores.",
                   ("Recruit (easy)", "Merc (normal)", "Clan Leader (hard)")),
        OptionSpec("first_player", "First player", ("random", "1", "2", "3", "4"), "random",
                   "Setup B.7: who takes the first turn - drawn at random, or a chosen seat.",
                   ("Random", "Player 1", "Player 2", "Player 3", "Player 4")),
    )
    bot_levels = {
        "easy": {"bot": "greedy", "params": {"noise": 4.0, "samples": 1}},
        "normal": {"bot": "greedy", "params": {"noise": 0.05, "samples": 1}},
        "hard": {"bot": "policy", "params": {"samples": 3, "width": 6, "budget": 1800}},
    }

    # --- set-up ---------------------------------------------------------------------------------
    def new_state(self, setup):
        self.check_seats(setup.players)
        opts = self.resolve_options(setup)
        n = setup.players
        if opts["variant"] == "three_player_variant":
            if n != 3:
                raise ValueError("The 3-player variant is for exactly 3 players.")
            mode = "variant"
        else:
            mode = "solo" if n == 1 else "standard"
        first = str(opts["first_player"])
        if first != "random" and not 1 <= int(first) <= n:
            raise ValueError(f"The first player must be one of seats 1-{n}, not {first}.")
        return setupmod.new_state(n, mode, opts["solo_difficulty"], setup.seed, first)

    # --- flow -----------------------------------------------------------------------------------
    def to_act(self, s):
        if s.over:
            return ()
        c = s.cur
        return _SEATS[c] if 0 <= c < 8 else (c,)

    def now(self, s):
        """Turn-based: always tick 0 (the protocol's default, without its attribute lookup)."""
        return 0

    def rng_state(self, s):
        return s.rng.state

    def legal_actions(self, s, seat):
        """Computed once per version of the state (``s._cache``; every ``apply`` starts a new
        version) and returned as a fresh list."""
        c = s._cache
        if c is not None and c[0] == seat:
            return list(c[1])
        if s.over:
            acts = ()
        elif s.phase == "setup":
            acts = tuple(setupmod.setup_actions(s, seat))
        else:
            acts = tuple(turnmod.turn_actions(s, seat))
        s._cache = (seat, acts)
        return list(acts)

    def apply(self, s, seat, action):
        if s.over:
            raise IllegalAction("The game is over.", "End of the Game")
        if seat != s.cur:
            raise IllegalAction(f"It is {who(s, s.cur)}'s turn, not {who(s, seat)}'s.", "Game Turn")
        c = s._cache
        if c is None or c[0] != seat:
            self.legal_actions(s, seat)
            c = s._cache
        if action not in c[1]:  # C speed; identity first (the rules' actions are interned)
            raise IllegalAction(self._why_illegal(s, seat, action), self._rule(s, action))
        s._cache = None
        if s._views:
            settle_views(s._views)  # views taken before this action show the state before it
        ev = []
        if s.phase == "setup":
            setupmod.apply_setup(s, seat, action, ev)
        else:
            # may leave the new version's legal actions in s._cache (turn.settle)
            turnmod.apply_turn(self, s, seat, action, ev)
        s.actions += 1
        return ev

    def _rule(self, s, action) -> str:
        if s.pending:
            return "4. Activate Abilities / Ability Icons"
        return RULE_OF.get(action.kind, "4. Activate Abilities")

    def _why_illegal(self, s, seat, action) -> str:
        if s.phase == "setup":
            return f"'{action}' is not a setup choice open to {who(s, seat)} now."
        if s.pending:
            return (f"First finish the current ability ({s.pending[-1][0]}): '{action}' does not "
                    "answer it.")
        k = action.kind
        if k == "move":
            return "That camel cannot end a move there (one direction, stop on the next free " \
                   "Resources tile, blocked by other camels)."
        if k == "end_turn":
            return "The turn cannot end yet: move, collect and move the Guild first."
        return f"'{action}' is not allowed at this step ({s.step or s.phase})."

    # --- information ----------------------------------------------------------------------------
    def observe(self, s, seat):
        """Built when first read (``engine.observation``): ``apply`` settles unread views."""
        return lazy(s._views, lambda: obsmod.observe(s, seat),
                    {"game": "sahwari", "seat": seat})

    def determinize(self, observation, rng):
        return obsmod.determinize(observation, rng)

    def check_observation(self, s, seat, obs):
        return obsmod.check_observation(s, seat, obs)

    def outcome(self, s):
        if not s.over:
            return None
        r = s.result
        detail = r["reason"]
        if s.mode == "solo":
            # the Guildmaster is no seat: its win is "no seat wins" with this detail
            gm_total = r["guildmaster"]["total"]
            won = "wins" if not r["winners"] else "loses"
            detail = f"Guildmaster {won}: {gm_total} against {r['scores'][0]}"
        return Outcome(tuple(r["scores"]), tuple(r["winners"]), None, detail)

    def ending(self, s) -> str:
        """How a finished game was brought to its end, for tools/simulate's ``endings`` table:
        the rulebook's trigger, or the locked-board fallback (docs/rulings/sahwari.md)."""
        from .endturn import board_locked, resource_tiles
        return "locked board" if resource_tiles(s) > 6 and board_locked(s) else "rulebook end"

    def heuristic(self, s, seat):
        return strategy.heuristic(s, seat)

    def policy_steps(self, observation, legal, rng, **params):
        """The hard level's search, resumable (``PolicyBot`` runs it in time slices): yields the
        best action so far (or None) and returns the answer."""
        return strategy.policy_steps(self, observation, legal, rng, **params)

    def policy(self, observation, legal, rng, **params):
        """The same answer in one go."""
        return strategy.policy(self, observation, legal, rng, **params)

    def describe(self, s, seat, action):
        return describe(s, seat, action)

    def check_invariants(self, s):
        return invariants(s)

    # --- serialization --------------------------------------------------------------------------
    def clone(self, s):
        return s.clone()

    def state_to_json(self, s):
        return to_json(s)

    def check_form(self, s) -> bytes:
        """The cheap exact form of the state whose hash a save checks after each action."""
        return check_form(s)

    def state_from_json(self, data):
        return from_json(data)


def invariants(s) -> list[str]:
    """Component conservation: 30 cubes, 12 pawns, 19 caravans, 11 Strategy tokens, 36 cards,
    six camels in play once set up."""
    problems = []
    n = s.n
    cubes = sum(s.art) + s.supply_art + sum(s.storage) + s.gm_storage
    cubes += sum(1 for p in range(n) for c in s.left[p] + s.right[p] if s.spaces[p][c] == CUBE)
    cubes += sum(1 for _c, st in s.gm_cards if st == CUBE)
    cubes += sum(1 for f in s.pending if f[0] == "cube")
    if cubes != TOTAL_CUBES:
        problems.append(f"{cubes} Artifact cubes instead of {TOTAL_CUBES}")
    pawns = sum(s.pawn) + sum(s.track) + s.gm_pawns + s.pawns_out
    if pawns != TOTAL_PAWNS:
        problems.append(f"{pawns} Recruit pawns instead of {TOTAL_PAWNS}")
    toks = [t for t in s.small + s.guard if t] + [t for h in s.held for t in h] + s.gm_tokens \
        + s.removed + [f[1] for f in s.pending if f[0] == "caravan"]
    if sorted(toks) != list(range(1, 20)):
        problems.append(f"caravan tokens are not each in one place: {sorted(toks)}")
    locks = sum(1 for p in range(n) for c in s.left[p] + s.right[p] if s.spaces[p][c] == LOCKED)
    locks += sum(1 for _c, st in s.gm_cards if st == LOCKED)
    strat = s.supply_strat + sum(s.strat) + locks
    if strat != TOTAL_STRATEGY:
        problems.append(f"{strat} Strategy tokens instead of {TOTAL_STRATEGY}")
    cards = list(s.deck) + list(s.area) + list(s.discard) + [c for r in s.left + s.right for c in r]
    cards += [c for c, _st in s.gm_cards] + [f[1] for f in s.pending if f[0] == "edge"]
    if sorted(cards) != list(range(1, 37)):
        problems.append("Recruit cards are lost or doubled")
    g = D.guild[s.guild_side]
    if s.pawn[GUILD] > g.recruit_spaces or s.art[GUILD] > g.artifact_spaces:
        problems.append("the Guild tile holds more than its spaces")
    for p in range(n):
        if s.clan[p]:
            clan = D.clans[s.clan[p]]
            if not 0 <= s.storage[p] <= clan.capacity:
                problems.append(f"seat {p} storage {s.storage[p]} out of range")
            if not 0 <= s.track[p] <= len(clan.track):
                problems.append(f"seat {p} Recruit track {s.track[p]} out of range")
            if len(s.locks[p]) > 2:
                problems.append(f"seat {p} used more than two Lock tokens")
    if s.phase != "setup":
        on = [k for k in range(6) if s.camel_cell[k] >= 0]
        off = [k for k in range(6) if s.camel_cell[k] < 0]
        if any(s.camel_owner[k] < 0 for k in off):
            problems.append("a Guild camel left the play area")
        if len(on) + len(off) != 6 or len(off) > n:
            problems.append("six camels must stay in play")
        from . import board
        for c in range(25):
            here = [k for k in on if s.camel_cell[k] == c]
            if len(here) > 1 and not board.is_shared(s.side[c]):
                problems.append(f"several camels share the tile {cell_name(c)}")
    if s.mode == "solo" and len(s.gm_deck) + len(s.gm_discard) != 11:
        problems.append("Guildmaster cards lost")
    return problems


def describe(s, seat, a) -> str:
    k, args = a.kind, a.args
    if k == "clan":
        return f"Lead the {args[0].capitalize()} clan."
    if k == "colour":
        return f"Take the {args[0]} camels."
    if k == "place_guild":
        return f"Place a Guild camel on {cell_name(args[0])}."
    if k == "place":
        return f"Place a camel on {cell_name(args[0])}."
    if k == "reenter":
        return f"Bring the camel back onto {cell_name(args[1])}."
    if k == "move":
        return f"Move {camel_name(s, args[0])} to {cell_name(args[1])}."
    if k == "guild":
        return f"Move a Guild camel from {cell_name(s.camel_cell[args[0]])} to {cell_name(args[1])}."
    if k == "blocked":
        return f"Blocked: take {camel_name(s, args[0])} off the board."
    if k == "stop":
        return "Stop here (no second move)."
    if k == "take":
        return {"artifact": "Take an Artifact cube.", "pawn": "Recruit: take a Recruit pawn.",
                "small": "Take the small caravan token.",
                "guarded": "Take the guarded caravan token."}[args[0]]
    if k == "cube":
        return "Put the cube in storage." if args[0] == "storage" else \
            f"Put the cube on the Artifact space of card {args[0]}."
    if k == "card":
        return f"Take Recruit card {args[0]}."
    if k == "edge":
        return f"Place the card at the {args[0]} edge of the clan."
    if k == "use":
        return "Use the caravan token now."
    if k == "keep":
        return "Keep the caravan token camel side up."
    if k == "do":
        return f"Resolve {args[0]} first."
    if k == "skip":
        return "Forgo this ability."
    if k == "spy":
        return f"Peek at the {args[1]} caravan on {cell_name(args[0])}."
    if k == "spy_clan":
        return f"Peek at {who(s, args[0])}'s caravan token #{args[1] + 1}."
    if k == "spy_gm":
        return f"Peek at the Guildmaster's caravan token #{args[0] + 1}."
    if k == "storm":
        return f"Sandstorm: move {camel_name(s, args[0])}."
    if k == "storm_to":
        return f"Sandstorm to {cell_name(args[0])}."
    if k == "steal":
        return f"Theft: collect on {cell_name(args[0])}."
    if k == "rally":
        return f"Rally: take the {args[1]} caravan on {cell_name(args[0])}."
    if k == "attack":
        return f"Attack {camel_name(s, args[0])}."
    if k == "attack_caravan":
        return f"Attack the {args[1]} caravan on {cell_name(args[0])}."
    if k == "lock":
        return f"Lock the Artifact space of card {args[0]}."
    if k == "push":
        return f"Push the attacked camel to {cell_name(args[0])}."
    if k == "caravan":
        return f"Reveal and use caravan token #{args[0] + 1}."
    if k == "strike":
        return "Discard a Strategy token to attack."
    if k == "storage":
        return f"Use the storage ability on space {args[0] + 1} (Lock token)."
    if k == "pawns":
        return {"spy": "Spend 1 Recruit pawn: Spying.", "refresh": "Spend 1 Recruit pawn: refresh "
                "the Recruitment area.", "storm": "Spend 2 Recruit pawns: Sandstorm.",
                "artifact": "Spend 2 Recruit pawns: take an Artifact cube."}[args[0]]
    if k == "space":
        return f"Move a stored cube onto the Artifact space of card {args[0]}."
    if k == "end_turn":
        return "End the turn."
    return str(a)


