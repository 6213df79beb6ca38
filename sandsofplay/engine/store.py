"""Canonical JSON, state hashes and atomic file writes."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(data) -> str:
    """A short stable hash of a JSON-able value."""
    return hashlib.sha256(canonical(data).encode("ascii")).hexdigest()[:20]


def state_hash(game, state) -> str:
    return digest(game.state_to_json(state))


def atomic_write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


MAX_ERRORS = 20  # failures a writer remembers


class BackgroundWriter:
    """Writes files atomically on a worker thread, newest content first; a frame never waits for
    the disk. Only the latest text for a path is kept while the worker is busy.

    Writes to one path are at least ``min_interval`` seconds apart: what is submitted meanwhile
    replaces what waits, so in a fast game the worker wakes a few times a second rather than at
    every action (each wake-up takes the interpreter lock from the frame for a moment). After a
    crash the file is therefore at most that far behind; ``flush`` writes at once.

    A write that fails (a full disk, a read-only folder) is tried again with the next text
    submitted for that path; until one succeeds, ``problem(path)`` says why (the app's table
    reads it and tells the player). ``errors`` keeps the last few failures.
    """

    def __init__(self, min_interval: float = 0.1):
        self._pending: dict[str, object] = {}
        self._cv = threading.Condition()
        self._busy = False
        self._flushing = 0
        self._last_write = 0.0
        self.min_interval = min_interval
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self._failing: dict[str, str] = {}  # path -> why its last write failed

    def submit(self, path: str, text) -> None:
        """Queue ``text`` for ``path``: a string, or an immutable object whose ``str()`` is the
        text (made on the worker thread, so the caller pays only for handing it over)."""
        with self._cv:
            wake = not self._pending  # the worker waits for work only when nothing is pending
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            if wake:
                self._cv.notify_all()

    def _run(self):
        while True:
            with self._cv:
                while not self._pending:
                    if not self._cv.wait(timeout=5.0):
                        self._thread = None
                        return
                # let newer content replace this one for a moment, unless someone waits for it
                while not self._flushing:
                    left = self._last_write + self.min_interval - time.monotonic()
                    if left <= 0:
                        break
                    self._cv.wait(timeout=left)
                path, text = self._pending.popitem()
                self._busy = True
            try:
                atomic_write_text(path, text if isinstance(text, str) else str(text))
            except OSError as exc:
                self._failing[path] = exc.strerror or str(exc) or type(exc).__name__
                self.errors.append(f"{path}: {exc}")
                del self.errors[:-MAX_ERRORS]
            except BaseException as exc:  # noqa: BLE001 - the worker must outlive a bad text
                self._failing[path] = f"{type(exc).__name__}: {exc}"[:200]
                self.errors.append(f"{path}: {exc!r}"[:500])
                del self.errors[:-MAX_ERRORS]
            else:
                self._failing.pop(path, None)
                written = getattr(text, "written", None)  # (a save: ``SaveSnapshot.written``)
                if written is not None:
                    written(path)
            finally:
                with self._cv:
                    self._busy = False
                    self._last_write = time.monotonic()
                    self._cv.notify_all()

    def problem(self, path: str) -> str:
        """Why the last write of ``path`` failed; "" when it succeeded (or none was made)."""
        return self._failing.get(path, "")

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything submitted is on disk (written at once, without the interval)."""
        with self._cv:
            self._flushing += 1
            self._cv.notify_all()
            try:
                self._cv.wait_for(lambda: not self._pending and not self._busy, timeout=timeout)
            finally:
                self._flushing -= 1


WRITER = BackgroundWriter()
