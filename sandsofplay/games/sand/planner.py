"""The turn planner of the bot levels. A turn of Sand has no chance in it, so
the bot plans the rest of its own turn: a beam search over its own action sequences until it
would end the turn, each end scored by the heuristic ``worth``. The best plan's first action is
played; the plan is kept (keyed by the seat, the search's params and the observation it expects
next - which holds the turn and the position - never by the RNG object: ``bots.base`` makes a
new RNG for every question, so a key on ``id(rng)`` never hit) so the following decisions of the
turn are instant. A kept plan is only ever found by the same seat, with the same params, in the
same position the plan's own search foresaw earlier in that turn, so a game replayed on the same
seed meets the same plans at the same moments: a bot's choice depends only on its seed, its
params and what it has seen. ``noise`` (the weaker levels) blurs how each finished plan is
valued, drawn from the question's RNG, so the weaker level sometimes settles for a worse plan.
Outside the action step (set-up, Upkeep) it looks one action ahead.

The search is a generator (``PolicyBot`` runs it in time slices of a few milliseconds): it yields
after every few units of work (a trial move, a state's legal actions, a plan step remembered) and
returns the chosen action. Where it yields never changes what it finds: the search always runs to
its end, so a slice costs a frame well under a millisecond and the same seed plays the same game.
Everything it uses comes from the observation (determinized once; nothing hidden matters within a
turn), so it is fair.
"""

from __future__ import annotations

import hashlib
import json

from sandsofplay.engine import RNG
from sandsofplay.engine.describe import plural, series

from .core import A, close_turn, loc_name
from .placing import nothing_to_place
from .state import READY, SandState
from .value import heuristic, worth

_PLANS: dict = {}
_MAX_PLANS = 64
SLICE = 4  # units of work (trial moves, legal-action lists) between yields
END = A("end")
READY_BONUS = 1.5  # the beam's order: a placed, unused Action token (``_promise``)


def _key(obs) -> str:
    o = dict(obs)
    o.pop("actions", None)
    return hashlib.blake2b(json.dumps(o, sort_keys=True, separators=(",", ":")).encode(),
                           digest_size=12).hexdigest()


def plan_key(obs, width, budget, depth, noise) -> tuple:
    """Where a plan step is kept: the seat, the search's params and the observation."""
    return (obs["seat"], width, budget, depth, noise, _key(obs))


