"""The Exploration Phase: Move, Do the Adventure Tile (one small decision at a time), Roll the
Threat Dice, Add a Gem, and the flip of the sand timer that ends the phase."""

from __future__ import annotations

from bisect import insort

from . import timer as T
from ...engine import A
from .common import PASS, ROLL, VILLAIN_LEFT, VILLAIN_RIGHT, ev
from .data import ROW_LENGTH, TOKEN_KINDS
from .state import EXPLORE, TIMED, State


class Exploration:
    """Mixed into the Game class."""

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

    def _new_explore_turn(self, s: State) -> None:
        s.stage = "move"
        s.prog = []
        s.step_count = 0
        s.give_card = -1
        s.dice = []
        s.penalty = []

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
            self._drop_finish(s, seat, events)
            self._play(s, seat, card, "play", events)

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
        elif s.phase == TIMED:  # Dietrich's penalty after a finished villain die
            self._bury(s, seat, card, s.hands[seat], events)
            s.penalty.remove(seat)
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
        # the dice not yet done: the current player may still finish them (``finish``); only a
        # villain die can still do anything once the timer has flipped
        s.finish = list(s.dice) if "villain" in s.dice else []
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
