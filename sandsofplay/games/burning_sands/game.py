"""The Burning Sands game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

from sandsofplay.engine import Game, IllegalAction, OptionSpec, Outcome, Setup
from sandsofplay.engine.observation import lazy, settle_views

from . import attack, battle, duel, effects, flow, payment, raid, setup as setupmod, stories, turn  # noqa: F401
from . import decklist
from . import observe as obsmod
from . import strategy
from .cards import card, player_name
from .describe import describe
from .state import check_form, from_json, to_json

DECKS = setupmod.DECK_IDS
RULES = {
    "prio": "Sequence of Play (Day/Night Phase)", "play": "Bringing Cards into Play; Actions",
    "window": "Reactions", "attack": "Attacking (Attack Phase)", "order": "Battle Action Segment",
    "battle": "Battle Action Segment", "absorb": "Absorbing Damage in Battle",
    "tactic": "Tactician", "raid": "Raid Phase", "duel": "Challenges and Duels",
    "enddraw": "End Phase", "endwater": "End Phase", "khadi": "Khadi", "buy": "Game setup",
    "exchange": "Attaching and Moving Cards", "overlay": "Experienced Heroes",
    "remain": "Dawn Phase", "retarget": "Targeting and Redirection",
}


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
        "easy": {"bot": "policy", "params": {"eps": 0.58, "noise": 8.0}},
        "normal": {"bot": "policy", "params": {"eps": 0.25}},
        "hard": {"bot": "policy", "params": {"eps": 0.0, "search": 2}},
    }

    def new_state(self, setup):
        self.check_seats(setup.players)
        o = self.resolve_options(setup)
        decks = [o[f"deck{i + 1}"] for i in range(setup.players)]
        decks = [decklist.register(d, f"Player {i + 1}") if decklist.is_deck_text(d) else d
                 for i, d in enumerate(decks)]
        return setupmod.new_state(setup.players, decks, o["sections"], setup.seed, o["limit"])

    def resolve_options(self, setup):
        """A deck option may also carry a whole deck as text (``decklist``)."""
        own = {k: v for k, v in setup.options if k.startswith("deck") and
               decklist.is_deck_text(v)}
        rest = tuple((k, v) for k, v in setup.options if k not in own)
        o = super().resolve_options(Setup(setup.game, setup.seats, rest, setup.seed))
        o.update(own)
        return o

    def to_act(self, s):
        if s.over or not s.stack:
            return ()
        seat = s.stack[-1].get("seat", -1)
        return (seat,) if seat >= 0 else ()

    def legal_actions(self, s, seat):
        c = s._cache
        if c is not None and c[0] == seat:
            return list(c[1])
        acts = flow.legal(s, seat)
        s._cache = (seat, acts)
        return list(acts)

    def apply(self, s, seat, action):
        if s.over:
            raise IllegalAction("The game is over.", "How to Win")
        if seat not in self.to_act(s):
            raise IllegalAction(f"It is not {player_name(s, seat) if isinstance(seat, int) and 0 <= seat < s.n else 'that seat'}'s "
                                "turn to decide.", "Sequence of Play")
        legal = self.legal_actions(s, seat)
        if action not in legal:
            k = s.stack[-1]["k"]
            raise IllegalAction(f"'{action}' is not allowed now; {len(legal)} choices are open "
                                f"(for example '{legal[0]}').", RULES.get(k, "Sequence of Play"))
        views = getattr(s, "_views", None)
        if views:
            settle_views(views)  # views taken before this action show the state before it
        s._cache = None
        ev = []
        flow.apply(s, seat, action, ev)  # leaves the next question's answers in s._cache
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

    def outcome(self, s):
        if not s.over:
            return None
        r = s.result
        return Outcome(tuple(r["scores"]), tuple(r["winners"]), None, r["reason"])

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


__all__ = ["BurningSandsGame", "card", "stories", "payment", "attack", "battle", "duel", "raid",
           "effects"]
