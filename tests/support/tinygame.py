"""A small game used only by the tests and tools: hidden hands, a shuffled deck, and an optional
real-time clock. It exercises every part of the game protocol.

Rules of "Climb": a deck of cards 1..12 (two of each) is shuffled and every seat is dealt two
cards, seen only by their owner. On your turn either *play* a card from your hand that is higher
than the top of the shared pile (score its value; a 1 may always be played and resets the pile)
or *draw* the top card of the deck (you see it, the others do not). Before that, once a turn, a
seat may name a *lucky* number 0-3: a card played that turn whose value leaves that remainder
when divided by 4 scores one point more. Naming it reveals nothing, so it can be undone. The game ends when the deck
is empty and someone has no legal play left, or after 40 actions. Highest score wins; ties share.
With the option ``clock`` > 0 (seconds) each turn has a deadline: when time runs out the seat to
act automatically draws (or, with an empty deck, the game ends).
"""

from __future__ import annotations

from sandsofplay.engine import (A, Event, Game, IllegalAction, OptionSpec, Outcome, RNG,
                                TICKS_PER_SECOND)


class TinyState:
    __slots__ = ("n", "hands", "deck", "pile", "scores", "turn", "actions", "rng", "tick",
                 "deadline", "clock", "over", "discard", "lucky")

    def clone(self):
        s = TinyState.__new__(TinyState)
        s.n = self.n
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.pile = list(self.pile)
        s.discard = list(self.discard)
        s.lucky = self.lucky
        s.scores = list(self.scores)
        s.turn = self.turn
        s.actions = self.actions
        s.rng = self.rng.clone()
        s.tick = self.tick
        s.deadline = self.deadline
        s.clock = self.clock
        s.over = self.over
        return s


