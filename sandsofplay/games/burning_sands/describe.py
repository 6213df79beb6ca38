"""A short sentence for each action, for menus, hints and the log."""

from __future__ import annotations

from sandsofplay.engine.describe import plural

from . import payment
from .cards import card, player_name
from .data import get as _data
from .state import BurningSandsState

D = _data()


def _n(s: BurningSandsState, u):
    if not isinstance(u, int) or not 0 <= u < len(s.cdef):
        return str(u)
    return card(s, u).name


def describe(s: BurningSandsState, seat, a) -> str:
    k, g = a.kind, a.args
    try:
        if k == "pass":
            return "Pass."
        if k == "play":
            return f"Play {_n(s, g[0])}."
        if k == "use":
            ab = card(s, g[0]).abilities[g[1]]
            return f"Use {_n(s, g[0])}: {ab.text or ab.when}."
        if k == "react":
            return f"React with {_n(s, g[0])}."
        if k in ("produce", "water", "influence", "sahir", "abandon"):
            return payment.describe(s, a)
        simple = {
            "attack": "Declare an attack.", "raid": "Begin a raid.", "declare": "Declare the attack.",
            "done": "Done.", "demand": "Demand a Water token for a promise.",
            "nodemand": "Ask nothing.", "decline": "Refuse to pay the Water token.",
            "spill": "Lose a Water token of the section.", "raze": "Let the City Section fall.",
            "noarchery": "Do not use Archery.", "go": "Send the raiders.",
            "nodefend": "Leave the section undefended.", "accept": "Accept the challenge.",
            "refuse": "Refuse the challenge.", "blind": "Parry blind from the top of the deck.",
            "stay": "Leave it bowed.", "ready": "Keep these City Sections.",
            "fight": "Engage with the cards chosen.", "keep": "Discard nothing.",
        }
        if k in simple:
            return simple[k]
        if k == "defender":
            return f"Attack {player_name(s, g[0])}."
        if k == "invite":
            return f"Ask {player_name(s, g[0])} to be an ally."
        if k == "token":
            return f"Pay the Water token from {_n(s, g[0])}."
        if k == "assign":
            return f"Send {_n(s, g[0])} to {_n(s, g[1])}."
        if k == "battle":
            return f"Fight the battle at {_n(s, g[0])} next."
        if k in ("engage", "engage1"):
            return f"Engage with {_n(s, g[0])}."
        if k == "join":
            return f"{_n(s, g[0])} engages too."
        if k == "ask":
            return f"Ask {player_name(s, g[0])} whether to discard a card to absorb damage."
        if k == "home":
            return f"Send {_n(s, g[0])} home, bowed."
        if k == "tactic":
            return f"Tactician: discard a card to strengthen {_n(s, g[0])}."
        if k == "discard":
            return f"Discard {_n(s, g[0])}."
        if k == "archery":
            return f"Archery at {_n(s, g[0])}."
        if k == "drop":
            return f"Destroy {_n(s, g[0])} to absorb damage."
        if k == "fate":
            return f"Discard {_n(s, g[0])} (Fate {card(s, g[0]).fate}) to absorb damage."
        if k == "rsec":
            return f"Raid {_n(s, g[0])}."
        if k in ("rhero", "defend", "champion"):
            return f"Send {_n(s, g[0])}."
        if k in ("rcard", "dcard", "thrust", "parry"):
            return f"{k.capitalize().replace('Rcard', 'Place').replace('Dcard', 'Show')} {_n(s, g[0])}."
        if k == "target":
            return f"Target {_n(s, g[0])}."
        if k == "transfer":
            return f"Bow {_n(s, g[0])} and another Hero to exchange cards."
        if k == "with":
            return f"Exchange with {_n(s, g[0])} (both bow)."
        if k == "give":
            return f"Move {_n(s, g[0])} to {_n(s, g[1])}."
        if k == "overlay":
            return f"Lay {_n(s, g[0])} over the earlier version (2 Copper)."
        if k == "khadi":
            return f"Pay 3 Water to return {_n(s, g[0])}."
        if k == "place":
            return f"Put a Water token on {_n(s, g[0])}."
        if k == "shift":
            return f"Move a Water token from {_n(s, g[0])} to {_n(s, g[1])}."
        if k == "straighten":
            return f"Straighten {_n(s, g[0])}."
        if k == "buy":
            c = D.by_id.get(g[0])
            if c is None:
                return str(a)
            text = f" {c.text}" if c.text else ""
            return (f"Buy {c.name} ({c.cp_cost} City Points): Strength {c.strength}, holds "
                    f"{plural(c.capacity, 'Water token')}.{text}")
    except (IndexError, KeyError, TypeError):
        pass
    return str(a)
