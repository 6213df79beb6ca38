"""Game setup (Game setup; Determining Who Starts; Stronghold; City Section).

Each seat plays a starter deck (options ``deck1``..``deck4``). Its Stronghold starts in play;
each player buys City Sections with the Stronghold's City Points, one at a time (``buy ID``)
until ``ready`` (leftover points are lost; option ``sections=plan`` buys the deck's suggested
set at once). Then decks are shuffled, each player draws four cards plus one per City Section,
City Sections fill with their Water, and the Fate cut gives the Caliph's Blessing (ties cut
again).
"""

from __future__ import annotations

from sandsofplay.engine import RNG, Event

from . import turn
from .cards import CARDS, card, player_name
from .data import get as _data
from .frames import A, log, none, push, refuse
from .state import BurningSandsState

D = _data()
DECK_IDS = tuple(sorted(D.decks))


def new_state(n, deck_ids, sections_mode, seed, limit=turn.DEFAULT_LIMIT) -> BurningSandsState:
    """The state as set up, its first frames pushed; the game's flow settles it (``stages``)."""
    s = BurningSandsState.__new__(BurningSandsState)
    s.rng = RNG(seed)
    s._cache = None
    s.n = n
    s.decks = []
    s.cdef, s.owner = [], []
    s.deck = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.saved = [[] for _ in range(n)]
    s.buried = [[] for _ in range(n)]
    s.home = [[] for _ in range(n)]
    s.heroes = [[] for _ in range(n)]
    s.sections = [[] for _ in range(n)]
    s.att, s.under, s.water, s.bowed = [], [], [], []
    s.mods = []
    s.omen, s.omen_battle = -1, 0
    s.limbo = []
    s.alive = [1] * n
    s.stronghold = [-1] * n
    s.phase, s.turn, s.blessed, s.cur, s.passes, s.acted = "setup", 0, 0, 0, 0, 0
    s.stack = []
    s.attacked = [0] * n
    s.raided = []
    s.atk = None
    s.w_start = s.w_created = s.w_lost = 0
    s.over, s.result, s.actions = 0, None, 0
    s.tact, s.duel = [], []
    s.limit = limit
    s.setup_q = [deck_ids[p] for p in range(n)]
    for p in range(n):
        dk = D.decks[deck_ids[p]]
        s.stronghold[p] = _new_card(s, dk.stronghold, p)
        s.home[p].append(s.stronghold[p])
        ids = [cid for cid, k in dk.cards for _ in range(k)]
        s.decks.append(sorted(D.by_id[c].idx for c in ids))
        s.rng.shuffle(ids)  # uids carry no hint of which card they are
        for cid in ids:
            s.deck[p].append(_new_card(s, cid, p))
    ev = []
    if sections_mode == "plan":
        for p in range(n):
            for sid in D.decks[deck_ids[p]].plan:
                s.sections[p].append(_new_card(s, sid, p))
        _start(s, {}, ev)
    else:
        push(s, {"k": "start", "seat": -1})
        for p in reversed(range(n)):
            push(s, {"k": "buy", "seat": p, "cp": card(s, s.stronghold[p]).cp})
    return s


def _new_card(s: BurningSandsState, cid, p) -> int:
    u = len(s.cdef)
    s.cdef.append(D.by_id[cid].idx)
    s.owner.append(p)
    s.att.append([])
    s.under.append([])
    s.water.append(0)
    s.bowed.append(0)
    return u


def offered(s: BurningSandsState, p):
    return D.decks[s.setup_q[p]].sections


def _buy_legal(s: BurningSandsState, f):
    p = f["seat"]
    out = [A("buy", sid) for sid in offered(s, p) if D.by_id[sid].cp_cost <= f["cp"]]
    if s.sections[p]:
        out.append(A("ready"))
    return out


def _buy_apply(s: BurningSandsState, f, a, ev):
    p = f["seat"]
    if a.kind == "ready":
        s.stack.pop()
        log(ev, "ready", f"{player_name(s, p)} keeps {len(s.sections[p])} City Sections; "
            f"{f['cp']} City Points are lost.")
        return
    sid = a.args[0]
    s.sections[p].append(_new_card(s, sid, p))
    f["cp"] -= D.by_id[sid].cp_cost
    log(ev, "buy", f"{player_name(s, p)} buys {D.by_id[sid].name}.", seat=p)




def _start(s: BurningSandsState, f, ev):
    if s.stack and s.stack[-1]["k"] == "start":
        s.stack.pop()
    n = s.n
    for p in range(n):
        s.rng.shuffle(s.deck[p])
        for sec in s.sections[p]:
            s.water[sec] = card(s, sec).capacity
        for _ in range(4 + len(s.sections[p])):
            s.hand[p].append(s.deck[p].pop())
    s.w_start = sum(s.water)
    # the Fate cut: highest exposed Fate value takes the Blessing; ties cut again
    tied = list(range(n))
    rounds = []
    while len(tied) > 1:
        vals = {}
        cut = []
        for p in tied:
            k = s.rng.randrange(len(s.deck[p]))
            s.deck[p] = s.deck[p][k:] + s.deck[p][:k]
            vals[p] = card(s, s.deck[p][0]).fate
            cut.append([p, CARDS[s.cdef[s.deck[p][0]]].id, vals[p]])
        rounds.append(cut)
        top = max(vals.values())
        tied = [p for p in tied if vals[p] == top]
        if len(rounds) >= 50:  # decks of one Fate value only: let chance decide (ruling R-24)
            tied = [tied[s.rng.randrange(len(tied))]]
    s.blessed = tied[0]
    s.phase = "play"
    s.turn = 1
    ev.append(Event("cut", {"rounds": rounds, "blessed": s.blessed},
                    f"The Fate cut gives {player_name(s, s.blessed)} the Caliph's Blessing.",
                    reveal=True))
    turn.begin_turn(s, ev)
    return True


def _buy_reason(s: BurningSandsState, f, seat, a):
    name = player_name(s, seat)
    why = {"ready": f"{name} must buy at least one City Section first.",
           "buy": f"{name} has {f['cp']} City Points left, and may buy only a City Section the "
                  "deck offers at that cost or less."}.get(a.kind, "")
    return refuse(s, f, seat, "to buy City Sections", why)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("buy", _buy_legal, _buy_apply, None, _buy_reason, "Game setup"),
    ("start", none, None, _start, None, "Determining Who Starts"),
)
