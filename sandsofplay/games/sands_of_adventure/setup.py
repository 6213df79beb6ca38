"""Game Setup: characters, the first Adventure tiles, decks, hands, the timer, Marcus's Power token
and the first Excavation Leader (the set-up questions are ``token KIND`` and ``leader SEAT``)."""

from __future__ import annotations

from ...engine import RNG, TICKS_PER_SECOND
from . import timer as T
from .common import ev
from .data import CHARACTERS
from .state import SETUP, State


class SetupRules:
    """Mixed into the Game class."""

    def new_state(self, setup) -> State:
        """Game Setup."""
        self.check_seats(setup.players)
        opts = self.resolve_options(setup)
        c = self.comp
        n = setup.players
        s = State.__new__(State)
        s.n = n
        s.rng = RNG(setup.seed)
        s.tick = 0
        s.sand_ticks = int(opts["sand"]) * TICKS_PER_SECOND
        s.sides = str(opts["sides"])
        # characters: chosen per seat, the rest at random among those left
        chosen = [str(opts.get(f"char{i + 1}", "random")) for i in range(n)]
        taken = [ch for ch in chosen if ch != "random"]
        if len(set(taken)) != len(taken):
            raise ValueError("two seats cannot play the same character")
        free = [ch for ch in CHARACTERS if ch not in taken]
        s.rng.shuffle(free)
        s.chars = tuple(ch if ch != "random" else free.pop() for ch in chosen)
        # round 1 tiles in random order, A sides (or a random mix)
        first = [t.index for t in c.tiles if t.round == 1]
        s.rng.shuffle(first)
        if s.sides == "mixed":
            s.row = [(t, "AB"[s.rng.randrange(2)]) for t in first]
        else:  # "A", or "choose": A sides until the group has chosen each tile's side
            s.row = [(t, "A") for t in first]
        s.tiles_aside = [t.index for t in sorted(c.tiles, key=lambda t: t.round) if t.round > 1]
        s.updeck = list(c.upgrade_cards)
        s.rng.shuffle(s.updeck)
        s.deck = list(c.action_cards)
        s.rng.shuffle(s.deck)
        s.stacks = dict(c.token_count)
        s.tokens = [[] for _ in range(n)]
        s.hands = [[] for _ in range(n)]
        s.pile, s.snakes, s.aside = [], [], []
        s.figures = [-1] * n
        s.round = 1
        s.phase = SETUP
        s.leader = 0
        s.current = 0
        s.villain = 0
        s.vpos = 0
        s.health = c.villains[0].health
        s.timer = T.Timer(s.sand_ticks)
        s.prog, s.step_count, s.give_card = [], 0, -1
        s.dice, s.rolled, s.penalty = [], [], []
        s.snake_card, s.snake_seat, s.torch_land, s.torch_last = -1, -1, -1, ""
        s.results, s.ended_how, s.result, s.choice = [], "", None, -1
        s.finish = []
        s._obs = None
        s._ta = None
        s._views = []
        events: list = []
        for seat in range(n):
            self._deal(s, seat, events)
        T.reset(s.timer, s.rng, c)
        if s.sides == "choose":
            s.stage, s.choice = "sides", 0
        else:
            self._after_sides(s)
        return s

    def _after_sides(self, s: State) -> None:
        s.stage = "token" if self._setup_token_seat(s) >= 0 else "leader"

    def _setup_side(self, s: State, side: str, events: list) -> None:
        """Game Setup (note): once the game is known, the group may mix and match the sides of
        the round-1 Adventure tiles - one ``side A|B`` decision per tile, left to right."""
        pos = s.choice
        tile = s.row[pos][0]
        s.row[pos] = (tile, side)
        events.append(ev("tile_side_chosen", f"The {self.comp.tiles[tile].name} is placed on "
                         f"side {side}.", index=pos, tile=tile, side=side))
        if pos + 1 < len(s.row):
            s.choice = pos + 1
        else:
            s.choice = -1
            self._after_sides(s)

    def _setup_token_seat(self, s: State) -> int:
        for seat, ch in enumerate(s.chars):
            need = self.comp.characters[ch].setup_tokens
            if len(s.tokens[seat]) < need and any(s.stacks.values()):
                return seat
        return -1

    def _deal(self, s: State, seat: int, events: list) -> None:
        """Starting hand / Reset Players: four cards (six for Marion); Snakes are discarded and
        not replaced."""
        for _ in range(self.comp.characters[s.chars[seat]].hand):
            if not s.deck:
                return
            self._take_top(s, seat, events)
        events.append(ev("hand_dealt", f"{self.name(s, seat)} draws a hand of "
                         f"{len(s.hands[seat])} cards.", True, seat=seat,
                         cards=sorted(s.hands[seat])))

    def _do_token(self, s, seat, action, events):
        kind = action.args[0]
        s.stacks[kind] -= 1
        s.tokens[seat].append((kind, True))
        events.append(ev("token_taken", f"{self.name(s, seat)} takes the "
                         f"{self.comp.token_names[kind]} token.", seat=seat, kind=kind))
        if s.phase == SETUP:
            if self._setup_token_seat(s) < 0:
                s.stage = "leader"
        else:
            s.prog.pop(0)
            self._run(s, events)

    def _do_leader(self, s, seat, action, events):
        s.leader = action.args[0]
        events.append(ev("leader_chosen", f"{self.name(s, s.leader)} is the Excavation Leader.",
                         seat=s.leader))
        self._start_round(s, events)
