"""The rules, Match, autosave, whole-game-at-the-table and reference measurements of
tools/bench.py (kept apart so each tool module stays small). Pure measurement: nothing here
asserts anything."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import _common


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0.0
    k = min(len(v) - 1, max(0, int(round(p / 100 * (len(v) - 1)))))
    return v[k]


ONLY: set = set()  # bench.py --game: measure only these games (empty: every game)


def wanted(gid: str) -> bool:
    return gid != "tiny" and (not ONLY or gid in ONLY)


def real_games():
    """(id, game) for every built game except the test game (or those --game names)."""
    from sandsofplay.games import available_ids, get_game
    for gid in available_ids():
        if wanted(gid):
            yield gid, get_game(gid)


def two_seats(game) -> int:
    return max(game.min_seats, min(2, game.max_seats))


# --- the rules: raw loop and Match -------------------------------------------------------------

def _rate(play, players: int, seconds: float, seed0: int, extra) -> dict:
    """Games ``play(seed)`` from ``seed0`` on for about ``seconds``: actions (``play`` adds
    them to the stats it is given) and games per second of wall time, actions per second of
    CPU time."""
    stats = {"actions": 0}
    games = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        play(seed0 + games, stats)
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return {"actions_per_s": round(stats["actions"] / dt),
                    "cpu_actions_per_s": round(stats["actions"] / (time.process_time() - c0)),
                    "games_per_s": round(games / dt, 2), "players": players,
                    **extra(games)}


def _observer(game):
    """One observation per step: the seat to act next, as a bot or the table reads it."""
    def observe(target, step, move):
        acting = game.to_act(target.state)
        game.observe(target.state, acting[0] if acting else None)
    return observe


def raw_rate(game, players: int, seconds: float, seed0: int = 1) -> dict:
    """Uniformly random games on the bare rules (new_state / legal_actions / apply / advance)
    for about ``seconds``: actions per second (waits of real time are not actions)."""
    from sandsofplay.engine import RNG, Setup
    from sandsofplay.engine.playout import Raw, random_chooser, run

    def play(seed, stats):
        target = Raw(game, game.new_state(Setup.make(game.id, ["human"] * players, seed=seed)))
        run(target, random_chooser(RNG(seed)), stats=stats)
    return _rate(play, players, seconds, seed0, extra=lambda games: {"games": games})


def match_app_rate(game, players: int, seconds: float, seed0: int = 1) -> dict:
    """Random games through ``Match`` as a table plays them: every check hash made as the action
    is played (the app autosaves after each action, so it hashes each state at once), undo kept
    (a base copied every ``UNDO_EVERY`` actions), one observation per step (the seat to act
    next, as a bot or the table takes it). No file is written (the writer thread's cost is
    ``autosave_ms``)."""
    from sandsofplay.engine import RNG, Match, Setup
    from sandsofplay.engine.playout import random_chooser, run
    observe = _observer(game)

    def play(seed, stats):
        m = Match(game, Setup.make(game.id, ["human"] * players, seed=seed), keep_undo=True)
        m.hash_as_played = True
        run(m, random_chooser(RNG(seed)), after=observe, stats=stats)
    return _rate(play, players, seconds, seed0, extra=lambda games: {})


def match_rate(game, players: int, seconds: float, hashes: bool = True, seed0: int = 1,
               saved: bool = False) -> dict:
    """The same random games through ``Match`` as the app and bots use it: undo kept, autosave
    off, one observation per step (the seat to act next, as a bot or the table reads it);
    ``hashes`` as the app keeps them (a save is a replay with verified hashes: worked out when
    read). ``saved``: each game ends with the save's text made (every check hash worked out)."""
    from sandsofplay.engine import RNG, Match, Setup
    from sandsofplay.engine.playout import random_chooser, run
    observe = _observer(game)

    def play(seed, stats):
        m = Match(game, Setup.make(game.id, ["human"] * players, seed=seed), track_hashes=hashes,
                  keep_undo=True)
        run(m, random_chooser(RNG(seed)), after=observe, stats=stats)
        if saved:
            str(m.snapshot())
    return _rate(play, players, seconds, seed0, extra=lambda games: {"hashes": hashes})


# --- the reference: catanatron (never a dependency) --------------------------------------------

