#!/usr/bin/env python3
"""Smoke test of an *installed* sandsofplay (a wheel in a fresh virtual environment, pipx, or the
desktop bundle's Python): everything it needs must have travelled with the package.

    VENV/bin/python tools/smoke_installed.py [--checkout DIR] [--frames N] [--app-seconds S]

Run it with the installed interpreter, from a folder outside the checkout. It never puts the
checkout on ``sys.path`` (unlike the other tools), and fails when ``sandsofplay`` is imported from
``--checkout``. It checks, each step printing one line:

1. the package and its resources come from the installed location, every game's data loads;
2. for every game, a complete bot game through ``Match`` (hashes, undo, a save that reads back);
3. headless (dummy video and audio drivers): the title renders, and each game's table opens and
   draws frames with bots playing;
4. the ``sandsofplay`` command on PATH: ``--version``, and
   ``sandsofplay --game ID --seats bot:normal,bot:normal --seed 1`` starts and plays (its
   autosave grows) for every game, then is stopped.

Exit status 0 when all passed; 1 with the failing step's reason otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HOME = tempfile.mkdtemp(prefix="sop-smoke-")
os.environ["SANDSOFPLAY_HOME"] = HOME


COLOURS = ("crimson", "indigo")


class Failed(Exception):
    pass


def step(name, fn, *args):
    t0 = time.perf_counter()
    try:
        detail = fn(*args)
    except Failed as exc:
        print(f"FAIL {name}: {exc}")
        raise
    except Exception as exc:  # noqa: BLE001 - every failure is reported as one line
        print(f"FAIL {name}: {type(exc).__name__}: {exc}")
        raise Failed(name) from exc
    print(f"ok   {name} ({time.perf_counter() - t0:.1f} s){': ' + detail if detail else ''}")


def check_location(checkout: Path | None) -> str:
    import sandsofplay
    from sandsofplay.engine.resources import resources_root
    pkg = Path(sandsofplay.__file__).resolve().parent
    if checkout is not None and checkout.resolve() in pkg.parents:
        raise Failed(f"sandsofplay was imported from the checkout ({pkg}), not the install")
    root = resources_root().resolve()
    if pkg not in root.parents:
        raise Failed(f"the resources ({root}) are not inside the installed package ({pkg})")
    files = [p for p in root.rglob("*") if p.is_file()]
    for part in ("data", "maps", "fonts", "help"):
        if not (root / part).is_dir():
            raise Failed(f"resources/{part} is missing from the installed package")
    return f"{pkg} with {len(files)} resource files"


def check_data() -> str:
    from sandsofplay.games import CATALOG, get_game
    ids = [gi.id for gi in CATALOG]
    for gid in ids:
        get_game(gid)
    return ", ".join(ids)


def play_games() -> str:
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    from sandsofplay.engine import Match, SeatSpec, Setup
    from sandsofplay.engine.playout import run
    from sandsofplay.games import CATALOG, get_game
    out = []
    for gi in CATALOG:
        game = get_game(gi.id)
        seats = tuple(SeatSpec("bot", "easy", name, colour)
                      for name, colour in zip(("Amira", "Tariq"), COLOURS))
        setup = Setup(game.id, seats, (), 3)
        save = os.path.join(HOME, f"{game.id}.json")
        match = Match(game, setup, autosave_path=save)
        bots = {i: make_bot(game, "easy", i, 31 + i) for i in range(2)}
        driver = Driver(match, bots)
        steps = run(match, lambda target: driver.next_move())
        if game.outcome(match.state) is None:
            raise Failed(f"{game.id}: the bot game did not end")
        Match.flush_autosave()
        again = Match.load(save, get_game)
        if len(again.log) != len(match.log):
            raise Failed(f"{game.id}: its save read back with {len(again.log)} of "
                         f"{len(match.log)} actions")
        out.append(f"{game.id} {steps} steps")
    return "; ".join(out)


def render() -> str:
    import pygame
    from sandsofplay import tables  # noqa: F401 - registers the tables
    from sandsofplay.engine import SeatSpec, Setup
    from sandsofplay.games import CATALOG
    from sandsofplay.ui import table as table_mod
    from sandsofplay.ui.app import make_app
    app = make_app(fullscreen=False)
    app.reset(app.home_factory(app))
    app.apply_ops()
    drawn = []

    def frames(n):
        for _ in range(n):
            app.frame(1 / 60)
        surf = app.screen
        colours = {surf.get_at((x, y))[:3] for x in range(0, surf.get_width(), 37)
                   for y in range(0, surf.get_height(), 29)}
        if len(colours) < 8:
            raise Failed(f"the frame is nearly blank ({len(colours)} colours)")
        return surf

    pygame.image.save(frames(5), os.path.join(HOME, "title.png"))
    drawn.append("title")
    for gi in CATALOG:
        seats = tuple(SeatSpec("bot", "normal", name, colour)
                      for name, colour in zip(("Amira", "Tariq"), COLOURS))
        table_mod.start_table(app, Setup(gi.id, seats, (), 1))
        app.apply_ops()
        pygame.image.save(frames(60), os.path.join(HOME, f"table-{gi.id}.png"))
        top = type(app.top).__name__
        if "Table" not in top:
            raise Failed(f"{gi.id}: the screen shows {top}, not its table")
        drawn.append(gi.id)
    app.quit()
    return "drew " + ", ".join(drawn) + f" (PNGs in {HOME})"


def command() -> str:
    exe = shutil.which("sandsofplay", path=os.path.dirname(sys.executable) + os.pathsep +
                       os.environ.get("PATH", ""))
    if exe is None:
        raise Failed("no 'sandsofplay' command next to this Python or on PATH")
    got = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    import sandsofplay
    if got.returncode != 0 or got.stdout.strip() != f"sandsofplay {sandsofplay.__version__}":
        raise Failed(f"--version printed {got.stdout!r} (exit {got.returncode})")
    return f"{exe}: {got.stdout.strip()}"


def app_plays(seconds: float) -> str:
    from sandsofplay.games import CATALOG
    exe = shutil.which("sandsofplay", path=os.path.dirname(sys.executable) + os.pathsep +
                       os.environ.get("PATH", ""))
    done = []
    for gi in CATALOG:
        home = tempfile.mkdtemp(prefix=f"sop-app-{gi.id}-")
        env = dict(os.environ, SANDSOFPLAY_HOME=home)
        proc = subprocess.Popen([exe, "--game", gi.id, "--seats", "bot:normal,bot:normal",
                                 "--seed", "1"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        auto = Path(home) / "autosave.json"
        actions, deadline = 0, time.monotonic() + seconds
        try:
            while time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.5)
                try:
                    actions = len(json.loads(auto.read_text())["log"])
                except (OSError, ValueError, KeyError):
                    continue
                if actions >= 3:
                    break
        finally:
            alive = proc.poll() is None
            if alive:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        err = proc.stderr.read()
        if not alive:
            raise Failed(f"{gi.id}: the app stopped by itself (exit {proc.returncode}): "
                         f"{err.strip()[-400:]}")
        if actions < 3:
            raise Failed(f"{gi.id}: the bots made {actions} actions in {seconds:.0f} s")
        done.append(f"{gi.id} {actions}+ actions")
    return "; ".join(done)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--checkout", type=Path, help="the source checkout it must not import from")
    p.add_argument("--app-seconds", type=float, default=90.0,
                   help="how long each game's app run may take to make its first actions")
    args = p.parse_args(argv)
    try:
        step("installed package and resources", check_location, args.checkout)
        step("every game's data loads", check_data)
        step("a bot game of each game through Match, saved and read back", play_games)
        step("headless title and tables", render)
        step("the sandsofplay command", command)
        step("sandsofplay --game ID --seats bot:normal,bot:normal plays", app_plays,
             args.app_seconds)
    except Failed:
        return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
