"""Soak the kiosk: step it through hours of attract loop with simulated visitors who arrive,
take over (a seat mid-game, a new game or another game), play with real pygame events, and walk
away (the idle countdown then resets the table; some answer "Still there?" and play on).

    python tools/soak.py --hours H [--accelerated] [--json] [--seed S] [--visit-every MIN]
                         [--real-time] [--slow-frames FILE [--slow-ms MS] [--slow-profile]]

Time is the kiosk's own clock (each frame's dt), so no wall time is waited for. Without
``--accelerated`` every frame is 1/60 s and drawn: H hours cost about as many frames as the real
thing. With ``--accelerated`` the bots answer at once, attract games are played on headless
between frames (jumping from event to event, as ``tools/simulate.py`` does), frames are 5/60 s
(five fixed steps each) and one frame in four is drawn. With ``--real-time`` the kiosk runs as it
does on a screen: real frame times, ``Clock.tick(60)``, every frame drawn (run it under Xvfb with
a real video driver, e.g. ``SDL_VIDEODRIVER=x11 xvfb-run python tools/soak.py --hours 0.25
--real-time``); the work time of every frame is measured and reported (p50, p99, max, frames
over 16.7 ms). ``--slow-frames FILE`` writes each frame over ``--slow-ms`` (default 10) of CPU
time to FILE with what was on screen and where its time went (``tools/_slow_frames.py``).

Each simulated hour prints a line (games, takeovers, resets, errors, RSS). With ``--json`` the
last line is one object with at least ``games``, ``takeovers``, ``resets``, ``errors`` and
``rss_growth_mb`` (RSS at the end of the last hour minus at the end of the first). Each hour also
gives ``rss_between_games_mb``, read at the hour's last title card just after its collection
(no table alive: the same moment of the loop each time, where an instant reading also counts
the table on screen), and the result ``rss_between_games_growth_mb`` from those. Exit status 1
when there was any error.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


from tools._common import rss_mb  # noqa: E402 - after the import path is set


class Visitor:
    """One simulated visitor at a time: away, playing or walking away."""

    def __init__(self, app, rng: random.Random, mean_gap_s: float, dt: float):
        self.app = app
        self.rng = rng
        self.mean_gap = mean_gap_s
        self.dt = dt
        self.state = "away"
        self.next_arrival = rng.expovariate(1 / mean_gap_s)
        self.leave_at = 0.0
        self.next_move = 0.0
        self.answered = False
        self.moves = 0
        self.refused = 0

    def step(self):
        from sandsofplay.kiosk.scenes import (ChooseGameScene, KioskResults, StillThereScene,
                                              TakeoverScene)
        from sandsofplay.kiosk.visitors import perform, tap, tap_button
        app, rng, now = self.app, self.rng, self.app.clock_s
        top = app.top
        if self.state != "away" and app.mode == "attract" and not isinstance(
                top, (TakeoverScene, ChooseGameScene)):
            self.state = "away"  # reset (or the game ended and they went back to the demo)
            self.next_arrival = now + rng.expovariate(1 / self.mean_gap)
            return
        if self.state == "away":
            if now >= self.next_arrival and app.mode == "attract" and not app._ops:
                tap(app, (rng.randrange(40, 1240), rng.randrange(40, 680)),
                    touch=rng.random() < 0.7, dt=self.dt)
                if not isinstance(app.top, TakeoverScene):
                    self.next_arrival = now + 5
                    return
                choices = [n for n in app.top.buttons if n.startswith("seat")] * 2 + \
                    ["new", "choose"]
                choices = [c for c in choices if c in app.top.buttons]
                if rng.random() < 0.3:
                    tap_button(app, "level", dt=self.dt)
                pick = rng.choice(choices)
                tap_button(app, pick, dt=self.dt)
                if pick == "choose" and isinstance(app.top, ChooseGameScene):
                    if rng.random() < 0.5:
                        tap_button(app, "players", dt=self.dt)
                    games = [n for n in app.top.buttons if n.startswith("game:")]
                    tap_button(app, rng.choice(games), dt=self.dt)
                self.state = "playing"
                self.answered = False
                self.leave_at = app.clock_s + rng.uniform(30, 240)
                self.next_move = app.clock_s + 1
            return
        if isinstance(top, StillThereScene):
            if self.state == "leaving" and not self.answered and rng.random() < 0.25:
                self.answered = True  # came back just in time
                tap(app, (640, 650), touch=True, dt=self.dt)
                self.state = "playing"
                self.leave_at = app.clock_s + rng.uniform(20, 90)
            elif self.state == "playing":
                tap(app, (640, 650), touch=True, dt=self.dt)
            return
        if self.state == "playing" and now >= self.leave_at:
            self.state = "leaving"
            return
        if self.state != "playing" or now < self.next_move:
            return
        self.next_move = now + rng.uniform(0.8, 3.5)
        if isinstance(top, KioskResults) and top.buttons:
            name = "again" if rng.random() < 0.3 else "home"
            tap_button(app, name, dt=self.dt)
            return
        table = app.table
        if table is None or top is not table:
            return
        for seat in table.humans:
            gestures = table.gestures(seat)
            if gestures:
                perform(app, rng.choice(gestures), dt=self.dt)
                self.moves += 1
                return


def cache_sizes(app) -> dict:
    """What the app keeps on purpose (bounded caches), to tell them from a leak in the RSS."""
    import gc as gc_
    mb = 1 << 20
    shapes = app.manager.get_theme().shape_cache
    return {"images_mb": round(app.images.bytes / mb, 1), "text_mb": round(app.text.bytes / mb, 1),
            "kiosk_text_mb": round(getattr(app, "ktext", app.text).bytes / mb, 1),
            "gui_cache_surfaces": len(shapes.cache_surfaces),
            "objects": len(gc_.get_objects())}


def _block() -> int:
    s = 0
    for i in range(12000):  # about a millisecond of pure Python on this kind of machine
        s += i * i
    return s


def machine_noise(seconds: float) -> dict:
    """The same small block of pure Python, once every 1/60 s for ``seconds``, timed by the
    thread's CPU time, as the frames are: on a quiet machine its p99 stays near its p50; on a
    shared virtual machine whose host takes the processor away (not reported as steal time
    there), the same work reads several times longer. The real-time report carries it so that
    frame figures can be read against what the machine did to a fixed amount of work."""
    cpu = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        c = time.thread_time()
        _block()
        took = time.thread_time() - c
        cpu.append(took * 1000)
        time.sleep(max(0.0, 1 / 60 - took))
    cpu.sort()
    n = len(cpu)
    if not n:
        return {"blocks": 0}
    return {"blocks": n, "block_cpu_p50_ms": round(cpu[n // 2], 3),
            "block_cpu_p99_ms": round(cpu[min(n - 1, int(n * 0.99))], 3),
            "block_cpu_max_ms": round(cpu[-1], 3),
            "blocks_over_3x_p50": sum(1 for v in cpu if v > 3 * cpu[n // 2])}


def soak(hours: float, accelerated: bool, seed: int, visit_every_min: float, home: str,
         report=print, real_time: bool = False, slow_frames: str | None = None,
         slow_ms: float = 10.0, slow_profile: bool = False, noise_s: float = 0.0) -> dict:
    os.environ["SANDSOFPLAY_HOME"] = home
    from sandsofplay.kiosk import healing
    from sandsofplay.kiosk.app import make_kiosk
    from sandsofplay.kiosk.config import load
    cfg, problems = load()
    app = make_kiosk(cfg=cfg, problems=problems, seed=seed, fullscreen=False)
    from sandsofplay.ui.app import ENTRY_BUDGET_S
    app.entry_budget_s = ENTRY_BUDGET_S  # tables set out a slice a frame, as App.run does
    app.fast = accelerated
    dt = 5 / 60 if accelerated else 1 / 60
    if accelerated:  # draw one frame in four
        draw = app.draw
        app.draw = lambda: draw() if app.frame_count % 4 == 0 else None
    frame_ms: list[float] = []
    frame_cpu_ms: list[float] = []
    probe = None
    if slow_frames:
        from tools._slow_frames import SlowFrames
        probe = SlowFrames(app, slow_frames, slow_ms, slow_profile)
    if real_time or probe is not None:
        accelerated = accelerated and not real_time
        inner = app.frame

        def timed(dt_):
            if probe is not None:
                probe.begin()
            t, c = time.perf_counter(), time.thread_time()
            inner(dt_)
            cpu, wall = (time.thread_time() - c) * 1000, (time.perf_counter() - t) * 1000
            if probe is not None:
                probe.end(cpu, wall)
            if real_time:
                frame_ms.append(wall)
                frame_cpu_ms.append(cpu)
        app.frame = timed
    noise_before = machine_noise(noise_s) if real_time and noise_s > 0 else None
    app.start()
    rng = random.Random(seed)
    visitor = Visitor(app, rng, visit_every_min * 60, dt)
    end = hours * 3600
    hourly = []
    step_s = 3600.0 if hours >= 2 else max(60.0, hours * 900)
    next_report = step_s
    escaped = 0
    shown = set()
    t0 = time.perf_counter()
    last = time.perf_counter()
    last_card = None
    between = None
    while app.clock_s < end:
        try:
            if real_time:
                now = time.perf_counter()
                dt, last = now - last, now
            app.frame(dt)
            if accelerated:
                app.fast_forward()
            visitor.step()
            if real_time:
                app.clock.tick(app.fps)
        except Exception:  # noqa: BLE001 - the kiosk must not let anything out
            escaped += 1
            report(traceback.format_exc())
            if escaped > 20:
                break
        if app.table is not None:
            shown.add(app.table.game.id)
        top = app.top
        if getattr(top, "stage", None) == "build" and top is not last_card:
            # between two games, just after the card's collection: no table alive, the same
            # moment of the loop every time (an instant reading depends on the table shown)
            last_card = top
            between = rss_mb()
        if not app.running:
            report("the kiosk stopped running")
            break
        if app.clock_s >= next_report:
            gc.collect()
            row = {"hour": round(next_report / 3600, 2), "rss_mb": round(rss_mb(), 1),
                   "rss_between_games_mb": round(between, 1) if between else None,
                   "wall_s": round(time.perf_counter() - t0, 1), **app.stats,
                   **cache_sizes(app)}
            hourly.append(row)
            report(f"hour {row['hour']:>4}: {row['games']} games, {row['takeovers']} takeovers, "
                   f"{row['new_games']} visitor games, {row['resets']} resets, {row['errors']} "
                   f"errors, RSS {row['rss_mb']} MB, {row['wall_s']} s")
            next_report += step_s
    gc.collect()
    rss_last = rss_mb()
    first = hourly[0]["rss_mb"] if hourly else rss_last
    last = hourly[-1]["rss_mb"] if hourly else rss_last
    calm = [h["rss_between_games_mb"] for h in hourly if h["rss_between_games_mb"]]
    result = {
        "hours": hours, "accelerated": accelerated, "seed": seed,
        "games": app.stats["games"], "takeovers": app.stats["takeovers"],
        "visitor_games": app.stats["new_games"], "resets": app.stats["resets"],
        "errors": app.stats["errors"] + escaped, "escaped": escaped,
        "timeouts": app.stats["timeouts"], "blocked": app.stats["blocked"],
        "visitor_moves": visitor.moves, "games_shown": sorted(shown),
        "rss_first_hour_mb": first, "rss_last_hour_mb": last,
        "rss_growth_mb": round(last - first, 1),
        "rss_between_games_growth_mb": round(calm[-1] - calm[0], 1) if calm else None,
        "disk_bytes": healing.disk_use(),
        "wall_s": round(time.perf_counter() - t0, 1), "hourly": hourly,
    }
    if frame_ms:
        ordered = sorted(frame_ms)
        result.update({"frames": len(ordered),
                       "frame_p50_ms": round(ordered[len(ordered) // 2], 2),
                       "frame_p99_ms": round(ordered[min(len(ordered) - 1,
                                                         int(len(ordered) * 0.99))], 2),
                       "frame_max_ms": round(ordered[-1], 2),
                       "frames_over_16_7_ms": sum(1 for v in ordered if v > 16.7),
                       "video_driver": os.environ.get("SDL_VIDEODRIVER", "")})
        cpu = sorted(frame_cpu_ms)
        # CPU time of the main thread per frame: other processes do not inflate it, but a host
        # that takes a virtual machine's processor away does (see machine_noise)
        result.update({"frame_cpu_p50_ms": round(cpu[len(cpu) // 2], 2),
                       "frame_cpu_p99_ms": round(cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 2),
                       "frame_cpu_max_ms": round(cpu[-1], 2),
                       "frames_cpu_over_16_7_ms": sum(1 for v in cpu if v > 16.7)})
    if noise_before is not None:
        result["machine_noise_before"] = noise_before
        result["machine_noise_after"] = machine_noise(noise_s)
    if probe is not None:
        result.update({"slow_frames": probe.slow, "slow_frames_file": slow_frames,
                       "slow_frames_ms": slow_ms})
        probe.close()
    app.quit()
    healing.stop_logging()
    return result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hours", type=float, default=8.0)
    p.add_argument("--accelerated", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--real-time", action="store_true",
                   help="real frame times and Clock.tick(60); frame times are reported")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--visit-every", type=float, default=15.0, metavar="MIN",
                   help="mean minutes between visitors (default 15)")
    p.add_argument("--slow-frames", metavar="FILE",
                   help="write each frame over --slow-ms of main-thread CPU time to FILE (one "
                        "JSON line: scenes, kiosk mode, game, frame index, its parts and GCs)")
    p.add_argument("--slow-ms", type=float, default=10.0, metavar="MS",
                   help="the threshold of --slow-frames (default 10)")
    p.add_argument("--slow-profile", action="store_true",
                   help="with --slow-frames: profile every frame, keep the slow ones' profiles")
    p.add_argument("--home", help="the user folder to use (default: a new temporary one)")
    p.add_argument("--noise-seconds", type=float, default=20.0, metavar="S",
                   help="with --real-time: time a fixed block of work for S seconds before and "
                        "after the run and report it beside the frames (0: do not)")
    args = p.parse_args(argv)
    home = args.home or tempfile.mkdtemp(prefix="sandsofplay-soak-")
    result = soak(args.hours, args.accelerated, args.seed, args.visit_every, home,
                  report=(lambda s: print(s, flush=True)), real_time=args.real_time,
                  slow_frames=args.slow_frames, slow_ms=args.slow_ms,
                  slow_profile=args.slow_profile, noise_s=args.noise_seconds)
    if args.json:
        print(json.dumps(result))
    else:
        print({k: v for k, v in result.items() if k != "hourly"})
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
