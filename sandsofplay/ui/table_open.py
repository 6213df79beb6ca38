"""The ways into a table: a new game (``start_table``), a save resumed (``open_save``), a save
watched (``open_replay``, ``open_replay_data``).

Each finds the game's table class in the registry (``table_registry``), so this module never
imports the table scene itself: the scenes that lead to a table (title, seat setup, load, the
results' "Play again" and "Watch the replay") depend on this module, the base table
(``ui.table``) on those scenes, and nothing points back.

A save is opened (resumed or watched) by replaying its whole log with every hash checked; in the
app's own loop that runs a slice a frame under a progress bar (``scenes.loading``), so a long
game opens without a long frame; a save that does not replay says why, as before, and nothing is
replaced until it has replayed.
"""

from __future__ import annotations

import os

from ..engine import Match, SaveError, Setup
from ..engine.replay import Replay
from ..engine.savefile import check_for_game, game_for, parse_json, read_bytes, validate
from ..games import get_game
from .autosave import autosave_target, before_replacing, protect_damaged
from .scenes.loading import run_loading
from .scenes.message import MessageScene
from .table_registry import table_class
from .table_replay import keep_replay


def start_table(app, setup: Setup, ask: bool = False):
    """Open a table for a new game. With ``ask`` (a person starting it from the menus), an
    unfinished or damaged game in the autosave is not replaced without a word: the player is
    asked, and the unfinished game is kept in the saves folder (Load game), the damaged file
    under a new name (``ui.autosave``), before the new one starts. Without ``ask`` a damaged
    autosave is still moved aside, and the table says so."""
    if ask:
        before_replacing(app, lambda: _start(app, setup))
        return
    _start(app, setup, protect_damaged(app))


def _start(app, setup: Setup, notice: str = ""):
    cls = table_class(setup.game)
    match = Match(get_game(setup.game), setup, autosave_path=autosave_target(app))
    table = cls(app, match)
    match._autosave()  # (written off the main thread: the table turned that on)
    app.reset(app.home_factory(app), table)
    if notice:
        table.toast.show(notice, seconds=8)


def _show_error(app, title, message):
    app.push(MessageScene(app, title, message))


def _table_for(game_id: str):
    try:
        return table_class(game_id)
    except KeyError as exc:
        raise SaveError(f"There is no table for it yet ({exc}).") from None


def _read(path: str):
    """A save's data and its game, checked for that game (``SaveError`` if it cannot be), as
    ``Match.read_save`` and ``Match.load`` read it; a generator that yields between reading,
    the schema's check and finding the game (each a step of the loading scene)."""
    name = os.path.basename(os.fspath(path)) or os.fspath(path)
    yield None  # (each long step in a frame of its own: see scenes.loading)
    data = parse_json(read_bytes(path), name)
    yield None
    validate(data, name)
    yield None
    game = game_for(data, get_game, name)  # (imports its rules the first time)
    check_for_game(data, game, name)
    return data, game, name


def _save_steps(path: str):
    """Open a save, a step at a time (see ``scenes.loading``): read and check it, find its
    table, replay its log with every hash checked; returns ``(match, table class)``."""
    yield 0, 0  # (the first frame shows the loading scene alone)
    data, game, name = yield from _read(path)
    yield None
    cls = _table_for(game.id)  # (imports the table the first time)
    yield 0, len(data["log"])
    match = yield from Match.from_save_steps(data, game, name=name, checked=True,
                                             keep_texts=True)
    return match, cls


def open_save(app, path: str, ask: bool = True, ready: Match | None = None):
    """Resume a saved game; a bad file gives a clear message and changes nothing. With ``ask``,
    an unfinished (or damaged) game in the autosave, which the opened game's autosave would
    replace, is asked about and kept first, as for a new game (``start_table``). In the app's
    loop the save is replayed a slice a frame (``scenes.loading``); returns the match when it
    was opened at once (``app.load_budget_s`` None), else the loading scene. ``ready``: the
    match this save's replay already rebuilt (the command line checks a save before any window
    opens), opened as it is."""
    Match.flush_autosave()

    def opened(result):
        match, cls = result

        def go():
            match.autosave_path = autosave_target(app)
            app.reset(app.home_factory(app), cls(app, match))
        if ask:
            before_replacing(app, go, opening=path)
        else:
            go()
        return match

    if ready is not None:
        return opened((ready, _table_for(ready.game.id)))
    return run_loading(app, "Opening the saved game...", _save_steps(path), opened,
                       lambda exc: _show_error(app, "Cannot load that game", str(exc)))


def open_replay(app, path: str, at: int | None = None):
    """Watch a save; ``at``: start (paused) after that many actions."""
    def steps():
        yield 0, 0  # (the first frame shows the loading scene alone)
        data, game, name = yield from _read(path)
        yield None
        try:
            table_class(game.id)
        except KeyError as exc:
            raise SaveError(str(exc.args[0] if exc.args else exc)) from None
        yield 0, len(data["log"])
        rep = yield from Replay.steps(data, game, name=name, checked=True)
        yield len(data["log"]), len(data["log"])
        return data, game, rep, _replay_match(game, data)

    return run_loading(app, "Opening the replay...", steps(),
                       lambda got: _watch(app, *got, at=at),
                       lambda exc: _show_error(app, "Cannot play that replay", str(exc)))


def open_replay_data(app, data: dict, at: int | None = None):
    """Watch a save's data; a save that does not replay says why (nothing is changed). Every
    hash is verified before it is shown (a slice a frame in the app's loop, as ``open_save``);
    returns the table when it was opened at once, else the loading scene."""
    game = get_game(data["game"])

    def steps():
        rep = yield from Replay.steps(data, game, name="replay")
        yield len(data["log"]), len(data["log"])
        return data, game, rep, _replay_match(game, data)

    return run_loading(app, "Opening the replay...", steps(),
                       lambda got: _watch(app, *got, at=at),
                       lambda exc: _show_error(app, "Cannot play that replay", str(exc)))


def _replay_match(game, data: dict) -> Match:
    """The match a replay table shows (its state set from the replay as it moves)."""
    return Match(game, Setup.from_json(data["setup"]), track_hashes=False,
                 save_version=data["version"])  # its states are checked as the save was


def _watch(app, data: dict, game, rep: Replay, match: Match, at: int | None = None):
    """The replay table for a save whose replay has been built (and checked)."""
    keep_replay(data, rep)  # the table picks it up instead of building it again
    cls = table_class(game.id)
    table = cls(app, match, mode="replay", replay_data=data)
    if at is not None:
        table.replay_seek(at)
        table.replay_playing = False
    app.reset(app.home_factory(app), table)
    return table
