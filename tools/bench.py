#!/usr/bin/env python3
"""Measure start-up, memory, frame times, rules speed, autosave and bot decision times.

    python tools/bench.py [--json] [--only PART] [--quick] [--display] [--reference-python PY]
                          [--game ID ...]

PART is one of: startup, scenes, rules, full_game, autosave, bots, replay, open_save ("match" is
measured with "rules"). With --json the last line is one object:
{"startup_s", "startup_cpu_s", "startup_imported", "rss_mb",
 "scenes": {"title": {"p50_ms", "p99_ms", "max_ms", "over_16ms", "cpu_p99_ms"},
            "table:<id>[:<scene>]": {...},
            "table:<id>:cpu": {"p99_ms", "over_16ms", ...},  # every frame of its scenarios, CPU
            "table:<id>:full_game": {"p50_ms", "p99_ms", "max_ms", "over_16ms", "frames", ...}},
 "rules": {"<id>": {"games_per_s", "actions_per_s"}},      # raw uniformly random loop
 "match": {"<id>": {"actions_per_s", "actions_per_s_no_hashes", "actions_per_s_saved"}},  # through Match
 "match_app": {"<id>": {"actions_per_s", ..., "players_4": {...}}},  # Match as a table plays:
   every hash made as played, undo kept, one observation per step; at 2 and at 4 players
   ("rules" also has "players_4")
   (each also "cpu_actions_per_s", and with catanatron "vs_catanatron" and, by CPU time of each
    process, "vs_catanatron_cpu": the median of 3 back-to-back pairs, one with --quick; the
    pairs' own ratios in "vs_catanatron_cpu_pairs")
 "table_rss_mb": {"<id>": peak MB over a whole 4-seat bot game at the table},
 "autosave_ms": {"p95", "p50"},                               # main thread, at 1,000 actions
 "bots": {"<id>": {"<level>": {"decision_ms_p95", "decision_ms_max"}}},
 "replay_jump_ms": {"<id>": {"p95", "max", "actions", ...}},  # jumps in its longest bot game
 "open_save": {"<id>": {"actions", "load"|"continue"|"replay": {"cpu_max_ms", "cpu_total_ms",
               "frames", "over_16ms", "at_once_ms"}}},  # a long save opened, per frame (CPU)
 "reference": {"catanatron": {"version", "actions_per_s"}}}  # only when catanatron is there
Frame times of whole games are CPU time of the main thread (``time.thread_time``), so other
processes on the machine do not count. --display measures under the real display ($DISPLAY,
or an Xvfb started for the run) instead of SDL's dummy driver. catanatron is never a
dependency: its figure is printed when this interpreter (or --reference-python) has it, each of
our rules figures paired back to back with a reference run. Parts not built yet are left out.
Benchmarks measure; they never fail a build.
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
from _bench_play import (bench_autosave, bench_full_game, bench_rules, pct, real_games,
                         two_seats, wanted)

os.environ.setdefault("SANDSOFPLAY_HOME", tempfile.mkdtemp(prefix="sop-bench-"))

CHILD = r"""
import os, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
import sandsofplay.tables
from sandsofplay.ui.app import make_app
app = make_app()
app.reset(app.home_factory(app)); app.apply_ops()
app.frame(1 / 60)
print("FIRST_FRAME", time.perf_counter() - t0, time.process_time(), flush=True)
print("GAMES_IMPORTED", sorted(m for m in sys.modules if m.count(".") == 2 and
                               m.startswith(("sandsofplay.games.", "sandsofplay.tables."))),
      flush=True)
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


