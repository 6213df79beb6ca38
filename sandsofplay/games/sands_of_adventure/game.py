"""The Game object: metadata, options, bot levels, and the protocol glue (outcome, describe,
heuristic, serialization) around the rules (rules.py), information (information.py) and the bots'
policy (policy.py)."""

from __future__ import annotations

from ...engine import Game, OptionSpec, Outcome
from . import policy as P
from .data import CHARACTERS, Components, default_components
from .information import Information
from .rules import Rules
from .state import OVER, TIMED, State

_COMP = default_components()

CHARACTER_CHOICES = ("random",) + CHARACTERS
CHARACTER_LABELS = ("Random",) + tuple(_COMP.characters[c].name for c in CHARACTERS)


class SandsOfAdventure(Rules, Information, Game):
    id = "sands_of_adventure"
    title = "Sands of Adventure"
    blurb = "Race the tipping sand timer together to stop three villains."
    min_seats = 2
    max_seats = 4
    realtime = True
    cooperative = True
    options = (
        OptionSpec("sand", "Sand running time", _COMP.sand_seconds, _COMP.sand_seconds[0],
                   "How long the sand pours once the timer has flipped.", _COMP.sand_labels),
        OptionSpec("sides", "Adventure tile sides", ("A", "mixed"), "A",
                   "A sides for a first game; a random mix of sides afterwards.",
                   ("A sides (first game)", "Mixed sides")),
    ) + tuple(
        OptionSpec(f"char{i}", f"Seat {i} character", CHARACTER_CHOICES, "random",
                   "The character this seat plays; random picks among those not chosen.",
                   CHARACTER_LABELS, seat=i)
        for i in range(1, 5)
    )
    # cooperative team levels; reaction_s is the real-time delay before each action
    bot_levels = {
        "easy": {"bot": "policy", "params": P.LEVELS["easy"]},
        "normal": {"bot": "policy", "params": P.LEVELS["normal"]},
        "hard": {"bot": "policy", "params": P.LEVELS["hard"]},
    }

    def __init__(self, components: Components | None = None):
        self.comp = components or _COMP
        self._init_tables()

    def in_real_time(self, s: State) -> bool:
        """The clock matters once the timer has let go: the Timed Phase (bots then act on their
        reaction times alone, with no extra pacing for people watching)."""
        return s.phase == TIMED

    # --- results ------------------------------------------------------------------------------------
    def outcome(self, s: State):
        if s.phase != OVER:
            return None
        win = s.result == "win"
        return Outcome(scores=tuple([1 if win else 0] * s.n),
                       winners=tuple(range(s.n)) if win else (), team="win" if win else "loss",
                       detail=s.ended_how)

    def heuristic(self, s: State, seat: int) -> float:
        """The team's progress: rounds behind them and damage dealt first, then what the team
        holds for the Timed Phase (Attack cards, cards, face-up Power tokens); gems already in
        the basket count against (less time to prepare)."""
        if s.phase == OVER:
            return 1000.0 if s.result == "win" else -1000.0
        v = self.comp.villains[s.villain]
        value = 60.0 * (s.round - 1) + 5.0 * (v.health - s.health)
        attacks = sum(1 for h in s.hands for c in h if self.ATTACK[c])
        cards = sum(len(h) for h in s.hands)
        tokens = sum(1 for ts in s.tokens for tk in ts if tk[1])
        value += 1.0 * attacks + 0.2 * cards + 0.5 * tokens
        value -= 0.2 * len(s.timer.gems)
        return value

    # --- text -----------------------------------------------------------------------------------------
    def describe(self, s: State, seat: int, action) -> str:
        k, a = action.kind, action.args
        who = self.name(s, seat)
        try:
            if k == "move":
                return f"{who} moves to the {self.tile_name(s, a[0])}."
            if k in ("play", "any", "interrupt"):
                how = {"play": "", "any": " with Play Any Card", "interrupt": " as an Interrupt"}[k]
                return f"{who} plays the {self.card_name(a[0])}{how}."
            if k == "draw":
                return f"{who} draws a card to end the turn."
            if k == "pass":
                return f"{who} passes."
            if k == "token":
                return f"{who} takes the {self.comp.token_names[a[0]]} token."
            if k == "upgrades":
                return f"{who} draws {a[0]} Upgrade card(s)." if a[0] else \
                    f"{who} draws no Upgrade cards."
            if k == "keep":
                return f"{who} keeps the {self.card_name(a[0])}."
            if k == "bury":
                return f"{who} buries the {self.card_name(a[0])}."
            if k == "give":
                return f"{who} gives away the {self.card_name(a[0])}."
            if k == "to":
                return f"{who} gives the card to {self.name(s, a[0])}."
            if k == "villain":
                return f"{who} moves the villain one tile {a[0]}."
            if k == "roll":
                return f"{who} rolls the Threat dice."
            if k == "die":
                return f"{who} does the {a[0]} die first."
            if k == "roll_torch":
                return f"{who} rolls the Torch die."
            if k == "ignore":
                return f"{who} uses Ignore a Snake."
            if k == "replace":
                return f"Replace the {self.tile_name(s, a[0])} with the new Adventure tile."
            if k == "side":
                return f"Place the new Adventure tile on side {a[0]}."
            if k == "leader":
                return f"{self.name(s, a[0])} becomes the Excavation Leader."
        except (IndexError, KeyError, TypeError):
            pass
        return f"{who}: {action}"

    # --- serialization ---------------------------------------------------------------------------------
    def clone(self, s: State) -> State:
        return s.clone()

    def state_to_json(self, s: State) -> dict:
        return s.to_json()

    def state_from_json(self, data: dict) -> State:
        return State.from_json(data)

    def seat_count(self, s: State) -> int:
        return s.n

    # --- bots ---------------------------------------------------------------------------------------------
    def policy(self, observation, legal, rng, **params):
        return P.choose(self, observation, legal, rng, **params)
