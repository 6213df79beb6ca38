"""Bot support: the heuristic value of a state for a seat, and the ``hard`` level's policy.

The heuristic is the seat's Influence as it stands (the five scoring categories) minus the best
rival's (the Guildmaster's in solo), plus small values for what is still to come: a resource
waiting to be collected, unused caravan tokens, storage abilities and Strategy tokens, empty
Artifact spaces. Bots only ever call it on states sampled from their own observation.

The ``hard`` policy looks ahead to the end of its own turn: it keeps the ``width`` best first
choices by the heuristic, finishes the turn greedily from each on ``samples`` sampled states
(the Guildmaster's reply included, in solo) and keeps the best on average.
"""

from __future__ import annotations

from sandsofplay.engine import RNG, IllegalAction, run_steps
from sandsofplay.engine.describe import series

from .data import LOCKS_PER_PLAYER, get as _data
from .scoring import breakdown, gm_score
from .board import GUILD_SIDE, RES
from .state import EMPTY, SahwariState

D = _data()

SMALL_AVG = sum(c.influence for c in D.caravans if c.kind == "small") / 8
GUARDED_AVG = sum(c.influence for c in D.caravans if c.kind == "guarded") / 11


def _late(s: SahwariState, p: int) -> float:
    """How much abilities still to be used are worth: less once the end is triggered, nothing
    when this seat has no turn left to use them."""
    if not s.end_triggered:
        return 1.0
    if s.mode == "solo":
        return 0.0
    later = (p - s.first) % s.n > (s.cur - s.first) % s.n  # p still has a turn this round
    return 0.5 if later else 0.0


def _token_value(s: SahwariState, p: int, tid: int) -> float:
    """What a caravan token about to be taken is worth to p (its Influence if p has seen it)."""
    if s.known[p] >> tid & 1 or s.revealed >> tid & 1:
        car = D.caravan(tid)
        return car.influence + 0.8 * len(car.abilities)
    return (SMALL_AVG if D.caravan(tid).kind == "small" else GUARDED_AVG) + 0.9


def _collect_value(s: SahwariState, p: int, c: int) -> float:
    clan = D.clans[s.clan[p]]
    best = 0.0
    if s.art[c]:
        st = s.storage[p]
        gain = (clan.storage_value(st + 1) - clan.storage_value(st)) if st < clan.capacity else 0
        spaces = any(s.spaces[p][x] == EMPTY for x in s.left[p] + s.right[p])
        best = max(best, gain + 0.6, 1.8 if spaces else 0.0)
    if s.pawn[c]:
        tr = s.track[p]
        gain = clan.track_value(tr + 1) - clan.track_value(tr) if tr < len(clan.track) else 0
        best = max(best, gain + 1.2)
    if s.small[c]:
        best = max(best, _token_value(s, p, s.small[c]))
    if s.guard[c]:
        best = max(best, _token_value(s, p, s.guard[c]))
    return best


def _potential(s: SahwariState, p: int) -> float:
    if not s.clan[p]:
        return 0.0
    v = 0.0
    late = _late(s, p)
    for t in s.held[p]:
        if not s.used >> t & 1:
            v += 0.8 * len(D.caravan(t).abilities) * late
    v += 0.7 * s.strat[p] * late
    clan = D.clans[s.clan[p]]
    if len(s.locks[p]) < LOCKS_PER_PLAYER:
        free = [sl for sl in clan.storage_abilities if sl not in s.locks[p]]
        ready = sum(1 for sl in free if s.storage[p] > sl)
        v += 0.8 * min(ready, LOCKS_PER_PLAYER - len(s.locks[p])) * late
    empties = sum(1 for c in s.left[p] + s.right[p] if s.spaces[p][c] == EMPTY)
    v += 0.6 * min(empties, s.storage[p]) * late + 0.2 * empties * late
    v += 0.3 * s.track[p] * late  # pawns can buy abilities
    if s.cur == p:
        for f in s.pending:
            k = f[0]
            if k == "collect":
                v += _collect_value(s, p, f[1])
            elif k == "cube":
                v += 1.2
            elif k in ("card", "edge"):
                v += 1.0
            elif k == "caravan":
                car = D.caravan(f[1])
                v += car.influence + 0.8 * len(car.abilities)
            elif k == "spy" and s.mode == "solo":
                v += SOLO_SPY  # a peek wins no Influence against the Guildmaster
            elif k in ("spy", "storm", "theft", "rally", "attack", "icons"):
                v += 0.6
    off = sum(1 for k in range(6) if s.camel_owner[k] == p and s.camel_cell[k] < 0)
    v -= 0.8 * off
    return v


