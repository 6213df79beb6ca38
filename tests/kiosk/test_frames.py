"""Issue 17 (no frame over 16.7 ms): what the kiosk does so that no frame stalls — behaviour
only (the times themselves are measured by ``tools/soak.py --real-time``, never here).

The title card gets the next game ready one job a frame; a visitor's new game is built behind a
start card; the kiosk's menus are drawn by the kiosk (nothing is built when one opens); start-up
makes the title cards' pictures and the menus' text."""

from __future__ import annotations

import pygame

from sandsofplay.kiosk import card as card_mod
from sandsofplay.kiosk.card import StartCard, TitleCard
from sandsofplay.kiosk.scenes import TakeoverScene
from sandsofplay.kiosk.visitors import tap, tap_button
from tests.kiosk.test_kiosk import kiosk, run_until, start_tiny_attract, table_on_top  # noqa: F401

DT = 1 / 60


def gui_sprites(app) -> int:
    return len(app.manager.get_sprite_group().sprites())


def test_a_catching_up_frame_does_one_job_of_the_title_card(kiosk):
    """A slow frame is followed by several fixed updates; the card's work (collect, build, warm
    a slice) is done once a frame, not once an update, so a slow frame does not make the next
    one slower."""
    app = kiosk(title_seconds=5)
    card = app.top
    assert isinstance(card, TitleCard)
    for _ in range(12):
        app.frame(5 / 60)  # five fixed updates a frame
    assert card.ticks >= 55 and card.frames == 12


def test_the_card_collects_after_the_sounds_then_builds_then_warms_and_waits_for_it(kiosk,
                                                                                 monkeypatch):
    """The collection waits for the start-up sounds (so their slices never share its frame),
    the table is built in a frame of its own, and the card stays up, its bar full, until the
    table is warm; the game that starts is the warmed table."""
    from tests.support.tinytable import TinyTable
    steps = []

    def prewarm(self):
        for i in range(90):
            steps.append(i)
            yield
    monkeypatch.setattr(TinyTable, "prewarm", prewarm)
    monkeypatch.setattr(TitleCard, "WARM_BUDGET_S", 0.0)  # one step a frame
    # held as long as the warming takes (how many frames the start-up sounds take before the
    # build depends on the machine; the hold's cap has a test of its own)
    monkeypatch.setattr(TitleCard, "HOLD_S", 60.0)
    collected = []
    real = card_mod.collect_between_scenes

    def collect():
        collected.append((app.frame_count, app.sound.pump(0), app.top.table))
        real()
    monkeypatch.setattr(card_mod, "collect_between_scenes", collect)
    app = kiosk(title_seconds=0.5)  # 30 ticks, far fewer than the 90 warm steps
    card = app.top
    assert run_until(app, lambda: card.table is not None, 3)
    assert len(collected) == 1
    frame, sounds_ready, table_then = collected[0]
    assert sounds_ready and table_then is None and frame >= TitleCard.COLLECT_AFTER
    built_at = app.frame_count
    assert built_at > frame  # another frame
    for _ in range(60):
        app.frame(DT)
    assert card.ticks > 30 and app.top is card and card.stage == "warm"  # still warming: held
    assert run_until(app, lambda: table_on_top(app), 3)
    assert len(steps) == 90 and app.top is card.table


def test_the_card_holds_a_table_still_warming_for_hold_s_at_most(kiosk, monkeypatch):
    """A table whose warming never ends does not keep the loop waiting: the card holds its
    game at most ``HOLD_S`` past its own time, then the game starts anyway."""
    from tests.support.tinytable import TinyTable

    def prewarm(self):
        while True:
            yield
    monkeypatch.setattr(TinyTable, "prewarm", prewarm)
    monkeypatch.setattr(TitleCard, "HOLD_S", 1.0)
    app = kiosk(title_seconds=0.5)
    while not app.sound.pump(0):  # the start-up sounds made ahead, so the card builds at once
        app.sound.pump(1.0)
    card = app.top
    assert run_until(app, lambda: card.stage == "warm", 1.0)
    assert run_until(app, lambda: table_on_top(app), 5)
    assert card.warming is not None  # it was still warming
    assert app.top is card.table
    assert card.ticks >= int((0.5 + 1.0) * 60)


