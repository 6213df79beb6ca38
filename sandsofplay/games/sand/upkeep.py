"""The Upkeep Phase (Rulebook: The Upkeep Phase, The Missions): Missions chosen in reverse turn
order and then kept or cashed, the new turn order with its Prestige, plants refilled in city order,
the roll with one optional reroll (also the first roll, at set-up), new Missions revealed; the
start of a workday; and the end of the game."""

from __future__ import annotations

from sandsofplay.engine import Action, Event
from sandsofplay.engine.describe import plural
from sandsofplay.engine.flow import Question

from .core import A, D, TRACK_KEY, advance, gain, trav, who
from .data import DICE
from .placing import begin_turn
from .scoring import finish
from .setup import draw_plant, roll, start_roll
from .state import SandState

R_PICK = "Choose a Mission Card"
R_ROLL = "Roll the Dice"
REROLL, KEEP_DICE = A("reroll"), A("keep_dice")


def end_of_round(s: SandState, ev: list) -> None:
    if s.round >= s.rounds:
        finish(s, ev)
        return
    s.step = "pick"
    s.picks = []
    s.queue = list(reversed(s.order))
    s.cur = s.queue[0]
    ev.append(Event("upkeep", {"round": s.round}, f"Upkeep after workday {s.round}."))


# --- Choose a Mission Card ------------------------------------------------------------------------

def legal_pick(s: SandState, q: Question) -> list[Action]:
    taken = {m for _seat, m in s.picks}
    return [A("pick", m) for m in s.display if m not in taken]


def do_pick(s: SandState, q: Question, a: Action, ev: list) -> None:
    seat = q.seat
    m = a.args[0]
    s.picks.append([seat, m])
    ev.append(Event("pick", {"seat": seat, "mission": m},
                    f"{who(s, seat)} puts their Turn marker on Mission {m}."))
    s.queue.pop(0)
    if s.queue:
        s.cur = s.queue[0]
        return
    if s.solo:
        alhazred_mission(s, ev)
    s.step = "keep"
    s.queue = [seat for seat, _m in s.picks]
    s.cur = s.queue[0]


def legal_keep(s: SandState, q: Question) -> list[Action]:
    p = s.players[q.seat]
    out = [] if p["rec"]["iwakura"] else [A("keep_mission")]
    return out + [A("take_reward")]


def do_keep(s: SandState, q: Question, a: Action, ev: list) -> None:
    seat = q.seat
    m = dict(s.picks)[seat]
    p = s.players[seat]
    s.display.remove(m)
    if a.kind == "keep_mission":
        p["kept"].append(m)
        ev.append(Event("keep", {"seat": seat, "mission": m},
                        f"{who(s, seat)} keeps Mission {m} for the end of the game."))
    else:
        word, n = D.missions[m].immediate
        if word == "coins":
            gain(s, p, n)
        else:
            advance(p, TRACK_KEY[word], n)
        s.mdiscard.append(m)
        ev.append(Event("cash", {"seat": seat, "mission": m, "reward": [word, n]},
                        f"{who(s, seat)} takes Mission {m}'s immediate reward: {word} {n}."))
    s.queue.pop(0)
    if s.queue:
        s.cur = s.queue[0]
        return
    finish_upkeep(s, ev)


def pick_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    taken = {m for _seat, m in s.picks}
    left = ", ".join(str(m) for m in s.display if m not in taken)
    return f"{who(s, seat)} first chooses one of the Missions still on display: {left}."


def keep_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    m = dict(s.picks).get(seat, "")
    if s.players[seat]["rec"]["iwakura"]:
        return f"{who(s, seat)} has delivered an Iwakura rock, so Mission {m} can only be " \
               "discarded for its immediate reward."
    return f"{who(s, seat)} first keeps Mission {m} for the end of the game or discards it for " \
           "its immediate reward."


def alhazred_mission(s: SandState, ev: list) -> None:
    """Alhazred takes the card closest to the deck (highest value) and its coins at once."""
    taken = {m for _q, m in s.picks}
    left = [m for m in s.display if m not in taken]
    if not left:
        return
    m = max(left)
    got = gain(s, s.alh, D.missions[m].reward)
    s.alh["missions"].append(m)
    s.mdiscard.append(m)
    s.display.remove(m)
    ev.append(Event("alh_mission", {"mission": m, "coins": got},
                    f"Alhazred takes Mission {m} and {plural(got, 'coin')}."))


def finish_upkeep(s: SandState, ev: list) -> None:
    taken = {m for _q, m in s.picks}
    s.mdiscard.extend(m for m in s.display if m not in taken)
    s.display = []
    if not s.solo:
        # the lowest card (rightmost) plays first
        s.order = [q for q, _m in sorted(s.picks, key=lambda x: x[1])]
        for pos, q in enumerate(s.order):
            advance(s.players[q], "prest", D.turn_prestige[pos])
        ev.append(Event("order", {"order": list(s.order)},
                        "Turn order: " + ", ".join(who(s, q) for q in s.order) + "."))
    s.picks = []
    s.queue = []
    refill(s, ev)
    start_roll(s)
    ev.append(Event("roll", {"dice": list(s.dice)}, f"{who(s, s.cur)} rolls the dice.",
                    reveal=True))


def refill(s: SandState, ev: list) -> None:
    placed = []
    for city in D.cities:
        for slot in range(2):
            if not s.cities[city][slot]:
                c = draw_plant(s)
                if c:
                    s.cities[city][slot] = c
                    placed.append([city, slot, c])
    ev.append(Event("refill", {"boxes": placed}, "Plants are replenished in the cities.",
                    reveal=True))


# --- Roll the Dice --------------------------------------------------------------------------------

def legal_roll(s: SandState, q: Question) -> list[Action]:
    return [REROLL, KEEP_DICE]  # after the one reroll the roll is final at once


def do_roll(s: SandState, q: Question, a: Action, ev: list) -> None:
    if a.kind == "reroll":
        roll(s)
        ev.append(Event("roll", {"dice": list(s.dice), "reroll": True},
                        f"{who(s, q.seat)} rerolls the dice: {dice_text(s)}.", reveal=True))
    after_roll(s, ev)


def roll_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    return f"{who(s, seat)} first rerolls all the dice (once) or keeps them: {dice_text(s)}."


def dice_text(s: SandState) -> str:
    return ", ".join(f"{c} {v}" for c, v in zip(DICE, s.dice))


def after_roll(s: SandState, ev: list) -> None:
    """The roll is final: reveal the next workday's Missions and start the round."""
    if s.step != "roll":
        return
    if not s.started:
        s.started = True
    else:
        s.round += 1
        if s.deck:
            cards, s.deck = s.deck[:s.per_day], s.deck[s.per_day:]
            s.display = sorted(cards, reverse=True)
            ev.append(Event("missions", {"display": list(s.display)},
                            "New Missions: " + ", ".join(str(m) for m in s.display) + ".",
                            reveal=True))
    start_round(s, ev)


def start_round(s: SandState, ev: list) -> None:
    s.phase = 0
    s.oi = 0
    for p in s.players:
        if trav(p, "zhirtalla"):
            advance(p, "pray", 6)
    begin_turn(s, s.order[0], ev)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("roll", legal_roll, do_roll, None, roll_reason, R_ROLL),
    ("pick", legal_pick, do_pick, None, pick_reason, R_PICK),
    ("keep", legal_keep, do_keep, None, keep_reason, R_PICK),
)
