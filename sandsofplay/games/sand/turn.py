"""The flow of a game of Sand as data (Rulebook: Game Description, Game Turns), on
``engine.flow``: every stage registered in one ``Flow`` (``FLOW``), and where the rules stand.

Stages: the set-up's ``traveler`` (``setup``); ``roll``, ``pick`` and ``keep`` (``upkeep``);
``place`` (``placing``); ``act``, the actions of a turn (here: an action of ``moves``, or the end
of the turn); and one stage per kind of follow-up question (``frames``). ``questions`` reads
where the rules stand from the state's ``step``, ``pending`` and ``cur`` (the saved form is the
same as before the flow): the top ``pending`` frame during the actions, else the step. The end of
a turn and of a phase are here too; the Upkeep is in ``upkeep``."""

from __future__ import annotations

from sandsofplay.engine import Action, Event
from sandsofplay.engine.flow import Flow, Question
from sandsofplay.engine.observation import settle_views

from . import frames, placing, setup, upkeep
from . import moves as M
from .alhazred import take_turn as alhazred_turn
from .core import close_turn, who
from .state import SandState

R_ACT = "Actions of the Game"
R_TURN = "Game Turns"
RULES = {  # the section of each action of a turn
    "travel": "Travel", "navigate": "The Navigator", "leg": "The Navigator",
    "walk": "Zhaslir, the Walker", "load": "Load Plants", "stack": "The Young Worm",
    "deliver": "Delivery of Goods", "give": "Delivery of Goods", "done": "Delivery of Goods",
    "care": "Care for Your Worm", "tend": "The Custodian", "pray": "Pray",
    "prestige": "Earn Prestige", "song": "Compose Songs",
    "acolyte": "Special Action of the Acolytes",
    "store": "The Shelters", "retrieve": "The Shelters", "shaman": "The Shaman",
    "sonett": "Sonett, the Achiever", "surmesh": "Surmesh, the Pythoness",
    "abandon": "Abandoned Goods", "end": R_TURN, "place": R_TURN, "go": R_TURN,
}


# --- the actions of a turn ----------------------------------------------------------------------

def legal_act(s: SandState, q: Question) -> list[Action]:
    return M.legal_act(s, q.seat)


def do_act(s: SandState, q: Question, a: Action, ev: list) -> None:
    seat, k, args = q.seat, a.kind, a.args
    p = s.players[seat]
    if k in ("travel", "navigate"):
        rid, src = args
        need, _cost = M.route_need(p, rid)
        short = need - M.die_value(s, M.source_colour(src))
        frames.pay_then(s, seat, short, [k, rid, src], ev)
    elif k == "leg":
        need, _cost = M.route_need(p, args[0])
        frames.pay_then(s, seat, need - s.turn["nav_value"], ["leg", args[0]], ev)
    elif k == "walk":
        M.do_walk(s, seat, args[0], ev)
    elif k == "care":
        frames.care(s, seat, args[0], list(args[1:]), ev)
    elif k == "tend":
        frames.care(s, seat, "health", [args[0]], ev)
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


def act_reason(s: SandState, q: Question, seat: int, a: Action) -> tuple[str, str]:
    """Why an action of a turn is refused, with the section of that action."""
    name, k = who(s, seat), a.kind
    if k in ("travel", "navigate", "walk", "leg"):
        why = f"{name} cannot travel that route now: it must start where the Worm is, a ready " \
              "token's die (with Prayers and money) must reach the Worm's need, and the Worm " \
              "must pay its costs."
    elif k in ("load", "stack"):
        why = f"{name} cannot load that: Load Plants needs a Box here and the ready Action " \
              "token of its colour (or the free die of a Box abandoned last turn, and a free " \
              "space)."
    elif k in ("deliver", "give", "done"):
        why = f"No one here buys what {name} carries (cities refuse plants; crafts and relics " \
              "go to the port and cities; Iwakura rocks only to the port), or " \
              f"{name} has delivered here already."
    elif k in ("care", "tend"):
        why = f"{name} cannot care for the Worm that way: it needs the matching ready token(s) " \
              "and room on the track."
    elif k == "song":
        why = f"{name} cannot compose a Song here: it needs a city, a ready token, a Song left, " \
              "and the owner of the old Song away."
    elif k in ("place", "go"):
        why = f"{name} has finished placing Action tokens for this turn."
    else:
        why = f"'{a}' is not one of the actions open to {name} on this turn."
    return why, RULES.get(k, R_ACT)


