"""A short sentence for each action, for menus, hints and the log."""

from __future__ import annotations

from sandsofplay.engine import Action
from sandsofplay.engine.describe import Phrases, plural

from . import payment
from .cards import card, player_name
from .data import get as _data
from .state import BurningSandsState

D = _data()


def _n(s: BurningSandsState, u):
    if not isinstance(u, int) or not 0 <= u < len(s.cdef):
        return str(u)
    return card(s, u).name


def CARD(s: BurningSandsState, seat, u) -> str:
    return _n(s, u)


def PLAYER(s: BurningSandsState, seat, p) -> str:
    return player_name(s, p)


def _use(s: BurningSandsState, seat, u, i, *_) -> str:
    ab = card(s, u).abilities[i]
    return f"Use {_n(s, u)}: {ab.text or ab.when}."


def _paying(kind: str):
    """A payment's sentence (``payment.describe``: the costs and what pays them)."""
    return lambda s, seat, *args: payment.describe(s, Action(kind, args))


def _buy(s: BurningSandsState, seat, cid, *rest) -> str:
    c = D.by_id.get(cid)
    if c is None:
        return str(Action("buy", (cid, *rest)))
    text = f" {c.text}" if c.text else ""
    return (f"Buy {c.name} ({c.cp_cost} City Points): Strength {c.strength}, holds "
            f"{plural(c.capacity, 'Water token')}.{text}")


# one entry per action kind (``engine.describe.Phrases``); a malformed action reads as its text
PHRASES = Phrases({
    "pass": "Pass.", "play": ("Play {}.", CARD), "use": _use, "react": ("React with {}.", CARD),
    **{k: _paying(k) for k in ("produce", "water", "influence", "sahir", "abandon")},
    "attack": "Declare an attack.", "raid": "Begin a raid.", "declare": "Declare the attack.",
    "done": "Done.", "demand": "Demand a Water token for a promise.",
    "nodemand": "Ask nothing.", "decline": "Refuse to pay the Water token.",
    "spill": "Lose a Water token of the section.", "raze": "Let the City Section fall.",
    "noarchery": "Do not use Archery.", "go": "Send the raiders.",
    "nodefend": "Leave the section undefended.", "accept": "Accept the challenge.",
    "refuse": "Refuse the challenge.", "blind": "Parry blind from the top of the deck.",
    "stay": "Leave it bowed.", "ready": "Keep these City Sections.",
    "fight": "Engage with the cards chosen.", "keep": "Discard nothing.",
    "defender": ("Attack {}.", PLAYER), "invite": ("Ask {} to be an ally.", PLAYER),
    "token": ("Pay the Water token from {}.", CARD), "assign": ("Send {} to {}.", CARD, CARD),
    "battle": ("Fight the battle at {} next.", CARD),
    "engage": ("Engage with {}.", CARD), "engage1": ("Engage with {}.", CARD),
    "join": ("{} engages too.", CARD),
    "ask": ("Ask {} whether to discard a card to absorb damage.", PLAYER),
    "home": ("Send {} home, bowed.", CARD),
    "tactic": ("Tactician: discard a card to strengthen {}.", CARD),
    "discard": ("Discard {}.", CARD), "archery": ("Archery at {}.", CARD),
    "drop": ("Destroy {} to absorb damage.", CARD),
    "fate": lambda s, seat, u, *_: f"Discard {_n(s, u)} (Fate {card(s, u).fate}) to absorb "
                                   "damage.",
    "rsec": ("Raid {}.", CARD),
    "rhero": ("Send {}.", CARD), "defend": ("Send {}.", CARD), "champion": ("Send {}.", CARD),
    "rcard": ("Place {}.", CARD), "dcard": ("Show {}.", CARD), "thrust": ("Thrust {}.", CARD),
    "parry": ("Parry {}.", CARD),
    "target": ("Target {}.", CARD),
    "transfer": ("Bow {} and another Hero to exchange cards.", CARD),
    "with": ("Exchange with {} (both bow).", CARD), "give": ("Move {} to {}.", CARD, CARD),
    "overlay": ("Lay {} over the earlier version (2 Copper).", CARD),
    "khadi": ("Pay 3 Water to return {}.", CARD), "place": ("Put a Water token on {}.", CARD),
    "shift": ("Move a Water token from {} to {}.", CARD, CARD),
    "straighten": ("Straighten {}.", CARD), "buy": _buy,
}, lenient=True)


def describe(s: BurningSandsState, seat, a) -> str:
    return PHRASES(s, seat, a)
