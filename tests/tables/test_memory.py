"""Issue 9, memory: opening and leaving tables keeps nothing of them (every table froze the heap
at entry with gc.freeze, so each earlier table and match used to stay for ever)."""

import gc
import weakref

import pytest

from tests.tables.contract import registered_tables, start


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    import os
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


@pytest.mark.parametrize("game_id", registered_tables())
def test_25_tables_opened_and_left_leave_nothing_behind(app, game_id):
    refs = []

    def open_and_leave(seed):
        table = start(app, game_id, ("human", "bot:normal", "bot:normal"), seed)
        for _ in range(3):
            app.frame(1 / 60)
        refs.append((weakref.ref(table), weakref.ref(table.match)))
        app.go_home()
        app.apply_ops()
        app.frame(1 / 60)

    for seed in range(3):  # warm-up: caches of card faces and text fill once
        open_and_leave(seed)
    gc.collect()
    before = rss_mb()
    for seed in range(25):
        open_and_leave(100 + seed)
    gc.collect()
    alive = [r for pair in refs for r in pair if r() is not None]
    assert not alive, f"{len(alive)} table or match objects survive"
    assert rss_mb() - before <= 5.0


def test_a_long_game_refreezes_and_still_leaves_nothing_behind(app):
    """Issue 28 (no long frame): a table in play moves what has lived a few seconds out of the
    collections (``memory.refreeze``), so full collections stay short in a long game; leaving
    the table still gives all of it back."""
    from sandsofplay.ui import memory
    table = start(app, "sahwari", ("human", "bot:normal", "bot:normal"), 5)
    app.frame(1 / 60)
    frozen = gc.get_freeze_count()
    junk = []
    for i in range(2 * memory.REFREEZE_FRAMES + 2):
        junk.append({"frame": i})  # objects that live on across a refreeze
        app.frame(1 / 60)
    assert gc.get_freeze_count() > frozen
    refs = (weakref.ref(table), weakref.ref(table.match))
    del table, junk
    app.go_home()
    app.apply_ops()
    app.frame(1 / 60)
    gc.collect()
    assert all(r() is None for r in refs)
    assert gc.get_freeze_count() < frozen + 50
