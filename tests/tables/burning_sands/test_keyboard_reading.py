"""Burning Sands by keyboard (issue 31): Tab goes only to what can be used now, the arrows move
the focus over every card on the table (an opponent's, an unplayable one) by row, the side panel
reads the focused card, and a new decision starts the ring again (the first Enter of a turn no
longer repeats the last turn's choice)."""

import pygame

from sandsofplay.ui.gestures import FocusRing, FocusTarget
from tests.tables.helpers import make_table


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(1 / 60)


def test_arrows_move_to_the_nearest_target_that_way():
    r = lambda x, y: pygame.Rect(x, y, 40, 60)
    ts = [FocusTarget("a", r(0, 0), lambda: None), FocusTarget("b", r(100, 0), lambda: None),
          FocusTarget("c", r(0, 100), lambda: None), FocusTarget("d", r(100, 100), lambda: None),
          FocusTarget("e", r(300, 10), lambda: None)]
    ring = FocusRing()
    ring.move_dir(ts, 1, 0)
    assert ring.name == "a" and ring.visible  # nothing focused: the first shows
    ring.move_dir(ts, 1, 0)
    assert ring.name == "b"  # the row's neighbour, not the far one
    ring.move_dir(ts, 0, 1)
    assert ring.name == "d"
    ring.move_dir(ts, -1, 0)
    assert ring.name == "c"
    ring.move_dir(ts, -1, 0)
    assert ring.name == "c"  # nothing further that way: it stays


def test_every_card_can_be_read_by_keyboard_and_tab_skips_what_cannot_be_used(app):
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 3)
    app.frame(1 / 60)  # the set-up: City Sections to buy, both Strongholds on the table
    assert table.acting_human() == 0
    targets = table.focus_targets()
    read = [t for t in targets if t.extra.get("read")]
    assert read  # cards with nothing to do now are there to read
    seen = table.seen()
    assert [t for t in read if seen.owner[t.extra["uid"]] == 1]  # an opponent's card too
    for _ in range(len(targets) + 2):
        key(app, pygame.K_TAB)
        cur = table.focus.current(table.focus_targets())
        assert cur is not None and not cur.extra.get("read")  # Tab: only what can be used
    # the arrows reach the cards above the buttons, and the side panel reads the focused one
    reached = []
    for k in (pygame.K_UP,) * 5 + (pygame.K_DOWN,) * 2 + (pygame.K_UP,) * 3:
        key(app, k)
        cur = table.focus.current(table.focus_targets())
        if cur is not None and cur.extra.get("read"):
            reached.append(cur.extra["uid"])
            assert table.side.preview_uid(table.observation()) == cur.extra["uid"]
    assert {seen.owner[u] for u in reached} == {0, 1}  # both rows: the person's and the other's


def test_a_new_decision_starts_the_ring_again(app):
    table = make_table(app, "burning_sands", ("human", "bot:easy"), 3)
    app.frame(1 / 60)
    key(app, pygame.K_TAB)
    assert table.focus.name is not None
    version = table.match.version
    key(app, pygame.K_RETURN)  # a choice: the rules move on to a new decision
    for _ in range(600):
        if table.match.version != version and table.acting_human() == 0:
            break
        app.frame(1 / 60)
    app.frame(1 / 60)
    assert table.match.version != version
    assert table.focus.current(table.focus_targets()) is None  # Enter alone does nothing now