def bench_startup(result):
    """startup_s: wall time from starting the interpreter to the first title frame drawn (the
    best of 3); startup_cpu_s: the CPU time of that process to the same moment (user and
    system, ``time.process_time``: what other processes on the machine do not change), also
    the best of 3; startup_imported: the games' rules and tables imported by then (none: they
    are imported when first needed)."""
    runs, cpu_runs = [], []
    rss = 0.0
    imported = []
    for _ in range(3):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", CHILD.format(root=_common.ROOT)],
                                stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        first = None
        for line in proc.stdout:
            if line.startswith("FIRST_FRAME") and first is None:
                first = time.perf_counter() - t0
                cpu_runs.append(float(line.split()[2]))
            elif line.startswith("GAMES_IMPORTED"):
                imported = eval(line.split(None, 1)[1])  # noqa: S307 - our own child's list
            elif line.startswith("RSS"):
                rss = max(rss, float(line.split()[1]))
        proc.wait()
        if first is not None:
            runs.append(first)
    result["startup_s"] = round(min(runs), 3) if runs else None
    result["startup_runs_s"] = [round(r, 3) for r in runs]
    result["startup_cpu_s"] = round(min(cpu_runs), 3) if cpu_runs else None
    result["startup_cpu_runs_s"] = [round(r, 3) for r in cpu_runs]
    result["startup_imported"] = imported
    result["rss_mb"] = round(rss, 1)


def frame_stats(times):
    ms = [t * 1000 for t in times]
    if not ms:  # a scenario that could not reach its moment says so instead of failing the run
        return {"frames": 0, "note": "the scenario drew no frames"}
    return {"p50_ms": round(pct(ms, 50), 3), "p99_ms": round(pct(ms, 99), 3),
            "max_ms": round(max(ms), 3), "over_16ms": sum(1 for x in ms if x > 16.7),
            "frames": len(ms)}


def bench_scenes(result, quick=False):
    import pygame  # noqa: F401
    _common.register_tables()
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    from sandsofplay.ui.app import ENTRY_BUDGET_S
    app = make_app(settings=Settings())
    # as the app's own loop (App.run) draws: a table is set out, and its prompt's buttons made,
    # a slice a frame
    app.entry_budget_s = ENTRY_BUDGET_S
    app.reset(app.home_factory(app))
    app.apply_ops()
    for _ in range(30):
        app.frame(1 / 60)
    times, cpu = [], []
    for _ in range(300 if quick else 1200):
        t, c = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - t)
        cpu.append(time.thread_time() - c)
    scenes = {"title": dict(frame_stats(times), cpu_p50_ms=round(pct(cpu, 50) * 1000, 3),
                            cpu_p99_ms=round(pct(cpu, 99) * 1000, 3),
                            driver=pygame.display.get_driver())}
    # tables provide their own scenarios for the bench (``bench_scenarios(app, quick)``); beside
    # them, "table:<id>:cpu" is every frame the app drew while they ran, by CPU time of the
    # main thread (the tables' own figures may be wall time, which other processes change)
    from sandsofplay.ui.table_registry import table_class, table_ids
    frame = app.frame
    cpu_frames: list = []

    def timed_frame(dt):
        c = time.thread_time()
        frame(dt)
        cpu_frames.append(time.thread_time() - c)

    app.frame = timed_frame
    for game_id in sorted(table_ids()):
        if not wanted(game_id):
            continue
        fn = getattr(table_class(game_id), "bench_scenarios", None)
        if fn is None:
            continue
        cpu_frames.clear()
        for name, frames in fn(app, quick).items():
            scenes[f"table:{game_id}" + (f":{name}" if name != "main" else "")] = \
                frame_stats(frames)
        if cpu_frames:
            ms = [c * 1000 for c in cpu_frames]
            scenes[f"table:{game_id}:cpu"] = dict(
                frame_stats(cpu_frames), over_16ms=sum(1 for x in ms if x > 16.7),
                clock="thread_time (main thread CPU)", driver=pygame.display.get_driver())
    app.frame = frame
    app.quit()
    result["scenes"] = scenes


def bench_bots(result, quick=False):
    from sandsofplay.bots.levels import level_names, make_bot
    from sandsofplay.engine import RNG, Setup
    from sandsofplay.engine.playout import Raw, random_chooser, run
    bots = {}
    for gid, game in real_games():
        # sample decision points from random games
        points = []
        n = two_seats(game)
        for seed in range(3 if quick else 8):
            state = game.new_state(Setup.make(game.id, ["human"] * n, seed=seed))

            def sample(target, step, move, state=state):
                if step % 7 == 0:
                    for seat in game.to_act(state):
                        if len(game.legal_actions(state, seat)) > 1:
                            points.append((game.clone(state), seat))

            run(Raw(game, state), random_chooser(RNG(seed)), after=sample)
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


