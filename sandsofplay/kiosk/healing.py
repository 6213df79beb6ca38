"""The kiosk's records, with bounded disk use: a rotated log (``kiosk/kiosk.log``, at most
``LOG_BYTES`` times ``LOG_BACKUPS + 1``) and one crash report per error (``kiosk/crashes``, the
newest ``MAX_CRASHES`` kept). A crash report holds the traceback and, when a game was on screen,
its save (setup + action log), so ``sandsofplay --replay`` can play it back to the failure.

Kiosks often run from a read-only disk. When the user data folder cannot be written, the
records go to a folder of the kiosk's own in the temporary folder, and when that cannot be
written either, they are kept in memory (the last ``MEMORY_LINES`` log lines, the last
``MAX_CRASHES`` reports) for the run. Either way a console line and a log line say so. The
in-memory log is kept in every case (``memory_log``)."""

from __future__ import annotations

import collections
import json
import logging
import logging.handlers
import os
import stat
import tempfile
import time
import traceback
from pathlib import Path

LOG_BYTES = 512 * 1024
LOG_BACKUPS = 3
MAX_CRASHES = 20
MEMORY_LINES = 2000

log = logging.getLogger("sandsofplay.kiosk")


class RingHandler(logging.Handler):
    """The last ``capacity`` log lines, in memory."""

    def __init__(self, capacity: int = MEMORY_LINES):
        super().__init__()
        self.lines: collections.deque = collections.deque(maxlen=capacity)

    def emit(self, record):
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 - logging must never fail the kiosk
            self.handleError(record)


def kiosk_dir() -> Path:
    """The kiosk's folder in the user data folder (made if missing; OSError if it cannot be)."""
    from ..ui import paths
    path = paths.user_dir() / "kiosk"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".write-test-{os.getpid()}"
        with open(probe, "w", encoding="utf-8") as f:
            f.write("ok")
        probe.unlink()
        return True
    except OSError:
        return False


def temp_dir() -> Path | None:
    """The kiosk's own folder in the temporary folder (this user's, not a link), or None."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = Path(tempfile.gettempdir()) / f"sandsofplay-kiosk-{uid}"
    try:
        path.mkdir(mode=0o700, exist_ok=True)
        st = os.lstat(path)
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != uid):
            return None
    except OSError:
        return None
    return path if _writable(path) else None


def choose_dir() -> tuple[Path | None, str]:
    """(the folder for the records, or None for memory; a sentence when it is not the usual
    one)."""
    try:
        usual = kiosk_dir()
        if _writable(usual):
            return usual, ""
        reason = "it is read-only"
    except OSError as exc:
        usual, reason = None, exc.strerror or str(exc)
    try:
        from ..ui import paths
        where = usual or paths.user_dir() / "kiosk"
    except OSError:
        where = "the user data folder"
    temp = temp_dir()
    if temp is not None:
        return temp, (f"The kiosk cannot write to {where} ({reason}); its log and crash "
                      f"reports go to {temp} for this run.")
    return None, (f"The kiosk cannot write to {where} ({reason}) nor to a temporary folder; "
                  f"its log and crash reports are kept in memory for this run.")


_handler = None  # the rotated log file's handler
_ring: RingHandler | None = None
_started = False
_dir: Path | None = None  # where the records go once logging started (None: memory)
memory_crashes: collections.deque = collections.deque(maxlen=MAX_CRASHES)
note = ""  # why the records are not in the usual folder ("" when they are)


def memory_log() -> list[str]:
    """The in-memory log's lines (the newest last)."""
    return list(_ring.lines) if _ring is not None else []


def records_dir() -> Path | None:
    """The folder the records go to (None: they are kept in memory)."""
    return _dir if _started else choose_dir()[0]


def crash_dir() -> Path | None:
    folder = records_dir()
    if folder is None:
        return None
    path = folder / "crashes"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def start_logging(console=print) -> Path | None:
    """Send the app's log records to the kiosk log (once per process) and to the in-memory
    log; returns the log file (None: memory only). Says so on the console and in the log when
    the records cannot go to the usual folder."""
    global _handler, _ring, _started, _dir, note
    root = logging.getLogger("sandsofplay")
    if _ring is None:
        _ring = RingHandler()
        _ring.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        root.addHandler(_ring)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    folder, why = choose_dir()
    path = folder / "kiosk.log" if folder is not None else None
    if _handler is not None and getattr(_handler, "baseFilename", "") != str(path):
        root.removeHandler(_handler)
        _handler.close()
        _handler = None
    if _handler is None and path is not None:
        try:
            _handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES,
                                                            backupCount=LOG_BACKUPS,
                                                            encoding="utf-8")
        except OSError as exc:
            why = (f"The kiosk log {path} cannot be opened ({exc.strerror or exc}); the log "
                   f"and crash reports are kept in memory for this run.")
            folder = path = None
        else:
            _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            root.addHandler(_handler)
    _started, _dir, note = True, folder, why
    if why:
        try:
            console(f"sandsofplay --kiosk: {why}")
        except (OSError, ValueError):  # no console (a closed terminal)
            pass
        log.warning("kiosk: %s", why)
    return path


def stop_logging() -> None:
    global _handler, _ring, _started, _dir, note
    root = logging.getLogger("sandsofplay")
    for h in (_handler, _ring):
        if h is not None:
            root.removeHandler(h)
            h.close()
    _handler = _ring = _dir = None
    _started, note = False, ""
    memory_crashes.clear()


def write_crash(exc: BaseException, where: str, match=None) -> Path | None:
    """Write a crash report; returns its path (None when it is kept in memory)."""
    report = {
        "time": time.strftime("%Y-%m-%d %H:%M:%S"),
        "where": where,
        "error": f"{type(exc).__name__}: {exc}",
        "traceback": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    }
    if match is not None:
        try:
            report["setup"] = match.setup.to_json()
            report["save"] = match.to_save()  # setup + log + hashes: a replay up to the failure
        except Exception as inner:  # noqa: BLE001 - the report must still be written
            report["save_error"] = f"{type(inner).__name__}: {inner}"
    folder = crash_dir()
    if folder is not None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"crash-{stamp}-{time.perf_counter_ns() % 1_000_000:06d}.json"
        try:
            path.write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
        except (OSError, ValueError) as err:
            log.error("kiosk: crash report not written (%s); kept in memory", err)
        else:
            prune(folder)
            return path
    memory_crashes.append(report)
    return None


def prune(folder: Path, keep: int = MAX_CRASHES) -> None:
    try:
        files = sorted(folder.glob("crash-*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return
    for old in files[:-keep] if len(files) > keep else []:
        try:
            old.unlink()
        except OSError:
            pass


def disk_use() -> int:
    """Bytes the kiosk keeps on disk (logs and crash reports)."""
    total = 0
    folder = records_dir()
    if folder is None:
        return 0
    for p in folder.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            pass
    return total