class TinyGame(Game):
    id = "tiny"
    title = "Climb (test game)"
    blurb = "A tiny card game that exists for the tests."
    min_seats = 2
    max_seats = 4
    options = (OptionSpec("clock", "Seconds per turn", (0, 2, 5), 0, "0 means no clock"),)
    bot_levels = {
        "easy": {"bot": "random", "params": {}},
        "normal": {"bot": "greedy", "params": {"noise": 0.1, "samples": 2}},
        "hard": {"bot": "ismcts", "params": {"iterations": 150}},
    }
    MAX_ACTIONS = 40

    def new_state(self, setup):
        self.check_seats(setup.players)
        opts = self.resolve_options(setup)
        s = TinyState.__new__(TinyState)
        s.n = setup.players
        s.rng = RNG(setup.seed)
        s.deck = [v for v in range(1, 13) for _ in range(2)]
        s.rng.shuffle(s.deck)
        s.hands = [[s.deck.pop(), s.deck.pop()] for _ in range(s.n)]
        s.pile = []
        s.discard = []
        s.lucky = -1
        s.scores = [0] * s.n
        s.turn = 0
        s.actions = 0
        s.tick = 0
        s.clock = int(opts["clock"]) * TICKS_PER_SECOND
        s.deadline = s.clock if s.clock else -1
        s.over = False
        return s

    @property
    def realtime(self):  # real time only matters when a clock is on; the protocol allows both
        return True

    def to_act(self, s):
        return () if s.over else (s.turn,)

    def _plays(self, s, seat):
        top = s.pile[-1] if s.pile else 0
        return sorted({c for c in s.hands[seat] if c > top or c == 1})

    def legal_actions(self, s, seat):
        if s.over or seat != s.turn:
            return []
        acts = [A("play", c) for c in self._plays(s, seat)]
        if s.lucky < 0:
            acts += [A("lucky", k) for k in range(4)]
        if s.deck:
            acts.append(A("draw"))
        return acts

    def apply(self, s, seat, action):
        if s.over:
            raise IllegalAction("The game is over.", "Climb: end")
        if seat != s.turn:
            raise IllegalAction(f"It is seat {s.turn + 1}'s turn.", "Climb: turns")
        events = []
        if action.kind == "play" and len(action.args) == 1:
            c = action.args[0]
            if c not in s.hands[seat]:
                raise IllegalAction(f"Seat {seat + 1} has no {c} in hand.", "Climb: play")
            if c not in self._plays(s, seat):
                raise IllegalAction(f"A {c} must beat the pile's {s.pile[-1]}.", "Climb: play")
            s.hands[seat].remove(c)
            if c == 1:
                s.discard.extend(s.pile)
                s.pile = []
            s.pile.append(c)
            s.scores[seat] += c + (1 if s.lucky >= 0 and c % 4 == s.lucky else 0)
            events.append(Event("play", {"seat": seat, "card": c}, f"Seat {seat + 1} plays {c}.",
                                reveal=True))
        elif action.kind == "lucky" and len(action.args) == 1 and action.args[0] in range(4):
            if s.lucky >= 0:
                raise IllegalAction("A lucky number was already named this turn.", "Climb: lucky")
            s.lucky = action.args[0]
            return [Event("lucky", {"seat": seat, "k": s.lucky},
                          f"Seat {seat + 1} names {s.lucky} as lucky.")]
        elif action.kind == "draw" and not action.args:
            if not s.deck:
                raise IllegalAction("The deck is empty.", "Climb: draw")
            s.hands[seat].append(s.deck.pop())
            events.append(Event("draw", {"seat": seat}, f"Seat {seat + 1} draws.", reveal=True))
        else:
            raise IllegalAction(f"'{action}' is not a Climb action.", "Climb: actions")
        self._end_turn(s, events)
        return events

    def _end_turn(self, s, events):
        s.actions += 1
        s.lucky = -1
        s.turn = (s.turn + 1) % s.n
        if s.actions >= self.MAX_ACTIONS or (not s.deck and not self._plays(s, s.turn)):
            s.over = True
            events.append(Event("end", {}, "The game ends."))
        elif s.clock:
            s.deadline = s.tick + s.clock

    def advance(self, s, ticks):
        events = []
        end = s.tick + ticks
        while not s.over and s.clock and s.deadline <= end:
            s.tick = s.deadline
            seat = s.turn
            events.append(Event("timeout", {"seat": seat}, f"Seat {seat + 1} ran out of time."))
            if s.deck:
                s.hands[seat].append(s.deck.pop())
                self._end_turn(s, events)
            else:
                s.over = True
                events.append(Event("end", {}, "The game ends."))
        s.tick = end
        return events

    def next_event_tick(self, s):
        return s.deadline if (s.clock and not s.over) else None

    def undo_allowed(self, s):
        if s.clock:
            return False, "The clock is running: actions cannot be taken back."
        return True, ""

    def observe(self, s, seat):
        return {
            "seat": seat,
            "n": s.n,
            "hand": sorted(s.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "deck_size": len(s.deck),
            "pile": list(s.pile),
            "discard": list(s.discard),
            "lucky": s.lucky,
            "scores": list(s.scores),
            "turn": s.turn,
            "actions": s.actions,
            "tick": s.tick,
            "deadline": s.deadline,
            "clock": s.clock,
            "over": s.over,
        }

    def determinize(self, obs, rng):
        unseen = [v for v in range(1, 13) for _ in range(2)]
        for c in obs["pile"] + obs["discard"]:
            unseen.remove(c)
        mine = obs["hand"] or []
        for c in mine:
            unseen.remove(c)
        rng.shuffle(unseen)
        s = TinyState.__new__(TinyState)
        s.n = obs["n"]
        s.hands = []
        for i, size in enumerate(obs["hand_sizes"]):
            if i == obs["seat"]:
                s.hands.append(list(mine))
            else:
                s.hands.append([unseen.pop() for _ in range(size)])
        s.deck = [unseen.pop() for _ in range(obs["deck_size"])]
        s.pile = list(obs["pile"])
        s.discard = list(obs["discard"])
        s.lucky = obs["lucky"]
        s.scores = list(obs["scores"])
        s.turn = obs["turn"]
        s.actions = obs["actions"]
        s.rng = RNG(rng.next64())
        s.tick = obs["tick"]
        s.deadline = obs["deadline"]
        s.clock = obs["clock"]
        s.over = obs["over"]
        return s

    def outcome(self, s):
        if not s.over:
            return None
        best = max(s.scores)
        return Outcome(tuple(s.scores), tuple(i for i, v in enumerate(s.scores) if v == best))

    def heuristic(self, s, seat):
        others = max(v for i, v in enumerate(s.scores) if i != seat)
        return s.scores[seat] - others + 0.3 * sum(s.hands[seat])

    def check_invariants(self, s):
        problems = []
        total = len(s.deck) + sum(len(h) for h in s.hands) + len(s.pile) + len(s.discard)
        if total != 24:
            problems.append(f"card count {total}")
        if s.pile and any(a >= b for a, b in zip(s.pile, s.pile[1:])):
            problems.append(f"pile not climbing: {s.pile}")
        return problems

    def state_to_json(self, s):
        return {"v": 1, "n": s.n, "hands": s.hands, "deck": s.deck, "pile": s.pile, "discard": s.discard, "lucky": s.lucky,
                "scores": s.scores, "turn": s.turn, "actions": s.actions, "rng": s.rng.to_json(),
                "tick": s.tick, "deadline": s.deadline, "clock": s.clock, "over": s.over}

    def state_from_json(self, d):
        if d.get("v") != 1:
            raise ValueError("unknown Climb state version")
        s = TinyState.__new__(TinyState)
        s.n = d["n"]
        s.hands = [list(h) for h in d["hands"]]
        s.deck = list(d["deck"])
        s.pile = list(d["pile"])
        s.discard = list(d["discard"])
        s.lucky = d["lucky"]
        s.scores = list(d["scores"])
        s.turn = d["turn"]
        s.actions = d["actions"]
        s.rng = RNG.from_json(d["rng"])
        s.tick = d["tick"]
        s.deadline = d["deadline"]
        s.clock = d["clock"]
        s.over = d["over"]
        return s


GAME = TinyGame()
