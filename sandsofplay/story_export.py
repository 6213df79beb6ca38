"""``sandsofplay --story SAVE [--out FILE]``: a save's story as text, with no window.

The story (``ui.story.full_story``, over ``engine.replay.story``): the players, round and turn
headings, a line per action told by its events (chance with its faces, the rivals' moves), the
time's own events, the final scores as a table, and the end as the results tell it (the winner
in words, each score broken down by the book's categories). The save is checked as a replay is (every recorded
state hash); a save that cannot be read or replayed, or an output file that cannot be written,
gives one sentence on stderr and exit status 2 - nothing is written then. ``--out`` names a
regular file (replaced through a fresh temp file and ``os.replace``) or a new path; a folder, a
symbolic link or a special file (pipe, device, socket) is refused before anything is read.
"""

from __future__ import annotations

import os
import stat
import sys


def out_problem(out_path: str) -> str:
    """Why ``--out`` cannot take the story (empty when it can): it must be a regular file (which
    is replaced) or a new path. A folder, a symbolic link, a pipe, a device or a socket is
    refused, so writing the story never replaces or writes through a special file."""
    if not out_path:
        return "--out needs the name of a file to write the story to."
    try:
        st = os.lstat(out_path)
    except FileNotFoundError:
        return ""
    except (OSError, ValueError) as exc:
        return f"cannot write the story to {out_path}: {getattr(exc, 'strerror', None) or exc}."
    if stat.S_ISREG(st.st_mode):
        return ""
    kind = ("a folder" if stat.S_ISDIR(st.st_mode) else
            "a symbolic link" if stat.S_ISLNK(st.st_mode) else
            "a named pipe" if stat.S_ISFIFO(st.st_mode) else
            "a socket" if stat.S_ISSOCK(st.st_mode) else "a device")
    return (f"--out {out_path} is {kind}, not a regular file; name a regular file or a new "
            f"path to write the story to.")


def export(save_path: str, out_path: str | None = None, stdout=None, stderr=None) -> int:
    from .engine import Match, SaveError
    from .engine.replay import Replay
    from .ui.story import full_story as story
    from .engine.store import atomic_write_text
    from .games import get_game
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    name = os.path.basename(save_path)
    why = out_problem(out_path) if out_path is not None else ""
    if why:
        print(f"sandsofplay: {why}", file=stderr)
        return 2
    try:
        data = Match.read_save(save_path, get_game)
        text = story(Replay(data, get_game(data["game"]), name=name))
    except SaveError as exc:
        print(f"sandsofplay: {exc}", file=stderr)
        return 2
    if out_path is None:
        stdout.write(text)
        return 0
    why = out_problem(out_path)  # again: it may have changed while the save was replayed
    if why:
        print(f"sandsofplay: {why}", file=stderr)
        return 2
    try:
        atomic_write_text(out_path, text)
    except OSError as exc:
        print(f"sandsofplay: cannot write the story to {out_path}: "
              f"{exc.strerror or exc}.", file=stderr)
        return 2
    print(f"The story of {name} ({text.count(chr(10))} lines) is in {out_path}.", file=stdout)
    return 0


__all__ = ["export", "out_problem"]