def longest_bot_game(game, seeds) -> tuple[dict, str]:
    """The longest (most actions) of whole bot games at the normal level, at every seat count
    and seed: a save as the app writes it (hashes included), and how it was played."""
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import level_names, make_bot
    from sandsofplay.engine import Match, Setup
    from sandsofplay.engine.playout import run
    level = "normal" if "normal" in level_names(game) else level_names(game)[0]
    longest, how = None, ""
    for n in range(game.min_seats, game.max_seats + 1):
        for seed in seeds:
            setup = Setup.make(game.id, ["bot:" + level] * n, seed=seed)
            m = Match(game, setup, track_hashes=True, keep_undo=False)
            driver = Driver(m, {i: make_bot(game, level, i, seed * 31 + i) for i in range(n)})
            run(m, lambda target: driver.next_move(), max_steps=200_000)
            if longest is None or len(m.log) > len(longest["log"]):
                longest, how = m.to_save(), f"{level} bots, {n} seats, seed {seed}"
    return longest, how


def bench_replay(result, quick=False):
    """replay_jump_ms.<id>: jumps to random points of the longest of several whole bot games
    (normal level, every seat count) of each game with a table, at the table: the state rebuilt
    from the nearest snapshot, the table told, and one frame drawn (``p95``, ``max``;
    ``cpu_p95``, ``cpu_max`` in CPU time of the main thread, which other processes do not
    change); ``state_p95`` is the rebuild alone; ``face_up_p95`` the same jumps seen everything
    face up."""
    import random

    from sandsofplay.engine.replay import Replay
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    from sandsofplay.ui.table import has_table, open_replay_data
    from sandsofplay.ui.table_replay import FACE_UP
    _common.register_tables()
    out = result.setdefault("replay_jump_ms", {})
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()
    for gid, game in real_games():
        if not has_table(gid):
            continue
        longest, how = longest_bot_game(game, range(1, 3 if quick else 5))
        t = time.perf_counter()
        rep = Replay(longest, game)
        build = time.perf_counter() - t
        rng = random.Random(1)
        states = []
        for _ in range(200):
            i = rng.randrange(len(rep) + 1)
            t = time.perf_counter()
            game.observe(rep.state_at(i), None)
            states.append((time.perf_counter() - t) * 1000)
        table = open_replay_data(app, longest, at=0)
        app.apply_ops()
        app.frame(1 / 60)
        times, cpu = [], []
        for _ in range(60 if quick else 200):
            i = rng.randrange(len(rep) + 1)
            t, c = time.perf_counter(), time.thread_time()
            table.replay_seek(i)
            app.draw()
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)
        face_up, face_up_cpu = [], []
        if FACE_UP in table.replay_view_choices():
            table.viewer = FACE_UP
            for _ in range(30 if quick else 100):
                i = rng.randrange(len(rep) + 1)
                t, c = time.perf_counter(), time.thread_time()
                table.replay_seek(i)
                app.draw()
                face_up.append((time.perf_counter() - t) * 1000)
                face_up_cpu.append((time.thread_time() - c) * 1000)
        out[gid] = {"p95": round(pct(times, 95), 2), "max": round(max(times), 2),
                    "cpu_p95": round(pct(cpu, 95), 2), "cpu_max": round(max(cpu), 2),
                    "state_p95": round(pct(states, 95), 3), "actions": len(rep),
                    "ticks": rep.final_tick, "game": how, "snapshot_every": rep.every,
                    "open_s": round(build, 2)}
        if face_up:
            out[gid]["face_up_p95"] = round(pct(face_up, 95), 2)
            out[gid]["face_up_cpu_p95"] = round(pct(face_up_cpu, 95), 2)
    app.quit()


