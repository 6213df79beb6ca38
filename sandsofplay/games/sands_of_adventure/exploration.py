"""The Exploration Phase: Move, Do the Adventure Tile (one small decision at a time), Roll the
Threat Dice and do them (Add a Gem, Activate the Villain and his penalty), as stages.

The tile's steps are stages of their own, named after the step (``may_play``, ``take_token``,
``risk_upgrades``, ``keep_upgrade``, ``may_give``, ``may_move_villain`` ask; ``draw_action``,
``draw_upgrade``, ``pick_upgrade`` run by themselves, and so do the asking ones when there is
nothing to choose): while ``s.stage`` is ``"step"`` the question is the first step left in
``s.prog``; ``tile_done`` moves on to the roll when none is left. ``resolve`` does the Threat dice
in the chosen order."""

from __future__ import annotations

from bisect import insort

from ...engine import A
from .common import (PASS, R_BURY, R_DICE, R_MOVE, R_PLAY, R_TILE, R_TOKENS, R_VILLAIN, ROLL,
                     VILLAIN_LEFT, VILLAIN_RIGHT, Tables, bury, dice_count, ev, new_explore_turn,
                     playable, side_of, take_token, take_top)
from .data import ROW_LENGTH, TOKEN_KINDS
from .gems import add_gem
from .reasons import play_reason
from .rounds import end_round
from .state import EXPLORE, SandsOfAdventureState
from .villain import activate, play_card


# --- Move ---------------------------------------------------------------------------------------
def legal_move(tb: Tables, s: SandsOfAdventureState, q) -> list:
    """Move: to any other tile; only Indiana may enter the villain's tile."""
    seat = q.seat
    indy = tb.comp.characters[s.chars[seat]].enter_villain_tile
    return [tb.A_MOVE[t] for t in range(ROW_LENGTH)
            if t != s.figures[seat] and (t != s.vpos or indy)]


