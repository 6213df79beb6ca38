#!/usr/bin/env python3
"""Measure start-up, memory, frame times, rules speed and bot decision times.

    python tools/bench.py [--json] [--only PART] [--quick]

PART is one of: startup, scenes, rules, bots. With --json the last line is one object:
{"startup_s", "rss_mb", "scenes": {"title": {"p50_ms", "p99_ms", "max_ms"}, "table:<id>": {...}},
 "rules": {"<id>": {"games_per_s", "actions_per_s"}}, "bots": {"<id>": {"<level>":
 {"decision_ms_p95", "decision_ms_max"}}}}. Parts not built yet are left out. Benchmarks measure;
they never fail a build.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import _common

_common.headless()
os.environ.setdefault("SANDSOFPLAY_HOME", tempfile.mkdtemp(prefix="sop-bench-"))

CHILD = r"""
import os, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import sandsofplay.tables
from sandsofplay.ui.app import make_app
app = make_app()
app.reset(app.home_factory(app)); app.apply_ops()
app.frame(1 / 60)
print("FIRST_FRAME", time.perf_counter() - t0, flush=True)
for _ in range(120):
    app.frame(1 / 60)
rss = 0
with open("/proc/self/status") as fh:
    for line in fh:
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
print("RSS", rss, flush=True)
app.quit()
"""


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0.0
    k = min(len(v) - 1, max(0, int(round(p / 100 * (len(v) - 1)))))
    return v[k]


def bench_startup(result):
    runs = []
    rss = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", CHILD.format(root=_common.ROOT)],
                                stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        first = None
        for line in proc.stdout:
            if line.startswith("FIRST_FRAME") and first is None:
                first = time.perf_counter() - t0
            elif line.startswith("RSS"):
                rss = max(rss, float(line.split()[1]))
        proc.wait()
        if first is not None:
            runs.append(first)
    result["startup_s"] = round(min(runs), 3) if runs else None
    result["startup_runs_s"] = [round(r, 3) for r in runs]
    result["rss_mb"] = round(rss, 1)


def frame_stats(times):
    ms = [t * 1000 for t in times]
    return {"p50_ms": round(pct(ms, 50), 3), "p99_ms": round(pct(ms, 99), 3),
            "max_ms": round(max(ms), 3), "frames": len(ms)}


def bench_scenes(result, quick=False):
    import pygame  # noqa: F401
    _common.register_tables()
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()
    for _ in range(30):
        app.frame(1 / 60)
    times = []
    for _ in range(300 if quick else 1200):
        t = time.perf_counter()
        app.frame(1 / 60)
        times.append(time.perf_counter() - t)
    scenes = {"title": frame_stats(times)}
    # tables provide their own scenario for the bench (``bench_frames(app, quick)``)
    from sandsofplay.ui.table import _TABLES
    for game_id, cls in sorted(_TABLES.items()):
        fn = getattr(cls, "bench_scenarios", None)
        if fn is None:
            continue
        for name, frames in fn(app, quick).items():
            scenes[f"table:{game_id}" + (f":{name}" if name != "main" else "")] = \
                frame_stats(frames)
    app.quit()
    result["scenes"] = scenes


def real_games():
    """(id, game, seats) for every built game except the test game, at its usual seat count."""
    from sandsofplay.games import available_ids, get_game
    for gid in available_ids():
        if gid != "tiny":
            game = get_game(gid)
            yield gid, game, max(game.min_seats, min(2, game.max_seats))


def random_match(game, n, seed):
    """A headless match of random bots, ready to run (no hashes, no undo: speed)."""
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    from sandsofplay.engine import Match, Setup
    m = Match(game, Setup.make(game.id, ["bot:random"] * n, seed=seed), track_hashes=False,
              keep_undo=False)
    return m, Driver(m, {i: make_bot(game, "random", i, seed) for i in range(n)})


def bench_rules(result, quick=False):
    rules = {}
    for gid, game, n in real_games():
        games = 20 if quick else 200
        actions = 0
        t0 = time.perf_counter()
        for seed in range(games):
            m, d = random_match(game, n, seed)
            d.run()
            actions += len(m.log)
        dt = time.perf_counter() - t0
        rules[gid] = {"games_per_s": round(games / dt, 1), "actions_per_s": round(actions / dt),
                      "players": n}
    result["rules"] = rules


def bench_bots(result, quick=False):
    from sandsofplay.bots.levels import level_names, make_bot
    bots = {}
    for gid, game, n in real_games():
        # sample decision points from random games
        points = []
        for seed in range(3 if quick else 8):
            m, d = random_match(game, n, seed)
            k = 0
            while d.step():
                k += 1
                if k % 7 == 0:
                    for seat in game.to_act(m.state):
                        legal = game.legal_actions(m.state, seat)
                        if len(legal) > 1:
                            points.append((game.clone(m.state), seat))
            if len(points) > (30 if quick else 120):
                break
        levels = {}
        for level in level_names(game):
            times = []
            for i, (state, seat) in enumerate(points[: (15 if quick else 60)]):
                bot = make_bot(game, level, seat, i)
                obs, legal = game.observe(state, seat), game.legal_actions(state, seat)
                t = time.perf_counter()
                bot.decide(obs, legal)
                times.append((time.perf_counter() - t) * 1000)
            if times:
                levels[level] = {"decision_ms_p95": round(pct(times, 95), 2),
                                 "decision_ms_max": round(max(times), 2), "samples": len(times)}
        bots[gid] = levels
    result["bots"] = bots


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--only", choices=("startup", "scenes", "rules", "bots"))
    p.add_argument("--quick", action="store_true", help="fewer samples")
    args = p.parse_args(argv)
    result: dict = {}
    parts = [args.only] if args.only else ["startup", "scenes", "rules", "bots"]
    for part in parts:
        t = time.perf_counter()
        if part == "startup":
            bench_startup(result)
        elif part == "scenes":
            bench_scenes(result, args.quick)
        elif part == "rules":
            bench_rules(result, args.quick)
        elif part == "bots":
            bench_bots(result, args.quick)
        if not args.json:
            print(f"[{part} measured in {time.perf_counter() - t:.1f} s]", file=sys.stderr)
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
