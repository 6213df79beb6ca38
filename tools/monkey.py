"""A UI monkey: random clicks, drags, keys, wheel turns, touches and typing, posted as real
pygame events into the app, across every scene and every built table (with bots and with humans).

    python tools/monkey.py --events N [--seed S] [--report-every K] [--json] [--no-gc-freeze]

Every K events it prints the process's RSS, the scene on top and how many tables were opened, so
memory can be followed over a long run. Exit status 1 if the app ever showed its error screen or
an exception escaped a frame (each is printed with its traceback), else 0.

The same ``Monkey`` runs in CI with a few thousand events (tests/hardening/test_monkey.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

KEYS = [
    (pygame.K_ESCAPE, 0), (pygame.K_TAB, 0), (pygame.K_TAB, pygame.KMOD_SHIFT),
    (pygame.K_RETURN, 0), (pygame.K_SPACE, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0),
    (pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_F11, 0),
    (pygame.K_h, 0), (pygame.K_p, 0), (pygame.K_BACKSPACE, 0), (pygame.K_a, 0), (pygame.K_1, 0),
    (pygame.K_KP_ENTER, 0), (pygame.K_DELETE, 0),
]
TEXTS = ["a", "Z", "7", " ", "\u00e9", "\u0645", "\U0001f42a", "x" * 30]


from tools._common import rss_mb  # noqa: E402 - after the import path is set


def prepare_home(folder: str) -> None:
    """A user folder with a good save, a damaged one and an odd file, so the Load list, replays
    and messages get their turn too."""
    from sandsofplay.engine import Match, Setup
    from sandsofplay.games import get_game
    os.environ["SANDSOFPLAY_HOME"] = folder
    from sandsofplay.ui import paths
    saves = paths.saves_dir()
    game = get_game("sands_of_adventure")
    m = Match(game, Setup.make("sands_of_adventure", ["human", "bot:easy", "bot:easy"], seed=4))
    rng = random.Random(4)
    while len(m.log) < 30 and not m.is_over():
        acting = game.to_act(m.state)
        if not acting:
            m.advance(1)
            continue
        m.apply(acting[0], rng.choice(game.legal_actions(m.state, acting[0])))
    m.save(str(saves / "sands_of_adventure-monkey.json"))
    (saves / "damaged.json").write_text('{"format": "sandsofplay-save", "log": null')


def entrances(app, table_ids):
    """Ways into every scene: (name, callable) pairs."""
    from sandsofplay.engine import SeatSpec, Setup
    from sandsofplay.games import get_game
    from sandsofplay.ui import paths
    from sandsofplay.ui.scenes.history import HistoryScene
    from sandsofplay.ui.scenes.load import LoadScene
    from sandsofplay.ui.table_registry import open_registered_scene
    from sandsofplay.ui.scenes.overlays import PauseScene, ResultsScene, RulesHelpScene
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    from sandsofplay.ui.scenes.settings import SettingsScene
    from sandsofplay.ui.table import TableScene, open_replay, open_save, start_table

    def table_with(gid, kinds, seed):
        def go():
            game = get_game(gid)
            n = max(game.min_seats, min(len(kinds), game.max_seats))
            seats = tuple(SeatSpec.parse(k) for k in kinds[:n])
            start_table(app, Setup(gid, seats, (), seed))
        return go

    def over_table(make):
        def go():
            table = next((s for s in app.stack if isinstance(s, TableScene)), None)
            if table is None:  # open one first
                table_with(table_ids[0], ["human", "bot:easy", "bot:easy"], 9)()
                app.apply_ops()
                table = app.top
            app.push(make(table))
        return go

    out = [("title", app.go_home),
           ("settings", lambda: app.push(SettingsScene(app))),
           ("load", lambda: app.push(LoadScene(app))),
           ("history", lambda: app.push(HistoryScene(app))),
           ("decks", lambda: open_registered_scene(app, "decks")),
           ("continue", lambda: open_save(app, str(paths.autosave_path()))),
           ("damaged save", lambda: open_save(app, str(paths.saves_dir() / "damaged.json")))]
    for path in sorted(paths.saves_dir().glob("*monkey.json")):
        out.append(("replay", lambda p=str(path): open_replay(app, p)))
    for gid in table_ids:
        out.append((f"setup:{gid}", lambda g=gid: app.push(SeatSetupScene(app, g))))
        out.append((f"table:{gid}:human+bots", table_with(gid, ["human", "bot:easy", "bot:normal",
                                                                "bot:hard"], 5)))
        out.append((f"table:{gid}:humans", table_with(gid, ["human", "human", "human"], 6)))
        out.append((f"table:{gid}:bots", table_with(gid, ["bot:easy"] * 4, 7)))
    out += [("pause", over_table(lambda t: PauseScene(app, t))),
            ("rules", over_table(lambda t: RulesHelpScene(app, t.game))),
            ("results", over_table(lambda t: ResultsScene(app, t)))]
    return out


class Monkey:
    """Random input for an app; records every error screen and escaped exception."""

    def __init__(self, app, seed: int = 0, table_ids=("sands_of_adventure",)):
        self.app = app
        self.rng = random.Random(seed)
        self.failures: list[str] = []
        self.visited: Counter = Counter()
        self.entered: Counter = Counter()
        self.events = 0
        self.tables_opened = 0
        self.entrances = entrances(app, table_ids)
        self._queue: list = []
        real_fail = app.fail

        def fail(exc, where=""):
            tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
            self.failures.append(f"{where} on {self.scene_name()}: {tb[-2500:]}")
            real_fail(exc, where)
        app.fail = fail

    # --- where to aim -------------------------------------------------------------------------
    def scene_name(self) -> str:
        top = self.app.top
        return type(top).__name__ if top is not None else "none"

    def targets(self) -> list[pygame.Rect]:
        top = self.app.top
        rects = []
        for item in getattr(top, "focus_items", []) or []:
            rects.append(pygame.Rect(item.rect))
        for e in getattr(top, "elements", []) or []:
            if e.visible:
                rects.append(pygame.Rect(e.rect))
        regions = getattr(top, "regions", None)
        if callable(regions):
            try:
                found = regions()
                values = found.values() if isinstance(found, dict) else found
                for r in values:
                    r = r[1] if isinstance(r, tuple) and len(r) == 2 and not \
                        isinstance(r[0], int) else r
                    try:
                        rects.append(pygame.Rect(r))
                    except TypeError:
                        pass
            except Exception:  # noqa: BLE001 - a region list is a help, not a must
                pass
        for _gi, rect, *_ in getattr(top, "tiles", []) or []:
            rects.append(pygame.Rect(rect))
        return [r for r in rects if r.w > 0 and r.h > 0]

    def pos(self):
        rng = self.rng
        targets = self.targets()
        if targets and rng.random() < 0.65:
            r = rng.choice(targets)
            return (rng.randrange(r.x, r.right), rng.randrange(r.y, r.bottom))
        return (rng.randrange(0, 1280), rng.randrange(0, 720))

    # --- input --------------------------------------------------------------------------------
    def frames(self, n=1):
        for _ in range(n):
            try:
                self.app.frame(1 / 60)
            except Exception:  # noqa: BLE001 - an exception that got past the app's guard
                self.failures.append(f"escaped a frame on {self.scene_name()}: "
                                     f"{traceback.format_exc()[-2500:]}")
            self.app.running = True  # "Quit" and window closing are not for the monkey
            self.visited[self.scene_name()] += 1

    def post(self, kind, **attrs):
        pygame.event.post(pygame.event.Event(kind, **attrs))

    # every gesture's events are posted together and then one frame runs: the app handles them
    # in order within the frame, as it does when input comes faster than frames
    def click(self, pos, button=1):
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(1)

    def drag(self, start, end):
        pygame.mouse.set_pos(start)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        steps = self.rng.randint(1, 4)
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps,
                 start[1] + (end[1] - start[1]) * k // steps)
            pygame.mouse.set_pos(p)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(1)

    def key(self, key, mod=0):
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(1)

    def enter_somewhere(self):
        if not self._queue:  # every entrance once, in a random order, then again
            self._queue = list(self.entrances)
            self.rng.shuffle(self._queue)
        name, go = self._queue.pop()
        try:
            go()
            self.app.apply_ops()
            self.frames(1)  # the scene entered is drawn (seen) once before input reaches it
        except Exception:  # noqa: BLE001 - entering a scene must never raise either
            self.failures.append(f"entering {name}: {traceback.format_exc()[-2500:]}")
        self.entered[name] += 1
        if name.startswith("table:"):
            self.tables_opened += 1
        top = self.app.top
        if top is not None and hasattr(top, "driver"):
            top.driver.pace_ticks = self.rng.choice((0, 5, 30))

    def step(self):
        """One random event (a click or a drag is one event), then its frames."""
        rng = self.rng
        r = rng.random()
        if r < 0.34:
            self.click(self.pos(), button=1 if rng.random() < 0.93 else 3)
        elif r < 0.62:
            key, mod = rng.choice(KEYS)
            self.key(key, mod)
        elif r < 0.74:
            self.drag(self.pos(), self.pos())
        elif r < 0.82:
            p = self.pos()
            pygame.mouse.set_pos(p)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
            self.frames(1)
        elif r < 0.86:
            self.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                      precise_x=0.0, precise_y=1.0, touch=False, which=0)
            self.frames(1)
        elif r < 0.90:
            x, y = self.pos()
            for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
                self.post(kind, x=x / 1280, y=y / 720, dx=0, dy=0, finger_id=0, touch_id=0,
                          pressure=1.0)
            self.frames(1)
        elif r < 0.95:
            self.post(pygame.TEXTINPUT, text=rng.choice(TEXTS))
            self.frames(1)
        else:
            self.frames(rng.randint(2, 8))  # let bots and animations run
        self.events += 1

    def run(self, events: int, hop_every: int = 150, on_report=None, report_every: int = 0):
        since_hop = 0
        for _ in range(events):
            if since_hop >= hop_every or (since_hop > 20 and self.rng.random() < 1 / hop_every):
                self.enter_somewhere()
                since_hop = 0
            self.step()
            since_hop += 1
            if on_report and report_every and self.events % report_every == 0:
                on_report(self)
        return self.failures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Random UI events against the app; RSS over time.")
    p.add_argument("--events", type=int, default=5000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--report-every", type=int, default=1000)
    p.add_argument("--json", action="store_true", help="last line: one JSON object")
    p.add_argument("--no-gc-freeze", action="store_true",
                   help="make gc.freeze a no-op, to tell its effect on RSS (issue 9 point 1) "
                        "from the rest")
    args = p.parse_args(argv)
    if args.no_gc_freeze:
        import gc
        gc.freeze = lambda: None
    import logging
    logging.getLogger("sandsofplay").setLevel(logging.ERROR)  # F11 has no full screen headless
    home = tempfile.mkdtemp(prefix="sandsofplay-monkey-")
    prepare_home(home)
    import sandsofplay.tables  # noqa: F401 - registers the built tables
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    from sandsofplay.ui.table import _TABLES
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()
    monkey = Monkey(app, args.seed, table_ids=sorted(_TABLES))
    samples = []
    t0 = time.perf_counter()

    def report(m):
        row = {"events": m.events, "rss_mb": round(rss_mb(), 1), "scene": m.scene_name(),
               "tables_opened": m.tables_opened, "seconds": round(time.perf_counter() - t0, 1),
               "failures": len(m.failures)}
        samples.append(row)
        if not args.json:
            print(f"{row['events']:>7} events  RSS {row['rss_mb']:7.1f} MB  "
                  f"tables {row['tables_opened']:>4}  {row['seconds']:>7.1f} s  "
                  f"on {row['scene']}", flush=True)

    report(monkey)
    failures = monkey.run(args.events, on_report=report, report_every=args.report_every)
    app.quit()
    for f in failures[:10]:
        print("FAILURE:", f, file=sys.stderr)
    summary = {"events": monkey.events, "failures": len(failures), "samples": samples,
               "scenes": dict(monkey.visited), "entered": dict(monkey.entered)}
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{len(failures)} failures; scenes seen: {', '.join(sorted(monkey.visited))}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
