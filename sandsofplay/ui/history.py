"""The history of finished games (issue 30 point 3): every finished game's save, kept in the
user data folder's ``history`` folder, and what the "Games played" screen lists of them.

* **Keeping**: :func:`keep` writes a finished match's save as ``history/<game>-<time>.json``
  (the results call it as they open, through ``ui.autosave.keep_finished``; a finished game
  left in the autosave is adopted the same way, :func:`adopt_autosave`). A game is kept once:
  its *key* (game, setup and log) is compared with those already kept.
* **The index** ``history/index.json`` is a cache: per file its size, modification time, key
  and summary (date, game, seats with bot levels, result, length), so the list opens without
  replaying every game. A file the index does not know, or whose size or time changed, is read
  and replayed again (:func:`entry`); a damaged index is rebuilt that way. The index is the only
  file here the app rewrites.
* **Damaged entries**: a file that cannot be read or replayed is listed with the reason and
  never written, renamed or removed (only Delete, which asks first, removes a file).
* **Records** (:func:`records`): wins, losses and draws per name, per game and per bot level of
  the other seats, counted from the summaries.

Unfinished games are never moved here: their saves stay where they are (the autosave, the
saves folder).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import time
from dataclasses import dataclass, field

from ..engine import SaveError
from ..engine.store import atomic_write_text
from . import paths

log = logging.getLogger("sandsofplay")
INDEX = "index.json"
INDEX_VERSION = 1


def history_dir():
    path = paths.user_dir() / "history"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_key(data: dict) -> str:
    """What makes two saves the same game: its game, setup and log (not when it was saved)."""
    text = json.dumps([data.get("game"), data.get("setup"), data.get("log")], sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


# --- summaries ------------------------------------------------------------------------------

def summarize(game, state, data: dict) -> dict:
    """The list's facts about a finished game: date, game, seats (name, bot or not, level),
    result (``ui.results.summary``) and length (moves; game time for real-time games)."""
    from ..engine import Setup
    from ..engine.time import ticks_to_seconds
    from . import results
    setup = Setup.from_json(data["setup"])
    seats = setup.seats
    s = results.summary(game, state, seats)
    seconds = ticks_to_seconds(int(data.get("final_tick") or 0)) if game.realtime else None
    s.update({
        "game": data["game"], "title": game.title, "date": str(data.get("saved_at", "")),
        "seats": [{"name": results.seat_name(seats, i), "bot": seats[i].is_bot,
                   "level": (seats[i].level or "normal") if seats[i].is_bot else ""}
                  for i in range(len(seats))],
        "moves": len(data.get("log") or ()), "seconds": seconds,
    })
    return s


def summarize_file(path) -> dict:
    """Read and replay a kept save (to its final tick) and summarize it; ``SaveError`` says
    why it cannot be (the file is only read)."""
    from ..engine import Match
    from ..engine.replay import Replay
    from ..games import get_game
    data = Match.read_save(str(path), get_game)
    if not data.get("finished"):
        raise SaveError(f"The file {os.path.basename(path)} is not a finished game (it is "
                        f"left as it is; open it from Load game).")
    game = get_game(data["game"])
    replay = Replay(data, game, name=os.path.basename(path))
    state = replay.state_at(len(replay))
    if game.outcome(state) is None:
        raise SaveError(f"The save file {os.path.basename(path)} says it is finished, but its "
                        f"game does not end when replayed.")
    return summarize(game, state, data) | {"key": save_key(data)}


def length_text(s: dict) -> str:
    n = int(s.get("moves") or 0)
    text = f"{n} move{'s' if n != 1 else ''}"
    if s.get("seconds"):
        m, sec = divmod(int(round(s["seconds"])), 60)
        text += f", {m} min {sec:02d} s" if m else f", {sec} s"
    return text


def seats_text(s: dict) -> str:
    return ", ".join(p["name"] + (f" (bot, {p['level']})" if p.get("bot") else "")
                     for p in s.get("seats", ()))


# --- the index ------------------------------------------------------------------------------

def _read_index(folder) -> dict:
    try:
        with open(os.path.join(folder, INDEX), "rb") as fh:
            raw = fh.read(8_000_000)
        data = json.loads(raw.decode("utf-8"))
        if data.get("version") == INDEX_VERSION and isinstance(data.get("entries"), dict):
            return data["entries"]
    except (OSError, ValueError, AttributeError):
        pass
    return {}


def _write_index(folder, entries: dict) -> None:
    try:
        atomic_write_text(os.path.join(folder, INDEX), json.dumps(
            {"version": INDEX_VERSION, "entries": entries}, sort_keys=True))
    except OSError as exc:
        log.warning("the history index cannot be written: %s", exc)


def _stamp(st) -> list:
    return [st.st_size, st.st_mtime_ns]


@dataclass
class Entry:
    """One file of the history: its summary, or why it cannot be used (``problem``)."""

    path: str
    name: str
    mtime: float
    summary: dict = field(default_factory=dict)
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem

    @property
    def when(self) -> str:
        return self.summary.get("date") or time.strftime("%Y-%m-%d %H:%M:%S",
                                                         time.localtime(self.mtime))

    def lines(self) -> tuple[str, str]:
        """The list's two lines: the game and its result; when, who, how long."""
        if not self.ok:
            return f"{self.name} \u00b7 damaged, left as it is", self.problem
        s = self.summary
        first = f"{s.get('title', s.get('game', ''))} \u00b7 {s.get('headline', '')}"
        scores = s.get("scores") or []
        if s.get("team") is None and scores:
            first += f" ({' to '.join(str(v) for v in scores)}" + \
                (f" {s['unit']})" if s.get("unit") else ")")
        second = " \u00b7 ".join(p for p in (self.when[:16], seats_text(s), length_text(s)) if p)
        return first, second

    def label(self) -> str:
        if not self.ok:
            return f"{self.name} \u00b7 damaged: {self.problem}"
        s = self.summary
        return " \u00b7 ".join(p for p in (self.when[:16], s.get("title", s.get("game", "")),
                                           seats_text(s), s.get("headline", ""),
                                           length_text(s)) if p)


