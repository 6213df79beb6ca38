"""The flow of a game (Rulebook: Game Description, Game Turns): set-up questions, placing Action
tokens at the start of a turn, the actions (``moves``), the small follow-up questions (paying a
die boost with Prayers and money, record rewards, deliveries one Box at a time), the end of a turn
and of a phase; the Upkeep is in ``upkeep``."""

from __future__ import annotations

from sandsofplay.engine import Event

from . import moves as M
from . import upkeep
from .core import A, D, advance, free_spaces, loc_name, new_turn_flags, who
from .data import COMPANIONS, DICE
from .goods import deliverable, place_boxes, reward, settle, shelter_sites, take_from_cargo
from .setup import roll
from .state import POOL, READY, SPENT

TRACK_WORDS = {"hydration": "hyd", "food": "food", "health": "hp"}
TRACK_TOPS = {"hyd": 15, "food": 15, "hp": 10}


# --- legal actions ------------------------------------------------------------------------------

def legal(s, seat) -> list:
    if s.over or seat != s.cur:
        return []
    st = s.step
    if st == "act":
        if s.pending:
            return frame_answers(s, s.pending[-1])
        return M.legal_act(s, seat)
    if st == "place":
        return place_actions(s, seat)
    if st == "traveler":
        return [A("traveler", t) for t in s.offer]
    if st == "roll":
        return [A("reroll"), A("keep_dice")]  # after the one reroll the roll is final at once
    if st == "pick":
        taken = {m for _seat, m in s.picks}
        return [A("pick", m) for m in s.display if m not in taken]
    if st == "keep":
        p = s.players[seat]
        out = [] if p["rec"]["iwakura"] else [A("keep_mission")]
        return out + [A("take_reward")]
    return []


PLACE = [A("place", c) for c in DICE]
ABANDON = [A("abandon", i) for i in range(8)]
GO = A("go")


def place_actions(s, seat) -> list:
    p = s.players[seat]
    tok = p["tok"]
    out = []
    if free_spaces(p) > 0:
        out = [PLACE[i] for i in range(4) if tok[i] == POOL]
    for i, e in enumerate(p["cargo"]):
        if e[0] >= 0:
            out.append(ABANDON[i])
    out.append(GO)
    return out


def nothing_to_place(s, seat) -> bool:
    p = s.players[seat]
    if any(e[0] >= 0 for e in p["cargo"]):
        return False
    return free_spaces(p) <= 0 or POOL not in p["tok"]


def frame_answers(s, f) -> list:
    kind, seat = f[0], f[1]
    p = s.players[seat]
    if kind == "pay":
        k = f[2]
        lo, hi = max(0, k - p["coins"]), min(k, p["pray"])
        return [A("prayers", j) for j in range(lo, hi + 1)]
    if kind == "extra":
        room = M.care_room(s, seat, f[2], f[3:])
        return [A("extra", k) for k in range(room + 1)]
    if kind == "choose":
        return [A("reward", i) for i in range(len(D.records[f[2]][f[3]]))]
    if kind == "combined":
        return [A("advance", t) for t, key in TRACK_WORDS.items() if p[key] < TRACK_TOPS[key]]
    if kind == "shelter":
        return [A("shelter", loc) for loc in shelter_sites(s, seat)]
    if kind == "companion":
        return [A("companion", c) for c in COMPANIONS if c not in p["comp"]]
    if kind == "deliver":
        out = [A("give", i) for i in deliverable(s, seat)]
        if f[2]:
            out.append(A("done"))
        return out
    return []


# --- applying -----------------------------------------------------------------------------------

