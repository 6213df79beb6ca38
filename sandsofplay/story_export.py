"""``sandsofplay --story SAVE [--out FILE]``: a save's story as text, with no window.

The story (``engine.replay.story``): the players, round and turn headings, one sentence per
action, and the final scores as a table. The save is checked as a replay is (every recorded
state hash); a save that cannot be read or replayed, or an output file that cannot be written,
gives one sentence on stderr and exit status 2 - nothing is written then.
"""

from __future__ import annotations

import os
import sys


def export(save_path: str, out_path: str | None = None, stdout=None, stderr=None) -> int:
    from .engine import Match, SaveError
    from .engine.replay import Replay, story
    from .engine.store import atomic_write_text
    from .games import get_game
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    name = os.path.basename(save_path)
    try:
        data = Match.read_save(save_path, get_game)
        text = story(Replay(data, get_game(data["game"]), name=name))
    except SaveError as exc:
        print(f"sandsofplay: {exc}", file=stderr)
        return 2
    if out_path is None:
        stdout.write(text)
        return 0
    if os.path.isdir(out_path):
        print(f"sandsofplay: --out {out_path} is a folder; name a file to write the story to.",
              file=stderr)
        return 2
    try:
        atomic_write_text(out_path, text)
    except OSError as exc:
        print(f"sandsofplay: cannot write the story to {out_path}: "
              f"{exc.strerror or exc}.", file=stderr)
        return 2
    print(f"The story of {name} ({text.count(chr(10))} lines) is in {out_path}.", file=stdout)
    return 0


__all__ = ["export"]