def end_turn(s: SandState, seat: int, ev: list) -> None:
    close_turn(s, seat)
    s.oi += 1
    if s.oi < len(s.order):
        placing.begin_turn(s, s.order[s.oi], ev)
        return
    if s.solo:
        alhazred_turn(s, ev)
    s.oi = 0
    s.phase += 1
    if s.phase <= 2:
        placing.begin_turn(s, s.order[0], ev)
        return
    upkeep.end_of_round(s, ev)


# name, legal, apply, auto, reason, rule
STAGES = (("act", legal_act, do_act, None, act_reason, R_ACT),)


# --- the flow -----------------------------------------------------------------------------------

_ASKED: dict = {}  # (step, seat) -> its questions, made once (a Question is a frozen value)


def questions(s: SandState) -> tuple[Question, ...]:
    """The question open now: the top follow-up question during the actions, else the step's."""
    if s.over:
        return ()
    step, seat = s.step, s.cur
    if s.pending and step == "act":
        f = s.pending[-1]
        return (Question(f[0], seat, f),)
    asked = _ASKED.get((step, seat))
    if asked is None:
        asked = _ASKED[step, seat] = (Question(step, seat),)
    return asked


def changing(s: SandState) -> None:
    """The state is about to change: views taken before show the state before it, and the legal
    actions remembered for it are forgotten."""
    if s._views:
        settle_views(s._views)
    s._memo = None


def remembering(legal):
    """A stage's ``legal`` that keeps its answer in ``s._memo`` (with the seat and the action
    count), and the ``allows`` that reuses it, so ``apply`` after ``legal_actions`` does not work
    the list out again."""
    def remembered(s: SandState, q: Question) -> list[Action]:
        acts = legal(s, q)
        s._memo = (q.seat, s.actions, acts)
        return acts

    def allows(s: SandState, q: Question, a: Action) -> bool:
        memo = s._memo
        if memo is not None and memo[0] == q.seat and memo[1] == s.actions:
            return a in memo[2]
        return a in legal(s, q)
    return remembered, allows


def whose_turn(reason):
    """A stage's reason, after the one every stage gives a seat that is not asked."""
    def said(s: SandState, q: Question, seat: int, a: Action):
        if seat != q.seat:
            return f"It is {who(s, q.seat)}'s turn, not {who(s, seat)}'s."
        return reason(s, q, seat, a)
    return said


def make_flow() -> Flow:
    flow = Flow("Sand", questions=questions, over=lambda s: s.over, over_rule="End of the Game",
                changing=changing)
    for rows in (setup.STAGES, upkeep.STAGES, placing.STAGES, STAGES, frames.STAGES):
        for name, legal, apply, auto, reason, rule in rows:
            remembered, allows = remembering(legal)
            flow.stage(name, remembered, apply, rule, reason=whose_turn(reason), auto=auto,
                       allows=allows)
    return flow


FLOW = make_flow()


def legal(s: SandState, seat: int) -> list[Action]:
    return FLOW.legal(s, seat)


def apply(s: SandState, seat: int, a: Action, ev: list) -> None:
    """Answer ``seat``'s open question with ``a`` (already checked) and let the rules move on,
    appending events to ``ev``: ``FLOW.apply`` without its checks (the table re-runs a played
    action on a copy with it, to picture each event)."""
    q = FLOW.question(s, seat)
    FLOW.stages[q.stage].apply(s, q, a, ev)
    FLOW.settle(s, ev)


def why_illegal(s: SandState, seat: int, a: Action) -> str:
    """The sentence refusing ``a`` to ``seat`` where the rules stand, whether or not ``a`` is
    legal (the table asks it of a kind of action): the open stage's reason."""
    for q in FLOW.questions(s):
        said = FLOW.stages[q.stage].reason(s, q, seat, a)
        return said[0] if isinstance(said, tuple) else said
    return "The game is over."