def plan_policy(game, obs, legal, rng, width: int = 5, budget: int = 900, depth: int = 14,
                noise: float = 0.0, look: int = 0, look_width: int = 8, look_budget: int = 2000,
                keep: float = 0.0, **_):
    """An action at once (nothing to think about, or the next step of a kept plan), else a
    generator that searches and returns one. ``look`` > 0 (``normal``, ``hard``): the best
    ``look`` ends of this turn are judged by the best next turn of the same workday each leaves
    (``_lookahead``). The plan store's key needs no ``look``: the levels differ in ``width``."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    key = plan_key(obs, width, budget, depth, noise)
    hit = _PLANS.get(key)
    if hit is not None:
        for a in legal:
            if str(a) == hit:
                return a
    return _search(game, obs, legal, rng, key, width, budget, depth, noise,
                   (look, look_width, look_budget, keep))


def _search(game, obs, legal, rng, key, width, budget, depth, noise=0.0, look=(0, 0, 0, 0.0)):
    seat = obs["seat"]
    world = game.determinize(obs, rng)
    if world.step not in ("place", "act"):
        return (yield from _one_ply(game, world, seat, legal, rng))
    ends = yield from _beam(game, world, seat, width, budget, depth, rng, noise)
    if look[0] > 0 and world.phase < 2:
        ends = yield from _lookahead(game, world, ends, seat, look, depth)
    best_seq = ends[0][1] if ends else []
    if not best_seq:
        return (yield from _one_ply(game, world, seat, legal, rng))
    # remember the rest of the plan under the observations it leads to
    s = world
    for i, a in enumerate(best_seq):
        if i > 0:
            _PLANS[plan_key(game.observe(s, seat), width, budget, depth, noise)] = str(a)
            if i % 2 == 0:
                yield None
        if a == END:
            break
        s = s.clone()
        game.apply(s, seat, a)
    while len(_PLANS) > _MAX_PLANS:
        _PLANS.pop(next(iter(_PLANS)))
    first = str(best_seq[0])
    for a in legal:
        if str(a) == first:
            return a
    return legal[0]


def _one_ply(game, world, seat, legal, rng):
    best, best_v = legal[0], None
    for i, a in enumerate(legal):
        t = world.clone()
        game.apply(t, seat, a)
        v = heuristic(t, seat) + rng.uniform(0, 1e-6)
        if best_v is None or v > best_v:
            best, best_v = a, v
        if i % SLICE == SLICE - 1:
            yield best
    return best


def _beam(game, world, seat, width, budget, depth, rng=None, noise=0.0):
    """Beam search over this seat's own actions until it ends its turn: the ends found, as
    ``(value, actions, state)``, best first (the state before the ``end``).

    Only the beam's own states are kept alive (issue 28): a search tries thousands of moves and
    keeps a few, and holding every tried state until the end of its depth (or of the search)
    made the interpreter's full garbage collections walk them all, 12-35 ms inside a frame of a
    four-seat game at the table. A move tried is kept as what the beam's choice needs - its
    value, its order, its ``_sig`` - and the state of one the beam keeps is made again from its
    parent (the turn has no chance in it: the same move gives the same state). An end keeps
    ``None`` for its state; ``_state_of`` plays its actions again from ``world`` when it is
    wanted."""
    beam = [(worth(world, seat), [], world)]
    finished = []
    used = 0
    work = 0.0  # units of work since the last yield (the budget counts trial moves only)
    for _d in range(depth):
        nxt = []  # (-(value + promise), value, actions, _sig, parent state, action)
        for _v, seq, s in beam:
            work += 1
            for a in game.legal_actions(s, seat):
                if work >= SLICE:
                    work = 0.0
                    yield None
                if a == END:
                    finished.append((worth(s, seat), seq + [a], None))
                    continue
                if used >= budget:
                    continue
                t = s.clone()
                # the clone's legal actions are the ones just listed for ``s``: ``apply`` takes
                # its fast path instead of listing them again (the state is the same until then)
                t._memo = s._memo
                game.apply(t, seat, a)
                used += 1
                work += 1
                if t.cur != seat or t.step not in ("place", "act"):
                    finished.append((worth(t, seat), seq + [a], None))
                    continue
                v = worth(t, seat)
                nxt.append((-(v + _promise(t, seat)), v, seq + [a], _sig(t), s, a))
        if not nxt:
            break
        nxt.sort(key=lambda x: x[0])
        # keep the best few distinct states, each made again from its parent
        beam, seen = [], set()
        for _k, v, seq, sig, s, a in nxt:
            work += 0.25
            if work >= SLICE:
                work = 0.0
                yield None
            if sig in seen:
                continue
            seen.add(sig)
            t = s.clone()
            t._memo = s._memo
            game.apply(t, seat, a)
            work += 1
            beam.append((v, seq, t))
            if len(beam) >= width:
                break
    for v, seq, t in beam:
        finished.append((v, seq, t))
    if noise and rng is not None:
        finished = [(v + rng.uniform(-noise, noise), seq, t) for v, seq, t in finished]
    finished.sort(key=lambda x: -x[0])
    return finished


def _state_of(game, world: SandState, seat: int):
    """The state a plan of ``_beam`` from ``world`` leads to (before its ``end``), played again:
    the turn has no chance in it, so the same actions give the same state."""
    def state_of(seq):
        s = world
        for a in seq:
            if a == END:
                break
            s = s.clone()
            game.apply(s, seat, a)
        return s
    return state_of


def _next_turn(s: SandState, seat: int):
    """The seat's next turn of the same workday as it would begin from the end of this one, the
    rivals' turns between left out (the dice stay: they are rolled once a workday); None when
    that end is not a plain end of this seat's turn."""
    if s.cur != seat or s.step != "act" or s.pending or s.over or s.phase >= 2:
        return None
    n = s.clone()
    close_turn(n, seat)
    n.phase += 1
    n.players[seat]["turns"] += 1
    n.step = "act" if nothing_to_place(n, seat) else "place"
    return n


def _lookahead(game, world, ends, seat, look, depth):
    """Re-rank the best few distinct ends of this turn by what the next turn can make of each:
    the worth at the end of the best next turn a smaller beam finds from it, plus ``keep`` times
    what this turn itself earned over the best of them (``keep`` 0: the next turn alone).
    Two turns of one workday can often do the same work in either order, so the next turn alone
    rates a turn that leaves a sellable Box unsold as well as one that sells it; ``keep`` banks
    the gain now (the rivals' turns between may take it). ``noise`` blurs the scores."""
    k, width, budget, keep = look
    # (an end the next turn cannot be pictured from - cut short, or the night - is passed by)
    picked = yield from _distinct(ends, k, lambda item: bool(item[1]) and item[1][-1] == END
                                  and _next_turn(item[2], seat) is not None,
                                  _state_of(game, world, seat))
    if not picked:
        return ends
    scored = []
    now = [worth(t, seat) for _v, _seq, t in picked]
    for (v, seq, t), w in zip(picked, now):
        n = _next_turn(t, seat)
        nxt = yield from _beam(game, n, seat, width, budget, depth)
        score = (nxt[0][0] if nxt else v) + keep * (w - max(now))
        scored.append((score, seq, t))
    scored.sort(key=lambda x: -x[0])
    return scored


