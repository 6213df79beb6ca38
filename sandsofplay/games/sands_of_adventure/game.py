"""The Game object: metadata, options, bot levels, and the protocol glue around the rules of each
part of the round - set-up (``setup``), the Exploration Phase (``exploration``), the Timed Phase
(``timed``) and between rounds (``rounds``), registered as stages of one ``engine.flow.Flow``
(``stages``) - what a seat sees (``observe``) and the bots' strategy (``strategy``). The rules are
free functions over the state; this class only holds the components' tables and the flow.

Action kinds (seat numbers in arguments are 0-based):

* setup: ``token KIND`` (Marcus's Power token), ``leader SEAT`` (the first Excavation Leader,
  chosen by seat 0 for the group);
* Exploration: ``move TILE`` (0-4, left to right), then the tile's decisions - ``play CARD``,
  ``pass``, ``token KIND``, ``upgrades K`` (how many to risk), ``keep CARD``, ``bury CARD``,
  ``give CARD`` then ``to SEAT``, ``villain left|right`` - then ``roll`` and, for two different
  Threat dice, ``die FACE`` (which to do first); a player punished by Colonel Dietrich answers
  ``bury CARD``;
* Timed Phase: ``play CARD``, ``any CARD`` (Play Any Card token), ``draw`` (ends the turn),
  ``interrupt CARD`` (Interrupt token, on another player's turn), ``roll_torch`` (after drawing a
  Snake), ``ignore`` (Ignore a Snake token);
* between rounds (the Excavation Leader for the group): ``replace TILE``, ``side A|B``,
  ``leader SEAT``.

``apply`` validates first (the flow's generic checks, then the action must be among the seat's
legal actions, else ``IllegalAction`` with the stage's reason and its rulebook section) and only
then changes the state.
"""

from __future__ import annotations

from ...engine import Game, OptionSpec, Outcome
from . import describe as said
from . import explain as why
from . import observe as views
from . import setup as setup_rules
from . import stages
from . import strategy as P
from . import timed
from .common import Tables, has_token, playable
from .data import CHARACTERS, Components, default_components
from .state import OVER, SETUP, TIMED, SandsOfAdventureState

_COMP = default_components()

CHARACTER_CHOICES = ("random",) + CHARACTERS
CHARACTER_LABELS = ("Random",) + tuple(_COMP.characters[c].name for c in CHARACTERS)