def long_save(game, actions: int, seeds) -> dict:
    """A save of a long game at the most seats: the first of random games (seeded) that reaches
    ``actions`` actions, cut there (an unfinished game, as "Continue" opens it), else the
    longest of them whole."""
    from sandsofplay.engine import RNG, Match, Setup
    from sandsofplay.engine.playout import random_chooser, run
    best = None
    for seed in seeds:
        # a person and bots (a hot-seat game would open behind the curtain, another scene)
        setup = Setup.make(game.id, ["human"] + ["bot:normal"] * (game.max_seats - 1),
                           seed=seed)
        m = Match(game, setup, keep_undo=False)
        run(m, random_chooser(RNG(seed)), max_steps=actions * 3)
        if best is None or len(m.log) > len(best.log):
            best = m
        if len(best.log) >= actions:
            break
    data = best.to_save()
    if len(data["log"]) > actions:
        data["log"], data["hashes"] = data["log"][:actions], data["hashes"][:actions]
        data["final_tick"], data["finished"] = data["log"][-1][0], False
    return data


def bench_open_save(result, quick=False):
    """open_save.<id>.<way>: opening a long save (4 seats; Burning Sands 2,300 actions) the
    three ways the app does - ``load`` (Load game), ``continue`` (the autosave), ``replay``
    (Watch replay) - in the app's loop (a slice of replay a frame under a progress bar, then
    the staged table entry): the main thread's CPU time of every frame from the click until
    the table is set out and ten frames more (``cpu_max_ms``, ``cpu_total_ms``, ``frames``,
    ``over_16ms``; ``cpu_max_ms_by_phase``: the click, the loading scene's frames, the frame
    that opens the table, its entry, the table), and
    ``at_once_ms``: the same opening done inside one call (what one frame paid before issue
    28). The game's rules and table are imported before (their first import is a one-off
    ``import_ms``, not counted)."""
    import json as _json

    from sandsofplay.engine import Match
    from sandsofplay.engine.replay import Replay
    from sandsofplay.games import get_game
    from sandsofplay.ui import paths, table_open
    from sandsofplay.ui.app import ENTRY_BUDGET_S, LOAD_BUDGET_S, make_app
    from sandsofplay.ui.settings import Settings
    from sandsofplay.ui.table_registry import has_table, load_table, table_class
    _common.register_tables()
    out = result.setdefault("open_save", {})
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()
    for _ in range(30):
        app.frame(1 / 60)
    folder = tempfile.mkdtemp(prefix="sop-open-")
    for gid in ("burning_sands", "sand", "sahwari", "sands_of_adventure"):
        if not wanted(gid) or not has_table(gid):
            continue
        c = time.thread_time()
        game = get_game(gid)
        load_table(gid)
        import_ms = (time.thread_time() - c) * 1000
        n = 2300 if gid == "burning_sands" else (600 if quick else 2300)
        data = long_save(game, n, range(1, 4 if quick else 12))
        path = os.path.join(folder, f"{gid}.json")
        with open(path, "w") as fh:
            _json.dump(data, fh)
        # at once: read, replay with every hash checked, the table built (one frame, before)
        c = time.thread_time()
        m = Match.load(path, get_game)
        table_class(gid)(app, m).exit()
        at_once_load = (time.thread_time() - c) * 1000
        c = time.thread_time()
        Replay(Match.read_save(path), game)
        at_once_replay = (time.thread_time() - c) * 1000
        res = {"actions": len(data["log"]), "seats": len(data["setup"]["seats"]),
               "import_ms": round(import_ms, 1)}
        for way in ("load", "continue", "replay"):
            app.go_home()
            app.apply_ops()
            for _ in range(3):
                app.frame(1 / 60)
            app.entry_budget_s, app.load_budget_s = ENTRY_BUDGET_S, LOAD_BUDGET_S
            if way == "continue":
                Match.flush_autosave()
                with open(paths.autosave_path(), "w") as fh:
                    _json.dump(data, fh)
            frames, phases = [], []
            c = time.thread_time()
            if way == "replay":
                table_open.open_replay(app, path)
            else:
                table_open.open_save(app, str(paths.autosave_path()) if way == "continue"
                                     else path, ask=False)
            frames.append(time.thread_time() - c)  # (the click's own share)
            phases.append("click")
            for _ in range(3000):
                was = app.top
                c = time.thread_time()
                app.frame(1 / 60)
                frames.append(time.thread_time() - c)
                top = app.top
                phases.append("loading" if type(was).__name__ == "LoadingScene" and
                              top is was else "opened" if top is not was else
                              "entry" if getattr(top, "entering", None) is not None else
                              "table")
                if getattr(top, "match", None) is not None and top.entering is None:
                    break
            for _ in range(10):  # and the table's first frames in play
                c = time.thread_time()
                app.frame(1 / 60)
                frames.append(time.thread_time() - c)
                phases.append("table")
            ms = [f * 1000 for f in frames]
            by_phase = {}
            for x, ph in zip(ms, phases):
                by_phase[ph] = max(by_phase.get(ph, 0.0), round(x, 2))
            res[way] = {"frames": len(ms), "cpu_max_ms": round(max(ms), 2),
                        "cpu_total_ms": round(sum(ms), 1),
                        "cpu_max_ms_by_phase": by_phase,
                        "loading_frames": phases.count("loading"),
                        "over_16ms": sum(1 for x in ms if x > 16.7),
                        "over_16ms_in": [ph for x, ph in zip(ms, phases) if x > 16.7],
                        "opened": type(app.top).__name__,
                        "at_once_ms": round(at_once_replay if way == "replay" else
                                            at_once_load, 1)}
            app.entry_budget_s = app.load_budget_s = None
        out[gid] = res
    app.go_home()
    app.apply_ops()
    app.quit()