CATAN = r"""
import json, sys, time
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer
secs = float(sys.argv[1])
actions = games = 0
t0, c0 = time.perf_counter(), time.process_time()
while True:
    g = Game([RandomPlayer(Color.RED), RandomPlayer(Color.BLUE)])
    g.play()
    actions += len(g.state.actions)
    games += 1
    dt = time.perf_counter() - t0
    if dt >= secs:
        break
print(json.dumps({"version": version("catanatron"), "actions_per_s": round(actions / dt),
                  "cpu_actions_per_s": round(actions / (time.process_time() - c0)),
                  "games_per_s": round(games / dt, 2), "players": 2}))
"""


def catanatron_python(explicit: str | None) -> str | None:
    """The interpreter that has catanatron: ``--reference-python``, else this one if it can
    import it, else None."""
    if explicit:
        return explicit
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return None
    return sys.executable


def catanatron_rate(python: str, seconds: float) -> dict | None:
    try:
        out = subprocess.run([python, "-c", CATAN, str(seconds)], capture_output=True, text=True,
                             timeout=seconds * 10 + 60, cwd=tempfile.gettempdir())
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


PAIRS = 3  # back-to-back pairs (catanatron, then ours) behind each ratio; the median is kept


def paired(fn, py, secs, pairs, refs) -> dict:
    """``fn()``'s rate, and with catanatron at ``py`` its ratios to the reference: ``pairs``
    back-to-back pairs (a reference run, then ours), each figure the median of the pairs' (the
    machine is shared and noisy: one pair's ratio moves by 15 % from run to run)."""
    runs = []
    for _ in range(max(1, pairs)):
        ref = catanatron_rate(py, secs) if py else None
        ours = fn()
        runs.append((ours, ref))
    mid = sorted(runs, key=lambda r: r[0]["cpu_actions_per_s"])[len(runs) // 2][0]
    out = dict(mid)
    done = [(o, r) for o, r in runs if r]
    if not done:
        return out
    for o, r in done:
        refs.append(r["actions_per_s"])
    out["vs_catanatron"] = statistics.median(
        round(o["actions_per_s"] / r["actions_per_s"], 2) for o, r in done)
    out["catanatron_actions_per_s"] = round(statistics.median(r["actions_per_s"] for _o, r in done))
    cpu = [(o, r) for o, r in done if r.get("cpu_actions_per_s")]
    if cpu:
        # by CPU time of each process: what other processes on a shared machine do changes
        # less (both runs still share its caches)
        ratios = [round(o["cpu_actions_per_s"] / r["cpu_actions_per_s"], 2) for o, r in cpu]
        out["vs_catanatron_cpu"] = statistics.median(ratios)
        out["vs_catanatron_cpu_pairs"] = ratios
        out["catanatron_cpu_actions_per_s"] = round(statistics.median(
            r["cpu_actions_per_s"] for _o, r in cpu))
    return out


def bench_rules(result, quick=False, reference_python=None):
    """Raw and Match rates per game; with catanatron available, each of our figures is paired
    back to back with a reference run and the ratio of each pair is reported."""
    secs = 1.0 if quick else 4.0
    py = catanatron_python(reference_python)
    rules, match, refs, app = {}, {}, [], {}
    for gid, game in real_games():
        n = two_seats(game)
        pair = {}
        four = max(game.min_seats, min(4, game.max_seats))
        for name, fn in (("raw", lambda: raw_rate(game, n, secs)),
                         ("raw_4", lambda: raw_rate(game, four, secs)),
                         ("match_app", lambda: match_app_rate(game, n, secs)),
                         ("match_app_4", lambda: match_app_rate(game, four, secs)),
                         ("match", lambda: match_rate(game, n, secs)),
                         ("match_no_hashes", lambda: match_rate(game, n, secs, hashes=False)),
                         ("match_saved", lambda: match_rate(game, n, secs, saved=True))):
            pair[name] = paired(fn, py, secs, 1 if quick else PAIRS, refs)
        rules[gid] = dict(pair["raw"], players_4=pair["raw_4"])
        app[gid] = dict(pair["match_app"], players_4=pair["match_app_4"])
        match[gid] = dict(pair["match"], actions_per_s_no_hashes=pair["match_no_hashes"][
            "actions_per_s"])
        match[gid]["actions_per_s_saved"] = pair["match_saved"]["actions_per_s"]
        for key in ("vs_catanatron", "vs_catanatron_cpu"):
            if key in pair["match_saved"]:
                match[gid]["saved_" + key] = pair["match_saved"][key]
        if "vs_catanatron" in pair["match_no_hashes"]:
            match[gid]["no_hashes_vs_catanatron"] = pair["match_no_hashes"]["vs_catanatron"]
        if "vs_catanatron_cpu" in pair["match_no_hashes"]:
            match[gid]["no_hashes_vs_catanatron_cpu"] = \
                pair["match_no_hashes"]["vs_catanatron_cpu"]
    result["rules"] = rules
    result["match"] = match
    result["match_app"] = app
    if refs:
        ref = catanatron_rate(py, secs) or {}
        result["reference"] = {"catanatron": {
            "version": ref.get("version"), "players": 2,
            "actions_per_s": round(sum(refs) / len(refs)), "runs": refs}}


# --- autosave cost on the main thread at 1,000 actions ------------------------------------------

def _counter_game(length: int):
    """A minimal game whose only move is "step": as many actions as wanted, so a save's log
    (what an autosave writes) can reach any length. Real games end sooner (~300-450 actions)."""
    from sandsofplay.engine import A, Event, Game, IllegalAction, Outcome

    class Counter:
        __slots__ = ("n", "count")

        def clone(self):
            c = Counter()
            c.n, c.count = self.n, self.count
            return c

    class CounterGame(Game):
        id = "bench_counter"
        title = "Counter (bench only)"
        min_seats = 1
        max_seats = 4
        STEP = A("step")

        def new_state(self, setup):
            s = Counter()
            s.n, s.count = setup.players, 0
            return s

        def to_act(self, s):
            return () if s.count >= length else (s.count % s.n,)

        def legal_actions(self, s, seat):
            return [self.STEP] if s.count < length and seat == s.count % s.n else []

        def apply(self, s, seat, action):
            if action != self.STEP or seat != s.count % s.n or s.count >= length:
                raise IllegalAction("Not now.", "bench")
            s.count += 1
            return [Event("step", {}, f"Seat {seat + 1} steps.")]

        def observe(self, s, seat):
            return {"count": s.count}

        def determinize(self, obs, rng):
            s = Counter()
            s.n, s.count = 1, obs["count"]
            return s

        def outcome(self, s):
            return Outcome((0,) * s.n, ()) if s.count >= length else None

        def state_to_json(self, s):
            return {"n": s.n, "count": s.count}

        def state_from_json(self, d):
            s = Counter()
            s.n, s.count = d["n"], d["count"]
            return s

    return CounterGame()


def bench_autosave(result, quick=False):
    """Main-thread CPU (``time.thread_time``) of each action with autosave on, as the app runs
    it (autosave_async, hashes kept), around the 1,000th action, minus the median cost of the
    same action with autosave off; the same at 20,000 actions (``autosave_ms_20000``) with the
    worker's join of the snapshot into the file's text (``join_p95``). Through Match's public
    autosave API only."""
    from sandsofplay.engine import Match, Setup
    folder = tempfile.mkdtemp(prefix="sop-autosave-")

    def costs(length, autosave, joins=None):
        game = _counter_game(length + 100)
        m = Match(game, Setup.make(game.id, ["human"] * 2, seed=1),
                  autosave_path=os.path.join(folder, "auto.json") if autosave else None)
        m.autosave_async = True
        out = []
        for i in range(length + 100):
            seat = game.to_act(m.state)[0]
            t = time.thread_time()
            m.apply(seat, game.STEP)
            if i >= length - 100:
                out.append(time.thread_time() - t)
                if joins is not None and i % 4 == 0:
                    snap = m.snapshot()
                    t = time.thread_time()
                    str(snap)  # what the writer thread does with it
                    joins.append(time.thread_time() - t)
            if autosave and i % 500 == 0:
                Match.flush_autosave()  # keep the writer's queue as short as at the table
        Match.flush_autosave()
        return out

    for length, key in ((1000, "autosave_ms"), (20000, "autosave_ms_20000")):
        if quick and length > 1000:
            continue
        base = pct(costs(length, False), 50)
        joins: list = []
        on = [max(0.0, c - base) * 1000 for c in costs(length, True, joins)]
        result[key] = {"p95": round(pct(on, 95), 4), "p50": round(pct(on, 50), 4),
                       "max": round(max(on), 4), "actions": f"{length - 100}-{length + 100}",
                       "join_p95": round(pct(joins, 95) * 1000, 4),
                       "clock": "thread_time (main thread CPU)"}


# --- a whole bot game at each table, in a fresh process ------------------------------------------

FULL_GAME = r"""
import json, os, sys, time
sys.path.insert(0, {root!r})
gid, seats, seed, max_frames = {gid!r}, {seats}, {seed}, {max_frames}
import sandsofplay.tables  # noqa: F401 - the tables register themselves
from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.ui.app import ENTRY_BUDGET_S, make_app
from sandsofplay.ui.settings import Settings
from sandsofplay.ui.table import start_table


def rss():
    got = {{}}
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                got[line.split(":")[0]] = int(line.split()[1]) / 1024
    return got


app = make_app(settings=Settings())
app.entry_budget_s = ENTRY_BUDGET_S  # as the app's own loop (App.run) sets a table out
app.reset(app.home_factory(app))
app.apply_ops()
for _ in range(10):
    app.frame(1 / 60)
from sandsofplay.ui.table_registry import load_table
load_table(gid)  # (imported when its tile is picked, before the seat setup: not in a frame here)
import pygame
setup = Setup(gid, tuple(SeatSpec("bot", "hard", "Bot %d" % (i + 1)) for i in range(seats)), (),
              seed)
thread, proc = [], []
after_end = 0
for i in range(max_frames):
    t0, p0 = time.thread_time(), time.process_time()
    if i == 0:
        # the game starts inside a frame, as a click on the title starts it: the table is
        # built and entered in the frame counted first
        start_table(app, setup)
    app.frame(1 / 60)
    thread.append(time.thread_time() - t0)
    proc.append(time.process_time() - p0)
    if i == 0:
        table = app.top
        entry = rss()
    if table.match.is_over():
        after_end += 1
        if getattr(table, "results_shown", False) or after_end > 240:
            break
end = rss()
print("RESULT " + json.dumps({{"thread": thread, "proc": proc, "entry_mb": entry.get("VmRSS"),
                              "end_mb": end.get("VmRSS"), "peak_mb": end.get("VmHWM"),
                              "over": table.match.is_over(), "actions": len(table.match.log),
                              "driver": pygame.display.get_driver()}}))
app.quit()
"""


def frame_stats_cpu(thread, proc) -> dict:
    ms = [t * 1000 for t in thread]
    pms = [t * 1000 for t in proc]
    return {"p50_ms": round(pct(ms, 50), 3), "p99_ms": round(pct(ms, 99), 3),
            "max_ms": round(max(ms), 3), "over_16ms": sum(1 for x in ms if x > 16.7),
            "frames": len(ms), "clock": "thread_time (main thread CPU)",
            "process_p99_ms": round(pct(pms, 99), 3),
            "process_over_16ms": sum(1 for x in pms if x > 16.7),
            "over_16ms_at": [i for i, x in enumerate(ms) if x > 16.7][:30]}


def bench_full_game(result, quick=False, seed=7):
    """Every frame of a whole 4-seat ``hard`` bot game at each table (a fresh process each, at
    the default watching pace), by CPU time; and the peak RSS over the game."""
    from sandsofplay.games import get_game
    _common.register_tables()
    from sandsofplay.ui.table import _TABLES
    scenes = result.setdefault("scenes", {})
    rss = result.setdefault("table_rss_mb", {})
    for gid in sorted(_TABLES):
        if not wanted(gid):
            continue
        game = get_game(gid)
        seats = max(game.min_seats, min(4, game.max_seats))
        code = FULL_GAME.format(root=_common.ROOT, gid=gid, seats=seats, seed=seed,
                                max_frames=6000 if quick else 400_000)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=dict(os.environ), timeout=7200)
        line = [x for x in out.stdout.splitlines() if x.startswith("RESULT ")]
        if not line:
            result.setdefault("problems", []).append(
                f"table:{gid}:full_game did not run: {out.stderr[-800:]}")
            continue
        data = json.loads(line[-1][7:])
        stats = frame_stats_cpu(data["thread"], data["proc"])
        stats.update(whole_game=data["over"], actions=data["actions"], driver=data["driver"])
        scenes[f"table:{gid}:full_game"] = stats
        rss[gid] = round(data["peak_mb"], 1)
        rss[f"{gid}:entry"] = round(data["entry_mb"], 1)
        rss[f"{gid}:end"] = round(data["end_mb"], 1)
