"""The rules: setup, the Exploration Phase, the Timed Phase, rounds and the end of the game.

Every decision is one small action (see ``legal_actions``); ``apply`` validates first (the action
must be among the seat's legal actions, else ``IllegalAction`` with a reason and the rulebook
section) and only then changes the state. Rulebook sections are named in the reasons and in the
docstrings below.

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
"""

from __future__ import annotations

from bisect import insort

from ...engine import A, Action, Event, IllegalAction, RNG, TICKS_PER_SECOND, seconds_to_ticks
from . import timer as T
from .data import CHARACTERS, ROW_LENGTH, TOKEN_KINDS, Components
from .state import EXPLORE, OVER, PREP, SETUP, TIMED, State

R_MOVE = "Exploration Phase: Move"
R_TILE = "Exploration Phase: Do the Adventure Tile"
R_DICE = "Threat Dice"
R_PLAY = "Playing Cards"
R_ATTACK = "Attack Cards"
R_BURY = "Burying Cards"
R_TIMED = "Timed Phase: On Your Turn"
R_SNAKE = "Timed Phase: Snakes"
R_TOKENS = "Power Tokens"
R_PREP = "Preparing for the Next Round"
R_SETUP = "Game Setup"
R_VILLAIN = "Activate the Villain"

PASS = A("pass")
SIDE_A, SIDE_B = A("side", "A"), A("side", "B")
VILLAIN_LEFT, VILLAIN_RIGHT = A("villain", "left"), A("villain", "right")
ROLL = A("roll")
DRAW = A("draw")
ROLL_TORCH = A("roll_torch")
IGNORE = A("ignore")


def ev(kind: str, text: str, reveal: bool = False, /, **data) -> Event:
    return Event(kind, data, text, reveal)