def test_a_visitors_new_game_is_built_behind_a_start_card(kiosk, monkeypatch):
    """The tap that starts a game only leaves the demo; the collection, the new table's making
    and its warming each come in later frames of their own, then the game."""
    app = kiosk()
    start_tiny_attract(app)
    tap(app, (640, 300))
    when = {}
    enter, build, collect = StartCard.enter, app.build_table, card_mod.collect_between_scenes

    def note(name, fn):
        def inner(*a):
            when[name] = app.frame_count
            return fn(*a)
        return inner
    monkeypatch.setattr(StartCard, "enter", note("enter", enter))
    monkeypatch.setattr(app, "build_table", note("build", build))
    monkeypatch.setattr(card_mod, "collect_between_scenes", note("collect", collect))
    tap_button(app, "new")
    start = app.top
    assert isinstance(start, StartCard) and app.mode == "visitor"
    assert run_until(app, lambda: table_on_top(app), 3)
    assert when["enter"] < when["collect"] < when["build"]
    assert app.top is start.table and app.table is start.table and app.top.humans == [0]
    assert app.stats["new_games"] == 1


def test_kiosk_menus_open_without_building_widgets_and_tap_on_release(kiosk):
    """The takeover choice builds no pygame_gui widget; its buttons act on a press and a release
    on the same button, as a finger expects."""
    app = kiosk()
    start_tiny_attract(app)
    before = gui_sprites(app)
    tap(app, (640, 300))
    menu = app.top
    assert isinstance(menu, TakeoverScene) and gui_sprites(app) == before
    new, choose = menu.buttons["new"].rect.center, menu.buttons["choose"].rect.center
    for kind, pos in ((pygame.MOUSEBUTTONDOWN, new), (pygame.MOUSEBUTTONUP, choose)):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.frame(DT)
    assert app.top is menu  # pressed on one, let go on another: nothing
    tap_button(app, "level")  # a cycler: the right half steps forward
    assert menu.level == "hard" and "Hard" in menu.buttons["level"].text
    tap(app, (menu.buttons["level"].rect.x + 20, menu.buttons["level"].rect.centery),
        touch=False)
    assert menu.level == "normal"
    tap_button(app, "watch")
    assert table_on_top(app)


def test_start_up_makes_the_title_cards_and_the_menus_text(kiosk):
    """Before the first frame: every game's title card picture, and the text of the menus a
    visitor can open (the takeover choice, the chooser, every second of the countdown)."""
    app = kiosk(games=["tiny", "sands_of_adventure"], countdown_seconds=5)
    assert set(app._cards) == {"tiny", "sands_of_adventure"}
    keys = {k[0] for k in app.ktext._cache}
    assert {"Play Climb (test game)?", "Play Sands of Adventure?", "Choose a game", "Still there?",
            "Keep watching", "Take Amira's place in this game",
            "Take Sallah's place in this game"} <= keys  # (a Sands of Adventure character)
    assert {str(n) for n in range(6)} <= keys
    assert "\u2039 Players: 4 \u203a" in keys and "\u2039 Bots: Hard \u203a" in keys


def test_start_up_objects_stay_frozen_and_tables_do_not_unfreeze_them(kiosk):
    """The kiosk sets its start-up objects aside for good (each collection sees only what came
    after); a table's entry and exit leave that alone; quitting gives everything back."""
    import gc

    from sandsofplay.ui import memory as ui_memory
    app = kiosk()
    frozen = gc.get_freeze_count()
    assert frozen > 1000 and not ui_memory.freeze_per_table
    table = start_tiny_attract(app)
    app.reset_to_attract()
    assert run_until(app, lambda: isinstance(app.top, TitleCard) and app.table is None, 2)
    # (frozen objects can still be freed when nothing refers to them any more)
    assert table not in app.stack and gc.get_freeze_count() > frozen * 0.9
    app.quit()
    assert ui_memory.freeze_per_table and gc.get_freeze_count() == 0


