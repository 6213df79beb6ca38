"""The ``hard`` bot's look-ahead for battles and attacks (Attacking; Battle Action Segment;
Engaging the Enemy; Absorbing Damage; Reactions).

The rule-based policy scores each answer on its own, so it cannot see that a +3S Action is worth
playing only before its Hero engages, that bowing the one opposing Hero that can still engage
saves a City Section, or that Copper spent on a Hero before an attack cannot pay for a trick in
it. For a question in a battle (army actions, Reactions, targets, absorption, Tactician), in an
attack's declaration and maneuvers, or where an attack may be declared (``horizon``), the
``hard`` level plays each answer forward in a world dealt from its observation
(``observe.determinize``: hidden cards at random, never the real ones), every player then
answering with the rule-based policy until the battle (or attack) ends, and keeps the answer
whose end is best for it (``_value``). Several worlds are averaged. The work is done in small
pieces (one move of a roll-out, or ``SLICE`` answers scored, between two yields) so that the
time-sliced bot never holds a frame.
"""

from __future__ import annotations

from . import observe, stages, strategy
from .cards import card, hand_limit
from .state import BurningSandsState

ROLLOUT_MOVES = {"battle": 40, "attack": 120}  # enough to finish a battle / most attacks
MAX_CANDIDATES = {"battle": 10, "attack": 5}  # the rule-based policy's best first
MOVE_BUDGET = 1000  # roll-out moves per decision at most: fewer worlds when answers are many
DECLARE_MARGIN = 1.0  # an attack must leave the attacker this much better off


def horizon(s: BurningSandsState, f, legal):
    """How far a question is looked ahead: "battle" (to the end of the battle being fought: its
    army actions, Reactions, targets, absorption, Tactician), "attack" (to the end of the attack:
    the declaration and maneuvers, the order of battles), "declare" (a Day question where an
    attack may be declared: declare it only if the attack played forward pays), or None."""
    if len(legal) < 2:
        return None
    atk = s.atk
    k = f["k"]
    if atk is not None:
        if atk.get("sec", -1) >= 0:
            if k in ("battle", "window", "absorb", "tactic") or (k == "play" and f["step"] == "target"):
                return "battle"
            return None
        return "attack" if k in ("attack", "order") else None
    if k == "prio" and any(a.kind == "attack" for a in legal):
        return "declare"
    return None


def greedy_steps(s: BurningSandsState, me, f, legal, pick, slice_):
    """The rule-based policy's answer without noise, scoring ``slice_`` answers between yields."""
    fn = pick.get(f["k"])
    if fn is None:
        return legal[0]
    best, best_v = legal[0], -1e18
    for i, a in enumerate(legal):
        if i and i % slice_ == 0:
            yield None
        v = fn(s, me, f, a)
        if v > best_v:
            best, best_v = a, v
    return best


def ranked_steps(s: BurningSandsState, me, f, legal, pick, slice_):
    """The answers in the rule-based policy's order (best first), scored ``slice_`` at a time."""
    fn = pick.get(f["k"])
    scored = []
    for i, a in enumerate(legal):
        if i and i % slice_ == 0:
            yield None
        scored.append((-(fn(s, me, f, a) if fn else 0.0), i, a))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [a for _v, _i, a in scored]


def _value(s: BurningSandsState, me) -> float:
    """How the battle ended for ``me`` against the best placed opponent: the heuristic once this
    turn's bonuses are gone, with each hand counted as it will be after the End Phase (draw four,
    discard down to the hand size: a card played from a full hand costs nothing), less the
    Copper bowed to pay for tricks."""
    s.mods = [m for m in s.mods if m[3] != 0]
    vals = {}
    for q in range(s.n):
        if not s.alive[q]:
            continue
        h = len(s.hand[q])
        vals[q] = strategy.value(s, q) + 0.6 * (min(h + 4, hand_limit(s, q)) - min(h, 8))
    if me not in vals:
        return -1000.0
    others = [v for q, v in vals.items() if q != me]
    spent = sum(card(s, u).produce for u in s.home[me] if s.bowed[u])
    return vals[me] - (max(others) if others else 0.0) - 0.3 * spent


def _over(s: BurningSandsState, kind, sec) -> bool:
    if s.over or s.atk is None or not s.stack:
        return True
    return kind == "battle" and s.atk.get("sec", -1) != sec


def _rollout_steps(s: BurningSandsState, kind, sec, pick, slice_):
    """Every player answers with the rule-based policy until the battle at ``sec`` (or the whole
    attack) is over."""
    ev = []
    for _ in range(ROLLOUT_MOVES[kind]):
        if _over(s, kind, sec):
            return
        f = s.stack[-1]
        seat = f.get("seat", -1)
        acts = stages.answers(s, seat)
        if not acts:
            return
        a = yield from greedy_steps(s, seat, f, acts, pick, slice_)
        s._cache = None
        stages.play(s, seat, a, ev)
        ev.clear()
        yield None


def _played(world, a, kind, sec, me, pick, slice_):
    """(generator) the value for ``me`` of answering ``a`` in ``world`` and playing on."""
    sim = world.clone()
    sim._cache = None
    stages.play(sim, sim.stack[-1]["seat"], a, [])
    yield None
    yield from _rollout_steps(sim, "attack" if kind == "declare" else kind, sec, pick, slice_)
    return _value(sim, me)


def search_steps(obs, world, me, legal, rng, worlds, pick, slice_, kind="battle"):
    """The answer that plays forward best on average over ``worlds`` dealt worlds (the first is
    ``world``); yields between pieces, the best answer so far once one world is done."""
    sec = world.atk["sec"] if world.atk is not None else -1
    f = world.stack[-1]
    cands = yield from ranked_steps(world, me, f, legal, pick, slice_)
    if kind == "declare":
        # declare an attack only if it pays; otherwise the policy's best other answer
        other = next(a for a in cands if a.kind != "attack")
        attack = next(a for a in cands if a.kind == "attack")
        gain = 0.0
        for w in range(worlds):
            if w:
                world = yield from observe.determinize_steps(obs, rng)
            now = _value(world.clone(), me)
            v = yield from _played(world, attack, kind, sec, me, pick, slice_)
            gain += v - now
        return attack if gain > DECLARE_MARGIN * worlds else other
    cands = cands[:MAX_CANDIDATES[kind]]
    totals = [0.0] * len(cands)
    best = None
    worlds = max(1, min(worlds, MOVE_BUDGET // (len(cands) * ROLLOUT_MOVES[kind])))
    for w in range(worlds):
        if w:
            world = yield from observe.determinize_steps(obs, rng)
        for i, a in enumerate(cands):
            totals[i] += yield from _played(world, a, kind, sec, me, pick, slice_)
            yield best
        best = cands[max(range(len(cands)), key=lambda i: (totals[i], -i))]
        yield best
    return best
