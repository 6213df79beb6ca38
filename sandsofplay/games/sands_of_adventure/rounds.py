"""Rounds and penalties: Activate the Villain (his move and his mat's penalty), Ending the Round,
Preparing for the Next Round (with the penalty gems) and the Excavation Leader's choices between
rounds (``replace TILE``, ``side A|B``, ``leader SEAT``), then the New Villain."""

from __future__ import annotations

from . import timer as T
from .common import ev
from .data import ROW_LENGTH
from .state import EXPLORE, OVER, PREP, SETUP, TIMED, State


class Rounds:
    """Mixed into the Game class."""

    def _after_penalty(self, s: State, events: list) -> None:
        if s.penalty:
            return
        self._resolve(s, events)

    def _activate(self, s: State, events: list, timed: bool = False) -> None:
        """Activate the Villain: one tile right (from the rightmost to the leftmost), then each
        player on his tile suffers his mat's penalty. ``timed``: a villain die finished after the
        flip (no gem can go into a flipped timer)."""
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
            if v.penalty == "gem" and timed:
                events.append(ev("gem_skipped", "The timer has flipped: no gem can be added.",
                                 seat=p, size=v.penalty_size))
            elif v.penalty == "gem":
                self._add_gem(s, v.penalty_size, p, events)
                if s.phase != EXPLORE:
                    return  # the timer flipped: the rest of the penalty is ignored
        if v.penalty == "bury_card":
            s.penalty = [p for p in victims if s.hands[p]]

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

    def _do_replace(self, s, seat, action, events):
        s.choice = action.args[0]
        s.stage = "side"

    def _do_side(self, s, seat, action, events):
        if s.phase == SETUP:
            self._setup_side(s, action.args[0], events)
            return
        new = s.tiles_aside.pop(0)
        pos = s.choice
        old = s.row[pos][0]
        s.row[pos] = (new, action.args[0])
        s.choice = -1
        events.append(ev("tile_replaced", f"The {self.comp.tiles[new].name} (side "
                         f"{action.args[0]}) replaces the {self.comp.tiles[old].name}.",
                         index=pos, old=old, new=new, side=action.args[0]))
        s.stage = "leader"

    def _end_round(self, s: State, how: str, events: list) -> None:
        """Ending the Round: the sand runs out, a player cannot draw, or the villain is defeated.
        Round 3 decides the game; after rounds 1 and 2 the next round is prepared."""
        s.results.append(how)
        s.finish = []
        if s.phase == TIMED:
            s.penalty = []
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
        s.dice, s.penalty, s.prog, s.finish = [], [], [], []
        s.step_count, s.give_card = 0, -1
        s.phase = PREP
        s.stage = "replace"
        s.choice = -1