def candidates(folder=None) -> list[tuple[str, os.stat_result]]:
    """(path, stat) of every kept save (``*.json`` but the index), never reading one."""
    folder = os.fspath(folder or history_dir())
    out = []
    try:
        with os.scandir(folder) as it:
            names = [e.name for e in it]
    except OSError:
        return out
    for name in names:
        if not name.endswith(".json") or name.startswith(".") or name == INDEX:
            continue
        path = os.path.join(folder, name)
        try:
            st = os.stat(path)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out.append((path, st))
    return out


def entries(progress=None) -> list[Entry]:
    """Every kept game, newest first (by the date it finished; damaged files by their time):
    summaries from the index, files it does not know read and replayed (and then remembered).
    ``progress(done, total)`` is told after each file replayed."""
    folder = history_dir()
    index = _read_index(folder)
    fresh: dict = {}
    found = candidates(folder)
    out = []
    todo = [(p, st) for p, st in found
            if (index.get(os.path.basename(p)) or {}).get("stamp") != _stamp(st)]
    done = 0
    for path, st in found:
        name = os.path.basename(path)
        known = index.get(name)
        if known is not None and known.get("stamp") == _stamp(st):
            fresh[name] = known
        else:
            try:
                summary = summarize_file(path)
                known = {"stamp": _stamp(st), "summary": summary, "problem": ""}
            except SaveError as exc:
                known = {"stamp": _stamp(st), "summary": {}, "problem": str(exc)}
            except Exception as exc:  # noqa: BLE001 - one odd file never stops the list
                log.exception("history entry %s", name)
                known = {"stamp": _stamp(st), "summary": {},
                         "problem": f"it cannot be replayed ({type(exc).__name__})."}
            fresh[name] = known
            done += 1
            if progress is not None:
                progress(done, len(todo))
        out.append(Entry(path, name, st.st_mtime, known.get("summary") or {},
                         known.get("problem", "")))
    if fresh != index:
        _write_index(folder, fresh)
    out.sort(key=lambda e: (e.when, e.mtime), reverse=True)
    return out


# --- keeping and deleting -------------------------------------------------------------------

def _known_keys(folder) -> set:
    """The keys of the games kept (through :func:`entries`: a file the index does not know is
    read first, so a lost index never lets a game in twice)."""
    return {e.summary["key"] for e in entries() if e.summary.get("key")}


def _new_path(folder, game_id: str, stamp: str, prefix: str = ""):
    for k in range(1000):
        path = folder / f"{prefix}{game_id}-{stamp}{'-' + str(k + 1) if k else ''}.json"
        if not os.path.lexists(path):
            return path
    raise OSError("no free name in the history folder")


