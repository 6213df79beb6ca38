"""Memory between and around tables: a table freezes what lives at its entry so collections in
play stay short, and gives it back at its exit; a quiet frame between two tables pays for the full
collection and hands freed C-heap pages back to the system (a kiosk runs for days)."""

from __future__ import annotations

import gc

_collected_between = False
# Each table freezes what lives at its entry and unfreezes it all at its exit. The kiosk instead
# freezes its start-up objects once for good and collects between tables itself, so it turns
# this off (a table's unfreeze would hand the start-up objects back to every collection).
freeze_per_table = True


def collect_between_scenes():
    """A quiet frame between two tables (the kiosk's title card) pays for the full collection
    of what the last table left, so the next table's entry frame does not have to."""
    global _collected_between
    gc.collect()
    _collected_between = True
    trim_heap()


def _libc_trim():
    """glibc's ``malloc_trim`` when there is one (Linux), else None."""
    try:
        import ctypes
        import ctypes.util
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_trim = _libc_trim()


def trim_heap() -> None:
    """Give the memory the last table freed back to the system. Between tables the C heap holds
    many freed pictures (surfaces, glyphs) in pages it keeps; without this, a screen that runs
    for days grows by what fragmentation leaves behind (measured: ``tools/soak.py``)."""
    if _trim is not None:
        _trim(0)


def settle_memory(full: bool = True):
    """After a table is built: collect and move what lives on into the permanent generation,
    so later garbage collections in play stay short. ``release_memory`` undoes the freeze when
    the table is left, so nothing of an earlier table is kept for ever. When
    ``collect_between_scenes`` has just run, the collection is not repeated; without ``full``
    only the young generations are collected (a full collection of a table's heap is ~10 ms,
    too long for a frame of a staged entry; what little older garbage there is is freed when
    the table is left)."""
    global _collected_between
    if not freeze_per_table:
        _collected_between = False
        return
    if not _collected_between:
        gc.collect(2 if full else 1)
    _collected_between = False
    gc.freeze()


REFREEZE_FRAMES = 240  # a table in play moves what has lived this long out of the collections


def refreeze(frame: int) -> None:
    """Called by a table each frame in play: every ``REFREEZE_FRAMES`` frames, the young
    generation is collected (well under a millisecond) and what lives on joins the frozen
    objects of the entry, so a long game's full collections only ever walk the last few seconds'
    objects instead of everything the game has made (Sand's were 7 ms, its middle ones 3 ms).
    Cyclic garbage older than the young generation then waits for the table's exit
    (``release_memory``). Off where the tables do not freeze (the kiosk)."""
    if freeze_per_table and frame % REFREEZE_FRAMES == 0:
        gc.collect(0)
        gc.freeze()


def release_memory():
    """A table is left: give its objects back to the collector (they were frozen at entry)."""
    if freeze_per_table:
        gc.unfreeze()
