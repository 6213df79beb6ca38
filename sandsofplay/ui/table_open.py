"""The ways into a table: a new game (``start_table``), a save resumed (``open_save``), a save
watched (``open_replay``, ``open_replay_data``).

Each finds the game's table class in the registry (``table_registry``), so this module never
imports the table scene itself: the scenes that lead to a table (title, seat setup, load, the
results' "Play again" and "Watch the replay") depend on this module, the base table
(``ui.table``) on those scenes, and nothing points back.
"""

from __future__ import annotations

from ..engine import Match, SaveError, Setup
from ..games import get_game
from .autosave import autosave_target, before_replacing, protect_damaged
from .scenes.message import MessageScene
from .table_registry import table_class
from .table_replay import build_replay


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


def open_save(app, path: str, ask: bool = True):
    """Resume a saved game; a bad file gives a clear message and changes nothing. With ``ask``,
    an unfinished (or damaged) game in the autosave, which the opened game's autosave would
    replace, is asked about and kept first, as for a new game (``start_table``)."""
    Match.flush_autosave()
    try:
        match = Match.load(path, get_game)
        cls = table_class(match.game.id)
    except SaveError as exc:
        _show_error(app, "Cannot load that game", str(exc))
        return None
    except KeyError as exc:
        _show_error(app, "Cannot load that game", f"There is no table for it yet ({exc}).")
        return None

    def go():
        match.autosave_path = autosave_target(app)
        app.reset(app.home_factory(app), cls(app, match))
    if ask:
        before_replacing(app, go, opening=path)
    else:
        go()
    return match


def open_replay(app, path: str, at: int | None = None):
    """Watch a save; ``at``: start (paused) after that many actions."""
    try:
        data = Match.read_save(path)
        get_game(data["game"])
        table_class(data["game"])
    except SaveError as exc:
        _show_error(app, "Cannot play that replay", str(exc))
        return
    except KeyError as exc:
        _show_error(app, "Cannot play that replay", str(exc.args[0] if exc.args else exc))
        return
    return open_replay_data(app, data, at=at)


def open_replay_data(app, data: dict, at: int | None = None):
    """Watch a save's data; a save that does not replay says why (nothing is changed)."""
    game = get_game(data["game"])
    try:
        build_replay(data, game)  # verifies every hash before showing it; the table keeps it
    except SaveError as exc:
        _show_error(app, "Cannot play that replay", str(exc))
        return None
    match = Match(game, Setup.from_json(data["setup"]), track_hashes=False,
                  save_version=data["version"])  # its states are checked as the save was
    cls = table_class(game.id)
    table = cls(app, match, mode="replay", replay_data=data)
    if at is not None:
        table.replay_seek(at)
        table.replay_playing = False
    app.reset(app.home_factory(app), table)
    return table