def keep(match, prefix: str = "") -> str | None:
    """Keep a finished match in the history; the path written (None: not finished, or kept
    already). Raises ``OSError`` when the folder cannot be written. ``prefix`` begins the
    file's name (the kiosk's games: ``kiosk-``, which :func:`prune` keeps few of)."""
    if not match.is_over():
        return None
    data = match.to_save()
    folder = history_dir()
    key = save_key(data)
    if key in _known_keys(folder):
        return None
    path = _new_path(folder, data["game"], time.strftime("%Y%m%d-%H%M%S"), prefix)
    match.save(str(path))  # the save file's own text (as the autosave and Save write it)
    summary = summarize(match.game, match.state, data) | {"key": key}
    index = _read_index(folder)
    index[path.name] = {"stamp": _stamp(os.stat(path)), "summary": summary, "problem": ""}
    _write_index(folder, index)
    log.info("finished game kept as %s", path)
    return str(path)


def adopt_autosave() -> str | None:
    """A finished game still in the autosave (the app closed before its results opened) is
    copied into the history, byte for byte, unless it is there already; the path, or None. The
    autosave itself is left as it is."""
    import shutil
    from ..engine import Match
    from ..games import get_game
    Match.flush_autosave()
    auto = paths.autosave_path()
    if not os.path.isfile(auto):
        return None
    try:
        data = Match.read_save(str(auto), get_game)
    except SaveError:
        return None
    if not data.get("finished"):
        return None
    folder = history_dir()
    if save_key(data) in _known_keys(folder):
        return None
    when = str(data.get("saved_at", ""))
    stamp = when.replace("-", "").replace(":", "").replace(" ", "-") or \
        time.strftime("%Y%m%d-%H%M%S")
    path = _new_path(folder, data["game"], stamp)
    try:
        shutil.copyfile(auto, path)
    except OSError as exc:
        log.warning("the finished autosave cannot be kept in the history: %s", exc)
        return None
    entries()  # summarized (replayed) and indexed now
    log.info("finished autosave kept as %s", path)
    return str(path)


def delete(path) -> None:
    """Remove a kept game (after the player confirmed), its story text if any, and its index
    entry; ``OSError`` when it cannot be removed."""
    path = os.fspath(path)
    os.remove(path)
    base, _ = os.path.splitext(path)
    try:
        os.remove(base + "-story.txt")
    except OSError:
        pass
    folder = os.path.dirname(path)
    index = _read_index(folder)
    if index.pop(os.path.basename(path), None) is not None:
        _write_index(folder, index)


def prune(prefix: str, keep_last: int) -> int:
    """Only the newest ``keep_last`` kept games whose file name begins with ``prefix`` stay
    (the kiosk's, so a kiosk playing all day never fills its disk); the others are deleted
    (:func:`delete`), damaged ones too - the history's own files, never another's. Returns how
    many were deleted."""
    mine = [(st.st_mtime, path) for path, st in candidates(history_dir())
            if os.path.basename(path).startswith(prefix)]
    mine.sort(reverse=True)
    gone = 0
    for _when, path in mine[max(0, keep_last):]:
        try:
            delete(path)
            gone += 1
        except OSError as exc:
            log.warning("an old kept game could not be deleted: %s", exc)
    return gone


# --- records --------------------------------------------------------------------------------

def records(found: list[Entry]) -> dict:
    """Wins, losses and draws per name: ``{name: {"all": [w, l, d], "game:<id>": [...],
    "level:<level>": [...]}}``; ``level:`` counts the games that name played with a bot of
    that level at another seat (a bot's own name comes with its level: "Bot 1 (bot, hard)")."""
    out: dict = {}
    for e in found:
        s = e.summary
        if not e.ok or not s.get("finished"):
            continue
        seats = s.get("seats", ())
        won = s.get("won", ())
        for i, p in enumerate(seats):
            name = p["name"] + (f" (bot, {p['level']})" if p.get("bot") else "")
            k = 2 if s.get("draw") else (0 if i < len(won) and won[i] else 1)
            rec = out.setdefault(name, {})
            keys = ["all", f"game:{s.get('game')}"]
            keys += sorted({f"level:{q['level']}" for j, q in enumerate(seats)
                            if j != i and q.get("bot")})
            for key in keys:
                rec.setdefault(key, [0, 0, 0])[k] += 1
    return out


def record_text(wld) -> str:
    w, l, d = wld
    return f"{w}-{l}" + (f"-{d}" if d else "")


__all__ = ["Entry", "adopt_autosave", "delete", "entries", "history_dir", "keep",
           "length_text", "record_text", "records", "save_key", "seats_text", "summarize",
           "summarize_file"]
