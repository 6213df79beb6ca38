"""The villain: Activate the Villain (his move and his mat's penalty) and Damaging the Villain
(every Attack card played lowers his health; at none he is defeated and the round ends)."""

from __future__ import annotations

from .common import Tables, ev
from .data import ROW_LENGTH
from .gems import add_gem
from .rounds import end_round
from .state import EXPLORE, SandsOfAdventureState


def activate(tb: Tables, s: SandsOfAdventureState, events: list, timed: bool = False) -> None:
    """Activate the Villain: one tile right (from the rightmost to the leftmost), then each
    player on his tile suffers his mat's penalty. ``timed``: a villain die finished after the
    flip (no gem can go into a flipped timer)."""
    v = tb.comp.villains[s.villain]
    frm = s.vpos
    s.vpos = (s.vpos + 1) % ROW_LENGTH
    events.append(ev("villain_moved", f"{v.name} moves to the {tb.tile_name(s, s.vpos)}.",
                     villain=s.villain, to=s.vpos, by="threat", **{"from": frm}))
    victims = [(s.current + i) % s.n for i in range(s.n)]
    victims = [p for p in victims if s.figures[p] == s.vpos]
    for p in victims:
        events.append(ev("villain_penalty", f"{tb.name(s, p)} suffers {v.name}'s penalty.",
                         seat=p, villain=s.villain, penalty=v.penalty, size=v.penalty_size))
        if v.penalty == "gem" and timed:
            events.append(ev("gem_skipped", "The timer has flipped: no gem can be added.",
                             seat=p, size=v.penalty_size))
        elif v.penalty == "gem":
            add_gem(tb, s, v.penalty_size, p, events)
            if s.phase != EXPLORE:
                return  # the timer flipped: the rest of the penalty is ignored
    if v.penalty == "bury_card":
        s.penalty = [p for p in victims if s.hands[p]]


def play_card(tb: Tables, s: SandsOfAdventureState, seat: int, card: int, via: str, events: list) -> None:
    """Playing Cards; Damaging the Villain: every Attack card played lowers his health."""
    top = s.pile[-1] if s.pile else -1
    s.hands[seat].remove(card)
    s.pile.append(card)
    how = {"tile": "", "play": "", "any": " with Play Any Card",
           "interrupt": " as an Interrupt"}[via]
    events.append(ev("card_played", f"{tb.name(s, seat)} plays the "
                     f"{tb.card_name(card)}{how}.", seat=seat, card=card, via=via,
                     top_before=top))
    if tb.ATTACK[card]:
        s.health -= 1
        events.append(ev("villain_damaged", f"{tb.villain_name(s)} is hit: health "
                         f"{s.health}.", villain=s.villain, health=s.health, seat=seat))
        if s.health <= 0:
            s.health = 0
            events.append(ev("villain_defeated", f"{tb.villain_name(s)} is defeated!",
                             villain=s.villain))
            end_round(tb, s, "defeated", events)