def apply(s, seat, a, ev) -> None:
    k, args = a.kind, a.args
    st = s.step
    if st == "traveler":
        s.players[seat]["trav"] = args[0]
        s.offer.remove(args[0])
        ev.append(Event("traveler", {"seat": seat, "traveler": args[0]},
                        f"{who(s, seat)} travels as {D.travelers[args[0]]}."))
        s.queue.pop(0)
        if s.queue:
            s.cur = s.queue[0]
        else:
            s.offer = []
            from .setup import start_roll
            start_roll(s)
        return
    if st == "roll":
        if k == "reroll":
            roll(s)
            ev.append(Event("roll", {"dice": list(s.dice), "reroll": True},
                            f"{who(s, seat)} rerolls the dice: {dice_text(s)}.", reveal=True))
        upkeep.after_roll(s, ev)
        return
    if st in ("pick", "keep"):
        upkeep.apply_upkeep(s, seat, a, ev)
        return
    if st == "place":
        if k == "place":
            s.players[seat]["tok"][DICE.index(args[0])] = READY
        elif k == "abandon":
            M.do_abandon(s, seat, args[0], ev, True)
        else:
            s.step = "act"
        if s.step == "place" and nothing_to_place(s, seat):
            s.step = "act"
        return
    if s.pending:
        answer(s, seat, a, ev)
    else:
        act(s, seat, a, ev)
    prune(s, ev)


def prune(s, ev) -> None:
    """Carry on placing delivered Boxes once the question one of them asked is answered
    (``boxes`` frames), and drop follow-up questions that no longer have an answer (e.g. a second
    Companion reward when every Companion is already flipped)."""
    while s.pending:
        f = s.pending[-1]
        if f[0] == "boxes":
            s.pending.pop()
            place_boxes(s, f[1], f[2], ev)
        elif frame_answers(s, f):
            return
        else:
            s.pending.pop()


def act(s, seat, a, ev):
    k, args = a.kind, a.args
    p = s.players[seat]
    if k in ("travel", "navigate"):
        rid, src = args
        need, _cost = M.route_need(p, rid)
        short = need - M.die_value(s, M.source_colour(src))
        _pay_then(s, seat, short, [k, rid, src], ev)
    elif k == "leg":
        need, _cost = M.route_need(p, args[0])
        _pay_then(s, seat, need - s.turn["nav_value"], ["leg", args[0]], ev)
    elif k == "walk":
        M.do_walk(s, seat, args[0], ev)
    elif k == "care":
        srcs = list(args[1:])
        if M.care_room(s, seat, args[0], srcs) > 0:
            s.pending.append(["extra", seat, args[0]] + srcs)
        else:
            M.do_care(s, seat, args[0], srcs, 0, 0, ev)
    elif k == "tend":
        if M.care_room(s, seat, "health", [args[0]]) > 0:
            s.pending.append(["extra", seat, "health", args[0]])
        else:
            M.do_care(s, seat, "health", [args[0]], 0, 0, ev)
    elif k in ("pray", "prestige"):
        M.do_simple(s, seat, k, args[0], ev)
    elif k == "song":
        M.do_song(s, seat, args[0], ev)
    elif k == "load":
        M.do_load(s, seat, args[0], ev, how=args[1] if len(args) > 1 else "")
    elif k == "stack":
        M.do_stack(s, seat, args[0], ev)
    elif k == "deliver":
        s.pending.append(["deliver", seat, []])
    elif k == "acolyte":
        M.do_acolyte(s, seat, args[0], args[1], args[2], ev)
    elif k == "store":
        M.do_store(s, seat, args[0], ev)
    elif k == "retrieve":
        M.do_retrieve(s, seat, args[0], ev)
    elif k == "shaman":
        M.do_shaman(s, seat, args[0], ev)
    elif k == "sonett":
        M.do_sonett(s, seat, args[0], args[1], ev)
    elif k == "surmesh":
        s.turn["flip"] = [args[0], args[1]]
        ev.append(Event("surmesh", {"seat": seat, "dice": list(args)},
                        f"{who(s, seat)} turns the {args[0]} and {args[1]} dice over."))
    elif k == "abandon":
        M.do_abandon(s, seat, args[0], ev, False)
    elif k == "end":
        end_turn(s, seat, ev)


