"""Run the app's resource readers over damaged copies, one case a line, for the resource fuzzer.

    python -m tests.hardening.resource_probe FAMILY CASES.json

Each case is a dict (see ``test_resource_fuzz``); for each, one JSON line is printed and flushed
before the next starts, so a case that hangs is the one after the last line printed (the parent
gives the whole run a timeout):

    {"id": ..., "result": "ok" | "refused" | "unexpected", "message": ..., ...}

Families: ``data`` (a game's loader over a folder), ``map`` (``load_layout`` of one file),
``font`` (``theme.usable_font`` of one file, then text drawn with whatever it chose), ``help``
(the rules help opened over a running table, its resources root switched per case) and ``app``
(the whole start-up under ``SANDSOFPLAY_RESOURCES``: title, the damaged game's table, its rules
help; one case a process).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _emit(**row):
    print(json.dumps(row), flush=True)


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def load_data(game: str, folder: str):
    folder = Path(folder)
    if game == "sands_of_adventure":
        from sandsofplay.games.sands_of_adventure import data
        return data.load(folder)
    if game == "sahwari":
        from sandsofplay.games.sahwari import data
        return data.load(folder)
    if game == "burning_sands":
        from sandsofplay.games.burning_sands import data
        return data.load(folder)
    if game == "sand":
        from sandsofplay.games.sand import data
        return data.SandData(folder)
    raise ValueError(game)


def _run(case, fn):
    from sandsofplay.engine import DataError
    try:
        fn()
    except DataError as exc:
        return {"result": "refused", "message": str(exc)[:2000]}
    except BaseException:  # noqa: BLE001 - that is what the fuzzer looks for
        return {"result": "unexpected", "message": traceback.format_exc()[-1500:]}
    return {"result": "ok", "message": ""}


def family_data(cases):
    for case in cases:
        _emit(id=case["id"], **_run(case, lambda: load_data(case["game"], case["folder"])))


def family_map(cases):
    from sandsofplay.ui.tiled import load_layout
    for case in cases:
        _emit(id=case["id"], **_run(case, lambda: load_layout(case["path"])))


def family_font(cases):
    import pygame
    from sandsofplay.ui import theme
    pygame.font.init()
    cap = _Capture()
    logging.getLogger("sandsofplay").addHandler(cap)
    for case in cases:
        cap.lines.clear()
        try:
            chosen = theme.usable_font(case["path"])
            font = pygame.font.Font(chosen, 22)  # what the app then writes with
            width = font.render("Sands of Play", True, (0, 0, 0)).get_width()
            row = {"result": "ok" if chosen else "refused", "width": width,
                   "message": " | ".join(cap.lines)[:2000]}
        except BaseException:  # noqa: BLE001
            row = {"result": "unexpected", "message": traceback.format_exc()[-1500:]}
        _emit(id=case["id"], **row)


def _make_app(home):
    os.environ["SANDSOFPLAY_HOME"] = home
    import sandsofplay.tables  # noqa: F401 - registers the built tables
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    app = make_app(settings=Settings())
    app.reset(app.home_factory(app))
    app.apply_ops()
    app.frame(1 / 60)
    return app


def _start_table(app, game_id):
    from sandsofplay.engine import SeatSpec, Setup
    from sandsofplay.ui.table import start_table
    seats = (SeatSpec.parse("human"), SeatSpec.parse("bot:easy"))
    # as the seat setup's Start button does it: inside the app's guard, so a table that cannot
    # be set out shows the error screen over the title
    app.guard(start_table, app, Setup(game_id, seats, (), 5), where="starting the table")
    app.apply_ops()
    for _ in range(3):
        app.frame(1 / 60)
        app.apply_ops()


def _help_text(app):
    from pygame_gui.elements import UITextBox
    for el in getattr(app.top, "elements", []):
        if isinstance(el, UITextBox):
            return el.html_text
    return ""


def _open_help(app, game_id):
    from sandsofplay.games import get_game
    from sandsofplay.ui.scenes.overlays import RulesHelpScene
    app.push(RulesHelpScene(app, get_game(game_id)))
    app.apply_ops()
    app.frame(1 / 60)
    app.apply_ops()
    return getattr(app.top, "name", ""), _help_text(app)


def family_help(cases):
    from sandsofplay.ui import paths
    app = _make_app(cases[0]["home"])
    _start_table(app, "sahwari")
    table = app.top
    for case in cases:
        paths.RESOURCES = Path(case["root"])
        try:
            top, text = _open_help(app, case["game"])
            row = {"result": "ok", "top": top, "message": text[:3000],
                   "table_kept": any(s is table for s in app.stack),
                   "last_error": app.last_error}
            app.pop()
            app.apply_ops()
            app.frame(1 / 60)
        except BaseException:  # noqa: BLE001
            row = {"result": "unexpected", "message": traceback.format_exc()[-1500:]}
        _emit(id=case["id"], **row)


def family_app(cases):
    from sandsofplay.ui.table import table_problem
    (case,) = cases
    cap = _Capture()
    logging.getLogger("sandsofplay").addHandler(cap)
    try:
        app = _make_app(case["home"])
        title = getattr(app.top, "name", "")
        problem = table_problem(case["game"])
        if not problem:
            _start_table(app, case["game"])
        top = getattr(app.top, "name", "")
        help_top, help_text = ("", "")
        from sandsofplay.games import get_game
        try:
            get_game(case["game"])
            available = True
        except KeyError:  # its data cannot be loaded: the title says so (``problem``)
            available = False
        if available and top != "the error screen":
            help_top, help_text = _open_help(app, case["game"])
        row = {"result": "ok", "title": title, "problem": problem, "top": top,
               "last_error": app.last_error, "help_top": help_top, "help": help_text[:3000],
               "log": " | ".join(cap.lines)[:3000]}
        app.quit()
    except BaseException:  # noqa: BLE001
        row = {"result": "unexpected", "message": traceback.format_exc()[-1500:]}
    _emit(id=case["id"], **row)


def main(argv):
    family, cases_file = argv
    cases = json.loads(Path(cases_file).read_text())
    {"data": family_data, "map": family_map, "font": family_font, "help": family_help,
     "app": family_app}[family](cases)


if __name__ == "__main__":
    main(sys.argv[1:])
