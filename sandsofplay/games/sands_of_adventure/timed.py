"""The Timed Phase: plays, Power tokens, drawing to end a turn, Snakes and the Torch die, and time
itself (the timer's fall, the pouring sand, the rolling die)."""

from __future__ import annotations

from bisect import insort

from ...engine.observation import settle_views
from . import timer as T
from .common import DRAW, FINISH, IGNORE, ROLL_TORCH, ev
from .state import TIMED, State


class Timed:
    """Mixed into the Game class."""

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

    def _legal_timed(self, s: State, seat: int) -> list:
        out = []
        if s.penalty and seat in s.penalty:
            bury = self.A_BURY
            return [bury[c] for c in s.hands[seat]]
        if s.stage == "turn" and seat == s.current:
            play = self.A_PLAY
            out = [play[c] for c in self.playable(s, seat)]
            if self.has_token(s, seat, "any"):
                anyp = self.A_ANY
                out += [anyp[c] for c in s.hands[seat]]
            out.append(DRAW)
            if s.finish:
                out.append(FINISH)
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

    def is_legal(self, s: State, seat: int, action) -> bool:
        """``action in legal_actions(s, seat)``, answered directly for the Timed Phase's frequent
        actions (a test checks the two always agree)."""
        if s.phase != TIMED:
            return action in self.legal_actions(s, seat)
        k, a = action.kind, action.args
        if s.penalty and seat in s.penalty:
            return k == "bury" and len(a) == 1 and a[0] in s.hands[seat]
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
        if k == "finish":
            return not a and bool(s.finish) and s.stage == "turn" and seat == s.current
        return False

    # finishing the Threat dice after the flip
    def _do_finish(self, s, seat, action, events):
        """The Sand Timer: "The current player may choose to finish any actions they are taking"
        - the Threat dice not yet done when the timer flipped. A villain die activates the
        villain (he moves; players on his new tile suffer his penalty: a card to bury is each
        punished player's choice, owed before they act again; a gem cannot be added to a flipped
        timer). A gem die adds nothing for the same reason."""
        faces, s.finish = s.finish, []
        events.append(ev("dice_finished", f"{self.name(s, seat)} finishes the Threat dice: "
                         f"{' and '.join(faces)}.", seat=seat, faces=list(faces)))
        for f in faces:
            if f == "villain":
                self._activate(s, events, timed=True)

    def _drop_finish(self, s: State, seat: int, events: list) -> None:
        """The current player acts on in the Timed Phase: the dice left are ignored for good."""
        if s.finish and seat == s.current:
            s.finish = []
            events.append(ev("dice_ignored", f"{self.name(s, seat)} ignores the Threat dice left.",
                             seat=seat))

    def _do_any(self, s, seat, action, events):
        self._drop_finish(s, seat, events)
        self._use_token(s, seat, "any", events)
        self._play(s, seat, action.args[0], "any", events)

    def _do_interrupt(self, s, seat, action, events):
        self._use_token(s, seat, "interrupt", events)
        self._play(s, seat, action.args[0], "interrupt", events)

    def _do_draw(self, s, seat, action, events):
        """Timed Phase: end the turn by drawing; a Snake blocks the next player."""
        self._drop_finish(s, seat, events)
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

    def advance(self, s: State, ticks: int) -> list:
        """Move time on: the timer's fall ends, the Torch die lands, the sand runs out - in tick
        order (the fall before a landing on the same tick, the sand before either)."""
        events: list = []
        if ticks <= 0:
            return events
        if s._views:
            settle_views(s._views)  # views taken before show the time they were taken
        s._obs = s._ta = None
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
