"""Who may write the autosave, what happens to the one there, and what a failing one says.

* **The data folder's lock** (issue 33 point 6). The first app on a data folder holds
  ``instance.lock`` in it (an ``fcntl``/``msvcrt`` lock taken as its title first opens, held
  for the app's life) and autosaves. A
  second one started on the same folder is told so on its title: it can play, but it writes no
  autosave (its games are kept with Save in the pause menu), so the two never overwrite each
  other's game.
* **Before the autosave is replaced** (points 2 and 4): starting a game or opening a saved one
  asks first when the autosave holds an unfinished game (which is then copied into the saves
  folder, shown by Load game) and when it cannot be read (which is then moved aside, never
  overwritten: ``autosave.damaged-<time>.json`` next to it). A game started without asking (the
  command line, "Play again") moves a damaged autosave aside too and says so on the table.
* **A failing autosave** (point 5): :class:`AutosaveWatch` tells the table's player at once, and
  once, when the background writer could not write the autosave (a full or read-only folder),
  while the writer keeps trying after every move; it says so again when it works again.
"""

from __future__ import annotations

import logging
import os
import shutil
import time

from ..engine import Match, SaveError
from ..engine.savefile import known_good
from ..engine.store import WRITER
from . import paths

log = logging.getLogger("sandsofplay")
LOCK_NAME = "instance.lock"
DAMAGED_PREFIX = "autosave.damaged-"


# --- the data folder's lock ----------------------------------------------------------------

class DataFolderLock:
    """An exclusive lock on ``instance.lock`` in a data folder; ``held`` says whether this
    process got it (False: another app has the folder)."""

    def __init__(self, folder):
        self.path = os.path.join(os.fspath(folder), LOCK_NAME)
        self.fd = None
        self.held = False
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:  # a folder we cannot write to: no other app can lock it either
            log.warning("cannot open %s: %s", self.path, exc)
            self.held = True
            return
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return
        self.fd, self.held = fd, True
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass

    def release(self) -> None:
        if self.fd is not None:
            try:
                _unlock(self.fd)
            except OSError:
                pass
            os.close(self.fd)
            self.fd = None


def _lock(fd):
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(fd):
    try:
        import fcntl
    except ImportError:
        import msvcrt
        os.lseek(fd, 0, 0)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


_held: dict = {}  # the folder this process holds -> its lock (one at a time)


def claim(app) -> bool:
    """Take the data folder's lock for ``app`` (once; the title does it as the app starts) and
    return whether it autosaves. The lock is held while the process lives; a process that
    claims another folder (a test with a new home) lets the earlier one go."""
    owns = getattr(app, "owns_autosave", None)
    if owns is not None:
        return owns
    folder = os.path.realpath(paths.user_dir())
    lock = _held.get(folder)
    if lock is None:
        for old in list(_held):
            _held.pop(old).release()
        lock = DataFolderLock(folder)
        if lock.held:
            _held[folder] = lock
    app.owns_autosave = lock.held
    if not lock.held:
        log.warning("another app holds %s: this one does not autosave", lock.path)
    return lock.held


def owns_autosave(app) -> bool:
    return claim(app)


def autosave_target(app) -> str | None:
    """The autosave file a table of ``app`` writes (None in a second app on the folder)."""
    return str(paths.autosave_path()) if owns_autosave(app) else None


SECOND_INSTANCE = ("Another Sands of Play window is already open on this data folder ({folder}) "
                   "and autosaves there. You can play in this window too, but its games are not "
                   "autosaved: keep one with Save in the pause menu. Close the other window and "
                   "start again to have autosave here.")


# --- what is in the autosave now ------------------------------------------------------------

def unfinished_autosave():
    """(path, save data) of the autosaved game if it is unfinished, else None."""
    Match.flush_autosave()
    path = paths.autosave_path()
    if not path.is_file():
        return None
    try:
        data = Match.read_save(str(path))
    except SaveError:
        return None
    if data.get("finished") or not data.get("log"):
        return None
    return path, data


def damaged_autosave() -> str:
    """Why the autosave cannot be read (a player's sentence), or "" (none, or a good one)."""
    Match.flush_autosave()
    path = paths.autosave_path()
    if not os.path.lexists(path):
        return ""
    if known_good(path):  # written or read whole by this process, unchanged since: not read again
        return ""
    try:
        Match.read_save(str(path))
    except SaveError as exc:
        return str(exc)
    return ""


def keep_unfinished(path, data):
    """Copy an unfinished autosave into the saves folder (shown by Load game); its path."""
    folder = paths.saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(100):
        dest = folder / f"{data['game']}-unfinished-{stamp}{'-' + str(k) if k else ''}.json"
        if not dest.exists():
            break
    shutil.copy2(path, dest)  # its time too: the Load list, newest first, keeps its place
    return dest


def move_damaged_aside():
    """Rename a damaged autosave to a name no other file has; its new path."""
    auto = paths.autosave_path()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = auto.with_name(f"{DAMAGED_PREFIX}{stamp}")
    dest, k = base.with_suffix(".json"), 2
    while os.path.lexists(dest):
        dest = auto.with_name(f"{DAMAGED_PREFIX}{stamp}-{k}.json")
        k += 1
    os.replace(auto, dest)
    log.info("damaged autosave kept as %s", dest)
    return dest


def kept_sentence(dest) -> str:
    return (f"The damaged autosave was kept as {os.path.basename(dest)} in "
            f"{os.path.dirname(dest)}.")


def protect_damaged(app) -> str:
    """Before a game that was not asked about writes the autosave: move a damaged one aside;
    the sentence to show ("" when there was nothing to do)."""
    if not owns_autosave(app) or not damaged_autosave():
        return ""
    try:
        return kept_sentence(move_damaged_aside())
    except OSError as exc:
        return f"The damaged autosave could not be moved aside ({exc.strerror or exc})."