def test_the_card_draws_the_next_table_once_before_it_shows(kiosk, monkeypatch):
    """The table's first frame (its text, its pictures) is drawn off screen behind the card."""
    from tests.support.tinytable import TinyTable
    drawn = []
    real = TinyTable.draw

    def draw(self, surf, alpha):
        drawn.append((self in self.app.stack, surf is self.app.screen))
        return real(self, surf, alpha)
    monkeypatch.setattr(TinyTable, "draw", draw)
    app = kiosk()
    assert run_until(app, lambda: table_on_top(app), 5)
    assert drawn[0] == (False, False)  # off screen, before its entry


def test_the_card_enters_the_table_ahead_its_buttons_hidden_until_the_game(kiosk, monkeypatch):
    """The table's entry (its buttons) runs behind the card with its buttons hidden; they stay
    hidden while the bots play the demo (issue 31) and show when a visitor takes a seat; a card
    left before its game (a visitor chose another) takes the table's buttons away with it."""
    from pygame_gui.elements import UIButton

    from tests.support.tinytable import TinyTable
    real = TinyTable.enter

    def enter(self):
        real(self)
        self.own(UIButton((10, 10, 120, 30), "Probe", self.app.manager))
    monkeypatch.setattr(TinyTable, "enter", enter)
    app = kiosk(title_seconds=3)
    card = app.top
    assert run_until(app, lambda: card.stage == "ready", 3)
    probe = card.table.elements[-1]
    assert isinstance(app.top, TitleCard) and not probe.visible
    assert run_until(app, lambda: table_on_top(app), 5)
    assert app.top is card.table and not probe.visible and probe.alive()  # the demo's
    tap(app, (640, 360))
    tap_button(app, "seat0")
    assert app.top is card.table and probe.visible and probe.alive()  # the visitor's
    # the next card gets its table ready; a visitor's touch, then another game: it is left
    app.reset_to_attract()
    assert run_until(app, lambda: isinstance(app.top, TitleCard) and app.top.stage == "ready", 3)
    card = app.top
    hidden = card.table.elements[-1]
    tap(app, (640, 360))
    tap_button(app, "new")
    assert not hidden.alive() and not card.table.match.listeners


def test_between_games_the_card_gives_freed_memory_back_to_the_system(kiosk, monkeypatch):
    """Issue 17 (RSS growth over a day): the title card's collection between two games also
    trims the C heap, so the pictures the last table freed do not stay as the process's memory
    (tools/soak.py measures the growth)."""
    from sandsofplay.ui import memory as ui_memory
    trims = []
    monkeypatch.setattr(ui_memory, "_trim", lambda pad: trims.append(pad) or 1)
    app = kiosk(title_seconds=0.5)
    card = app.top
    assert isinstance(card, TitleCard)
    assert run_until(app, lambda: card.table is not None, 3)
    assert trims == [0]


def test_a_table_set_out_in_slices_is_set_out_behind_the_card(kiosk):
    """In the app's own loop tables are set out a slice a frame (ui.table_entry, App.run sets
    the budget): the kiosk's card runs those slices behind itself, so the game starts on a table
    already set out (never on the plain cloth), its buttons hidden until then."""
    from sandsofplay.ui.app import ENTRY_BUDGET_S
    app = kiosk(games=["sahwari"], title_seconds=1)
    app.entry_budget_s = ENTRY_BUDGET_S
    card = app.top
    staged = []

    def ready():
        if card.stage == "enter" and card.table.entering is not None:
            staged.append(app.frame_count)
        return card.stage == "ready"
    assert run_until(app, ready, 30)
    table = card.table
    assert staged  # the entry did run in slices behind the card
    assert table.entering is None and table.elements
    assert not any(e.visible for e in table.elements)
    assert run_until(app, lambda: app.top is table, 10)
    # the demo keeps the controls hidden (issue 31); a visitor's seat shows them
    assert table.entering is None and not any(e.visible for e in table.elements)
    tap(app, (640, 360))
    tap_button(app, "seat0")
    assert app.top is table and all(e.visible for e in table.elements)
