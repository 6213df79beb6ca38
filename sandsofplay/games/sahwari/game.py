"""The Sahwari game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

from sandsofplay.engine import Action, Game, OptionSpec, Outcome
from sandsofplay.engine.observation import lazy

from . import observe as obsmod
from . import setup as setupmod
from . import strategy
from .describe import describe
from .invariants import invariants
from .stages import FLOW, changing, questions
from .state import SahwariState, check_form, from_json, to_json

_SEATS = tuple((p,) for p in range(8))  # to_act's answers, built once
STAGES = FLOW.stages


class SahwariGame(Game):
    id = "sahwari"
    title = "Sahwari"
    blurb = "Lead a clan of camel riders and become the Guild's master."
    min_seats = 1
    max_seats = 4
    options = (
        OptionSpec("variant", "Variant", ("standard", "three_player_variant"), "standard",
                   "The 3-player variant: two camels each and no Guild camels (3 players only).",
                   ("Standard", "3-player variant"), players=(3,)),
        OptionSpec("solo_difficulty", "Guildmaster difficulty", ("recruit", "merc", "clan_leader"),
                   "merc", "Solo only: how the Guildmaster scores.",
                   ("Recruit (easy)", "Merc (normal)", "Clan Leader (hard)"), players=(1,)),
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

    def seat_colours(self, players, options):
        """A seat's colour is its camels' (Setup B.9): only the colours this game has."""
        return setupmod.seat_colours(players, options.get("variant", "standard"))

    # --- flow (``stages``: the generic checks once, then the stage's) --------------------------
    def to_act(self, s: SahwariState):
        if s.over:
            return ()
        c = s.cur
        return _SEATS[c] if 0 <= c < 8 else (c,)

    def now(self, s: SahwariState):
        """Turn-based: always tick 0 (the protocol's default, without its attribute lookup)."""
        return 0

    def rng_state(self, s: SahwariState):
        return s.rng.state

    def legal_actions(self, s: SahwariState, seat):
        """Worked out once per version of the state (``stages``), returned as a fresh list:
        ``FLOW.legal``, the one open question read straight away."""
        if seat is None or seat < 0:
            return []
        qs = questions(s)
        if qs and qs[0].seat == seat:
            q = qs[0]
            return STAGES[q.stage].legal(s, q)
        return []

    def is_legal(self, s: SahwariState, seat, action) -> bool:
        return FLOW.is_legal(s, seat, action)

    def refusal(self, s: SahwariState, seat, action):
        """Why ``seat`` may not take ``action`` now (the ``IllegalAction`` that ``apply`` would
        raise), or None when it may. Changes nothing."""
        return FLOW.refusal(s, seat, action)

    def apply(self, s: SahwariState, seat, action):
        c = s._cache
        if c is not None and c[1] is not None and c[0] and type(action) is Action and \
                type(seat) is int and 0 <= seat < s.n and not s.over:
            q = c[0][0]
            if q.seat == seat and action in c[1]:
                # what ``FLOW.check`` finds (the game goes on, the seat is asked, the action is
                # among the answers kept for this version), without asking again
                events: list = []
                changing(s)
                STAGES[q.stage].apply(s, q, action, events)
                FLOW.settle(s, events)
                return events
        return FLOW.apply(s, seat, action)

    # --- information ----------------------------------------------------------------------------
    def observe(self, s: SahwariState, seat):
        """Built when first read (``engine.observation``): ``apply`` settles unread views."""
        return lazy(s._views, lambda: obsmod.observe(s, seat),
                    {"game": "sahwari", "seat": seat})

    # the rules modules' functions, as they are: (observation, rng), (state, seat, observation)
    determinize = staticmethod(obsmod.determinize)
    check_observation = staticmethod(obsmod.check_observation)

    def outcome(self, s: SahwariState):
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

    def results(self, s: SahwariState) -> dict:
        from .scoring import results_breakdown
        return results_breakdown(s)

    def ending(self, s: SahwariState) -> str:
        """How a finished game was brought to its end, for tools/simulate's ``endings`` table:
        the rulebook's trigger, or the locked-board fallback (docs/rulings/sahwari.md)."""
        from .endturn import board_locked, resource_tiles
        return "locked board" if resource_tiles(s) > 6 and board_locked(s) else "rulebook end"

    heuristic = staticmethod(strategy.heuristic)  # (state, seat)

    def hint_why(self, s, seat: int, action) -> str:
        """Why the hard level plays ``action`` (``strategy.explain``), from the seat's view."""
        return strategy.explain(self, self.observe(s, seat), self.legal_actions(s, seat), action)

    def policy_steps(self, observation, legal, rng, **params):
        """The hard level's search, resumable (``PolicyBot`` runs it in time slices): yields the
        best action so far (or None) and returns the answer."""
        return strategy.policy_steps(self, observation, legal, rng, **params)

    def policy(self, observation, legal, rng, **params):
        """The same answer in one go."""
        return strategy.policy(self, observation, legal, rng, **params)

    describe = staticmethod(describe)  # (state, seat, action)
    check_invariants = staticmethod(invariants)  # (state)

    # --- serialization: the state module's functions (``check_form``: the cheap exact form of
    # the state whose hash a save checks after each action) ------------------------------------
    clone = staticmethod(SahwariState.clone)
    state_to_json = staticmethod(to_json)
    check_form = staticmethod(check_form)
    state_from_json = staticmethod(from_json)
