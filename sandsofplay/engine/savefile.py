"""Save files at the edge: read one safely and check it against the save schema, once.

Every reader (``Match.load``, the table's open-save and replay, the Load list, the title's
"Continue" line, the command line) goes through :func:`read_save`, so each gets either a save
whose every field has the right type and range, or one :class:`SaveError` whose message a player
can read. The file itself is only ever read, never changed.

What is refused, and why:

* anything that is not a regular file (a folder, a device such as ``/dev/zero``, a named pipe):
  checked with ``stat`` before opening, and opened non-blocking, so a pipe never hangs the app;
* more than :data:`MAX_BYTES` bytes, JSON nested deeper than the save's shape needs, more than
  :data:`MAX_LOG` actions, integers of more than 18 digits, ``NaN`` and ``Infinity``;
* a field of the wrong type or out of range: the seats, their kind, bot level and name, the
  options, the seed, each log entry ``[tick, seat, action]``, the hashes, ``final_tick``.

Messages quote at most a few dozen characters of what was in the file (:func:`quote`).
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import stat
import time

from .errors import SaveError
from .game import Action
from .names import MAX_NAME, name_ok

SAVE_FORMAT = "sandsofplay-save"
SAVE_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)  # the versions differ only in the function of the check hashes

MAX_BYTES = 8 * 1024 * 1024  # a 1,000-action game is about 60 kB
MAX_LOG = 100_000  # actions in one save
MAX_DEPTH = 6  # the save's own shape is 4 deep (save > setup > seats > seat)
MAX_TICK = 60 * 60 * 60 * 24  # a day of play at 60 ticks a second
MAX_SEATS = 16
MAX_DIGITS = 18  # a number in a save has at most this many digits (the reader's limit)
MAX_SEED = 10 ** MAX_DIGITS - 1  # so a seed is at most this large (either sign): checked at input
MAX_ACTION_TEXT = 200
MAX_OPTIONS = 64
MAX_OPTION_TEXT = 4096  # an option may carry a whole deck list (Burning Sands saved decks)
BOT_KINDS = ("random", "greedy", "ismcts", "policy")  # bot kinds a level may name directly
DEFAULT_LEVELS = ("easy", "normal", "hard")


# --- the check hash after each action ------------------------------------------------------------
#
# Version 1 hashed the state's canonical JSON (sorted keys): exact, but 60-120 us a action, which
# made hashing most of the cost of playing through ``Match``. Versions 2 and 3 hash a cheap exact
# form of the state: the game's ``check_form(state)`` (bytes) when it has one, else ``marshal``
# (format 2: no back-references, so the bytes depend only on the values) of
# ``state_to_json(state)``. They differ only in which games' ``check_form`` they use: a game gives
# the first save version its ``check_form`` belongs to as ``check_form_since`` (default 2), so a
# game that gains a ``check_form`` later (Sands of Adventure, in version 3) keeps verifying the
# saves written before with the form they were written with. A save records its version and is
# verified with that version's function; a match continued from an older save keeps writing its
# version (its earlier hashes could not be re-made with the new function without a replay).
# ``engine.store.state_hash`` (the fingerprint the tools and golden tests compare) is unchanged.

def check_hash_v1(game, state) -> str:
    from .store import state_hash
    return state_hash(game, state)


def check_form_function(game, version: int = SAVE_VERSION):
    """The function ``state -> bytes`` of save ``version``'s check form for ``game``."""
    form = getattr(game, "check_form", None)
    if form is not None and getattr(game, "check_form_since", 2) <= version:
        return form
    to_json, dumps = game.state_to_json, marshal.dumps
    return lambda state: dumps(to_json(state), 2)


def check_form(game, state, version: int = SAVE_VERSION) -> bytes:
    """Save ``version``'s (2 or later) exact form of a state: equal states give equal bytes, in
    any process."""
    return check_form_function(game, version)(state)


def check_hasher(game, version: int = SAVE_VERSION):
    """The check hash of save ``version`` for ``game`` as a function of the state alone (what
    ``Match`` calls after every action: the game's form function is looked up once)."""
    if version == 1:
        return lambda state: check_hash_v1(game, state)
    form, sha256 = check_form_function(game, version), hashlib.sha256
    return lambda state: sha256(form(state)).hexdigest()[:20]


def check_hash_v2(game, state) -> str:
    return hashlib.sha256(check_form(game, state, 2)).hexdigest()[:20]


def check_hash_v3(game, state) -> str:
    return hashlib.sha256(check_form(game, state, 3)).hexdigest()[:20]


CHECK_HASH = {1: check_hash_v1, 2: check_hash_v2, 3: check_hash_v3}


