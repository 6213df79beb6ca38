"""In words, why a move is worth playing (issue 29), as tables of phrases by action kind
(``engine.describe.Phrases``): the Hint's reason (the hard level's move, ``explain``), told by
what the hard policy (``strategy``) looks at - Attack cards that fit, the top card left for the
next players, chains of plays, what a tile gives against its Threat dice; and what a bot partner
adds to a move that holds back cards it could play (``partner_why``: a partner never passes with
a playable card without saying why). Both read only the observation (every hand is public)."""

from __future__ import annotations

from ...engine import A
from ...engine.describe import Phrases
from .strategy import _Ctx, observation_rng

ONLY = "Why: it is the only thing to do now."


class _Asked:
    """What a sentence reads (given to the phrases as their state): the policy's view of the
    observation, the answers open and the components' names."""

    def __init__(self, game, obs, legal):
        self.ctx = _Ctx(game, obs, observation_rng(obs), 2, 1.0)
        self.obs, self.legal = obs, legal
        self.tb, self.comp = game.tables, game.comp
        self.card = game.tables.CARD_NAME
        self.villain = game.comp.villains[obs["villain"]].name

    def who(self, seat: int) -> str:
        return self.tb.CHAR_NAME[self.obs["characters"][seat]]

    def can(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.legal)


def explain(game, obs, legal, action) -> str:
    """One sentence, "Why: ...", for the hard level's ``action`` among ``legal``."""
    if not legal or action not in legal:
        return ""
    if len(legal) == 1:
        return ONLY
    return _WHY(_Asked(game, obs, legal), obs["seat"], action)


def partner_why(game, obs, legal, action) -> str:
    """What a bot partner says with ``action`` when it keeps back cards it could play: a draw
    that ends its Timed Phase turn while cards in its hand fit the pile, a pass at a tile that
    let it play ("" for any other move)."""
    return _PARTNER(_Asked(game, obs, legal), obs["seat"], action)


def attacks_reached(ctx, hand, top, budget: int = 2000) -> int:
    """The most of ``hand``'s Attack cards one chain of matching plays from ``top`` reaches
    (depth first, at most ``budget`` nodes and 7 plays deep, as ``_Ctx.chains``)."""
    best = 0
    stack = [(tuple(hand), top, 0, 0)]
    while stack and budget > 0:
        remaining, top, got, depth = stack.pop()
        budget -= 1
        best = max(best, got)
        if depth >= 7:
            continue
        for i, c in enumerate(remaining):
            if ctx.fits(c, top):
                stack.append((remaining[:i] + remaining[i + 1:], c,
                              got + (1 if ctx.attack[c] else 0), depth + 1))
    return best


# --- the Timed Phase's plays ---------------------------------------------------------------------
_ATTACK_HOW = {"play": "it fits the top card",
               "any": "Play Any Card puts it on the pile though it does not fit",
               "interrupt": "your Interrupt token plays it now, out of turn"}


def _timed_play(how: str):
    """The reason for a Timed Phase play of a card (``how`` it is played)."""
    def say(w: _Asked, seat, c, *_) -> str:
        ctx, card = w.ctx, w.card
        if ctx.attack[c]:
            return (f"Why: the {card[c]} is an Attack card and {_ATTACK_HOW[how]}: it damages "
                    f"{w.villain}.")
        rest = tuple(x for x in ctx.hand() if x != c)
        mine = [m for m in rest if ctx.attack[m] and ctx.fits(m, c)]
        if mine:
            return f"Why: it leaves the {card[c]} on top, and your {card[mine[0]]} fits it next."
        reach = attacks_reached(ctx, rest, c)
        if reach:
            return (f"Why: it starts a chain of matching plays that reaches {reach} of your "
                    f"Attack card{'s' if reach > 1 else ''}.")
        for j in range(1, ctx.n):
            p = (ctx.seat + j) % ctx.n
            theirs = [t for t in ctx.hand(p) if ctx.attack[t] and ctx.fits(t, c)]
            if theirs:
                return (f"Why: it leaves the {card[c]} on top for {w.who(p)}, whose "
                        f"{card[theirs[0]]} fits it.")
        return "Why: it fits the top card and leaves a card your partners can follow."
    return say


def _play(w: _Asked, seat, c, *args) -> str:
    if w.obs["phase"] == "timed":
        return _timed_play("play")(w, seat, c, *args)
    # a tile's "may play" step in the Exploration Phase
    if w.ctx.attack[c]:
        return (f"Why: the {w.card[c]} is an Attack card that fits the top card: it damages "
                f"{w.villain} before the sand runs.")
    return "Why: it fits the top card."


# --- the Exploration Phase and between rounds ----------------------------------------------------
def _card_kept(how: str):
    return lambda w, seat, c, *_: (f"Why: the {w.card[c]} is the card your team can {how} "
                                   "(Attack cards count most, then the colours and objects "
                                   "that let cards follow).")


