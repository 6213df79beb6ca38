"""The Upkeep Phase (Rulebook: The Upkeep Phase, The Missions): Missions chosen in reverse turn
order and then kept or cashed, the new turn order with its Prestige, plants refilled in city order,
the roll with one optional reroll, new Missions revealed; and the end of the game."""

from __future__ import annotations

from sandsofplay.engine import Event

from .core import D, TRACK_KEY, advance, gain, trav, who
from .setup import draw_plant, start_roll


def end_of_round(s, ev):
    if s.round >= s.rounds:
        from .scoring import finish
        finish(s, ev)
        return
    s.step = "pick"
    s.picks = []
    s.queue = list(reversed(s.order))
    s.cur = s.queue[0]
    ev.append(Event("upkeep", {"round": s.round}, f"Upkeep after workday {s.round}."))


def apply_upkeep(s, seat, a, ev):
    if s.step == "pick":
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
        return
    # keep
    m = dict((q, mm) for q, mm in s.picks)[seat]
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


def alhazred_mission(s, ev):
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
                    f"Alhazred takes Mission {m} and {got} coins."))


def finish_upkeep(s, ev):
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


def refill(s, ev):
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


def after_roll(s, ev):
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


def start_round(s, ev):
    from .turn import begin_turn
    s.phase = 0
    s.oi = 0
    for p in s.players:
        if trav(p, "zhirtalla"):
            advance(p, "pray", 6)
    begin_turn(s, s.order[0], ev)
