"""Canonical JSON, state hashes and atomic file writes."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading


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


class BackgroundWriter:
    """Writes files atomically on a worker thread, newest content first; a frame never waits for
    the disk. Only the latest text for a path is kept while the worker is busy."""

    def __init__(self):
        self._pending: dict[str, str] = {}
        self._cv = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []

    def submit(self, path: str, text) -> None:
        """Queue ``text`` for ``path``: a string, or an immutable object whose ``str()`` is the
        text (made on the worker thread, so the caller pays only for handing it over)."""
        with self._cv:
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def _run(self):
        while True:
            with self._cv:
                while not self._pending:
                    if not self._cv.wait(timeout=5.0):
                        self._thread = None
                        return
                path, text = self._pending.popitem()
                self._busy = True
            try:
                atomic_write_text(path, text if isinstance(text, str) else str(text))
            except OSError as exc:
                self.errors.append(f"{path}: {exc}")
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything submitted is on disk."""
        with self._cv:
            self._cv.wait_for(lambda: not self._pending and not self._busy, timeout=timeout)


WRITER = BackgroundWriter()