def _move(w: _Asked, seat, pos, *_) -> str:
    name = w.comp.tiles[w.obs["row"][pos][0]].name
    nxt = (w.obs["villain_pos"] + 1) % 5
    avoided = pos != nxt and A("move", nxt) in w.legal
    return (f"Why: the {name} gives the most (cards, tokens and plays) for its Threat dice"
            + (", and it is not where the villain steps next." if avoided else "."))


def _replace(w: _Asked, seat, pos, *_) -> str:
    name = w.comp.tiles[w.obs["row"][pos][0]].name
    return (f"Why: the {name} gives the least of the row's tiles for its Threat dice, so it is "
            "the one to replace.")


def _upgrades(w: _Asked, seat, n, *_) -> str:
    if n == 0:
        return ("Why: with the cards of the tile's colour still to come, any risk is more "
                "likely to lose the Upgrade cards than to keep them.")
    return (f"Why: risking {n} Upgrade card{'s' if n != 1 else ''} gives the most cards you can "
            "expect to keep, for the chance that two of them show the tile's colour.")


def _die(w: _Asked, seat, face, *_) -> str:
    nxt = (w.obs["villain_pos"] + 1) % 5
    if any(w.obs["figures"][p] == nxt for p in range(w.ctx.n)):
        return ("Why: a player stands where the villain would step next, so the other die "
                "comes first." if face != "villain" else "")
    return ("Why: no player stands where the villain would step next, so its move can come "
            "first." if face == "villain" else
            "Why: the villain threatens no one on the next tile; the order matters little.")


def _pass(w: _Asked, seat, *_) -> str:
    if w.can("play"):
        return ("Why: none of the cards you could play is an Attack card: keep them for the "
                "Timed Phase, where they set up Attacks.")
    if w.can("give"):
        return "Why: no partner would set up your Attack cards better than you."
    return "Why: nothing you could do here is worth more than keeping your cards."


_WHY = Phrases({
    "play": _play, "any": _timed_play("any"), "interrupt": _timed_play("interrupt"),
    "leader": ("Why: the Excavation Leader goes first and chooses for the group; any of you can "
               "do that well."),
    "draw": ("Why: none of your cards fits an Attack card or sets one up, so draw a card (it "
             "ends your turn and may bring what the team needs)."),
    "roll_torch": lambda w, seat, *_: (
        "Why: roll until a torch shows and the Snake is gone; your Ignore a Snake token is "
        "kept for a later Snake (the hard bot spends it only on a Snake a partner draws)."
        if w.can("ignore") else
        "Why: a torch would let the team ignore the Snake; roll at once, the sand runs."),
    "ignore": "Why: your Ignore a Snake token saves the time the Snake would cost.",
    "token": lambda w, seat, kind, *_: (f"Why: the {w.comp.token_names[kind]} token is the most "
                                        "useful Power token for the Timed Phase (Play Any Card "
                                        "first, then Interrupt)."),
    "bury": _card_kept("best spare"), "keep": _card_kept("use most"),
    "move": _move, "replace": _replace,
    "side": lambda w, seat, side, *_: (f"Why: side {side} of the new tile gives more for its "
                                       "Threat dice."),
    "upgrades": _upgrades,
    "villain": lambda w, seat, *_: (f"Why: it moves {w.villain} away from the players on the "
                                    "tile next to it."),
    "die": _die,
    "give": lambda w, seat, c, *_: (f"Why: a partner holds more cards than you that the "
                                    f"{w.card[c]} can follow, so it is easier to set up in their "
                                    "hand."),
    "to": lambda w, seat, p, *_: (f"Why: {w.who(p)} holds the most cards the card can follow, so "
                                  "it is easiest to set up there."),
    "pass": _pass,
}, otherwise=lambda w, seat, action: "")


# --- a partner's words ---------------------------------------------------------------------------
def _partner_draw(w: _Asked, seat, *_) -> str:
    ctx = w.ctx
    if w.obs["phase"] != "timed":
        return ""
    fit = [c for c in ctx.hand() if ctx.fits(c, w.obs["top"])]
    if not fit:
        return ""
    nxt = (ctx.seat + 1) % ctx.n
    attacks = [m for p in (ctx.seat, nxt) for m in ctx.hand(p) if ctx.attack[m]]
    if any(ctx.fits(m, c) for c in fit for m in attacks if m != c):
        return "it did not see that a card it holds could set up an Attack card."
    return "none of the cards that fit the pile would set up an Attack card."


_PARTNER = Phrases({
    "draw": _partner_draw,
    "pass": lambda w, seat, *_: ("none of the cards it could play is an Attack card; it keeps "
                                 "them for the Timed Phase." if w.can("play") else ""),
}, otherwise=lambda w, seat, action: "")
