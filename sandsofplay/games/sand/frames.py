"""The small follow-up questions of an action, kept on the state's ``pending`` stack (top last):
paying a die's shortfall with Prayers and money (``pay``, Modifying the Value of a Die), adding to
a Worm's care (``extra``), a record's reward (``choose``, ``combined``, ``shelter``,
``companion``: Record of Goods Delivered), a delivery one Box at a time (``deliver``: Delivery of
Goods), and the delivered Boxes still to be placed on the records under a question one of them
asked (``boxes``). Each kind is one stage; a frame is ``[kind, seat, ...]``, its question's data.
A question that has no answer left goes by itself (e.g. a second Companion reward when every
Companion is already flipped)."""

from __future__ import annotations

from sandsofplay.engine import Action, Event
from sandsofplay.engine.flow import Question

from . import moves as M
from .core import A, D, advance, loc_name, who
from .data import COMPANIONS
from .goods import deliverable, place_boxes, reward, settle, shelter_sites, take_from_cargo
from .state import SandState

R_DIE = "Modifying the Value of a Die"
R_RECORD = "Record of Goods Delivered"
R_DELIVER = "Delivery of Goods"
TRACK_WORDS = {"hydration": "hyd", "food": "food", "health": "hp"}
TRACK_TOPS = {"hyd": 15, "food": 15, "hp": 10}


# --- asking -------------------------------------------------------------------------------------

def pay_then(s: SandState, seat: int, short: int, what: list, ev: list) -> None:
    """Run an action whose die falls ``short``: Prayers and money make up the difference; ask how
    to split only when there is a real choice."""
    p = s.players[seat]
    if short <= 0:
        finish(s, seat, what, 0, 0, ev)
        return
    lo, hi = max(0, short - p["coins"]), min(short, p["pray"])
    if lo == hi:
        finish(s, seat, what, lo, short - lo, ev)
    else:
        s.pending.append(["pay", seat, short] + what)


def finish(s: SandState, seat: int, what: list, prayers: int, coins: int, ev: list) -> None:
    kind = what[0]
    if kind in ("travel", "navigate"):
        M.do_travel(s, seat, what[1], what[2], prayers, coins, ev, nav=kind == "navigate")
    elif kind == "leg":
        M.do_leg(s, seat, what[1], prayers, coins, ev)
    else:  # care
        M.do_care(s, seat, what[1], what[2:], prayers, coins, ev)


def care(s: SandState, seat: int, track: str, srcs: list, ev: list) -> None:
    """Care for the Worm: ask how much to add when Prayers and money could add more."""
    if M.care_room(s, seat, track, srcs) > 0:
        s.pending.append(["extra", seat, track] + srcs)
    else:
        M.do_care(s, seat, track, srcs, 0, 0, ev)


# --- the answers of each kind of question ---------------------------------------------------------

def legal_pay(s: SandState, q: Question) -> list[Action]:
    f = q.data
    p = s.players[f[1]]
    k = f[2]
    lo, hi = max(0, k - p["coins"]), min(k, p["pray"])
    return [A("prayers", j) for j in range(lo, hi + 1)]


def do_pay(s: SandState, q: Question, a: Action, ev: list) -> None:
    f = s.pending.pop()
    finish(s, q.seat, f[3:], a.args[0], f[2] - a.args[0], ev)


def legal_extra(s: SandState, q: Question) -> list[Action]:
    f = q.data
    room = M.care_room(s, f[1], f[2], f[3:])
    return [A("extra", k) for k in range(room + 1)]


def do_extra(s: SandState, q: Question, a: Action, ev: list) -> None:
    f = s.pending.pop()
    extra = a.args[0]
    what = ["care", f[2]] + f[3:]
    if extra == 0:
        finish(s, q.seat, what, 0, 0, ev)
    else:
        pay_then(s, q.seat, extra, what, ev)


def legal_choose(s: SandState, q: Question) -> list[Action]:
    f = q.data
    return [A("reward", i) for i in range(len(D.records[f[2]][f[3]]))]


def do_choose(s: SandState, q: Question, a: Action, ev: list) -> None:
    f = s.pending.pop()
    reward(s, q.seat, D.records[f[2]][f[3]][a.args[0]], ev)


def legal_combined(s: SandState, q: Question) -> list[Action]:
    p = s.players[q.data[1]]
    return [A("advance", t) for t, key in TRACK_WORDS.items() if p[key] < TRACK_TOPS[key]]