def use_display(result):
    """--display: the real display ($DISPLAY), else an Xvfb started for this run (its process
    is returned so main can end it)."""
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if os.environ.get("DISPLAY"):
        result["display"] = os.environ["DISPLAY"]
        return None
    import shutil
    exe = shutil.which("Xvfb")
    if exe is None:
        result["display"] = None
        result.setdefault("problems", []).append("--display: no $DISPLAY and no Xvfb; headless")
        _common.headless()
        return None
    for num in range(90, 120):
        if not os.path.exists(f"/tmp/.X11-unix/X{num}") and not os.path.exists(f"/tmp/.X{num}-lock"):
            break
    proc = subprocess.Popen([exe, f":{num}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        if os.path.exists(f"/tmp/.X11-unix/X{num}"):
            break
        time.sleep(0.1)
    os.environ["DISPLAY"] = f":{num}"
    result["display"] = f":{num} (Xvfb)"
    return proc


PARTS = ("startup", "scenes", "rules", "full_game", "autosave", "bots", "replay", "open_save")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--only", choices=PARTS + ("match",))
    p.add_argument("--quick", action="store_true", help="fewer samples, shorter runs")
    p.add_argument("--display", action="store_true",
                   help="measure under the real display ($DISPLAY or a private Xvfb)")
    p.add_argument("--reference-python", metavar="PY",
                   help="an interpreter with catanatron installed, for the reference figure")
    p.add_argument("--game", action="append", default=[], metavar="ID",
                   help="measure only this game (repeatable); default every game")
    args = p.parse_args(argv)
    import _bench_play
    _bench_play.ONLY.update(args.game)
    result: dict = {}
    xvfb = use_display(result) if args.display else _common.headless()
    only = "rules" if args.only == "match" else args.only
    parts = [only] if only else list(PARTS)
    try:
        for part in parts:
            t = time.perf_counter()
            if part == "startup":
                bench_startup(result)
            elif part == "scenes":
                bench_scenes(result, args.quick)
            elif part == "rules":
                bench_rules(result, args.quick, args.reference_python)
            elif part == "full_game":
                bench_full_game(result, args.quick)
            elif part == "autosave":
                bench_autosave(result, args.quick)
            elif part == "bots":
                bench_bots(result, args.quick)
            elif part == "replay":
                bench_replay(result, args.quick)
            elif part == "open_save":
                bench_open_save(result, args.quick)
            if not args.json:
                print(f"[{part} measured in {time.perf_counter() - t:.1f} s]", file=sys.stderr)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
