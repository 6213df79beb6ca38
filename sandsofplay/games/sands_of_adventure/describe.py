"""A sentence for each action (menus, hints, the log), as one table of phrases
(``engine.describe.Phrases``). Most sentences name the seat acting ("Marion plays the Whip
card."); a malformed action reads as "<who>: <its text>"."""

from __future__ import annotations

from sandsofplay.engine.describe import Phrases

from .common import Tables
from .state import SETUP, SandsOfAdventureState

PLAYS = {"play": "", "any": " with Play Any Card", "interrupt": " as an Interrupt"}


def phrases(tb: Tables) -> Phrases:
    """The table of sentences over the game's components (``tb``: names of the characters,
    cards, tiles and tokens)."""
    def who(s: SandsOfAdventureState, seat: int) -> str:
        return tb.name(s, seat)

    def by(text: str):
        """A sentence that starts with the seat acting; ``{}`` in ``text`` is its first
        argument."""
        return lambda s, seat, *a: f"{who(s, seat)} {text.format(*a)}"

    def card(text: str):
        """A sentence of the seat acting and a card named by its first argument."""
        return lambda s, seat, c, *_: f"{who(s, seat)} {text.format(tb.card_name(c))}"

    def play(how: str):
        return lambda s, seat, c, *_: f"{who(s, seat)} plays the {tb.card_name(c)}{how}."

    def upgrades(s: SandsOfAdventureState, seat, n, *_) -> str:
        return f"{who(s, seat)} draws {n} Upgrade card(s)." if n else \
            f"{who(s, seat)} draws no Upgrade cards."

    def side(s: SandsOfAdventureState, seat, k, *_) -> str:
        if s.phase == SETUP:
            return f"Place the {tb.tile_name(s, s.choice)} on side {k}."
        return f"Place the new Adventure tile on side {k}."

    return Phrases({
        "move": lambda s, seat, pos, *_: f"{who(s, seat)} moves to the {tb.tile_name(s, pos)}.",
        **{k: play(how) for k, how in PLAYS.items()},
        "draw": by("draws a card to end the turn."), "pass": by("passes."),
        "token": lambda s, seat, k, *_: f"{who(s, seat)} takes the {tb.comp.token_names[k]} "
                                        "token.",
        "upgrades": upgrades,
        "keep": card("keeps the {}."), "bury": card("buries the {}."),
        "give": card("gives away the {}."),
        "to": lambda s, seat, p, *_: f"{who(s, seat)} gives the card to {tb.name(s, p)}.",
        "villain": by("moves the villain one tile {}."),
        "roll": by("rolls the Threat dice."), "die": by("does the {} die first."),
        "roll_torch": by("rolls the Torch die."), "ignore": by("uses Ignore a Snake."),
        "replace": lambda s, seat, pos, *_: f"Replace the {tb.tile_name(s, pos)} with the new "
                                            "Adventure tile.",
        "side": side,
        "finish": by("finishes the Threat dice left when the timer flipped."),
        "leader": lambda s, seat, p, *_: f"{tb.name(s, p)} becomes the Excavation Leader.",
    }, lenient=True, otherwise=lambda s, seat, action: f"{who(s, seat)}: {action}")


__all__ = ["phrases"]
