"""The ``hard`` level's turn planner. A turn of Sand has no chance in it, so the bot plans the rest
of its own turn: a beam search over its own action sequences until it would end the turn, each
end scored by the heuristic ``worth``. The best plan's first action is played; the plan is kept
(keyed by the bot's own RNG object and the observation it expects next) so the following decisions
of the turn are instant: a bot's choice depends only on its seed, its params and what it has seen.
Outside the action step (set-up, Upkeep) it looks one action ahead.

Everything it uses comes from the observation (determinized once; nothing hidden matters within a
turn), so it is fair.
"""

from __future__ import annotations

import hashlib
import json

from .strategy import heuristic, worth

_PLANS: dict = {}
_MAX_PLANS = 64


def _key(obs) -> str:
    o = dict(obs)
    o.pop("actions", None)
    return hashlib.blake2b(json.dumps(o, sort_keys=True, separators=(",", ":")).encode(),
                           digest_size=12).hexdigest()


def plan_policy(game, obs, legal, rng, width: int = 5, budget: int = 900, depth: int = 14, **_):
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    seat = obs["seat"]
    key = (id(rng), _key(obs))
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is rng:
        texts = {str(a): a for a in legal}
        if hit[1] in texts:
            return texts[hit[1]]
    world = game.determinize(obs, rng)
    if world.step not in ("place", "act"):
        return _one_ply(game, world, seat, legal, rng)
    best_seq, _v = _beam(game, world, seat, width, budget, depth)
    if not best_seq:
        return _one_ply(game, world, seat, legal, rng)
    # remember the rest of the plan under the observations it leads to
    s = world
    for i, a in enumerate(best_seq):
        if i > 0:
            k = (id(rng), _key(game.observe(s, seat)))
            _PLANS[k] = (rng, str(a))
        if str(a) == "end":
            break
        s = s.clone()
        game.apply(s, seat, a)
    while len(_PLANS) > _MAX_PLANS:
        _PLANS.pop(next(iter(_PLANS)))
    texts = {str(a): a for a in legal}
    return texts.get(str(best_seq[0]), legal[0])


def _one_ply(game, world, seat, legal, rng):
    best, best_v = legal[0], None
    for a in legal:
        t = world.clone()
        game.apply(t, seat, a)
        v = heuristic(t, seat) + rng.uniform(0, 1e-6)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def _beam(game, world, seat, width, budget, depth):
    """Beam search over this seat's own actions until it ends its turn."""
    from sandsofplay.engine import A
    end = A("end")
    beam = [(worth(world, seat), [], world)]
    finished = []
    used = 0
    for _d in range(depth):
        nxt = []
        for _v, seq, s in beam:
            legal = game.legal_actions(s, seat)
            for a in legal:
                if a == end:
                    finished.append((worth(s, seat), seq + [a]))
                    continue
                if used >= budget:
                    continue
                t = s.clone()
                game.apply(t, seat, a)
                used += 1
                if t.cur != seat or t.step not in ("place", "act"):
                    finished.append((worth(t, seat), seq + [a]))
                    continue
                nxt.append((worth(t, seat), seq + [a], t))
        if not nxt:
            break
        nxt.sort(key=lambda x: -x[0])
        # keep the best few distinct states
        beam, seen = [], set()
        for item in nxt:
            sig = _sig(item[2])
            if sig in seen:
                continue
            seen.add(sig)
            beam.append(item)
            if len(beam) >= width:
                break
    for v, seq, s in beam:
        finished.append((v, seq))
    if not finished:
        return [], 0.0
    finished.sort(key=lambda x: -x[0])
    return finished[0][1], finished[0][0]


def _sig(s):
    p = s.players[s.cur] if 0 <= s.cur < s.n else None
    if p is None:
        return id(s)
    return (p["loc"], p["hyd"], p["food"], p["hp"], p["pray"], p["prest"], p["coins"],
            tuple(p["tok"]), tuple(tuple(e[1]) for e in p["cargo"]), len(s.pending),
            tuple(map(tuple, s.cities.values())))
