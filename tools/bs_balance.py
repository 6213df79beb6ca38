#!/usr/bin/env python3
"""Legend of the Burning Sands: the starter decks' matchup table and how games end.

    python tools/bs_balance.py [--games N] [--workers W] [--seed S] [--bots normal,normal]
                               [--players P] [--pairings] [--outcomes] [--shares]

``--pairings`` (the default when neither is named) plays every pair of starter decks N games
(half with each deck in the first seat, seats swapped), 2 players, and gives each pairing's
wins of the first-named deck, the share, and each deck's overall share. ``--outcomes`` plays N
games with the default decks of the game's options (2 players: Senpet against Moto; with
``--players 3``/``4`` each seat keeps its default deck, and the decks are rotated over the
seats game by game) and counts the endings: Story Victory, Military Victory, Alternate Victory,
the Sultan's judgement (the turn limit), with the median turn, the highest Story points a
player reached, and each deck's share of the wins. ``--shares`` (with ``--players 3`` or ``4``;
the default mode when ``--players`` is above 2 and no mode is named) plays N games of P
players, the seatings cycling through every ordered choice of P of the four starter decks
(each deck in each seat equally often), and gives each deck's games, wins (a shared win counts
its part), its share of the wins of the games it played, and that share against the fair
1/P (``ratio``). Games run in ``--workers`` processes
(multiprocessing, default 2), with no invariant checks (``tools/simulate.py`` checks them).
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing as mp
import statistics
import sys
import time

import _common  # noqa: F401 - puts the checkout on sys.path

from sandsofplay.bots.driver import Driver  # noqa: E402
from sandsofplay.bots.levels import make_bot  # noqa: E402
from sandsofplay.engine import Match, Setup  # noqa: E402
from sandsofplay.engine.playout import run  # noqa: E402
from sandsofplay.games import get_game  # noqa: E402

DECKS = ("senpet", "moto", "assassin", "khadi")
MAX_STEPS = 200_000


def ending(reason: str) -> str:
    if reason.startswith("Story Victory"):
        return "story"
    if reason.startswith("Military Victory") or reason == "no one is left":
        return "military"
    if reason.startswith("Alternate Victory"):
        return "alternate"
    if "judgement" in reason:
        return "judgement"
    return reason


def play_one(job):
    """One game: job = (seed, decks, levels); returns a small record."""
    seed, decks, levels = job
    game = get_game("burning_sands")
    opts = {f"deck{i + 1}": d for i, d in enumerate(decks)}
    setup = Setup.make(game.id, ["bot:" + lv for lv in levels], seed=seed, **opts)
    match = Match(game, setup, track_hashes=False, keep_undo=False)
    bots = {i: make_bot(game, levels[i], i, seed * 31 + i) for i in range(len(decks))}
    driver = Driver(match, bots)
    top = [0] * len(decks)

    from sandsofplay.games.burning_sands.cards import story_points

    def after(target, step, move):
        s = match.state
        for p in range(s.n):
            top[p] = max(top[p], story_points(s, p))

    run(match, lambda target: driver.next_move(), max_steps=MAX_STEPS, after=after)
    s = match.state
    out = game.outcome(s)
    return {"seed": seed, "decks": list(decks), "winners": list(out.winners) if out else [],
            "end": ending(out.detail if out else "unfinished"), "turn": s.turn,
            "story_top": top}


def pool_map(jobs, workers):
    if workers <= 1:
        return [play_one(j) for j in jobs]
    with mp.Pool(workers) as pool:
        return pool.map(play_one, jobs, chunksize=1)


def pairings(games, seed, levels, workers):
    jobs = []
    for a, b in itertools.combinations(DECKS, 2):
        for g in range(games):
            decks = (a, b) if g % 2 == 0 else (b, a)
            jobs.append((seed + g, decks, levels))
    recs = pool_map(jobs, workers)
    table, overall = {}, {d: [0, 0] for d in DECKS}
    ends = {}
    for a, b in itertools.combinations(DECKS, 2):
        rs = [r for r in recs if set(r["decks"]) == {a, b}]
        wins_a = sum(1 for r in rs for w in r["winners"] if r["decks"][w] == a
                     and len(r["winners"]) == 1)
        wins_b = sum(1 for r in rs for w in r["winners"] if r["decks"][w] == b
                     and len(r["winners"]) == 1)
        ties = len(rs) - wins_a - wins_b
        # a tie counts half to each deck
        share = (wins_a + 0.5 * ties) / len(rs) if rs else 0.0
        table[f"{a}-{b}"] = {"games": len(rs), f"{a}": wins_a, f"{b}": wins_b, "ties": ties,
                             f"{a}_share": round(share, 3)}
        overall[a][0] += wins_a + 0.5 * ties
        overall[b][0] += wins_b + 0.5 * ties
        overall[a][1] += len(rs)
        overall[b][1] += len(rs)
    by_end = {d: {} for d in DECKS}
    for r in recs:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
        if len(r["winners"]) == 1:
            d = r["decks"][r["winners"][0]]
            by_end[d][r["end"]] = by_end[d].get(r["end"], 0) + 1
    return {"pairings": table,
            "overall_share": {d: round(w / n, 3) if n else 0.0 for d, (w, n) in overall.items()},
            "endings": ends, "wins_by_end": by_end}


def outcomes(games, seed, levels, players, workers):
    base = DECKS[:2] if players == 2 else tuple(DECKS[i % 4] for i in range(players))
    jobs = []
    for g in range(games):
        decks = base if players == 2 else tuple(base[(i + g) % players] for i in range(players))
        if players == 2 and g % 2:
            decks = decks[::-1]
        jobs.append((seed + g, decks, levels))
    recs = pool_map(jobs, workers)
    ends, wins = {}, {d: 0.0 for d in set(base)}
    by_end = {d: {} for d in set(base)}
    for r in recs:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
        for w in r["winners"]:
            wins[r["decks"][w]] += 1.0 / len(r["winners"])
            d = by_end[r["decks"][w]]
            d[r["end"]] = d.get(r["end"], 0) + 1
    n = len(recs)
    tops = [max(r["story_top"]) for r in recs]
    return {"games": n, "players": players,
            "endings": ends,
            "shares": {k: round(v / n, 3) for k, v in ends.items()},
            "median_turn": statistics.median(r["turn"] for r in recs) if recs else 0,
            "median_turn_by_end": {k: statistics.median(r["turn"] for r in recs if r["end"] == k)
                                   for k in ends},
            "story_top_hist": {str(k): tops.count(k) for k in sorted(set(tops))},
            "deck_win_share": {d: round(w / n, 3) for d, w in wins.items()},
            "wins_by_end": by_end}


def seatings(players):
    """Every ordered choice of ``players`` of the starter decks: each deck in each seat, and
    next to each other deck, equally often over a full cycle."""
    return list(itertools.permutations(DECKS, players))


def shares(games, seed, levels, players, workers):
    cycle = seatings(players)
    jobs = [(seed + g, cycle[g % len(cycle)], levels) for g in range(games)]
    recs = pool_map(jobs, workers)
    played = {d: 0 for d in DECKS}
    wins = {d: 0.0 for d in DECKS}
    ends = {}
    for r in recs:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
        for d in r["decks"]:
            played[d] += 1
        for w in r["winners"]:
            wins[r["decks"][w]] += 1.0 / len(r["winners"])
    fair = 1.0 / players
    table = {}
    for d in DECKS:
        share = wins[d] / played[d] if played[d] else 0.0
        table[d] = {"games": played[d], "wins": round(wins[d], 2), "share": round(share, 3),
                    "ratio": round(share / fair, 2)}
    n = len(recs)
    return {"games": n, "players": players, "seatings": len(cycle), "fair_share": round(fair, 3),
            "decks": table, "endings": ends,
            "shares": {k: round(v / n, 3) for k, v in ends.items()},
            "median_turn": statistics.median(r["turn"] for r in recs) if recs else 0}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200,
                   help="games a pairing (--pairings) or in all (--outcomes)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="normal,normal", help="two levels (first seat, second)")
    p.add_argument("--players", type=int, default=2,
                   help="players for --outcomes and --shares")
    p.add_argument("--pairings", action="store_true")
    p.add_argument("--outcomes", action="store_true")
    p.add_argument("--shares", action="store_true",
                   help="each deck's share of the wins with --players P (3 or 4)")
    a = p.parse_args(argv)
    levels = a.bots.split(",")
    if a.shares and not 3 <= a.players <= len(DECKS):
        p.error("--shares needs --players 3 or 4")
    if not a.pairings and not a.outcomes and not a.shares:
        if a.players > 2:
            a.shares = True
        else:
            a.pairings = True
    res = {"bots": levels}
    t0 = time.perf_counter()
    if a.outcomes:
        lv = (levels * a.players)[:a.players] if len(levels) < a.players else levels[:a.players]
        res["outcomes"] = outcomes(a.games, a.seed, lv, a.players, a.workers)
    if a.shares:
        lv = (levels * a.players)[:a.players] if len(levels) < a.players else levels[:a.players]
        res["deck_shares"] = shares(a.games, a.seed, lv, a.players, a.workers)
    if a.pairings:
        res.update(pairings(a.games, a.seed, levels[:2] if len(levels) > 1 else levels * 2,
                            a.workers))
    res["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
