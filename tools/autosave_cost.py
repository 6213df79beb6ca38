"""Measure what an autosave costs the main thread, as the table does it (written in the
background), at every action of real games and at 1,000 actions.

    python tools/autosave_cost.py [--game ID] [--actions 1000] [--calls 300] [--gap-ms 4] [--json]

Plays a random game of each game through ``Match`` with autosave on (background writer, as at the
table). No game here lasts 1,000 actions, so for the "at N actions" figure the finished game's own
log is repeated until it holds N entries and ``--calls`` more autosaves are timed. Each autosave is
timed on the main thread by wall clock (``perf_counter``) and by the thread's CPU time. For
comparison it also times the former way (``json.dumps(to_save(), indent=1)``) at N actions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sandsofplay.engine import Match, Setup  # noqa: E402
from sandsofplay.games import get_game  # noqa: E402


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] * 1000


def timed_autosave(match, wall, cpu):
    t0, c0 = time.perf_counter(), time.thread_time()
    match._autosave()
    cpu.append(time.thread_time() - c0)
    wall.append(time.perf_counter() - t0)


def measure(game_id, n_actions, calls, folder, gap_s=0.004):
    game = get_game(game_id)
    seats = ["bot:easy"] * game.max_seats
    match = Match(game, Setup.make(game_id, seats, seed=11), autosave_path=None)
    match.autosave_path = os.path.join(folder, f"{game_id}.json")
    match.autosave_async = True
    rng = random.Random(5)
    wall_game, cpu_game = [], []
    real_autosave = match._autosave
    match._autosave = lambda: None  # timed separately below, once per action
    while not match.is_over():
        acting = game.to_act(match.state)
        if not acting:
            nxt = game.next_event_tick(match.state)
            match.advance(max(1, (nxt or match.tick + 1) - match.tick))
            continue
        seat = acting[0]
        match.apply(seat, rng.choice(game.legal_actions(match.state, seat)))
        match._autosave = real_autosave
        timed_autosave(match, wall_game, cpu_game)
        match._autosave = lambda: None
        time.sleep(gap_s)  # actions at the table are at least a frame apart
    match._autosave = real_autosave
    played = len(match.log)
    # repeat the game's own entries until the log holds n_actions
    k = 0
    while len(match.log) < n_actions:
        match.log.append(match.log[k % played])
        match._entry_text.append(match._entry_text[k % played])
        match.hashes.append(match.hashes[k % played])
        match._hash_text.append(match._hash_text[k % played])
        k += 1
    Match.flush_autosave()
    wall_n, cpu_n = [], []
    for _ in range(calls):
        timed_autosave(match, wall_n, cpu_n)
        time.sleep(gap_s)
    Match.flush_autosave()
    text = open(match.autosave_path, encoding="utf-8").read()
    assert json.loads(text)["log"] == [e.to_json() for e in match.log]
    old = []
    for _ in range(min(calls, 100)):
        t0 = time.perf_counter()
        json.dumps(match.to_save(), indent=1)
        old.append(time.perf_counter() - t0)
    return {
        "game_actions": played,
        "in_game_p95_ms": round(pct(wall_game, 95), 4),
        "in_game_cpu_p95_ms": round(pct(cpu_game, 95), 4),
        "in_game_max_ms": round(max(wall_game) * 1000, 4),
        "at_n": n_actions,
        "p50_ms": round(pct(wall_n, 50), 4),
        "p95_ms": round(pct(wall_n, 95), 4),
        "cpu_p95_ms": round(pct(cpu_n, 95), 4),
        "max_ms": round(max(wall_n) * 1000, 4),
        "former_json_dumps_p95_ms": round(pct(old, 95), 4),
        "file_kb": round(len(text) / 1024, 1),
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", help="game id (repeatable; default: all built)")
    p.add_argument("--actions", type=int, default=1000)
    p.add_argument("--calls", type=int, default=300)
    p.add_argument("--gap-ms", type=float, default=4.0,
                   help="pause between actions (at the table they are at least a frame apart)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    games = args.game or ["sahwari", "sands_of_adventure"]
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for gid in games:
            out[gid] = measure(gid, args.actions, args.calls, folder, args.gap_ms / 1000)
            if not args.json:
                print(gid, out[gid])
    if args.json:
        print(json.dumps({"autosave_ms": out}))


if __name__ == "__main__":
    main()