def _pay_then(s, seat, short, what, ev):
    """Run an action whose die falls ``short``: Prayers and money make up the difference; ask how
    to split only when there is a real choice."""
    p = s.players[seat]
    if short <= 0:
        _finish(s, seat, what, 0, 0, ev)
        return
    lo, hi = max(0, short - p["coins"]), min(short, p["pray"])
    if lo == hi:
        _finish(s, seat, what, lo, short - lo, ev)
    else:
        s.pending.append(["pay", seat, short] + what)


def _finish(s, seat, what, prayers, coins, ev):
    kind = what[0]
    if kind in ("travel", "navigate"):
        M.do_travel(s, seat, what[1], what[2], prayers, coins, ev, nav=kind == "navigate")
    elif kind == "leg":
        M.do_leg(s, seat, what[1], prayers, coins, ev)
    else:  # care
        M.do_care(s, seat, what[1], what[2:], prayers, coins, ev)


def answer(s, seat, a, ev):
    f = s.pending.pop()
    k, args = a.kind, a.args
    p = s.players[seat]
    kind = f[0]
    if kind == "pay":
        _finish(s, seat, f[3:], args[0], f[2] - args[0], ev)
    elif kind == "extra":
        extra = args[0]
        what = ["care", f[2]] + f[3:]
        if extra == 0:
            _finish(s, seat, what, 0, 0, ev)
        else:
            _pay_then(s, seat, extra, what, ev)
    elif kind == "choose":
        reward(s, seat, D.records[f[2]][f[3]][args[0]], ev)
    elif kind == "combined":
        advance(p, TRACK_WORDS[args[0]], 1)
        if f[2] > 1 and any(p[key] < top for key, top in TRACK_TOPS.items()):
            s.pending.append(["combined", seat, f[2] - 1])
        ev.append(Event("advance", {"seat": seat, "track": args[0]},
                        f"{who(s, seat)} advances {args[0]} by 1."))
    elif kind == "shelter":
        p["shelter"] = args[0]
        ev.append(Event("shelter", {"seat": seat, "loc": args[0]},
                        f"{who(s, seat)} sets up the Shelter at {loc_name(args[0])}."))
    elif kind == "companion":
        p["comp"].append(args[0])
        ev.append(Event("companion", {"seat": seat, "companion": args[0]},
                        f"{who(s, seat)} is joined by the {args[0].replace('_', ' ').title()}."))
    elif kind == "deliver":
        if k == "give":
            f[2].append(take_from_cargo(s, p, args[0]))
            s.pending.append(f)
        else:
            s.turn["delivered"] = 1
            settle(s, seat, f[2], ev)


def dice_text(s) -> str:
    return ", ".join(f"{c} {v}" for c, v in zip(DICE, s.dice))


# --- turns and phases ---------------------------------------------------------------------------

def begin_turn(s, seat, ev):
    s.cur = seat
    p = s.players[seat]
    p["turns"] += 1
    s.turn = new_turn_flags()
    s.step = "place"
    if nothing_to_place(s, seat):
        s.step = "act"
    ev.append(Event("turn", {"seat": seat, "round": s.round, "phase": s.phase},
                    f"{who(s, seat)}'s turn ({PHASES[s.phase]}, workday {s.round})."))


PHASES = ("Morning", "Afternoon", "Night")


def end_turn(s, seat, ev):
    p = s.players[seat]
    for i in range(4):
        if p["tok"][i] in (READY, SPENT):
            p["tok"][i] = POOL
    s.turn = new_turn_flags()
    s.oi += 1
    if s.oi < len(s.order):
        begin_turn(s, s.order[s.oi], ev)
        return
    if s.solo:
        from . import alhazred
        alhazred.take_turn(s, ev)
    s.oi = 0
    s.phase += 1
    if s.phase <= 2:
        begin_turn(s, s.order[0], ev)
        return
    upkeep.end_of_round(s, ev)
