"""Refusals shared by the parts of the round: the shape of every action kind (an action malformed
whatever the state), and a card that does not match the pile. Each stage's own refusals live
with its rules (``exploration``, ``timed``, ``rounds``, ``setup``); every refusal is a sentence a
player understands and the rulebook section it comes from (``IllegalAction(reason, rule)``)."""

from __future__ import annotations

from .common import (DRAW, FINISH, IGNORE, PASS, R_ATTACK, R_BURY, R_DICE, R_FLIP, R_MOVE,
                     R_PLAY, R_PREP, R_SNAKE, R_TILE, R_TIMED, R_TOKENS, ROLL, ROLL_TORCH, SIDE_A,
                     SIDE_B, VILLAIN_LEFT, VILLAIN_RIGHT, Tables)
from .data import ROW_LENGTH, TOKEN_KINDS
from .state import SandsOfAdventureState

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


def shape_reason(tb: Tables, s: SandsOfAdventureState, action) -> tuple[str, str] | None:
    """A refusal for an action that is malformed whatever the state: an unknown kind, the
    wrong number of arguments, or an argument of the wrong type or out of range. None for a
    well-formed action (at once for the action objects the rules list: ``_listed``)."""
    known = tb.well_formed
    if known is None:
        known = tb.well_formed = _listed(tb, s)
    if id(action) in known:
        return None
    return _shape_reason(tb, s, action)


def _listed(tb: Tables, s: SandsOfAdventureState) -> dict:
    """The action objects the rules build their legal lists from (``Tables`` and ``common``),
    but those naming a seat (well-formed or not by the number of seats), by ``id``: each is
    kept in the dict, so no other object can take its ``id`` while the tables live."""
    objs = [a for k in ("A_PLAY", "A_ANY", "A_INTERRUPT", "A_BURY", "A_KEEP", "A_GIVE",
                        "A_MOVE", "A_REPLACE", "A_UPGRADES") for a in getattr(tb, k)]
    objs += list(tb.A_TOKEN.values())
    objs += [PASS, SIDE_A, SIDE_B, VILLAIN_LEFT, VILLAIN_RIGHT, ROLL, DRAW, ROLL_TORCH, IGNORE,
             FINISH]
    return {id(a): a for a in objs if SHAPES[a.kind][0] != ("seat",) and
            _shape_reason(tb, s, a) is None}


def _shape_reason(tb: Tables, s: SandsOfAdventureState, action) -> tuple[str, str] | None:
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
        if not arg_ok(tb, s, kind, arg):
            return (f"'{k} {arg!r}': {k} takes {_ARG_TEXT[kind]}.", rule)
    return None


def arg_ok(tb: Tables, s: SandsOfAdventureState, kind: str, x) -> bool:
    if kind in ("token", "dir", "face", "side"):
        if type(x) is not str:
            return False
        return x in {"token": TOKEN_KINDS, "dir": ("left", "right"), "side": ("A", "B"),
                     "face": tb.comp.threat_faces}[kind]
    if type(x) is not int:
        return False
    hi = {"tile": ROW_LENGTH, "card": len(tb.comp.cards), "seat": s.n,
          "count": len(tb.comp.upgrade_cards) + 1}[kind]
    return 0 <= x < hi


def play_reason(tb: Tables, s: SandsOfAdventureState, seat: int, action) -> tuple[str, str]:
    """Playing Cards: why this card may not be played on the pile."""
    if not action.args or action.args[0] not in s.hands[seat]:
        return ("That card is not in your hand.", R_PLAY)
    card = action.args[0]
    if not s.pile:  # any card may start the pile: what is wrong is not the match
        return (f"'{action}' is not possible now.", R_PLAY)
    if tb.ATTACK[card]:
        return (f"The {tb.card_name(card)} shares no colour or object with the "
                f"{tb.card_name(s.pile[-1])} (the character on an Attack card never "
                "matches).", R_ATTACK)
    return (f"The {tb.card_name(card)} shares no colour or object with the "
            f"{tb.card_name(s.pile[-1])} on top of the pile.", R_PLAY)