def value(s: SahwariState, p: int) -> float:
    """Influence now, plus what is still to come (none once the game is over)."""
    if not s.clan[p]:
        return 0.0
    if s.over:
        return float(breakdown(s, p)["total"])
    return breakdown(s, p)["total"] + _potential(s, p)


# --- solo (the Guildmaster) ---------------------------------------------------------------------
# The Guildmaster scores about 1.3 Influence a turn to a greedy player's 0.8 (tools/tournament.py
# --solo, issue 29): every turn the game lasts is a turn lost, so an emptied tile (one turn nearer
# the end trigger) is worth something; a Recruit pawn kept on the track is Influence, and a
# Spying peek bought with one wins nothing against the Guildmaster.
SOLO_SPY = 0.1
SOLO_RACE = 0.6
# (Recruit pawns left on the board no longer count against the player: with 0.4 each the greedy
# level beat the Recruit Guildmaster 66.7 % of 120 games, 53.3 % without; issue 29)


def solo_race(s: SahwariState) -> float:
    """Resources tiles that will still be face up after this turn's clean-up (tiles already
    emptied will flip), above the six that trigger the end."""
    side, art, pawn, small, guard = s.side, s.art, s.pawn, s.small, s.guard
    n = 0
    for c in range(25):
        if side[c] == RES:
            if art[c] or pawn[c] or small[c] or guard[c]:
                n += 1
        elif side[c] == GUILD_SIDE:
            n += 1
    return max(0, n - 6)


# what a Guildmaster turn earns it on average (its final score over its turns: 1.1 Recruit,
# 1.35 Merc, 1.55 Clan Leader against the greedy level; one figure plays as well as three)
SOLO_GM_TURN = 1.4


def fresh_turn(s: SahwariState, seat: int) -> bool:
    """The seat's turn has just begun (the Guildmaster has answered the last one)."""
    return (s.cur == seat and s.step in ("move", "reenter") and s.moves == 0 and s.camel < 0
            and not s.pending)


def solo_heuristic(s: SahwariState, seat: int) -> float:
    """Influence against the Guildmaster's, compared at one moment: after the Guildmaster's
    answer to this turn. The greedy level weighs every action by the state it leaves, but only
    ``end_turn`` contains the Guildmaster's turn (it is played inside it): unanswered states are
    charged its average turn, else every ability looks better than ending the turn and Recruit
    pawns were spent on peeks to put the Guildmaster off."""
    v = value(s, seat) - gm_score(s)
    if s.over:
        return v
    if not fresh_turn(s, seat):
        v -= SOLO_GM_TURN
    if s.end_triggered:
        return v
    return v - SOLO_RACE * solo_race(s)


def heuristic(s: SahwariState, seat: int) -> float:
    if s.phase == "setup":
        return 0.0
    if s.mode == "solo":
        return solo_heuristic(s, seat)
    mine = value(s, seat)
    others = [value(s, q) for q in range(s.n) if q != seat]
    return mine - max(others)


class _Budget:
    """A fixed number of trial moves per decision: bounds the thinking time without making the
    choice depend on the machine's speed."""

    def __init__(self, n: int):
        self.left = n


def _greedy_finish(game, s, seat: int, budget: _Budget, limit: int = 14):
    """Play the rest of ``seat``'s turn greedily on ``s`` and value the result: a generator that
    yields every few trial moves and returns the value."""
    for _ in range(limit):
        if s.over or s.cur != seat or budget.left <= 0:
            break
        legal = game.legal_actions(s, seat)
        if not legal:
            break
        best, best_v = None, None
        for a in legal:
            t = s.clone()
            game.apply(t, seat, a)
            budget.left -= 1
            v = _terminal(game, t, seat)
            if best_v is None or v > best_v:
                best, best_v = a, v
            if budget.left % 8 == 0:
                yield
        game.apply(s, seat, best)
        yield
    return _terminal(game, s, seat)


WIN = 1000.0  # a won game, above any heuristic value