def _distinct(items, n, ok=None, state_of=None):
    """The first ``n`` of ``items`` (``(value, actions, state)``, best first) whose states
    differ (``_sig``), passing those ``ok`` refuses; it yields now and then (``SLICE``). An item
    whose state is ``None`` gets ``state_of(actions)`` (``_state_of``) and is returned with it."""
    out, seen, work = [], set(), 0.0
    for item in items:
        work += 0.25
        if item[2] is None:  # an end kept without its state: played again from the start
            item = (item[0], item[1], state_of(item[1]))
            work += 0.5 * len(item[1])
        if work >= SLICE:
            work = 0.0
            yield None
        if ok is not None and not ok(item):
            continue
        sig = _sig(item[2])
        if sig in seen:
            continue
        seen.add(sig)
        out.append(item)
        if len(out) >= n:
            break
    return out


def _promise(s: SandState, seat: int) -> float:
    """What a half-played turn still holds that ``worth`` does not count: each Action token
    placed and not yet used is an action to come, and so is one begun whose follow-up question is
    still open (its gain is not in ``worth`` yet). Only the beam's order among unfinished turns
    uses it (an ended turn has none), so a turn that placed all its tokens is not dropped for one
    that placed one and used it."""
    return READY_BONUS * (s.players[seat]["tok"].count(READY) + (1 if s.pending else 0))


def _sig(s: SandState):
    p = s.players[s.cur] if 0 <= s.cur < s.n else None
    if p is None:
        return id(s)
    return (p["loc"], p["hyd"], p["food"], p["hp"], p["pray"], p["prest"], p["coins"],
            tuple(p["tok"]), tuple(tuple(e[1]) for e in p["cargo"]), len(s.pending),
            tuple(map(tuple, s.cities.values())))


def explain(game, state, seat, action, width=5, budget=900, depth=14, noise=0.0) -> str:
    """One sentence saying why ``action`` is worth doing (the Hint): the rest of the turn the
    plan it starts leads to (the kept plan steps, followed from the seat's own view), told by
    what it earns - coins, Boxes delivered and loaded, Prestige, where the Worm ends."""
    world = game.determinize(game.observe(state, seat), RNG(0))
    s = world.clone()
    try:
        game.apply(s, seat, action)
    except Exception:  # noqa: BLE001 - a stale hint: nothing to explain
        return ""
    for _ in range(depth):
        if s.over or s.cur != seat or s.step not in ("place", "act"):
            break
        nxt = _PLANS.get(plan_key(game.observe(s, seat), width, budget, depth, noise))
        if nxt is None:
            break
        a = next((x for x in game.legal_actions(s, seat) if str(x) == nxt), None)
        if a is None or a == END:
            break
        game.apply(s, seat, a)
    p0, p1 = world.players[seat], s.players[seat]
    parts = []
    boxes = sum(len(v) for v in p1["rec"].values()) - sum(len(v) for v in p0["rec"].values())
    coins = p1["coins"] - p0["coins"]
    if boxes > 0:
        parts.append(f"deliver {boxes} Box{'es' if boxes > 1 else ''}")
    loaded = sum(len(e[1]) for e in p1["cargo"]) - sum(len(e[1]) for e in p0["cargo"]) + boxes
    if loaded > 0:
        parts.append(f"load {loaded} Box{'es' if loaded > 1 else ''} to sell later")
    if coins > 0:
        parts.append(f"earn {plural(coins, 'coin')}")
    if p1["prest"] > p0["prest"]:
        parts.append(f"gain {p1['prest'] - p0['prest']} Prestige")
    songs = sum(1 for v in s.songs.values() if v == seat) - \
        sum(1 for v in world.songs.values() if v == seat)
    if songs > 0:
        parts.append("compose a Song")
    if p1["loc"] != p0["loc"]:
        parts.append(f"end at {loc_name(p1['loc'])}")
    if not parts:
        return "Why: of everything you can do, this leaves your caravan best placed " \
               "for the coming turns."
    return f"Why: it starts the best turn the hard bot finds, which would {series(parts)}."