def do_combined(s: SandState, q: Question, a: Action, ev: list) -> None:
    f = s.pending.pop()
    seat, track = q.seat, a.args[0]
    p = s.players[seat]
    advance(p, TRACK_WORDS[track], 1)
    if f[2] > 1 and any(p[key] < top for key, top in TRACK_TOPS.items()):
        s.pending.append(["combined", seat, f[2] - 1])
    ev.append(Event("advance", {"seat": seat, "track": track},
                    f"{who(s, seat)} advances {track} by 1."))


def legal_shelter(s: SandState, q: Question) -> list[Action]:
    return [A("shelter", loc) for loc in shelter_sites(s, q.data[1])]


def do_shelter(s: SandState, q: Question, a: Action, ev: list) -> None:
    s.pending.pop()
    seat, loc = q.seat, a.args[0]
    s.players[seat]["shelter"] = loc
    ev.append(Event("shelter", {"seat": seat, "loc": loc},
                    f"{who(s, seat)} sets up the Shelter at {loc_name(loc)}."))


def legal_companion(s: SandState, q: Question) -> list[Action]:
    p = s.players[q.data[1]]
    return [A("companion", c) for c in COMPANIONS if c not in p["comp"]]


def do_companion(s: SandState, q: Question, a: Action, ev: list) -> None:
    s.pending.pop()
    seat, c = q.seat, a.args[0]
    s.players[seat]["comp"].append(c)
    ev.append(Event("companion", {"seat": seat, "companion": c},
                    f"{who(s, seat)} is joined by the {c.replace('_', ' ').title()}."))


def legal_deliver(s: SandState, q: Question) -> list[Action]:
    f = q.data
    out = [A("give", i) for i in deliverable(s, f[1])]
    if f[2]:
        out.append(A("done"))
    return out


def do_deliver(s: SandState, q: Question, a: Action, ev: list) -> None:
    f = s.pending.pop()
    seat = q.seat
    if a.kind == "give":
        f[2].append(take_from_cargo(s, s.players[seat], a.args[0]))
        s.pending.append(f)
    else:
        s.turn["delivered"] = 1
        settle(s, seat, f[2], ev)


def _nothing(s: SandState, q: Question) -> list[Action]:
    return []


def auto_boxes(s: SandState, q: Question, ev: list) -> bool:
    """Carry on placing delivered Boxes once the question one of them asked is answered."""
    f = s.pending.pop()
    place_boxes(s, f[1], f[2], ev)
    return True


def goes_unanswered(legal):
    """The ``auto`` of a question kind: one with no answer left is dropped."""
    def auto(s: SandState, q: Question, ev: list) -> bool:
        if legal(s, q):
            return False
        s.pending.pop()
        return True
    return auto


# --- why an answer is refused -------------------------------------------------------------------

WANTS = {  # what each question wants first, after the player's name
    "pay": lambda f: f"first decides how to make up the {f[2]} the die is short: how many "
                     "Prayers, the rest in coins.",
    "extra": lambda f: "first decides how much Prayers or money add to the care (or nothing "
                       "more).",
    "choose": lambda f: f"first chooses a reward of the {f[2]} record.",
    "combined": lambda f: "first chooses the track to advance by 1: Hydration, Food or Health.",
    "shelter": lambda f: "first chooses where to set up the Shelter.",
    "companion": lambda f: "first chooses the Companion to flip.",
    "deliver": lambda f: "is delivering and first chooses the next Box someone here buys, or "
                         "finishes the delivery.",
    "boxes": lambda f: "is still placing the delivered Boxes on the records.",
}


def frame_reason(s: SandState, q: Question, seat: int, a: Action) -> str:
    return f"{who(s, seat)} {WANTS[q.stage](q.data)}"


R = frame_reason
# name, legal, apply, auto, reason, rule
STAGES = (
    ("pay", legal_pay, do_pay, goes_unanswered(legal_pay), R, R_DIE),
    ("extra", legal_extra, do_extra, goes_unanswered(legal_extra), R, R_DIE),
    ("choose", legal_choose, do_choose, goes_unanswered(legal_choose), R, R_RECORD),
    ("combined", legal_combined, do_combined, goes_unanswered(legal_combined), R, R_RECORD),
    ("shelter", legal_shelter, do_shelter, goes_unanswered(legal_shelter), R, "The Shelters"),
    ("companion", legal_companion, do_companion, goes_unanswered(legal_companion), R,
     "The Companions"),
    ("deliver", legal_deliver, do_deliver, goes_unanswered(legal_deliver), R, R_DELIVER),
    ("boxes", _nothing, None, auto_boxes, R, R_DELIVER),
)