class Rules:
    """Mixed into the Game class; ``self.comp`` is the loaded Components."""

    comp: Components

    # --- small helpers --------------------------------------------------------------------------
    def _init_tables(self):
        c = self.comp
        self.MASK = [card.mask for card in c.cards]
        self.ATTACK = [card.attack for card in c.cards]
        self.SNAKE = [card.snake for card in c.cards]
        self.UPGRADE = [card.upgrade for card in c.cards]
        self.CARD_NAME = [card.name for card in c.cards]
        self.CHAR_NAME = {k: ch.name for k, ch in c.characters.items()}
        self._m_large, self._m_small = c.gem_mass["large"], c.gem_mass["small"]
        self.roll_ticks = seconds_to_ticks(c.torch_roll_s)
        # every action object made once: legal_actions builds lists of these
        ids = range(len(c.cards))
        self.A_PLAY = [A("play", i) for i in ids]
        self.A_ANY = [A("any", i) for i in ids]
        self.A_INTERRUPT = [A("interrupt", i) for i in ids]
        self.A_BURY = [A("bury", i) for i in ids]
        self.A_KEEP = [A("keep", i) for i in ids]
        self.A_GIVE = [A("give", i) for i in ids]
        self.A_MOVE = [A("move", i) for i in range(ROW_LENGTH)]
        self.A_REPLACE = [A("replace", i) for i in range(ROW_LENGTH)]
        self.A_SEAT = {k: [A(k, i) for i in range(4)] for k in ("to", "leader")}
        self.A_TOKEN = {k: A("token", k) for k in TOKEN_KINDS}
        self.A_UPGRADES = [A("upgrades", i) for i in range(len(c.upgrade_cards) + 1)]

    def name(self, s: State, seat: int) -> str:
        return self.CHAR_NAME[s.chars[seat]]

    def card_name(self, card: int) -> str:
        return self.CARD_NAME[card]

    def tile_name(self, s: State, pos: int) -> str:
        return self.comp.tiles[s.row[pos][0]].name

    def villain_name(self, s: State) -> str:
        return self.comp.villains[s.villain].name

    def matches(self, s: State, card: int) -> bool:
        """Playing Cards: the first card of the round is free; after it, a card must share at
        least one colour or object with the top of the pile (an Attack card's character never
        counts: it is not in the card's mask)."""
        if not s.pile:
            return True
        return (self.MASK[card] & self.MASK[s.pile[-1]]) != 0

    def playable(self, s: State, seat: int) -> list[int]:
        if not s.pile:
            return list(s.hands[seat])
        m, top = self.MASK, self.MASK[s.pile[-1]]
        return [c for c in s.hands[seat] if m[c] & top]

    def has_token(self, s: State, seat: int, kind: str) -> bool:
        for t in s.tokens[seat]:
            if t[1] and t[0] == kind:
                return True
        return False

    def _use_token(self, s: State, seat: int, kind: str, events: list) -> None:
        ts = s.tokens[seat]
        for i, t in enumerate(ts):
            if t[1] and t[0] == kind:
                ts[i] = (kind, False)
                break
        events.append(ev("token_used", f"{self.name(s, seat)} uses "
                         f"{self.comp.token_names[kind]}.", seat=seat, kind=kind))

    def dice_count(self, s: State, seat: int) -> int:
        """Threat Dice: the tile's number, but Sallah always rolls one."""
        ch = self.comp.characters[s.chars[seat]]
        if ch.threat_dice:
            return ch.threat_dice
        tile, side = s.row[s.figures[seat]]
        return self.comp.tiles[tile].side(side).dice

    def side_of(self, s: State, pos: int):
        tile, side = s.row[pos]
        return self.comp.tiles[tile].side(side)

    def load(self, s: State) -> float:
        return T.load_g(s.timer, self.comp)

    # --- setup ------------------------------------------------------------------------------------
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
        if s.sides == "A":
            s.row = [(t, "A") for t in first]
        else:
            s.row = [(t, "AB"[s.rng.randrange(2)]) for t in first]
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
        events: list = []
        for seat in range(n):
            self._deal(s, seat, events)
        T.reset(s.timer, s.rng, c)
        s.stage = "token" if self._setup_token_seat(s) >= 0 else "leader"
        return s

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

    # --- who acts, what is legal ------------------------------------------------------------------
    def to_act(self, s: State) -> tuple[int, ...]:
        ph = s.phase
        if ph == EXPLORE:
            if s.stage == "penalty":
                return (s.penalty[0],)
            return (s.current,)
        if ph == TIMED:
            cur = s.current
            snake = s.stage == "snake"
            tokens = s.tokens
            if not snake and not any(tokens):
                return (cur,)
            out = []
            for seat in range(s.n):
                if seat == cur and not snake:
                    out.append(seat)
                elif (snake and seat == s.snake_seat and s.torch_land < 0) or \
                        (tokens[seat] and self._timed_can_act(s, seat)):
                    out.append(seat)
            return tuple(out)
        if ph == PREP:
            return (s.leader,)
        if ph == SETUP:
            return (self._setup_token_seat(s),) if s.stage == "token" else (0,)
        return ()

    def _timed_can_act(self, s: State, seat: int) -> bool:
        if s.stage == "turn" and seat == s.current:
            return True
        tokens = s.tokens[seat]
        if s.stage == "snake":
            if seat == s.snake_seat and s.torch_land < 0:
                return True
            if tokens and self.has_token(s, seat, "ignore"):
                return True
        if tokens and seat != s.current and self.has_token(s, seat, "interrupt"):
            if not s.pile:
                return bool(s.hands[seat])
            m, top = self.MASK, self.MASK[s.pile[-1]]
            for c in s.hands[seat]:
                if m[c] & top:
                    return True
        return False

    def legal_actions(self, s: State, seat: int) -> list:
        ph = s.phase
        if ph == TIMED:
            return self._legal_timed(s, seat)
        if ph == EXPLORE:
            if seat not in self.to_act(s):
                return []
            return self._legal_explore(s, seat)
        if ph == PREP:
            if seat != s.leader:
                return []
            if s.stage == "replace":
                return list(self.A_REPLACE)
            if s.stage == "side":
                return [SIDE_A, SIDE_B]
            return self.A_SEAT["leader"][:s.n]
        if ph == SETUP:
            if seat not in self.to_act(s):
                return []
            if s.stage == "token":
                return [self.A_TOKEN[k] for k in TOKEN_KINDS if s.stacks[k] > 0]
            return self.A_SEAT["leader"][:s.n]
        return []

    def _legal_explore(self, s: State, seat: int) -> list:
        st = s.stage
        if st == "move":
            indy = self.comp.characters[s.chars[seat]].enter_villain_tile
            return [self.A_MOVE[t] for t in range(ROW_LENGTH)
                    if t != s.figures[seat] and (t != s.vpos or indy)]
        if st == "step":
            op = s.prog[0]
            k = op[0]
            if k == "may_play":
                return [self.A_PLAY[c] for c in self.playable(s, seat)] + [PASS]
            if k == "take_token":
                return [self.A_TOKEN[t] for t in TOKEN_KINDS if s.stacks[t] > 0]
            if k == "risk_upgrades":
                return self.A_UPGRADES[:min(op[1], len(s.updeck)) + 1]
            if k == "keep_upgrade":
                return [self.A_KEEP[c] for c in sorted(s.aside)]
            if k == "may_give":
                return [self.A_GIVE[c] for c in s.hands[seat]] + [PASS]
            if k == "may_move_villain":
                return [VILLAIN_LEFT, VILLAIN_RIGHT, PASS]
            return []
        if st == "give_to":
            return [t for t in self.A_SEAT["to"][:s.n] if t.args[0] != seat]
        if st == "bury_aside":
            return [self.A_BURY[c] for c in sorted(s.aside)]
        if st == "roll":
            return [ROLL]
        if st == "order":
            seen = []
            for f in s.dice:
                if f not in seen:
                    seen.append(f)
            return [A("die", f) for f in seen]
        if st == "penalty":
            return [self.A_BURY[c] for c in s.hands[seat]]
        return []

    def _legal_timed(self, s: State, seat: int) -> list:
        out = []
        if s.stage == "turn" and seat == s.current:
            play = self.A_PLAY
            out = [play[c] for c in self.playable(s, seat)]
            if self.has_token(s, seat, "any"):
                anyp = self.A_ANY
                out += [anyp[c] for c in s.hands[seat]]
            out.append(DRAW)
            return out
        if s.stage == "snake":
            if seat == s.snake_seat and s.torch_land < 0:
                out.append(ROLL_TORCH)
            if self.has_token(s, seat, "ignore"):
                out.append(IGNORE)
        if seat != s.current and self.has_token(s, seat, "interrupt"):
            inter = self.A_INTERRUPT
            out += [inter[c] for c in self.playable(s, seat)]
        return out

    # --- apply ------------------------------------------------------------------------------------
    def apply(self, s: State, seat: int, action) -> list:
        if s.phase == OVER:
            raise IllegalAction("The game is over.", "Winning the Game")
        if not isinstance(seat, int) or not 0 <= seat < s.n:
            raise IllegalAction(f"There is no seat {seat}.", "turn order")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action.", "action format")
        if not self.is_legal(s, seat, action):
            reason, rule = self._reason(s, seat, action)
            raise IllegalAction(reason, rule)
        events: list = []
        getattr(self, "_do_" + action.kind)(s, seat, action, events)
        return events

    def is_legal(self, s: State, seat: int, action) -> bool:
        """``action in legal_actions(s, seat)``, answered directly for the Timed Phase's frequent
        actions (a test checks the two always agree)."""
        if s.phase != TIMED:
            return action in self.legal_actions(s, seat)
        k, a = action.kind, action.args
        if k == "draw":
            return not a and s.stage == "turn" and seat == s.current
        if k == "play" or k == "any" or k == "interrupt":
            if len(a) != 1 or a[0] not in s.hands[seat]:
                return False
            if k == "play":
                return s.stage == "turn" and seat == s.current and self.matches(s, a[0])
            if k == "any":
                return s.stage == "turn" and seat == s.current and self.has_token(s, seat, "any")
            return (seat != s.current and self.has_token(s, seat, "interrupt")
                    and self.matches(s, a[0]))
        if k == "roll_torch":
            return not a and s.stage == "snake" and seat == s.snake_seat and s.torch_land < 0
        if k == "ignore":
            return not a and s.stage == "snake" and self.has_token(s, seat, "ignore")
        return False

    # setup and prep decisions
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

    def _do_replace(self, s, seat, action, events):
        s.choice = action.args[0]
        s.stage = "side"

    def _do_side(self, s, seat, action, events):
        new = s.tiles_aside.pop(0)
        pos = s.choice
        old = s.row[pos][0]
        s.row[pos] = (new, action.args[0])
        s.choice = -1
        events.append(ev("tile_replaced", f"The {self.comp.tiles[new].name} (side "
                         f"{action.args[0]}) replaces the {self.comp.tiles[old].name}.",
                         index=pos, old=old, new=new, side=action.args[0]))
        s.stage = "leader"

    def _start_round(self, s: State, events: list) -> None:
        """New Villain: the round's villain mat, health at the top, mover on the leftmost tile;
        the Exploration Phase starts with the Excavation Leader."""
        v = self.comp.villains[s.round - 1]
        s.villain = v.index
        s.health = v.health
        s.vpos = 0
        s.phase = EXPLORE
        s.current = s.leader
        self._new_explore_turn(s)
        events.append(ev("round_started", f"Round {s.round}: {v.name} appears on the "
                         f"{self.tile_name(s, 0)}.", round=s.round, villain=v.index,
                         health=v.health, leader=s.leader))
        events.append(ev("turn", f"{self.name(s, s.current)}'s turn.", seat=s.current,
                         phase=EXPLORE))

    def _new_explore_turn(self, s: State) -> None:
        s.stage = "move"
        s.prog = []
        s.step_count = 0
        s.give_card = -1
        s.dice = []
        s.penalty = []

    # Exploration: move and the tile
    def _do_move(self, s, seat, action, events):
        to = action.args[0]
        frm = s.figures[seat]
        s.figures[seat] = to
        events.append(ev("moved", f"{self.name(s, seat)} moves to the {self.tile_name(s, to)}.",
                         seat=seat, to=to, **{"from": frm}))
        s.prog = list(self.side_of(s, to).steps)
        s.step_count = 0
        self._run(s, events)

    def _run(self, s: State, events: list) -> None:
        """Do the Adventure Tile: run its steps in order, stopping at each real choice."""
        seat = s.current
        while s.prog and s.phase == EXPLORE:
            op = s.prog[0]
            k = op[0]
            if k == "draw_action":
                for _ in range(op[1]):
                    if not self._draw_explore(s, seat, events):
                        return  # the Action deck ran out: the round is over
                s.prog.pop(0)
            elif k == "draw_upgrade":
                for _ in range(op[1]):
                    if not s.updeck:
                        break
                    card = s.updeck.pop()
                    insort(s.hands[seat], card)
                    events.append(ev("card_drawn", f"{self.name(s, seat)} draws an Upgrade card: "
                                     f"the {self.card_name(card)}.", True, seat=seat, card=card,
                                     source="upgrade"))
                s.prog.pop(0)
            elif k == "may_play":
                if s.step_count >= op[1] or not self.playable(s, seat):
                    s.prog.pop(0)
                    s.step_count = 0
                else:
                    s.stage = "step"
                    return
            elif k == "take_token":
                if not any(s.stacks.values()):
                    s.prog.pop(0)
                else:
                    s.stage = "step"
                    return
            elif k == "risk_upgrades":
                if not s.updeck:
                    s.prog.pop(0)
                else:
                    s.stage = "step"
                    return
            elif k == "pick_upgrade":
                for _ in range(op[1]):
                    if not s.updeck:
                        break
                    s.aside.append(s.updeck.pop())
                if s.aside:
                    events.append(ev("upgrades_revealed", f"{self.name(s, seat)} draws "
                                     f"{len(s.aside)} Upgrade card(s): " + ", ".join(
                                         f"the {self.card_name(c)}" for c in s.aside) + ".",
                                     True, seat=seat, cards=list(s.aside)))
                s.prog[0] = ("keep_upgrade",)
                if len(s.aside) <= 1:
                    if s.aside:
                        self._keep(s, seat, s.aside[0], events)
                    s.prog.pop(0)
            elif k == "keep_upgrade":
                s.stage = "step"
                return
            elif k == "may_give":
                if s.step_count >= op[1] or not s.hands[seat]:
                    s.prog.pop(0)
                    s.step_count = 0
                else:
                    s.stage = "step"
                    return
            elif k == "may_move_villain":
                s.stage = "step"
                return
            else:  # pragma: no cover - the loader rejects unknown steps
                raise AssertionError(f"unknown step {op!r}")
        if s.phase == EXPLORE:
            s.stage = "roll"

    def _draw_explore(self, s: State, seat: int, events: list) -> bool:
        """Drawing Cards in Exploration: a Snake is discarded at once and not replaced. False
        when the Action deck is empty: the round ends."""
        if not s.deck:
            events.append(ev("deck_empty", f"{self.name(s, seat)} cannot draw: the Action deck "
                             "is empty.", seat=seat))
            self._end_round(s, "deck", events)
            return False
        card = self._take_top(s, seat, events)
        if card >= 0:
            events.append(ev("card_drawn", f"{self.name(s, seat)} draws the "
                             f"{self.card_name(card)}.", True, seat=seat, card=card,
                             source="action"))
        return True

    def _take_top(self, s: State, seat: int, events: list) -> int:
        """Drawing Cards / Snake Cards (outside the Timed Phase): the top Action card goes to the
        hand, or, if it is a Snake, to the Snake discard without a replacement. Returns the card
        added to the hand, or -1 for a Snake. The deck must not be empty."""
        card = s.deck.pop()
        if self.SNAKE[card]:
            s.snakes.append(card)
            events.append(ev("snake_discarded", f"{self.name(s, seat)} draws a Snake and "
                             "discards it.", True, seat=seat, card=card))
            return -1
        insort(s.hands[seat], card)
        return card

    def _do_pass(self, s, seat, action, events):
        op = s.prog.pop(0)
        s.step_count = 0
        events.append(ev("passed", f"{self.name(s, seat)} chooses not to "
                         f"{'play' if op[0] == 'may_play' else 'give' if op[0] == 'may_give' else 'move the villain'}"
                         " (any more).", seat=seat, step=op[0]))
        self._run(s, events)

    def _do_play(self, s, seat, action, events):
        card = action.args[0]
        if s.phase == EXPLORE:
            s.step_count += 1
            self._play(s, seat, card, "tile", events)
            if s.phase == EXPLORE:
                self._run(s, events)
        else:
            self._play(s, seat, card, "play", events)

    def _play(self, s: State, seat: int, card: int, via: str, events: list) -> None:
        """Playing Cards; Damaging the Villain: every Attack card played lowers his health."""
        top = s.pile[-1] if s.pile else -1
        s.hands[seat].remove(card)
        s.pile.append(card)
        how = {"tile": "", "play": "", "any": " with Play Any Card",
               "interrupt": " as an Interrupt"}[via]
        events.append(ev("card_played", f"{self.name(s, seat)} plays the "
                         f"{self.card_name(card)}{how}.", seat=seat, card=card, via=via,
                         top_before=top))
        if self.ATTACK[card]:
            s.health -= 1
            events.append(ev("villain_damaged", f"{self.villain_name(s)} is hit: health "
                             f"{s.health}.", villain=s.villain, health=s.health, seat=seat))
            if s.health <= 0:
                s.health = 0
                events.append(ev("villain_defeated", f"{self.villain_name(s)} is defeated!",
                                 villain=s.villain))
                self._end_round(s, "defeated", events)

    def _do_upgrades(self, s, seat, action, events):
        k = action.args[0]
        op = s.prog.pop(0)
        if k == 0:
            events.append(ev("passed", f"{self.name(s, seat)} draws no Upgrade cards.",
                             seat=seat, step=op[0]))
            self._run(s, events)
            return
        colour = op[2]
        for _ in range(k):
            s.aside.append(s.updeck.pop())
        shown = sum(1 for c in s.aside if colour in self.comp.cards[c].colours)
        bust = shown >= 2
        events.append(ev("upgrades_revealed", f"{self.name(s, seat)} draws {k} Upgrade card(s): "
                         + ", ".join(f"the {self.card_name(c)}" for c in s.aside) + ".", True,
                         seat=seat, cards=list(s.aside), colour=colour, shown=shown, bust=bust))
        if bust:
            events.append(ev("upgrades_lost", f"{shown} of them show {colour}: all are buried.",
                             seat=seat, colour=colour))
            self._continue_bury(s, seat, events)
        else:
            for c in s.aside:
                insort(s.hands[seat], c)
            s.aside = []
            self._run(s, events)

    def _keep(self, s: State, seat: int, card: int, events: list) -> None:
        s.aside.remove(card)
        insort(s.hands[seat], card)
        events.append(ev("card_kept", f"{self.name(s, seat)} keeps the {self.card_name(card)}.",
                         seat=seat, card=card))

    def _do_keep(self, s, seat, action, events):
        s.prog.pop(0)
        self._keep(s, seat, action.args[0], events)
        self._continue_bury(s, seat, events)

    def _continue_bury(self, s: State, seat: int, events: list) -> None:
        """Burying Cards: the player chooses the order; the last card needs no choice."""
        if len(s.aside) == 1:
            self._bury(s, seat, s.aside[0], s.aside, events)
        if s.aside:
            s.stage = "bury_aside"
        else:
            self._run(s, events)

    def _bury(self, s: State, seat: int, card: int, source: list, events: list) -> None:
        """Burying Cards: face down at the bottom of the Action deck, even an Upgrade card."""
        source.remove(card)
        s.deck.insert(0, card)
        events.append(ev("card_buried", f"{self.name(s, seat)} buries the "
                         f"{self.card_name(card)} under the Action deck.", seat=seat, card=card))

    def _do_bury(self, s, seat, action, events):
        card = action.args[0]
        if s.stage == "bury_aside":
            self._bury(s, seat, card, s.aside, events)
            self._continue_bury(s, seat, events)
        else:  # Dietrich's penalty
            self._bury(s, seat, card, s.hands[seat], events)
            s.penalty.pop(0)
            self._after_penalty(s, events)

    def _do_give(self, s, seat, action, events):
        s.give_card = action.args[0]
        s.stage = "give_to"

    def _do_to(self, s, seat, action, events):
        card, to = s.give_card, action.args[0]
        s.hands[seat].remove(card)
        insort(s.hands[to], card)
        s.give_card = -1
        s.step_count += 1
        events.append(ev("card_given", f"{self.name(s, seat)} gives the {self.card_name(card)} "
                         f"to {self.name(s, to)}.", seat=seat, to=to, card=card))
        self._run(s, events)

    def _do_villain(self, s, seat, action, events):
        s.prog.pop(0)
        frm = s.vpos
        s.vpos = (s.vpos + (1 if action.args[0] == "right" else -1)) % ROW_LENGTH
        events.append(ev("villain_moved", f"{self.name(s, seat)} drives {self.villain_name(s)} "
                         f"to the {self.tile_name(s, s.vpos)}.", villain=s.villain, **{"from": frm},
                         to=s.vpos, by="tile"))
        self._run(s, events)

    # Exploration: the Threat dice
    def _do_roll(self, s, seat, action, events):
        """Roll the Threat Dice: the tile's number (Sallah: one)."""
        k = self.dice_count(s, seat)
        faces = self.comp.threat_faces
        s.rolled = [faces[s.rng.randrange(len(faces))] for _ in range(k)]
        s.dice = list(s.rolled)
        events.append(ev("dice_rolled", f"{self.name(s, seat)} rolls "
                         f"{' and '.join(s.rolled)}.", True, seat=seat, faces=list(s.rolled)))
        if len(set(s.dice)) > 1:
            s.stage = "order"
        else:
            self._resolve(s, events)

    def _do_die(self, s, seat, action, events):
        f = action.args[0]
        s.dice.remove(f)
        s.dice.insert(0, f)
        self._resolve(s, events)

    def _resolve(self, s: State, events: list) -> None:
        """Threat Dice: do each die in the chosen order (the same symbol twice: twice). If the
        timer flips, the dice not yet done are ignored."""
        s.stage = "resolve"
        while s.dice and s.phase == EXPLORE:
            f = s.dice.pop(0)
            if f == "villain":
                self._activate(s, events)
                if s.penalty:
                    s.stage = "penalty"
                    return
            else:
                self._add_gem(s, f, s.current, events)
        if s.phase == EXPLORE:
            self._end_explore_turn(s, events)

    def _after_penalty(self, s: State, events: list) -> None:
        if s.penalty:
            return
        self._resolve(s, events)

    def _activate(self, s: State, events: list) -> None:
        """Activate the Villain: one tile right (from the rightmost to the leftmost), then each
        player on his tile suffers his mat's penalty."""
        v = self.comp.villains[s.villain]
        frm = s.vpos
        s.vpos = (s.vpos + 1) % ROW_LENGTH
        events.append(ev("villain_moved", f"{v.name} moves to the {self.tile_name(s, s.vpos)}.",
                         villain=s.villain, to=s.vpos, by="threat", **{"from": frm}))
        victims = [(s.current + i) % s.n for i in range(s.n)]
        victims = [p for p in victims if s.figures[p] == s.vpos]
        for p in victims:
            events.append(ev("villain_penalty", f"{self.name(s, p)} suffers {v.name}'s penalty.",
                             seat=p, villain=s.villain, penalty=v.penalty, size=v.penalty_size))
            if v.penalty == "gem":
                self._add_gem(s, v.penalty_size, p, events)
                if s.phase != EXPLORE:
                    return  # the timer flipped: the rest of the penalty is ignored
        if v.penalty == "bury_card":
            s.penalty = [p for p in victims if s.hands[p]]

    def _add_gem(self, s: State, size: str, seat: int, events: list) -> None:
        """Add a Gem: into the top basket; the other size when that size is all in; with all
        twelve in, the timer is flipped by hand. Crossing the tipping point flips it."""
        t = s.timer
        actual = T.gem_for(t, size, self.comp)
        if actual is None:
            events.append(ev("gem_needed", f"All 12 gems are in the basket: "
                             f"{self.name(s, seat)} flips the sand timer by hand.", seat=seat,
                             size=size))
            self._flip(s, "hand", events)
            return
        t.gems.append(actual)
        load = self.load(s)
        t.angle = T.lean(load, self.comp.timer)
        swap = "" if actual == size else f" (no {size} gem is left)"
        events.append(ev("gem_added", f"{self.name(s, seat)} drops a {actual} gem into the top "
                         f"basket{swap}.", seat=seat, size=actual, asked=size,
                         gems=len(t.gems), lean=t.angle))
        if T.tips(load, t, self.comp.timer):
            self._flip(s, "tipping", events)

    def _flip(self, s: State, by: str, events: list) -> None:
        """The Sand Timer: when it flips, the Timed Phase starts at once, with the current player."""
        T.release(s.timer, s.tick, self.comp, by)
        s.phase = TIMED
        s.stage = "turn"
        s.dice = []
        s.penalty = []
        s.prog = []
        s.give_card = -1
        s.step_count = 0
        events.append(ev("timer_flipped", "The sand timer flips!" if by == "tipping" else
                         "The sand timer is flipped by hand!", True, by=by, tick=s.tick,
                         gems=list(s.timer.gems), lands=s.timer.fall_end_tick))
        events.append(ev("turn", f"Timed Phase: {self.name(s, s.current)}'s turn.",
                         seat=s.current, phase=TIMED))

    def _end_explore_turn(self, s: State, events: list) -> None:
        s.current = (s.current + 1) % s.n
        self._new_explore_turn(s)
        events.append(ev("turn", f"{self.name(s, s.current)}'s turn.", seat=s.current,
                         phase=EXPLORE))

    # Timed Phase
    def _do_any(self, s, seat, action, events):
        self._use_token(s, seat, "any", events)
        self._play(s, seat, action.args[0], "any", events)

    def _do_interrupt(self, s, seat, action, events):
        self._use_token(s, seat, "interrupt", events)
        self._play(s, seat, action.args[0], "interrupt", events)

    def _do_draw(self, s, seat, action, events):
        """Timed Phase: end the turn by drawing; a Snake blocks the next player."""
        if not s.deck:
            events.append(ev("deck_empty", f"{self.name(s, seat)} cannot draw: the Action deck "
                             "is empty.", seat=seat))
            self._end_round(s, "deck", events)
            return
        card = s.deck.pop()
        if self.SNAKE[card]:
            s.snake_card = card
            s.snake_seat = seat
            s.torch_land = -1
            s.stage = "snake"
            events.append(ev("snake_drawn", f"{self.name(s, seat)} draws a Snake!", True,
                             seat=seat, card=card))
            return
        insort(s.hands[seat], card)
        events.append(ev("card_drawn", f"{self.name(s, seat)} draws the {self.card_name(card)}.",
                         True, seat=seat, card=card, source="action"))
        self._next_timed_turn(s, events)

    def _next_timed_turn(self, s: State, events: list) -> None:
        s.current = (s.current + 1) % s.n
        s.stage = "turn"
        s.snake_card = -1
        s.snake_seat = -1
        s.torch_land = -1
        events.append(ev("turn", f"{self.name(s, s.current)}'s turn.", seat=s.current,
                         phase=TIMED))

    def _do_roll_torch(self, s, seat, action, events):
        """Snakes: roll the Torch die until it shows a torch; each roll takes real time."""
        if self.roll_ticks <= 0:
            self._land_torch(s, events)
            return
        s.torch_land = s.tick + self.roll_ticks
        events.append(ev("torch_roll_started", f"{self.name(s, seat)} rolls the Torch die.",
                         seat=seat, lands=s.torch_land))

    def _land_torch(self, s: State, events: list) -> None:
        faces = self.comp.torch_faces
        face = faces[s.rng.randrange(len(faces))]
        s.torch_last = face
        s.torch_land = -1
        seat = s.snake_seat
        ok = face == "torch"
        events.append(ev("torch_rolled", f"{self.name(s, seat)} rolls "
                         f"{'a torch!' if ok else 'no torch.'}", True, seat=seat, face=face,
                         torch=ok, tick=s.tick))
        if ok:
            s.snakes.append(s.snake_card)
            self._next_timed_turn(s, events)

    def _do_ignore(self, s, seat, action, events):
        """Power Tokens: Ignore a Snake - discard it without rolling the Torch die."""
        self._use_token(s, seat, "ignore", events)
        events.append(ev("snake_ignored", f"{self.name(s, seat)} drives the Snake away.",
                         seat=seat, drawer=s.snake_seat))
        s.snakes.append(s.snake_card)
        self._next_timed_turn(s, events)

    # --- time -------------------------------------------------------------------------------------
    def advance(self, s: State, ticks: int) -> list:
        """Move time on: the timer's fall ends, the Torch die lands, the sand runs out - in tick
        order (the fall before a landing on the same tick, the sand before either)."""
        events: list = []
        if ticks <= 0:
            return events
        target = s.tick + ticks
        t = s.timer
        while s.tick < target:
            if s.phase != TIMED:
                s.tick = target
                break
            falling = t.mode == T.FALLING
            nxt = t.fall_end_tick if falling else T.sand_end_tick(t)
            if 0 <= s.torch_land < nxt:
                nxt = s.torch_land
            if nxt > target:
                s.tick = target
                if falling:
                    T.set_fall_tick(t, target, self.comp)
                break
            s.tick = nxt
            if falling and nxt == t.fall_end_tick:
                T.finish_fall(t, nxt)
                events.append(ev("timer_inverted", "The sand timer comes to rest upside down; "
                                 "the sand pours.", tick=nxt, ends=T.sand_end_tick(t)))
            elif falling:
                T.set_fall_tick(t, nxt, self.comp)
            elif nxt == T.sand_end_tick(t):
                events.append(ev("sand_out", "The sand runs out!", tick=nxt))
                self._end_round(s, "sand", events)
                continue
            if s.torch_land == nxt:
                self._land_torch(s, events)
        return events

    def next_event_tick(self, s: State):
        if s.phase != TIMED:
            return None
        t = s.timer
        nxt = t.fall_end_tick if t.mode == T.FALLING else T.sand_end_tick(t)
        if s.torch_land >= 0 and s.torch_land < nxt:
            nxt = s.torch_land
        return nxt

    def undo_allowed(self, s: State):
        if s.phase == TIMED:
            return False, "The sand is running: actions cannot be taken back."
        return True, ""

    # --- rounds -------------------------------------------------------------------------------------
    def _end_round(self, s: State, how: str, events: list) -> None:
        """Ending the Round: the sand runs out, a player cannot draw, or the villain is defeated.
        Round 3 decides the game; after rounds 1 and 2 the next round is prepared."""
        s.results.append(how)
        why = {"defeated": f"{self.villain_name(s)} is defeated",
               "sand": "the sand ran out", "deck": "the Action deck is empty"}[how]
        events.append(ev("round_ended", f"Round {s.round} ends: {why}.", round=s.round, how=how,
                         villain=s.villain, health=s.health))
        if s.round >= 3:
            s.phase = OVER
            s.stage = ""
            s.result = "win" if how == "defeated" else "loss"
            s.ended_how = why
            s.torch_land = -1
            text = ("The Ark is rescued: the team wins!" if s.result == "win" else
                    f"{self.villain_name(s)} escapes with the Ark: the team loses.")
            events.append(ev("game_over", text, team=s.result, how=how))
            return
        self._prepare(s, how == "defeated", events)

    def _prepare(self, s: State, defeated: bool, events: list) -> None:
        """Preparing for the Next Round: Set Round, Reset Action Deck, Reset Players, Reset Sand
        Timer (with the penalty row if the villain survived); New Adventure and New Villain are
        the Excavation Leader's choices for the group."""
        v = self.comp.villains[s.villain]
        health = s.health
        s.round += 1
        cards = list(s.deck) + list(s.pile) + list(s.snakes) + list(s.aside)
        for h in s.hands:
            cards += h
        if s.snake_card >= 0:
            cards.append(s.snake_card)
        cards.sort()
        s.rng.shuffle(cards)
        s.deck = cards
        s.pile, s.snakes, s.aside = [], [], []
        s.hands = [[] for _ in range(s.n)]
        s.snake_card, s.snake_seat, s.torch_land, s.torch_last = -1, -1, -1, ""
        s.figures = [-1] * s.n
        s.tokens = [[(k, True) for k, _ in ts] for ts in s.tokens]
        events.append(ev("round_prepared", f"Round {s.round}: the Action deck is reshuffled "
                         f"({len(cards)} cards).", True, round=s.round, deck=len(cards)))
        for seat in range(s.n):
            self._deal(s, seat, events)
        T.reset(s.timer, s.rng, self.comp)
        s.rolled = []
        if not defeated:
            row = v.rows[health - 1]
            for g in row:
                actual = T.gem_for(s.timer, g, self.comp)
                s.timer.gems.append(actual)
            s.timer.angle = T.lean(self.load(s), self.comp.timer)
            if row:
                words = dict(enumerate(("one", "two", "three", "four"), 1))
                counted = " and ".join(  # e.g. "one large gem and two small gems"
                    f"{words.get(row.count(z), row.count(z))} {z} gem"
                    f"{'s' if row.count(z) > 1 else ''}" for z in dict.fromkeys(row))
                events.append(ev("penalty_gems", f"{v.name} got away at health {health}: "
                                 f"{counted} start in the top basket.",
                                 villain=v.index, health=health, gems=list(row)))
        s.dice, s.penalty, s.prog = [], [], []
        s.step_count, s.give_card = 0, -1
        s.phase = PREP
        s.stage = "replace"
        s.choice = -1

    # --- reasons for refusals -----------------------------------------------------------------------
    def _reason(self, s: State, seat: int, action) -> tuple[str, str]:
        """A sentence a player understands, and the rulebook section, for an illegal action."""
        k = action.kind
        acting = self.to_act(s)
        nm = self.name(s, seat)
        if s.phase == SETUP:
            if seat not in acting:
                return (f"It is not {nm}'s choice now.", R_SETUP)
            return (f"'{action}' is not a setup choice now.", R_SETUP)
        if s.phase == PREP:
            if seat != s.leader:
                return ("The Excavation Leader makes the choices between rounds for the group.",
                        R_PREP)
            return (f"'{action}' is not the choice being made now ({s.stage}).", R_PREP)
        if s.phase == EXPLORE:
            if k in ("any", "interrupt", "ignore"):
                return ("Power tokens cannot be used during the Exploration Phase.", R_TOKENS)
            if seat not in acting:
                return (f"It is {self.name(s, acting[0])}'s turn to act.", "Exploration Phase")
            if k == "move" and s.stage == "move" and action.args:
                t = action.args[0]
                if not isinstance(t, int) or not 0 <= t < ROW_LENGTH:
                    return ("There are five Adventure tiles, numbered 0 to 4.", R_MOVE)
                if t == s.figures[seat]:
                    return ("You cannot stay on your current tile.", R_MOVE)
                if t == s.vpos:
                    return ("Only Indiana may move onto the villain's tile.", R_MOVE)
            if k == "play" and s.stage == "step" and s.prog and s.prog[0][0] == "may_play":
                return self._play_reason(s, seat, action)
            if k == "play":
                return ("A card can be played in the Exploration Phase only when an Adventure "
                        "tile says so.", R_PLAY)
            if k == "draw":
                return ("In the Exploration Phase you draw only when an Adventure tile says so.",
                        "Drawing Cards")
            if k == "roll" and s.stage != "roll":
                return ("Roll the Threat dice after doing the Adventure tile.", R_DICE)
            if k == "bury" and action.args and action.args[0] not in (
                    s.aside if s.stage == "bury_aside" else s.hands[seat]):
                return ("That card is not one of the cards to bury.", R_BURY)
            return (f"'{action}' is not possible now: {self._stage_hint(s)}.", R_TILE)
        if s.phase == TIMED:
            if k == "play" or k == "any":
                if seat != s.current:
                    return ("You can play cards only on your own turn (or with an Interrupt "
                            "token).", R_TIMED)
                if s.stage == "snake":
                    return ("Once you have drawn, you cannot play any more cards.", R_TIMED)
                if k == "any" and not self.has_token(s, seat, "any"):
                    return ("You have no face-up Play Any Card token.", R_TOKENS)
                return self._play_reason(s, seat, action)
            if k == "interrupt":
                if seat == s.current:
                    return ("Interrupt is used on another player's turn.", R_TOKENS)
                if not self.has_token(s, seat, "interrupt"):
                    return ("You have no face-up Interrupt token.", R_TOKENS)
                return self._play_reason(s, seat, action)
            if k == "draw":
                if seat != s.current:
                    return ("Only the player whose turn it is draws.", R_TIMED)
                return ("You have already drawn; the Snake must be dealt with first.", R_SNAKE)
            if k == "roll_torch":
                if s.stage != "snake" or seat != s.snake_seat:
                    return ("Only the player who drew a Snake rolls the Torch die.", R_SNAKE)
                return ("The Torch die is still rolling.", R_SNAKE)
            if k == "ignore":
                if s.stage != "snake":
                    return ("There is no Snake to ignore.", R_TOKENS)
                return ("You have no face-up Ignore a Snake token.", R_TOKENS)
            return (f"'{action}' is not a Timed Phase action.", R_TIMED)
        return (f"'{action}' is not allowed now.", "How to Play")

    def _play_reason(self, s: State, seat: int, action) -> tuple[str, str]:
        if not action.args or action.args[0] not in s.hands[seat]:
            return ("That card is not in your hand.", R_PLAY)
        card = action.args[0]
        if self.ATTACK[card]:
            return (f"The {self.card_name(card)} shares no colour or object with the "
                    f"{self.card_name(s.pile[-1])} (the character on an Attack card never "
                    "matches).", R_ATTACK)
        return (f"The {self.card_name(card)} shares no colour or object with the "
                f"{self.card_name(s.pile[-1])} on top of the pile.", R_PLAY)

    def _stage_hint(self, s: State) -> str:
        st = s.stage
        if st == "move":
            return "move to another tile first"
        if st == "step":
            return {"may_play": "you may play a card or pass", "take_token": "take a Power token",
                    "risk_upgrades": "choose how many Upgrade cards to draw",
                    "keep_upgrade": "choose the Upgrade card to keep",
                    "may_give": "you may give a card or pass",
                    "may_move_villain": "you may move the villain or pass"}.get(s.prog[0][0], st)
        return {"give_to": "choose who receives the card",
                "bury_aside": "choose the order to bury the cards",
                "roll": "roll the Threat dice", "order": "choose which Threat die to do first",
                "penalty": "bury a card for the villain's penalty"}.get(st, st)

