#!/usr/bin/env python3
"""Render a scene headless to a PNG.

    python tools/screenshot.py --scene NAME [--game ID] [--seed S] [--actions N] --out FILE.png

Scenes: title, setup, settings, load, pause, rules, results, error, table, history (Games
played: a bot game of each game, ``--players``-seated where it can be, kept in a fresh history,
and one damaged entry), history-records (its records), story (the first kept game's story); the
kiosk's
kiosk (the attract loop), kiosk-card, kiosk-takeover, kiosk-choose, kiosk-countdown, kiosk-pin, kiosk-settings. For ``table`` (and the
overlays drawn over a table) a game is started with bot seats; ``--actions N`` lets the bots play
N actions first (real-time games run their clock as they go), ``--ticks T`` then runs T more
frames of the table (animations, pouring sand). For the moments a person meets: ``--humans K
--stage NAME`` (stand-in bots play the people's seats until one must decide at that stage, e.g.
replace, keep_upgrade, turn), ``--hint``, ``--focus N`` (Tab N times), ``--hover X,Y``, and
``--size 1280x800`` (also writes the frame letterboxed into a window of that size).
``--replay`` (with ``--scene table``): the bots' game (``--actions N``, or to its end with
``--actions -1``) is then opened as a replay, paused at ``--at N`` (default: half-way), the
pointer on its first big moment's mark unless ``--hover`` says otherwise; ``--view face-up``
(or a seat number) shows that view of a finished game's replay.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

import _common

_common.headless()
os.environ.setdefault("SANDSOFPLAY_HOME", tempfile.mkdtemp(prefix="sop-shot-"))

SCENES = ("title", "setup", "settings", "load", "pause", "rules", "results", "error", "table",
          "history", "history-records", "story")
from _kiosk_shot import STAGES as KIOSK_SCENES  # noqa: E402 - kiosk-* scenes (the kiosk's own)


def choose_view(table, who: str):
    """Whose view a replay shows, by the same choices the V key goes through."""
    from sandsofplay.ui.table_replay import FACE_UP
    want = {"spectator": None, "face-up": FACE_UP}.get(who)
    if who not in ("spectator", "face-up"):
        want = int(who) - 1 if who.isdigit() else who
    choices = table.replay_view_choices()
    if want not in choices:
        names = ["spectator" if v is None else "face-up" if v == FACE_UP else str(v + 1)
                 for v in choices]
        why = "" if len(choices) > 1 else " (the game was not finished)"
        raise SystemExit(f"--view {who}: this replay offers {', '.join(names)}{why}")
    table.viewer = want
    table.on_replay_jump()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scene", required=True, choices=SCENES + KIOSK_SCENES)
    p.add_argument("--game", default="sands_of_adventure")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--actions", type=int, default=0)
    p.add_argument("--ticks", type=int, default=30)
    p.add_argument("--players", type=int)
    p.add_argument("--humans", type=int, default=0,
                   help="with --scene table: the first K seats are people (play stops when one "
                        "of them must act)")
    p.add_argument("--until", metavar="EVENT",
                   help="with --scene table: play until an event of this kind happens "
                        "(e.g. gem_added, timer_flipped), then run --ticks frames")
    p.add_argument("--stage", metavar="NAME",
                   help="with --scene table and --humans: stand-in bots play the people's seats "
                        "until a person must decide at this stage or pending question (e.g. "
                        "replace, keep_upgrade, turn, move), then run --ticks frames")
    p.add_argument("--hint", action="store_true",
                   help="with --scene table: ask for a hint at the end (shown after --ticks)")
    p.add_argument("--focus", type=int, default=0, metavar="N",
                   help="with --scene table: press Tab N times at the end (keyboard focus)")
    p.add_argument("--hover", metavar="X,Y", help="with --scene table: the pointer rests here")
    p.add_argument("--keys", metavar="K,K",
                   help="with --scene table: press these keys at the end (pygame key names, "
                        "e.g. '=,=,right' zooms the Sand board in twice and pans it)")
    p.add_argument("--drag", metavar="X,Y:X,Y",
                   help="with --scene table: press at the first point and hold the pointer at "
                        "the second when the picture is taken (a drag in progress)")
    p.add_argument("--size", metavar="WxH",
                   help="also write the frame letterboxed into a window of this size "
                        "(e.g. 1280x800), as SDL's scaling shows it")
    p.add_argument("--replay", action="store_true",
                   help="with --scene table: open the game played so far as a replay")
    p.add_argument("--at", type=int, metavar="N", help="with --replay: the action shown")
    p.add_argument("--view", metavar="WHO",
                   help="with --replay of a finished game: spectator (default), face-up, or a "
                        "seat number (1, 2, ...)")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)

    import pygame

    if args.game == "tiny":
        _common.register_test_game()  # the test-only game, only when asked for by name
    _common.register_tables()
    if args.scene in KIOSK_SCENES:
        from _kiosk_shot import shoot
        name = shoot(args.scene, args.out, args.seed, args.actions or 40, args.game)
        print(f"wrote {args.out} ({name})")
        return 0
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()

    def frames(n):
        for _ in range(n):
            app.frame(1 / 60)

    if args.scene in ("title",):
        pass
    elif args.scene == "error":
        from sandsofplay.ui.scenes.error import ErrorScene
        app.push(ErrorScene(app, "Example: the save file was damaged (not valid JSON at line 3)."))
    elif args.scene == "settings":
        from sandsofplay.ui.scenes.settings import SettingsScene
        app.push(SettingsScene(app))
    elif args.scene == "load":
        from sandsofplay.ui.scenes.load import LoadScene
        app.push(LoadScene(app))
    elif args.scene == "setup":
        from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
        app.push(SeatSetupScene(app, args.game))
    elif args.scene in ("history", "history-records", "story"):
        from sandsofplay.ui.scenes.history import HistoryScene, StoryScene
        fill_history(args)
        scene = HistoryScene(app)
        app.push(scene)
        app.apply_ops()
        if args.scene == "history-records":
            scene.switch()
        elif args.scene == "story":
            app.push(StoryScene(app, next(e for e in scene.found if e.ok)))
    table = None
    if args.scene not in ("title", "error", "settings", "load", "setup", "history",
                          "history-records", "story"):
        table = start_bot_table(app, args)
        if table is None:
            return 2
        if args.stage:
            reach_stage(table, args.stage)
        if args.scene == "pause":
            from sandsofplay.ui.scenes.overlays import PauseScene
            app.push(PauseScene(app, table))
        elif args.scene == "rules":
            from sandsofplay.ui.scenes.overlays import RulesHelpScene
            app.push(RulesHelpScene(app, table.game))
        elif args.scene == "results":
            from sandsofplay.ui.scenes.overlays import ResultsScene
            app.push(ResultsScene(app, table))
    app.apply_ops()
    if args.scene == "table" and table is not None and args.replay:
        from sandsofplay.ui.table import open_replay_data
        data = table.match.to_save()
        table = open_replay_data(app, data, len(data["log"]) // 2 if args.at is None else args.at)
        app.apply_ops()
        if args.view:
            choose_view(table, args.view)
        moments = [m for m in table.replay.marks if m.kind == "moment"]
        if not args.hover and moments:
            tr = table.replay_bar.track_rect()
            args.hover = f"{table.replay_bar.x_of(moments[0].index)},{tr.y - 5}"
    if args.scene == "table" and table is not None:
        if args.hover:
            x, y = (int(v) for v in args.hover.split(","))
            pygame.mouse.set_pos((x, y))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        for name in (args.keys.split(",") if args.keys else []):
            code = pygame.key.key_code(name)
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="",
                                                     scancode=0))
        if args.keys:
            frames(1)
        if args.drag:
            a, b = ((int(v) for v in part.split(",")) for part in args.drag.split(":"))
            a, b = tuple(a), tuple(b)
            pygame.mouse.set_pos(a)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            frames(1)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
            frames(1)
            for k in (1, 2, 3):
                p = (a[0] + (b[0] - a[0]) * k // 3, a[1] + (b[1] - a[1]) * k // 3)
                pygame.mouse.set_pos(p)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
                frames(1)
        for _ in range(args.focus):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                                 unicode="", scancode=0))
        if args.hint:
            table.ask_hint()
    frames(args.ticks if args.scene == "table" else 3)
    app.draw()
    pygame.image.save(app.screen, args.out)
    if args.size:
        w, h = (int(v) for v in args.size.lower().split("x"))
        scale = min(w / app.screen.get_width(), h / app.screen.get_height())
        inner = pygame.transform.smoothscale(app.screen, (round(app.screen.get_width() * scale),
                                                          round(app.screen.get_height() * scale)))
        window = pygame.Surface((w, h))
        window.blit(inner, inner.get_rect(center=(w // 2, h // 2)))
        boxed = args.out[:-4] + f"-{w}x{h}.png" if args.out.endswith(".png") else \
            args.out + f"-{w}x{h}.png"
        pygame.image.save(window, boxed)
        print(f"wrote {boxed}")
    print(f"wrote {args.out} ({app.top.name})")
    app.quit()
    return 0


def fill_history(args):
    """A bot game of each game (seeds from --seed; bots of the easy and normal levels) kept in
    the history, and one damaged file there (written first: the oldest)."""
    import time
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    from sandsofplay.engine import Match, SeatSpec, Setup
    from sandsofplay.games import get_game
    from sandsofplay.ui import history
    levels = ("easy", "normal")
    (history.history_dir() / "sand-19990101-000000.json").write_text('{"format": "sandsofpl')
    names = ("Amira", "Tariq", "Layla", "Omar")
    for k, gid in enumerate(("sand", "sahwari", "burning_sands", "sands_of_adventure")):
        game = get_game(gid)
        n = max(game.min_seats, min(args.players or 2, game.max_seats))
        seats = tuple(SeatSpec("bot", levels[(i + k) % 2] if i else "easy", names[i])
                      for i in range(n))
        match = Match(game, Setup(gid, seats, (), args.seed + k))
        Driver(match, {i: make_bot(game, seats[i].level, i, args.seed * 31 + i)
                       for i in range(n)}).run()
        history.keep(match)
        time.sleep(1.05)  # distinct file names and dates


def start_bot_table(app, args):
    from sandsofplay.engine import SeatSpec, Setup
    from sandsofplay.games import get_game
    from sandsofplay.ui.table import start_table
    try:
        game = get_game(args.game)
    except KeyError as exc:
        print(f"screenshot: {exc.args[0]}", file=sys.stderr)
        return None
    n = args.players or max(game.min_seats, min(3, game.max_seats))
    from sandsofplay.ui.theme import COLOUR_ORDER
    names = ("Amira", "Tariq", "Layla", "Omar")
    seats = tuple(SeatSpec("human" if i < args.humans else "bot", "" if i < args.humans else
                           "normal", names[i], COLOUR_ORDER[i]) for i in range(n))
    try:
        start_table(app, Setup(game.id, seats, (), args.seed))
    except KeyError as exc:
        print(f"screenshot: no table for {args.game} ({exc})", file=sys.stderr)
        return None
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    seen = []
    table.match.listeners.insert(0, lambda events: seen.extend(e.kind for e in events))
    done = 0
    guard = 0
    while not table.match.is_over() and guard < 500_000:
        if args.until:
            if args.until in seen and done >= args.actions:
                break
            seen.clear()
        elif 0 <= args.actions <= done:
            break
        guard += 1
        before = len(table.match.log)
        if hasattr(table, "settle"):
            table.settle()  # only the last step's animations are left to show
        if not table.driver.step():
            break
        done += len(table.match.log) - before
    return table


def reach_stage(table, stage):
    """Stand-in bots play the people's seats until a person must decide at ``stage``."""
    from sandsofplay.bots.levels import make_bot
    game, match, d = table.game, table.match, table.driver
    stand_in = {s: make_bot(game, "normal", s, 7 + s) for s in table.humans}

    def there():
        st = match.state
        acting = [s for s in game.to_act(st) if s in table.humans]
        names = {getattr(st, "stage", None)}
        pending = getattr(st, "pending", None)
        if isinstance(pending, list):  # Sahwari: its turn step, and the question on top
            names.add(getattr(st, "step", None))
            if pending:
                names.add(pending[-1][0])
        else:
            names.add(pending)
        stack = getattr(st, "stack", None)  # Burning Sands: the question on top ("absorb",
        if isinstance(stack, list) and stack and isinstance(stack[-1], dict):  # "raid:defend")
            names.update((stack[-1].get("k"), f"{stack[-1].get('k')}:{stack[-1].get('step')}"))
        prog = getattr(st, "prog", None)  # Sands of Adventure: the tile step being resolved
        if prog and getattr(st, "stage", None) == "step":
            names.add(prog[0][0])
        return acting and stage in names

    d.bots.update(stand_in)
    try:
        for _ in range(200_000):
            if match.is_over() or there():
                break
            if hasattr(table, "settle"):
                table.settle()
            if not d.step():
                break
    finally:
        for s in stand_in:
            d.bots.pop(s, None)
            d.ready.pop(s, None)
            d.thinking.pop(s, None)
    if hasattr(table, "settle"):
        table.settle()


if __name__ == "__main__":
    sys.exit(main())