def _nothing_lost(opening, autosave) -> bool:
    """Opening ``opening`` loses nothing of the autosave: it is the autosave, or a save of the
    same game (same game and set-up) holding every action the autosave holds (a save written a
    moment before or after the autosave differs in its ``saved_at`` second, and the autosave is
    written in the background: it is flushed first)."""
    try:
        if os.path.samefile(opening, autosave):
            return True
    except OSError:
        return False
    Match.flush_autosave()
    try:
        mine, auto = Match.read_save(str(opening)), Match.read_save(str(autosave))
    except (SaveError, OSError):
        return False
    log = auto.get("log") or []
    return (mine.get("game") == auto.get("game") and mine.get("setup") == auto.get("setup")
            and (mine.get("log") or [])[:len(log)] == log)


def before_replacing(app, go, *, opening: str | None = None) -> None:
    """Call ``go()`` once the autosave may be replaced: at once when nothing would be lost;
    else after asking (an unfinished game is copied to the saves folder, a damaged autosave is
    moved aside). ``opening``: the save file about to be opened (itself the autosave, or a copy
    of it: nothing to ask)."""
    from ..games import meta
    from .scenes.message import MessageScene
    if not owns_autosave(app) or (opening is not None and
                                  _nothing_lost(opening, paths.autosave_path())):
        go()
        return
    verb = "Open the saved game" if opening else "Start new game"
    adopt_finished_autosave()
    found = unfinished_autosave()
    if found is not None:
        path, data = found
        try:
            title = meta(data["game"]).title  # the title only: no rules imported
        except KeyError:
            title = str(data["game"])

        def keep_then_go():
            try:
                kept = keep_unfinished(path, data)
            except OSError as exc:
                app.push(MessageScene(app, "Cannot keep the unfinished game",
                                      f"It could not be copied to the saves folder ({exc}); "
                                      f"nothing was started, so nothing is lost."))
                return
            log.info("unfinished game kept as %s", kept)
            go()
            app.sound.play("click")

        what = "That saved game" if opening else "A new game"
        app.push(MessageScene(
            app, "Open a saved game?" if opening else "Start a new game?",
            f"Your game of {title} is not finished ({len(data['log'])} moves played). {what} "
            f"takes the place of \"Continue last game\"; the unfinished one is kept and can be "
            f"opened from Load game.",
            buttons=((verb, keep_then_go), ("Go back", None))))
        return
    why = damaged_autosave()
    if why:
        def aside_then_go():
            try:
                dest = move_damaged_aside()
            except OSError as exc:
                app.push(MessageScene(app, "Cannot keep the damaged autosave",
                                      f"It could not be moved aside ({exc.strerror or exc}); "
                                      f"nothing was started, so it is not overwritten."))
                return
            go()
            app.push(MessageScene(app, "Damaged autosave kept", kept_sentence(dest)))

        app.push(MessageScene(
            app, "Open a saved game?" if opening else "Start a new game?",
            f"Your last game's autosave cannot be read: {why} It will not be overwritten: it is "
            f"kept under a new name (autosave.damaged-...) next to it.",
            buttons=((verb, aside_then_go), ("Go back", None))))
        return
    go()


# --- a finished game is kept (issue 30 point 3) --------------------------------------------

def keep_finished(match) -> str:
    """Keep a finished match in the history of games played (``ui.history``): the results
    call this as they open. "" when it is kept (or was already, or is not finished); else the
    sentence to show."""
    from . import history
    try:
        history.keep(match)
    except OSError as exc:
        log.warning("the finished game cannot be kept in the history: %s", exc)
        return (f"This game could not be kept in the history of games played "
                f"({exc.strerror or exc}); it stays in the autosave until the next game.")
    return ""


def adopt_finished_autosave() -> None:
    """Before the autosave is replaced: a finished game in it that the history does not hold
    yet (the app closed before its results) is copied there first."""
    from . import history
    try:
        history.adopt_autosave()
    except Exception:  # noqa: BLE001 - keeping a copy must never stop a new game
        log.exception("the finished autosave could not be kept in the history")


# --- a failing autosave --------------------------------------------------------------------

class AutosaveWatch:
    """Polled by a table each tick: tells once when its autosave fails, and when it works
    again. ``problem`` is the current reason ("" while the autosave works)."""

    def __init__(self, path: str | None, owner: bool = True):
        self.path = path
        self.owner = owner  # False: a second app on the data folder (it writes no autosave)
        self.problem = ""

    def poll(self, toast) -> None:
        if self.path is None:
            return
        now = WRITER.problem(self.path)
        if now and not self.problem:
            toast.show(f"Your game cannot be autosaved: {now}. Play goes on and the autosave "
                       f"is tried again after every move; Save in the pause menu keeps the game "
                       f"in the saves folder.", seconds=12, kind="error")
        elif self.problem and not now:
            toast.show("The autosave works again: your game is autosaved.", seconds=4)
        self.problem = now

    def note(self) -> str:
        """What the pause menu's "Quit to title" says about the autosave."""
        if not self.owner:
            return "This window does not autosave (another window has the data folder)"
        if self.path is None:
            return "This game is not autosaved"
        if self.problem:
            return f"Not autosaved: {self.problem}"
        return "Your game is autosaved"


__all__ = ["AutosaveWatch", "DataFolderLock", "adopt_finished_autosave", "autosave_target",
           "before_replacing", "claim", "damaged_autosave", "keep_finished", "keep_unfinished", "move_damaged_aside", "owns_autosave",
           "protect_damaged", "unfinished_autosave"]
