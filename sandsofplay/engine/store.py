"""Canonical JSON, state hashes and atomic file writes."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile


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