def do_move(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    seat, to = q.seat, action.args[0]
    frm = s.figures[seat]
    s.figures[seat] = to
    events.append(ev("moved", f"{tb.name(s, seat)} moves to the {tb.tile_name(s, to)}.",
                     seat=seat, to=to, **{"from": frm}))
    s.prog = list(side_of(tb, s, to).steps)
    s.step_count = 0
    s.stage = "step"


# --- Do the Adventure Tile: the steps that run by themselves ------------------------------------
def auto_draw_action(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    for _ in range(q.data[1]):
        if not draw_explore(tb, s, q.seat, events):
            return True  # the Action deck ran out: the round is over
    s.prog.pop(0)
    return True


def auto_draw_upgrade(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    seat = q.seat
    for _ in range(q.data[1]):
        if not s.updeck:
            break
        card = s.updeck.pop()
        insort(s.hands[seat], card)
        events.append(ev("card_drawn", f"{tb.name(s, seat)} draws an Upgrade card: "
                         f"the {tb.card_name(card)}.", True, seat=seat, card=card,
                         source="upgrade"))
    s.prog.pop(0)
    return True


def auto_pick_upgrade(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    seat = q.seat
    for _ in range(q.data[1]):
        if not s.updeck:
            break
        s.aside.append(s.updeck.pop())
    if s.aside:
        events.append(ev("upgrades_revealed", f"{tb.name(s, seat)} draws "
                         f"{len(s.aside)} Upgrade card(s): " + ", ".join(
                             f"the {tb.card_name(c)}" for c in s.aside) + ".",
                         True, seat=seat, cards=list(s.aside)))
    s.prog[0] = ("keep_upgrade",)
    if len(s.aside) <= 1:
        if s.aside:
            keep(tb, s, seat, s.aside[0], events)
        s.prog.pop(0)
    return True


def auto_tile_done(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    s.stage = "roll"
    return True


def draw_explore(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> bool:
    """Drawing Cards in Exploration: a Snake is discarded at once and not replaced. False
    when the Action deck is empty: the round ends."""
    if not s.deck:
        events.append(ev("deck_empty", f"{tb.name(s, seat)} cannot draw: the Action deck "
                         "is empty.", seat=seat))
        end_round(tb, s, "deck", events)
        return False
    card = take_top(tb, s, seat, events)
    if card >= 0:
        events.append(ev("card_drawn", f"{tb.name(s, seat)} draws the "
                         f"{tb.card_name(card)}.", True, seat=seat, card=card,
                         source="action"))
    return True


# --- Do the Adventure Tile: the steps that ask ----------------------------------------------------
def _skip(s: SandsOfAdventureState) -> bool:
    s.prog.pop(0)
    s.step_count = 0
    return True


def legal_may_play(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_PLAY[c] for c in playable(tb, s, q.seat)] + [PASS]


def auto_may_play(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    """Up to the tile's number of plays; none left to make (or none matching): move on."""
    if s.step_count >= q.data[1] or not playable(tb, s, q.seat):
        return _skip(s)
    return False


def do_may_play(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    if action.kind == "pass":
        do_pass(tb, s, q, action, events)
        return
    s.step_count += 1
    play_card(tb, s, q.seat, action.args[0], "tile", events)


def do_pass(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    op = s.prog.pop(0)
    s.step_count = 0
    what = {"may_play": "play", "may_give": "give"}.get(op[0], "move the villain")
    events.append(ev("passed", f"{tb.name(s, q.seat)} chooses not to {what} (any more).",
                     seat=q.seat, step=op[0]))


def legal_take_token(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_TOKEN[t] for t in TOKEN_KINDS if s.stacks[t] > 0]


def auto_take_token(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    if not any(s.stacks.values()):
        s.prog.pop(0)
        return True
    return False


def do_take_token(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    take_token(tb, s, q.seat, action.args[0], events)
    s.prog.pop(0)


def legal_risk_upgrades(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return tb.A_UPGRADES[:min(q.data[1], len(s.updeck)) + 1]


def auto_risk_upgrades(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    if not s.updeck:
        s.prog.pop(0)
        return True
    return False


def do_risk_upgrades(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """The Market: draw up to the tile's number; two showing its colour and all are buried."""
    seat, k = q.seat, action.args[0]
    op = s.prog.pop(0)
    if k == 0:
        events.append(ev("passed", f"{tb.name(s, seat)} draws no Upgrade cards.",
                         seat=seat, step=op[0]))
        return
    colour = op[2]
    for _ in range(k):
        s.aside.append(s.updeck.pop())
    shown = sum(1 for c in s.aside if colour in tb.comp.cards[c].colours)
    bust = shown >= 2
    events.append(ev("upgrades_revealed", f"{tb.name(s, seat)} draws {k} Upgrade card(s): "
                     + ", ".join(f"the {tb.card_name(c)}" for c in s.aside) + ".", True,
                     seat=seat, cards=list(s.aside), colour=colour, shown=shown, bust=bust))
    if bust:
        events.append(ev("upgrades_lost", f"{shown} of them show {colour}: all are buried.",
                         seat=seat, colour=colour))
        continue_bury(tb, s, seat, events)
    else:
        for c in s.aside:
            insort(s.hands[seat], c)
        s.aside = []


def legal_keep_upgrade(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_KEEP[c] for c in sorted(s.aside)]


def keep(tb: Tables, s: SandsOfAdventureState, seat: int, card: int, events: list) -> None:
    s.aside.remove(card)
    insort(s.hands[seat], card)
    events.append(ev("card_kept", f"{tb.name(s, seat)} keeps the {tb.card_name(card)}.",
                     seat=seat, card=card))


def do_keep_upgrade(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    s.prog.pop(0)
    keep(tb, s, q.seat, action.args[0], events)
    continue_bury(tb, s, q.seat, events)


def continue_bury(tb: Tables, s: SandsOfAdventureState, seat: int, events: list) -> None:
    """Burying Cards: the player chooses the order; the last card needs no choice."""
    if len(s.aside) == 1:
        bury(tb, s, seat, s.aside[0], s.aside, events)
    s.stage = "bury_aside" if s.aside else "step"


def legal_bury_aside(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_BURY[c] for c in sorted(s.aside)]


def do_bury_aside(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    bury(tb, s, q.seat, action.args[0], s.aside, events)
    continue_bury(tb, s, q.seat, events)


def legal_may_give(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_GIVE[c] for c in s.hands[q.seat]] + [PASS]


def auto_may_give(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    if s.step_count >= q.data[1] or not s.hands[q.seat]:
        return _skip(s)
    return False


def do_may_give(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    if action.kind == "pass":
        do_pass(tb, s, q, action, events)
        return
    s.give_card = action.args[0]
    s.stage = "give_to"


def legal_give_to(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [t for t in tb.A_SEAT["to"][:s.n] if t.args[0] != q.seat]


def do_give_to(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    seat, card, to = q.seat, s.give_card, action.args[0]
    s.hands[seat].remove(card)
    insort(s.hands[to], card)
    s.give_card = -1
    s.step_count += 1
    events.append(ev("card_given", f"{tb.name(s, seat)} gives the {tb.card_name(card)} "
                     f"to {tb.name(s, to)}.", seat=seat, to=to, card=card))
    s.stage = "step"


def legal_may_move_villain(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [VILLAIN_LEFT, VILLAIN_RIGHT, PASS]


def do_may_move_villain(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    if action.kind == "pass":
        do_pass(tb, s, q, action, events)
        return
    s.prog.pop(0)
    frm = s.vpos
    s.vpos = (s.vpos + (1 if action.args[0] == "right" else -1)) % ROW_LENGTH
    events.append(ev("villain_moved", f"{tb.name(s, q.seat)} drives {tb.villain_name(s)} "
                     f"to the {tb.tile_name(s, s.vpos)}.", villain=s.villain, **{"from": frm},
                     to=s.vpos, by="tile"))


# --- Roll the Threat Dice -------------------------------------------------------------------------
def legal_roll(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [ROLL]


def do_roll(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """Roll the Threat Dice: the tile's number (Sallah: one)."""
    seat = q.seat
    k = dice_count(tb, s, seat)
    faces = tb.comp.threat_faces
    s.rolled = [faces[s.rng.randrange(len(faces))] for _ in range(k)]
    s.dice = list(s.rolled)
    events.append(ev("dice_rolled", f"{tb.name(s, seat)} rolls "
                     f"{' and '.join(s.rolled)}.", True, seat=seat, faces=list(s.rolled)))
    s.stage = "order" if len(set(s.dice)) > 1 else "resolve"


def legal_order(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [A("die", f) for f in dict.fromkeys(s.dice)]


def do_order(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    f = action.args[0]
    s.dice.remove(f)
    s.dice.insert(0, f)
    s.stage = "resolve"


def auto_resolve(tb: Tables, s: SandsOfAdventureState, q, events: list) -> bool:
    """Threat Dice: do each die in the chosen order (the same symbol twice: twice). If the
    timer flips, the dice not yet done are ignored."""
    while s.dice and s.phase == EXPLORE:
        f = s.dice.pop(0)
        if f == "villain":
            activate(tb, s, events)
            if s.penalty:
                s.stage = "penalty"
                return True
        else:
            add_gem(tb, s, f, s.current, events)
    if s.phase == EXPLORE:
        s.current = (s.current + 1) % s.n
        new_explore_turn(s)
        events.append(ev("turn", f"{tb.name(s, s.current)}'s turn.", seat=s.current,
                         phase=EXPLORE))
    return True


def legal_penalty(tb: Tables, s: SandsOfAdventureState, q) -> list:
    return [tb.A_BURY[c] for c in s.hands[q.seat]]


def do_penalty(tb: Tables, s: SandsOfAdventureState, q, action, events: list) -> None:
    """Colonel Dietrich's penalty: each player on his tile buries a card of their choice."""
    bury(tb, s, q.seat, action.args[0], s.hands[q.seat], events)
    s.penalty.pop(0)
    if not s.penalty:
        s.stage = "resolve"


def _none(tb, s, q) -> list:
    return []


# --- refusals -------------------------------------------------------------------------------------
def explore_reason(tb: Tables, s: SandsOfAdventureState, q, seat: int, action) -> tuple[str, str]:
    """Why ``seat`` may not take ``action`` in the Exploration Phase (``q.seat`` is the one
    player who acts now)."""
    k = action.kind
    if k in ("any", "interrupt", "ignore"):
        return ("Power tokens cannot be used during the Exploration Phase.", R_TOKENS)
    if seat != q.seat:
        return (f"It is {tb.name(s, q.seat)}'s turn to act.", "Exploration Phase")
    if k == "move" and s.stage == "move" and action.args:
        t = action.args[0]
        if not isinstance(t, int) or not 0 <= t < ROW_LENGTH:
            return ("There are five Adventure tiles, numbered 0 to 4.", R_MOVE)
        if t == s.figures[seat]:
            return ("You cannot stay on your current tile.", R_MOVE)
        if t == s.vpos:
            return ("Only Indiana may move onto the villain's tile.", R_MOVE)
    if k == "play" and s.stage == "step" and s.prog and s.prog[0][0] == "may_play":
        return play_reason(tb, s, seat, action)
    if k == "play" and q.stage in HINTS and q.stage not in ("move", "roll", "order"):
        # a tile's step asks something else now (whom to give the card to, a token to take):
        # say that, not the general rule
        return (f"No card is played now: {HINTS[q.stage]}.", R_TILE)
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
    return (f"'{action}' is not possible now: {HINTS.get(q.stage, s.stage)}.", R_TILE)


HINTS = {  # what the player is asked, for a refusal
    "move": "move to another tile first", "may_play": "you may play a card or pass",
    "take_token": "take a Power token", "risk_upgrades": "choose how many Upgrade cards to draw",
    "keep_upgrade": "choose the Upgrade card to keep", "may_give": "you may give a card or pass",
    "may_move_villain": "you may move the villain or pass",
    "give_to": "choose who receives the card", "bury_aside": "choose the order to bury the cards",
    "roll": "roll the Threat dice", "order": "choose which Threat die to do first",
    "penalty": "bury a card for the villain's penalty",
}

R = explore_reason
# name, legal, apply, auto, reason, rule
STAGES = (
    ("move", legal_move, do_move, None, R, R_MOVE),
    ("draw_action", _none, None, auto_draw_action, R, R_TILE),
    ("draw_upgrade", _none, None, auto_draw_upgrade, R, R_TILE),
    ("pick_upgrade", _none, None, auto_pick_upgrade, R, R_TILE),
    ("may_play", legal_may_play, do_may_play, auto_may_play, R, R_TILE),
    ("take_token", legal_take_token, do_take_token, auto_take_token, R, R_TILE),
    ("risk_upgrades", legal_risk_upgrades, do_risk_upgrades, auto_risk_upgrades, R, R_TILE),
    ("keep_upgrade", legal_keep_upgrade, do_keep_upgrade, None, R, R_TILE),
    ("bury_aside", legal_bury_aside, do_bury_aside, None, R, R_BURY),
    ("may_give", legal_may_give, do_may_give, auto_may_give, R, R_TILE),
    ("give_to", legal_give_to, do_give_to, None, R, R_TILE),
    ("may_move_villain", legal_may_move_villain, do_may_move_villain, None, R, R_TILE),
    ("tile_done", _none, None, auto_tile_done, R, R_TILE),
    ("roll", legal_roll, do_roll, None, R, R_DICE),
    ("order", legal_order, do_order, None, R, R_DICE),
    ("resolve", _none, None, auto_resolve, R, R_DICE),
    ("penalty", legal_penalty, do_penalty, None, R, R_VILLAIN),
)
