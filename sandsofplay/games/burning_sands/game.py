"""The Burning Sands game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

from sandsofplay.engine import Game, OptionSpec, Outcome, Setup
from sandsofplay.engine.observation import lazy

from . import decklist
from . import observe as obsmod
from . import setup as setupmod
from . import strategy, turn
from .cards import card
from .describe import describe
from . import stages
from .stages import FLOW
from .state import BurningSandsState, check_form, from_json, to_json

DECKS = setupmod.DECK_IDS


class BurningSandsGame(Game):
    id = "burning_sands"
    title = "Legend of the Burning Sands"
    blurb = "Battle, raid and duel for the city of the burning sands."
    min_seats = 2
    max_seats = 4
    options = tuple(
        OptionSpec(f"deck{i}", f"Player {i} deck", DECKS, DECKS[(i - 1) % len(DECKS)],
                   "The starter deck this seat plays (or a saved deck, carried as its text).",
                   tuple(f"{setupmod.D.decks[d].faction} starter" for d in DECKS),
                   seat=i) for i in range(1, 5)
    ) + (
        OptionSpec("sections", "City Sections", ("choose", "plan"), "choose",
                   "Buy City Sections before play, or take each deck's suggested set.",
                   ("Choose", "Suggested")),
        OptionSpec("limit", "Turn limit", (10, 20, 30, 40, 60), turn.DEFAULT_LIMIT,
                   "After this many turns the Sultan judges the game (most Water wins)."),
    )
    bot_levels = {
        # a beginner's form changes from game to game (the bot's seed draws it): in a sharp
        # game it overlooks little, in a distracted one most of its plays (never a random move)
        "easy": {"bot": "policy", "params": {"noise": 8.0, "forms": (
            {"name": "sharp", "miss": 0.05, "weight": 1},
            {"name": "distracted", "miss": 0.7, "weight": 1})}},
        "normal": {"bot": "policy", "params": {"eps": 0.06}},
        "hard": {"bot": "policy", "params": {"eps": 0.0, "search": 2}},
    }

    def new_state(self, setup):
        self.check_seats(setup.players)
        o = self.resolve_options(setup)
        decks = [o[f"deck{i + 1}"] for i in range(setup.players)]
        decks = [decklist.register(d, f"Player {i + 1}") if decklist.is_deck_text(d) else d
                 for i, d in enumerate(decks)]
        s = setupmod.new_state(setup.players, decks, o["sections"], setup.seed, o["limit"])
        stages.settle(s, [])
        return s

    def resolve_options(self, setup):
        """A deck option may also carry a whole deck as text (``decklist``)."""
        own = {k: v for k, v in setup.options if k.startswith("deck") and
               decklist.is_deck_text(v)}
        rest = tuple((k, v) for k, v in setup.options if k not in own)
        o = super().resolve_options(Setup(setup.game, setup.seats, rest, setup.seed))
        o.update(own)
        return o

    # --- who acts, what is legal, apply (the flow, ``stages``) --------------------------------
    # to_act, legal_actions and apply answer as ``FLOW`` does, reading the top frame directly
    # (``stages``: the flow's generic machinery costs more than many of the rules' steps)
    def to_act(self, s: BurningSandsState) -> tuple[int, ...]:
        return stages.to_act(s)

    def legal_actions(self, s: BurningSandsState, seat: int) -> list:
        return list(stages.legal(s, seat))

    def is_legal(self, s: BurningSandsState, seat: int, action) -> bool:
        return FLOW.is_legal(s, seat, action)

    def refusal(self, s: BurningSandsState, seat: int, action):
        """Why ``seat`` may not take ``action`` now (an ``IllegalAction``), or None."""
        return FLOW.refusal(s, seat, action)

    def apply(self, s: BurningSandsState, seat: int, action) -> list:
        ev = stages.apply(s, seat, action)  # leaves the next question's answers in s._cache
        s.actions += 1
        return ev

    def observe(self, s, seat):
        """Built when first read (``engine.observation``): ``apply`` settles unread views."""
        try:
            views = s._views
        except AttributeError:
            views = s._views = []
        return lazy(views, lambda: obsmod.observe(s, seat),
                    {"seat": seat, "game": "burning_sands"})

    def determinize(self, observation, rng):
        return obsmod.determinize(observation, rng)

    def check_observation(self, s, seat, obs):
        return obsmod.check_observation(s, seat, obs)

    def check_invariants(self, s):
        return obsmod.invariants(s)

    def rng_state(self, s) -> int:
        return s.rng.state  # a state always has its RNG

    def outcome(self, s):
        if not s.over:
            return None
        r = s.result
        return Outcome(tuple(r["scores"]), tuple(r["winners"]), None, r["reason"])

    def results(self, s) -> dict:
        from .scoring import results_breakdown
        return results_breakdown(s)

    def heuristic(self, s, seat):
        return strategy.heuristic(s, seat)

    def policy(self, observation, legal, rng, **params):
        """The same answer as ``policy_steps`` in one go (hints, tests)."""
        from . import policy
        return policy.choose(observation, legal, rng, **params)

    def policy_steps(self, observation, legal, rng, **params):
        """The ``normal``/``hard`` policy as a resumable search (``PolicyBot`` runs it a slice at
        a time): yields the best action so far (or None) and returns the answer."""
        from . import policy
        return (yield from policy.choose_steps(observation, legal, rng, **params))

    def describe(self, s, seat, action):
        return describe(s, seat, action)

    def hint_why(self, s, seat, action) -> str:
        """Why the hard level plays ``action`` (``explain``), from the seat's view."""
        from .explain import explain
        return explain(self.observe(s, seat), self.legal_actions(s, seat), action)

    def clone(self, s):
        return s.clone()

    def state_to_json(self, s):
        return to_json(s)

    def check_form(self, s) -> bytes:
        """The exact form a save's check hash is taken of (save versions 2 and 3: the same bytes
        as ``marshal`` of ``state_to_json``, made without walking the whole state)."""
        return check_form(s)

    def state_from_json(self, data):
        return from_json(data)


__all__ = ["BurningSandsGame", "card"]
