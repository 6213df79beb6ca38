"""The kiosk's records, with bounded disk use: a rotated log (``kiosk/kiosk.log``, at most
``LOG_BYTES`` times ``LOG_BACKUPS + 1``) and one crash report per error (``kiosk/crashes``, the
newest ``MAX_CRASHES`` kept). A crash report holds the traceback and, when a game was on screen,
its save (setup + action log), so ``sandsofplay --replay`` can play it back to the failure."""

from __future__ import annotations

import json
import logging
import logging.handlers
import time
import traceback
from pathlib import Path

LOG_BYTES = 512 * 1024
LOG_BACKUPS = 3
MAX_CRASHES = 20

log = logging.getLogger("sandsofplay.kiosk")


def kiosk_dir() -> Path:
    from ..ui import paths
    path = paths.user_dir() / "kiosk"
    path.mkdir(parents=True, exist_ok=True)
    return path


def crash_dir() -> Path:
    path = kiosk_dir() / "crashes"
    path.mkdir(parents=True, exist_ok=True)
    return path


_handler = None


def start_logging() -> Path:
    """Send the app's log records to the rotated kiosk log (once per process)."""
    global _handler
    path = kiosk_dir() / "kiosk.log"
    root = logging.getLogger("sandsofplay")
    if _handler is not None and getattr(_handler, "baseFilename", "") != str(path):
        root.removeHandler(_handler)
        _handler.close()
        _handler = None
    if _handler is None:
        _handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES,
                                                        backupCount=LOG_BACKUPS,
                                                        encoding="utf-8")
        _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        root.addHandler(_handler)
        if root.level == logging.NOTSET or root.level > logging.INFO:
            root.setLevel(logging.INFO)
    return path


def stop_logging() -> None:
    global _handler
    if _handler is not None:
        logging.getLogger("sandsofplay").removeHandler(_handler)
        _handler.close()
        _handler = None


def write_crash(exc: BaseException, where: str, match=None) -> Path | None:
    """Write a crash report; returns its path (None if the disk refused)."""
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
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{time.perf_counter_ns() % 1_000_000:06d}.json"
    try:
        path.write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    except OSError as err:
        log.error("kiosk: crash report not written: %s", err)
        return None
    prune(folder)
    return path


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
    for p in kiosk_dir().rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            pass
    return total