class SandsOfAdventure(Game):
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
        OptionSpec("sides", "Adventure tile sides", ("A", "mixed", "choose"), "A",
                   "A sides for a first game; afterwards a random mix, or the group chooses each "
                   "round-1 tile's side at set-up.",
                   ("A sides (first game)", "Random mix", "Choose each side")),
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
        self.tables = tb = Tables(self.comp)
        self.flow = stages.make_flow(tb)
        self._views = views.ViewTables(self.comp)
        self._said = said.phrases(tb)
        # what the bots' strategy and the table read (the components' lookups)
        self.MASK, self.ATTACK, self.SNAKE = tb.MASK, tb.ATTACK, tb.SNAKE
        self.roll_ticks = tb.roll_ticks
        self.name, self.card_name, self.tile_name = tb.name, tb.card_name, tb.tile_name
        self.villain_name = tb.villain_name

    def new_state(self, setup) -> SandsOfAdventureState:
        """Game Setup."""
        self.check_seats(setup.players)
        return setup_rules.new_state(self.tables, setup.players, setup.seed,
                                     self.resolve_options(setup))

    def in_real_time(self, s: SandsOfAdventureState) -> bool:
        """The clock matters once the timer has let go: the Timed Phase (bots then act on their
        reaction times alone, with no extra pacing for people watching)."""
        return s.phase == TIMED

    # --- who acts, what is legal, apply (the flow) ------------------------------------------------
    def to_act(self, s: SandsOfAdventureState) -> tuple[int, ...]:
        """Worked out once per state: ``apply`` and ``advance`` forget it
        (``SandsOfAdventureState.touch``)."""
        return stages.open_now(self.tables, s)[1]

    def legal_actions(self, s: SandsOfAdventureState, seat: int) -> list:
        return self.flow.legal(s, seat)

    def is_legal(self, s: SandsOfAdventureState, seat: int, action) -> bool:
        """``action in legal_actions(s, seat)``, answered directly where a stage can (the Timed
        Phase's frequent actions; a test checks the two always agree)."""
        return self.flow.is_legal(s, seat, action)

    def refusal(self, s: SandsOfAdventureState, seat: int, action):
        """Why ``seat`` may not take ``action`` now (the ``IllegalAction`` that ``apply`` would
        raise), or None when it may. Changes nothing."""
        return self.flow.refusal(s, seat, action)

    def apply(self, s: SandsOfAdventureState, seat: int, action) -> list:
        return self.flow.apply(s, seat, action)

    def advance(self, s: SandsOfAdventureState, ticks: int) -> list:
        """Time runs on (``timed.advance``)."""
        events: list = []
        if ticks <= 0:
            return events
        stages.forget(s)  # views taken before show the time they were taken
        timed.advance(self.tables, s, ticks, events)
        return events

    def next_event_tick(self, s: SandsOfAdventureState):
        return timed.next_event_tick(s)

    def undo_allowed(self, s: SandsOfAdventureState):
        if s.phase == TIMED:
            return False, "The sand is running: actions cannot be taken back."
        return True, ""

    # --- small rules the table and the bots ask about ---------------------------------------------
    def playable(self, s: SandsOfAdventureState, seat: int) -> list[int]:
        return playable(self.tables, s, seat)

    def has_token(self, s: SandsOfAdventureState, seat: int, kind: str) -> bool:
        return has_token(s, seat, kind)

    # --- results ----------------------------------------------------------------------------------
    def outcome(self, s: SandsOfAdventureState):
        if s.phase != OVER:
            return None
        win = s.result == "win"
        return Outcome(scores=tuple([1 if win else 0] * s.n),
                       winners=tuple(range(s.n)) if win else (), team="win" if win else "loss",
                       detail=s.ended_how)

    def results(self, s: SandsOfAdventureState) -> dict:
        from .rounds import results_breakdown
        return results_breakdown(s, self.comp)

    def heuristic(self, s: SandsOfAdventureState, seat: int) -> float:
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

    # --- text -------------------------------------------------------------------------------------
    def describe(self, s: SandsOfAdventureState, seat: int, action) -> str:
        return self._said(s, seat, action)

    def bot_why(self, s: SandsOfAdventureState, seat: int, action) -> str:
        """What a bot partner says with a move that keeps back cards it could play
        (``explain.partner_why``)."""
        return why.partner_why(self, self.observe(s, seat), self.legal_actions(s, seat), action)

    def hint_why(self, s: SandsOfAdventureState, seat: int, action) -> str:
        """Why the hard level plays ``action`` (``explain.explain``), from the seat's view."""
        return why.explain(self, self.observe(s, seat), self.legal_actions(s, seat), action)

    # --- serialization ----------------------------------------------------------------------------
    def clone(self, s: SandsOfAdventureState) -> SandsOfAdventureState:
        return s.clone()

    def state_to_json(self, s: SandsOfAdventureState) -> dict:
        return s.to_json()

    def state_from_json(self, data: dict) -> SandsOfAdventureState:
        return SandsOfAdventureState.from_json(data)

    # the save's check hash takes this form from save version 3 on (engine.savefile); version-2
    # saves of this game verify with the marshalled JSON form they were written with
    check_form_since = 3

    check_form = staticmethod(SandsOfAdventureState.check_form)  # (state) -> bytes

    def seat_count(self, s: SandsOfAdventureState) -> int:
        return s.n

    # --- what a seat sees -------------------------------------------------------------------------
    def observe(self, s: SandsOfAdventureState, seat):
        return views.observe(self._views, s, seat, self.to_act)

    def determinize(self, obs, rng) -> SandsOfAdventureState:
        return views.determinize(self.comp, obs, rng)

    def check_invariants(self, s: SandsOfAdventureState) -> list[str]:
        return views.check_invariants(self.comp, s)

    def check_observation(self, s: SandsOfAdventureState, seat, obs) -> list[str]:
        return views.check_observation(s, seat, obs)

    # --- bots -------------------------------------------------------------------------------------
    def policy(self, observation, legal, rng, **params):
        return P.choose(self, observation, legal, rng, **params)

    def policy_steps(self, observation, legal, rng, **params):
        """The same policy as a resumable search (a generator returning the answer): the
        ``policy`` bot kind thinks with it a slice at a time."""
        return P.choose_steps(self, observation, legal, rng, **params)