def quote(value, limit: int = 48) -> str:
    """A short printable quotation of something found in a file, for a message."""
    text = value if isinstance(value, str) else _short_repr(value)
    text = text.encode("utf-8", "replace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else "?" for ch in text[:limit + 1])
    if len(text) > limit:
        text = text[:limit - 1] + "\u2026"
    return f"'{text}'" if isinstance(value, str) else text


def _short_repr(value) -> str:
    if isinstance(value, (list, tuple)):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10 ** 12:
        return "a huge number"
    return repr(value)


class _Bad(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Bad("it holds a number too large to be part of a game")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise _Bad("it holds a number too long to be part of a game")
    return float(text)


def _parse_constant(text: str):
    raise _Bad(f"it holds {text}, which is not a number a game uses")


def read_bytes(path, limit: int = MAX_BYTES, what: str = "save file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else ``SaveError``; never blocks
    on a pipe or device."""
    return _read_bytes(path, limit, what)[0]


def _read_bytes(path, limit: int, what: str):
    """``read_bytes``, and the ``os.fstat`` of the file the bytes were read from."""
    path = os.fspath(path)
    name = os.path.basename(path) or path
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(f"No {what} at {path}.") from None
    except (OSError, ValueError) as exc:
        raise SaveError(f"Cannot read the {what} {name}: {_os_reason(exc)}.") from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{name} is a folder, not a {what}.")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{name} is not an ordinary file (it is a device or a pipe), so it is not "
                        f"a {what}; nothing was read from it.")
    if st.st_size > limit:
        raise SaveError(f"The {what} {name} is too large to be one ({st.st_size // 1024:,} kB; "
                        f"at most {limit // 1024:,} kB). It was left untouched.")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise SaveError(f"Cannot read the {what} {name}: {_os_reason(exc)}.") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced between stat and open
            raise SaveError(f"{name} is not an ordinary file, so it is not a {what}.")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise SaveError(f"The {what} {name} is too large to be one (more than "
                                f"{limit // 1024:,} kB). It was left untouched.")
        return b"".join(chunks), st
    except OSError as exc:
        raise SaveError(f"Cannot read the {what} {name}: {_os_reason(exc)}.") from None
    finally:
        os.close(fd)


def _os_reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def parse_json(raw: bytes, name: str, what: str = "save file"):
    """Decode bytes as bounded JSON; ``SaveError`` in a player's words when it is not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"The {what} {name} is damaged: it is not text (unreadable byte at "
                        f"position {exc.start}). It was left untouched.") from None
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except _Bad as exc:
        raise SaveError(f"The {what} {name} is damaged: {exc}. It was left untouched.") from None
    except RecursionError:
        raise SaveError(f"The {what} {name} is damaged: it is nested far too deeply. "
                        f"It was left untouched.") from None
    except ValueError as exc:
        where = (f" at line {exc.lineno}, column {exc.colno}"
                 if isinstance(exc, json.JSONDecodeError) else "")
        raise SaveError(f"The {what} {name} is damaged: it is cut short or garbled{where}. "
                        f"It was left untouched.") from None


def depth_ok(value, limit: int) -> bool:
    """Whether ``value`` nests no deeper than ``limit`` (iterative: never recurses)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            if d > limit:
                return False
            stack.extend((x, d + 1) for x in v if isinstance(x, (list, dict)))
    return True


def _text_ok(s: str, limit: int) -> bool:
    if len(s) > limit:
        return False
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return all(ch.isprintable() for ch in s)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def levels_of(game) -> set:
    """Bot level names a save may give for ``game`` (its table, or the default levels)."""
    table = getattr(game, "bot_levels", None) or {}
    return set(table or DEFAULT_LEVELS) | set(BOT_KINDS)


def validate(data, name: str = "save", game=None) -> dict:
    """Check a parsed save against the schema; return it (unchanged) or raise ``SaveError``.

    With ``game`` (the Game the save names), also check the seat count and the bot levels.
    """
    def bad(why: str):
        raise SaveError(f"The save file {name} is damaged: {why}. It was left untouched.")

    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a sandsofplay save file.")
    version = data.get("version")
    if not _is_int(version) or version not in READABLE_VERSIONS:
        if _is_int(version) and version > SAVE_VERSION:
            raise SaveError(f"{name} was saved by a newer sandsofplay (save version {version}); "
                            f"this one reads version {SAVE_VERSION}. It was left untouched.")
        raise SaveError(f"{name} has save version {quote(version)}; this sandsofplay reads "
                        f"versions {READABLE_VERSIONS[0]} to {SAVE_VERSION}. It was left "
                        f"untouched.")
    if not depth_ok(data, MAX_DEPTH):
        bad("it is nested deeper than a save can be")
    gid = data.get("game")
    if not isinstance(gid, str) or not gid or not _text_ok(gid, 64):
        bad(f"the game it is for is {quote(gid)}, not a game's name")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        bad("its set-up is missing")
    if setup.get("game") != gid:
        bad(f"its set-up is for {quote(setup.get('game'))}, not {quote(gid)}")
    seats = setup.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        bad("its list of seats is missing or malformed")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            bad(f"seat {i + 1} is {quote(seat)}, not a seat")
        if seat.get("kind", "human") not in ("human", "bot"):
            bad(f"seat {i + 1} is {quote(seat.get('kind'))}, neither a human nor a bot")
        for key, limit in (("level", 32), ("colour", 24)):
            v = seat.get(key, "")
            if not isinstance(v, str) or not _text_ok(v, limit):
                bad(f"the {key} of seat {i + 1} is {quote(v)}, not a short line of text")
        if not name_ok(seat.get("name", "")):  # the seat setup's own rule (engine.names)
            bad(f"the name of seat {i + 1} is {quote(seat.get('name'))}, not a player's name")
    options = setup.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        bad("its game options are malformed")
    for k, v in options.items():
        if not _text_ok(k, 64) or not (isinstance(v, (str, int, float)) and
                                       (not isinstance(v, str) or _text_ok(v, MAX_OPTION_TEXT))):
            bad(f"the game option {quote(k)} is {quote(v)}")
    seed = setup.get("seed", 0)
    if not _is_int(seed):
        bad(f"its random seed is {quote(seed)}, not a whole number")
    if abs(seed) > MAX_SEED:
        bad(f"its random seed has more than {MAX_DIGITS} digits")
    log = data.get("log")
    if not isinstance(log, list):
        bad(f"its list of actions is {quote(log)}")
    if len(log) > MAX_LOG:
        bad(f"it holds {len(log):,} actions; a save holds at most {MAX_LOG:,}")
    last = 0
    for i, entry in enumerate(log):
        if not isinstance(entry, list) or len(entry) != 3:
            bad(f"action #{i + 1} is {quote(entry)}, not [time, seat, action]")
        tick, seat, text = entry
        if not _is_int(tick) or not last <= tick <= MAX_TICK:
            bad(f"the time of action #{i + 1} is {quote(tick)}" +
                (", earlier than the action before" if _is_int(tick) and tick < last else ""))
        last = tick
        if not _is_int(seat) or not 0 <= seat < len(seats):
            bad(f"action #{i + 1} is by seat {quote(seat)}, and the game has "
                f"{len(seats)} seats")
        if not isinstance(text, str) or not _text_ok(text, MAX_ACTION_TEXT):
            bad(f"action #{i + 1} is {quote(text)}, not an action")
        try:
            Action.parse(text)
        except ValueError:
            bad(f"action #{i + 1} is {quote(text)}, not an action")
    hashes = data.get("hashes", [])
    if not isinstance(hashes, list) or len(hashes) > len(log) or \
            not all(isinstance(h, str) and len(h) <= 64 for h in hashes):
        bad("its list of check hashes is malformed")
    final = data.get("final_tick", last)
    if not _is_int(final) or not last <= final <= MAX_TICK:
        bad(f"the time it was saved at is {quote(final)}")
    if not isinstance(data.get("finished", False), bool):
        bad("whether the game was finished is unclear")
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str) or not _text_ok(saved_at, 40):
        bad("the date it was saved is malformed")
    if game is not None:
        check_for_game(data, game, name)
    return data


def check_for_game(data: dict, game, name: str = "save") -> None:
    """The parts of the check that need the game: seat count and bot levels."""
    seats = data["setup"]["seats"]
    if not game.min_seats <= len(seats) <= game.max_seats:
        raise SaveError(f"The save file {name} is damaged: it has {len(seats)} seats, and "
                        f"{game.title} is for {game.min_seats} to {game.max_seats}.")
    levels = levels_of(game)
    for i, seat in enumerate(seats):
        if seat.get("kind") == "bot" and seat.get("level", "") not in levels | {""}:
            raise SaveError(f"The save file {name} names a bot level {quote(seat['level'])} "
                            f"for seat {i + 1}; {game.title} has the levels "
                            f"{', '.join(sorted(set(getattr(game, 'bot_levels', None) or DEFAULT_LEVELS)))}.")


_resolver = None


def set_game_resolver(resolve_game) -> None:
    """The app registers how a game id becomes a Game (``games.get_game``; the engine may not
    import the games), so every reader also checks the game-specific parts."""
    global _resolver
    _resolver = resolve_game


def read_save(path, resolve_game=None) -> dict:
    """Read, parse and check a save file (with ``resolve_game(id)``, or the registered resolver,
    also the game-specific parts; an unknown game is then a ``SaveError`` too)."""
    name = os.path.basename(os.fspath(path)) or os.fspath(path)
    resolve_game = resolve_game or _resolver
    raw, st = _read_bytes(path, MAX_BYTES, "save file")
    data = validate(parse_json(raw, name), name)
    if resolve_game is not None:
        check_for_game(data, game_for(data, resolve_game, name), name)
        _GOOD[os.path.abspath(os.fspath(path))] = _file_id(st)
    return data


# --- saves known to be good ----------------------------------------------------------------------
#
# A file this process has written as a save (``store.atomic_write_text``) or read and found good
# (``read_save``, the game's part checked too) is good while it is that same file: the same
# inode, size and time of change. ``known_good`` lets a check that only asks "is it damaged?"
# (the autosave a new table is about to replace) skip reading a long save again inside a frame.

_GOOD: dict[str, tuple] = {}


def _file_id(st) -> tuple:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def note_good(path) -> None:
    """``path`` was just written whole as a save by this process."""
    try:
        _GOOD[os.path.abspath(os.fspath(path))] = _file_id(os.stat(path))
    except OSError:
        pass


def known_good(path) -> bool:
    """Whether ``path`` is a save this process wrote or found good, unchanged since."""
    key = os.path.abspath(os.fspath(path))
    seen = _GOOD.get(key)
    if seen is None:
        return False
    try:
        return _file_id(os.stat(path)) == seen
    except OSError:
        return False


def game_for(data: dict, resolve_game, name: str):
    try:
        return resolve_game(data["game"])
    except KeyError:
        raise SaveError(f"The save file {name} is for a game this sandsofplay does not have "
                        f"({quote(data['game'])}).") from None


# --- the data folder ------------------------------------------------------------------------

def clean_stale_temp_files(folder, older_than_s: float = 60.0) -> int:
    """Remove ``.tmp-*`` files left by writes that were killed half-way; returns how many.

    Only files older than ``older_than_s`` go, so a write in progress elsewhere is left alone.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(".tmp-"):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > older_than_s:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def new_save_path(folder, game_id: str, now: float | None = None) -> str:
    """A file name for a new save that no other save has, even within the same second."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = os.path.join(os.fspath(folder), f"{game_id}-{stamp}")
    path, k = base + ".json", 2
    while os.path.lexists(path):
        path = f"{base}-{k}.json"
        k += 1
    return path


SEP = ",\n  "  # between a save's log entries and between its hashes, as the file shows them


class SaveSnapshot:
    """The pieces of a save at one moment; ``str()`` joins them into the file's text (on the
    autosave thread). Nothing in it changes after it is made. ``entries`` and ``hashes`` are
    texts that ``SEP`` joins into the list's items (a piece may be a chunk of several)."""

    __slots__ = ("head", "entries", "hashes", "final_tick", "finished", "saved_at")

    def __init__(self, head, entries, hashes, final_tick, finished, saved_at):
        self.head, self.entries, self.hashes = head, entries, hashes
        self.final_tick, self.finished, self.saved_at = final_tick, finished, saved_at

    @staticmethod
    def written(path: str) -> None:
        """The text was written whole to ``path`` (by the autosave worker): a good save while
        the file stays as it is (``savefile.known_good``)."""
        note_good(path)

    def __str__(self) -> str:
        # one join of every piece (the text is copied once, not once per level of nesting)
        out = [self.head, ' "log": ']
        _json_list(out, self.entries)
        out.append(',\n "hashes": ')
        _json_list(out, self.hashes)
        out.append(f',\n "final_tick": {self.final_tick},\n'
                   f' "finished": {"true" if self.finished else "false"},\n'
                   f' "saved_at": "{self.saved_at}"\n}}')
        return "".join(out)


def _json_list(out: list, items) -> None:
    """Append to ``out`` the pieces of a JSON list of ``items`` (texts joined by ``SEP``)."""
    if not items:
        out.append("[]")
        return
    out.append("[\n  ")
    append = out.append
    for x in items:
        append(x)
        append(SEP)
    out[-1] = "\n ]"


__all__ = ["CHECK_HASH", "MAX_BYTES", "MAX_LOG", "MAX_NAME", "MAX_SEED", "READABLE_VERSIONS",
           "SAVE_FORMAT", "SAVE_VERSION", "SEP", "SaveSnapshot",
           "check_for_game", "check_form", "check_hasher", "clean_stale_temp_files", "known_good",
           "new_save_path", "note_good", "set_game_resolver", "parse_json", "quote", "read_bytes",
           "read_save", "validate"]