def _terminal(game, s, seat):
    """The heuristic (a finished game's is its final margin), with a bonus for a won game. A
    lost game has no malus: valued below every unfinished state, it made ending the last turn
    look worse than anything that put it off, and a losing bot spent its Recruit pawns on
    refreshes, Influence lost for nothing."""
    h = heuristic(s, seat)
    if s.over:
        w = s.result["winners"]
        if seat in w:
            return WIN / len(w) + h
    return h


def policy_steps(game, obs, legal, rng, samples: int = 2, width: int = 6, budget: int = 3000,
                 **_):
    """The ``hard`` level as a resumable search: a one-ply screen, then the best ``width`` choices
    played to the end of the turn greedily on ``samples`` sampled states, within ``budget`` trial
    moves. Yields the best action so far (None before the screen is done) after each small piece
    of work and returns the answer, which does not depend on how the work is sliced. A choice
    that a sampled state refuses (``IllegalAction``: the sample guessed hidden things wrong) is
    valued as hopeless in that sample; any other error is a bug and is not hidden."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    seat = obs["seat"]
    worlds = [game.determinize(obs, rng) for _ in range(max(1, samples))]
    first = []
    for i, a in enumerate(legal):
        tot = 0.0
        for w in worlds:
            t = w.clone()
            try:
                game.apply(t, seat, a)
            except IllegalAction:  # impossible in this sample
                tot -= 1e6
                continue
            tot += _terminal(game, t, seat)
        first.append((tot / len(worlds) + rng.uniform(0, 1e-6), i))
        yield None
    first.sort(reverse=True)
    left = _Budget(budget)
    best, best_v = legal[first[0][1]], None
    yield best
    for _v, i in first[:width]:
        if left.left <= 0:
            break
        a = legal[i]
        tot = 0.0
        for w in worlds:
            t = w.clone()
            try:
                game.apply(t, seat, a)
            except IllegalAction:
                tot -= 1e6
                continue
            finish = _greedy_finish(game, t, seat, left)
            while True:
                try:
                    next(finish)
                except StopIteration as stop:
                    tot += stop.value
                    break
                yield best
        v = tot / len(worlds)
        if best_v is None or v > best_v:
            best, best_v = a, v
        yield best
    return best


def policy(game, obs, legal, rng, **params):
    """The same answer as ``policy_steps`` in one go (hints, tests)."""
    return run_steps(policy_steps(game, obs, legal, rng, **params))


# --- the Hint's reason --------------------------------------------------------------------------
_PARTS = (("spaces", "Artifact spaces"), ("caravans", "caravan tokens"),
          ("storage", "storage"), ("track", "the Recruit track"), ("clan", "clan abilities"))


def explain(game, obs, legal, action, budget: int = 160) -> str:
    """One sentence saying why the hard level plays ``action`` here (the table's Hint), the way
    it chose it: the rest of the turn it starts, finished greedily on a state sampled from the
    seat's view, told by the Influence it would gain in each scoring category."""
    if not legal or action not in legal:
        return ""
    if len(legal) == 1:
        return "Why: it is the only thing to do now."
    seat = obs["seat"]
    world = game.determinize(obs, RNG(0))
    if not world.clan[seat]:  # a set-up choice: the look-ahead starts with the first turn
        return "Why: any clan can win; this one is as good a start as any."
    s = world.clone()
    try:
        game.apply(s, seat, action)
    except IllegalAction:  # the sample guessed something hidden wrong: nothing to say
        return ""
    run_steps(_greedy_finish(game, s, seat, _Budget(budget)))
    before, after = breakdown(world, seat), breakdown(s, seat)
    gained = [f"{after[k] - before[k]} from {name}" for k, name in _PARTS if after[k] > before[k]]
    # what the turn costs too (a cube taken out of storage onto an Artifact space, pawns spent
    # off the Recruit track), so that the parts add up to the total
    lost = [f"{before[k] - after[k]} from {name}" for k, name in _PARTS if after[k] < before[k]]
    total = after["total"] - before["total"]
    if total > 0 and gained:
        said = series(gained) + (f", less {series(lost)}" if lost else "")
        return (f"Why: it starts the best turn the hard bot finds, worth {total} Influence "
                f"({said}).")
    if action.kind == "end_turn":
        return "Why: nothing left to do this turn is worth more than ending it."
    return ("Why: of everything you can do, it leaves you best placed for the Influence still "
            "to come (resources to collect, abilities and caravans to use).")
