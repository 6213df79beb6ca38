"""Every reader of a save file, called the way the app calls it, for the fuzz tests.

``read_everywhere(app, path)`` feeds one file to Match.load, the schema, the Load list's label,
the title's "Continue" line, the command line's --load and --replay, and the app's open-save and
replay; it returns the problems found (an exception that escaped, an error screen, an unclear
message, a changed file) as strings, empty when every reader behaved.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import traceback

from sandsofplay import cli
from sandsofplay.engine import Match, SaveError
from sandsofplay.engine.savefile import read_save
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from sandsofplay.ui.scenes.error import ErrorScene
from sandsofplay.ui.scenes.load import LoadScene, describe
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.title import autosave_status
from sandsofplay.ui.table import TableScene, open_replay, open_save


def snapshot(folder) -> dict:
    out = {}
    for root, _dirs, files in os.walk(folder):
        for f in files:
            p = os.path.join(root, f)
            if os.path.isfile(p):
                with open(p, "rb") as fh:
                    out[p] = fh.read()
    return out


def clear_message(text: str) -> bool:
    """A message a player can read: short enough, names no Python exception."""
    bad_words = ("Traceback", "Error:", "KeyError", "TypeError", "object has no attribute")
    return 0 < len(text) <= 1200 and not any(w in text for w in bad_words)


def _call(problems, where, fn, *args):
    try:
        return fn(*args), None
    except SaveError as exc:
        if not clear_message(str(exc)):
            problems.append(f"{where}: unclear message {str(exc)[:200]!r}")
        return None, exc
    except Exception:  # noqa: BLE001 - that is what the test looks for
        problems.append(f"{where}: exception escaped\n{traceback.format_exc()[-1500:]}")
        return None, None


def cli_reader(problems, flag, path):
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            cli.parse([flag, path])
    except SystemExit as exc:
        if exc.code != 2:
            problems.append(f"cli {flag}: exit status {exc.code}")
        elif not clear_message(err.getvalue()):
            problems.append(f"cli {flag}: unclear message {err.getvalue()[:200]!r}")
    except Exception:  # noqa: BLE001
        problems.append(f"cli {flag}: exception escaped\n{traceback.format_exc()[-1500:]}")


def ui_reader(problems, app, fn, path, failures):
    before = len(failures)
    try:
        fn(app, path)
        app.apply_ops()
        app.frame(1 / 60)
    except Exception:  # noqa: BLE001
        problems.append(f"{fn.__name__}: exception escaped\n{traceback.format_exc()[-1500:]}")
    top = app.top
    if len(failures) > before or isinstance(top, ErrorScene):
        problems.append(f"{fn.__name__}: error screen: {failures[before:]}")
    elif not isinstance(top, MessageScene) and not any(isinstance(sc, TableScene)
                                                        for sc in app.stack):
        problems.append(f"{fn.__name__}: neither a table nor a message but {top!r}")
    elif isinstance(top, MessageScene) and not clear_message(top.message):
        problems.append(f"{fn.__name__}: unclear message {top.message[:200]!r}")
    app.go_home()
    app.apply_ops()


def read_everywhere(app, path: str, failures: list, with_ui: bool = True) -> list[str]:
    """Feed ``path`` (a file in the saves folder) to every reader; also as the autosave."""
    problems: list[str] = []
    home = str(paths.user_dir())
    auto = str(paths.autosave_path())
    if os.path.lexists(auto):
        os.remove(auto)
    if os.path.isfile(path) and not os.path.islink(path):
        shutil.copyfile(path, auto)
    before = snapshot(home)
    _call(problems, "Match.load", Match.load, path, get_game)
    _call(problems, "read_save", read_save, path, get_game)
    label, _ = _call(problems, "Load list label", describe, path)
    _call(problems, "title autosave line", autosave_status)
    cli_reader(problems, "--load", path)
    cli_reader(problems, "--replay", path)
    after = snapshot(home)
    if after != before:
        changed = sorted(set(after) ^ set(before) | {p for p in after if after.get(p) !=
                                                     before.get(p)})
        problems.append(f"files changed by reading: {changed}")
    if with_ui:
        ui_reader(problems, app, open_save, path, failures)
        ui_reader(problems, app, open_replay, path, failures)
        # the Load list and the title (with this file as the autosave) must open and draw
        app.push(LoadScene(app))
        app.apply_ops()
        app.frame(1 / 60)
        if not isinstance(app.top, LoadScene):
            problems.append(f"the Load list did not open: {failures[-1:]}")
        app.go_home()
        app.apply_ops()
        app.frame(1 / 60)
        if len(failures):
            problems.append(f"error screen: {failures}")
            failures.clear()
    Match.flush_autosave()
    # a table that opened may autosave (that is its job); the file read is never changed
    if snapshot(home).get(path) != before.get(path):
        problems.append(f"{path} was changed")
    return problems
