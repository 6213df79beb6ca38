"""Where the user's settings, saves, autosave and error log live.

The folder comes from platformdirs (for example ``~/.local/share/sandsofplay`` on Linux);
``SANDSOFPLAY_HOME`` overrides it (the tests use a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

from sandsofplay.engine.resources import resources_root

RESOURCES = resources_root()


def user_dir() -> Path:
    override = os.environ.get("SANDSOFPLAY_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir("sandsofplay", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return user_dir() / "settings.json"


def saves_dir() -> Path:
    path = user_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return user_dir() / "autosave.json"


def error_log_path() -> Path:
    return user_dir() / "errors.log"


def append_error_log(text: str, path=None) -> bool:
    """Append ``text`` to the error log; True when it was written. The log is opened with
    ``O_NOFOLLOW`` (and non-blocking): a symbolic link, a pipe, a device or a folder in its place
    is refused - said once on stderr - and never written through."""
    import stat
    import sys
    path = os.fspath(path or error_log_path())
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) |
             getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    why = ""
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        why = ("it is a symbolic link" if os.path.islink(path) else
               (exc.strerror or str(exc)).lower())
    else:
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                data = text.encode("utf-8", "backslashreplace")
                while data:
                    data = data[os.write(fd, data):]
                return True
            why = "it is not an ordinary file"
        except OSError as exc:
            why = (exc.strerror or str(exc)).lower()
        finally:
            os.close(fd)
    print(f"sandsofplay: the error was not written to the log {path}: {why}.", file=sys.stderr)
    return False


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)
