"""Refusal reasons: for an action that is not legal, a sentence a player understands and the
rulebook section it comes from (``IllegalAction(reason, rule)``)."""

from __future__ import annotations

from .common import (R_ATTACK, R_BURY, R_DICE, R_FLIP, R_MOVE, R_PLAY, R_PREP, R_SETUP, R_SNAKE,
                     R_TILE, R_TIMED, R_TOKENS, R_VILLAIN)
from .data import ROW_LENGTH, TOKEN_KINDS
from .state import EXPLORE, PREP, SETUP, TIMED, State

# every action kind of the game: its arguments and the rulebook section a refusal names
SHAPES = {
    "move": (("tile",), R_MOVE), "play": (("card",), R_PLAY), "any": (("card",), R_TOKENS),
    "interrupt": (("card",), R_TOKENS), "ignore": ((), R_TOKENS), "draw": ((), R_TIMED),
    "roll_torch": ((), R_SNAKE), "pass": ((), R_TILE), "token": (("token",), R_TOKENS),
    "upgrades": (("count",), R_TILE), "keep": (("card",), R_TILE), "bury": (("card",), R_BURY),
    "give": (("card",), R_TILE), "to": (("seat",), R_TILE), "villain": (("dir",), R_TILE),
    "roll": ((), R_DICE), "die": (("face",), R_DICE), "replace": (("tile",), R_PREP),
    "side": (("side",), R_PREP), "leader": (("seat",), R_PREP), "finish": ((), R_FLIP),
}
_ARG_TEXT = {"tile": "an Adventure tile number from 0 to 4", "card": "a card number",
             "seat": "a seat number", "count": "a number of Upgrade cards",
             "token": "a Power token (" + ", ".join(TOKEN_KINDS) + ")",
             "dir": "left or right", "face": "a Threat die face", "side": "A or B"}


class Reasons:
    """Mixed into the Game class."""

    def _shape_reason(self, s: State, action) -> tuple[str, str] | None:
        """A refusal for an action that is malformed whatever the state: an unknown kind, the
        wrong number of arguments, or an argument of the wrong type or out of range. None for a
        well-formed action."""
        k, args = action.kind, action.args
        shape = SHAPES.get(k) if isinstance(k, str) else None
        if shape is None:
            text = " ".join(str(x) for x in (k,) + (args if isinstance(args, tuple) else ()))
            return (f"'{text}' is not an action of Sands of Adventure.", "How to Play")
        spec, rule = shape
        if not isinstance(args, tuple) or len(args) != len(spec):
            want = ("no arguments" if not spec else
                    " and ".join(_ARG_TEXT[x] for x in spec))
            return (f"'{k}' takes {want}.", rule)
        for arg, kind in zip(args, spec):
            if not self._arg_ok(s, kind, arg):
                return (f"'{k} {arg!r}': {k} takes {_ARG_TEXT[kind]}.", rule)
        return None

    def _arg_ok(self, s: State, kind: str, x) -> bool:
        if kind in ("token", "dir", "face", "side"):
            if type(x) is not str:
                return False
            return x in {"token": TOKEN_KINDS, "dir": ("left", "right"), "side": ("A", "B"),
                         "face": self.comp.threat_faces}[kind]
        if type(x) is not int:
            return False
        hi = {"tile": ROW_LENGTH, "card": len(self.comp.cards), "seat": s.n,
              "count": len(self.comp.upgrade_cards) + 1}[kind]
        return 0 <= x < hi

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
            if s.penalty and seat in s.penalty:
                return (f"{nm} must first bury a card for {self.villain_name(s)}'s penalty.",
                        R_VILLAIN)
            if k == "bury":
                return ("Only a player punished by the villain buries a card now.", R_VILLAIN)
            if k == "finish":
                return ("Only the current player may finish the Threat dice left when the timer "
                        "flipped, before playing on.", R_FLIP)
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
        if not s.pile:  # any card may start the pile: what is wrong is not the match
            return (f"'{action}' is not possible now.", R_PLAY)
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
