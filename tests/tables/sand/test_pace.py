"""The Sand table's pace (issue 15: "Upkeep plays as a visible sequence", "Alhazred's turns and
bots' turns play at a watchable pace ... skippable with a click"): what the rules resolve at once
is played back beat by beat from the table as it was, a click or a key skips it (and does nothing
else), bots are hurried on by a click, the curtain waits, and a game saved while a sequence plays
resumes in the same state and shows the sequence again."""

import pygame

from sandsofplay.engine import A
from sandsofplay.ui.scenes.overlays import CurtainScene, PauseScene
from tests.tables.contract import play_by_gestures, post_gesture, same_as_headless
from tests.tables.helpers import save_and_open
from tests.tables.sand.test_table import GAME, Press, make_table, play_until


def frames(app, n):
    for _ in range(n):
        app.frame(1 / 60)


def human_may_end(s):
    """The human (seat 0) is acting and may end the turn: in solo, Alhazred plays next."""
    return s.step == "act" and not s.pending and s.cur == 0 and \
        A("end") in GAME.legal_actions(s, 0)


def end_by_gesture(app, table):
    gesture = next(g for g in table.gestures(0) if g.action == A("end"))
    post_gesture(app, gesture)
    assert table.match.log[-1].action == A("end")


def alhazred_playing(app, level="medium", seed=5):
    table = make_table(app, ("human",), seed=seed, alhazred=level)
    assert play_until(table, human_may_end)
    table.settle()
    app.frame(1 / 60)
    before = table.match.state.alh["loc"]
    end_by_gesture(app, table)
    assert table.pace.busy()
    return table, before


def test_alhazreds_turn_plays_back_beat_by_beat(app):
    """Rulebook: Alhazred's turn - three Codex cards one at a time: the table shows him where he
    was, then each card with the shortcuts it counts, each trip and what he does on arrival, and
    the log says each step only when it is shown."""
    table, start = alhazred_playing(app)
    seq = table.pace.seq
    kinds = [b.kind for b in seq.beats]
    assert kinds.count("codex") == 3 and "alh_turn" in kinds
    assert kinds.index("alh_turn") < kinds.index("codex")
    # the first beats show the table as it was before his turn
    assert table.obs()["alh"]["loc"] == start
    assert table.acting_human() is None and table.gestures(0) == []
    codex = [b for b in seq.beats if b.kind == "codex"]
    for b in codex:
        comp = b.focus["compass"]
        assert comp["loc"] and b.focus["card"] in range(1, 9)
        if comp["chosen"]:  # he takes one of the shortcuts round his compass
            assert comp["chosen"] in comp["order"]
    for b in seq.beats:
        if b.kind == "alh_travel":
            assert b.obs["alh"]["loc"] == b.focus["loc"]
    # the log has not yet told the end of his turn
    last_line = table.named(seq.beats[-1].lines[-1]) if seq.beats[-1].lines else None
    if last_line:
        assert last_line not in table.log.lines[-3:]
    # it plays to its end on its own, and the table then shows the state as it is
    for _ in range(2000):
        if not table.pace.busy():
            break
        app.frame(1 / 60)
    assert not table.pace.busy()
    assert table.obs() == GAME.observe(table.match.state, table.viewer)
    assert table.acting_human() == 0 and table.gestures(0)


def test_a_click_skips_the_sequence_and_does_nothing_else(app):
    """A click during Alhazred's turn shows the table as it is at once; the click acts on
    nothing (the table shown next is the one to act on)."""
    table, _start = alhazred_playing(app)
    n = len(table.match.log)
    before = table.match.fingerprint()
    # moving the pointer or the wheel skips nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(5, 5),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.frame(1 / 60)
    assert table.pace.busy()
    # a click where the action panel's first button is
    post_gesture(app, Press(("click", table.panel.button_rect(0).center)))
    assert not table.pace.busy()
    assert len(table.match.log) == n and table.match.fingerprint() == before
    assert table.obs()["alh"]["loc"] == table.match.state.alh["loc"]
    # every line of his turn is in the log now, and the human may act
    assert table.gestures(0)
    assert any("Codex card" in line for line in table.log.lines[-12:])


def test_a_key_skips_but_esc_pauses(app):
    """Esc opens the pause menu (the sequence waits there); any other key skips it."""
    table, _start = alhazred_playing(app)
    frames(app, 3)
    at = (table.pace.seq.i, table.pace.seq.t)
    post_gesture(app, Press(("key", pygame.K_ESCAPE)))
    assert isinstance(app.top, PauseScene)
    frames(app, 30)
    assert (table.pace.seq.i, table.pace.seq.t) == at and table.pace.busy()
    app.pop()
    app.apply_ops()
    assert app.top is table and table.pace.busy()
    n = len(table.match.log)
    post_gesture(app, Press(("key", pygame.K_RETURN)))  # Enter would act on the focus ring
    assert not table.pace.busy() and len(table.match.log) == n


def test_the_upkeep_plays_as_a_sequence(app):
    """Rulebook: The Upkeep Phase - Missions chosen and kept or cashed, the new turn order and
    its Prestige, the plants refilled city by city in the cities' order, the roll, and the new
    Missions turned up one at a time."""
    table = make_table(app, ("human", "bot:normal"), seed=6)
    assert play_until(table, lambda s: s.step == "keep" and s.cur == 0)
    table.settle()
    app.frame(1 / 60)
    gesture = next(g for g in table.gestures(0) if g.action.kind in ("keep_mission",
                                                                     "take_reward"))
    post_gesture(app, gesture)
    seen = []
    for _ in range(3000):  # the bot may keep last; then the roll is the first player's
        if table.pace.busy() and all(b is not table.pace.seq.current for b in seen):
            seen.append(table.pace.seq.current)
        if table.match.state.step in ("place", "act") and not table.pace.busy():
            break
        seat = table.human_to_act()
        if seat is not None and not table.pace.busy() and \
                table.match.state.step == "roll":
            post_gesture(app, next(g for g in table.gestures(seat)
                                   if g.action == A("keep_dice")))
            continue
        app.frame(1 / 60)
    kinds = [b.kind for b in seen]
    for k in ("order", "refill_intro", "refill", "roll", "missions"):
        assert k in kinds, (k, kinds)
    assert kinds.index("order") < kinds.index("refill_intro") < kinds.index("refill") < \
        kinds.index("roll") < kinds.index("missions")
    # city by city, in the cities' order, never taking a Box away
    refills = [b for b in seen if b.kind == "refill"]
    from sandsofplay.games.sand.data import get
    order = [get().locations[b.focus["loc"]].order for b in refills]
    assert order == sorted(order)
    filled = [sum(1 for v in b.obs["cities"].values() for x in v if x) for b in refills]
    assert filled == sorted(filled)
    # the new Missions appear one at a time
    shown = [len(b.obs["display"]) for b in seen if b.kind == "missions"]
    assert shown == list(range(1, len(shown) + 1))
    order_beat = next(b for b in seen if b.kind == "order")
    assert [seat for seat, _name, _gain in order_beat.focus["order"]] == \
        table.match.state.order


def test_a_click_hurries_the_bots_to_the_next_decision(app):
    """A click while only bots play: they play on without the watching pace (and without
    sequences) until the person's next decision; then the pace is back."""
    table = make_table(app, ("human", "bot:easy", "bot:easy"), seed=3)
    assert play_until(table, human_may_end)
    table.driver.pace_ticks = 50
    table.settle()
    app.frame(1 / 60)
    end_by_gesture(app, table)
    assert table.human_to_act() is None
    post_gesture(app, Press(("click", (500, 300))))
    assert table.pace.hurrying() and table.driver.pace_ticks == 0
    for _ in range(3000):
        if table.human_to_act() is not None:
            break
        app.frame(1 / 60)
        assert not table.pace.busy()
    app.frame(1 / 60)
    assert table.human_to_act() == 0 and not table.pace.hurrying()
    assert table.driver.pace_ticks == 50


def test_the_curtain_waits_for_the_sequence(app):
    """Hot-seat: a Mission chosen is shown before the curtain passes the device on (Rulebook:
    Choose a Mission Card, in reverse turn order)."""
    table = make_table(app, ("human", "human"), seed=6)
    assert play_until(table, lambda s: s.step == "pick" and len(s.queue) == 2)
    table.settle()
    table.viewer = table.human_to_act()
    app.frame(1 / 60)
    seat = table.human_to_act()
    post_gesture(app, next(g for g in table.gestures(seat) if g.action.kind == "pick"))
    assert table.pace.busy()
    nxt = table.human_to_act()
    curtain_during = False
    for _ in range(3000):
        if not table.pace.busy():
            break
        curtain_during |= isinstance(app.top, CurtainScene)
        app.frame(1 / 60)
    app.frame(1 / 60)
    assert not curtain_during
    assert nxt != seat and isinstance(app.top, CurtainScene)


def test_saved_while_alhazred_plays_resumes_and_shows_his_turn_again(app, tmp_path):
    """Save and resume mid-Alhazred-turn: the same state, his turn shown again from its start
    (skippable), then the game plays on to the end by gestures and replays the same headless."""
    table, start = alhazred_playing(app, level="expert", seed=8)
    frames(app, 20)
    assert table.pace.busy()
    match, resumed = save_and_open(app, table.match, tmp_path / "alhazred.json")
    assert match is not None and resumed is not table
    assert resumed.match.fingerprint() == table.match.fingerprint()
    assert resumed.pace.busy()
    kinds = [b.kind for b in resumed.pace.seq.beats]
    assert kinds[0] == "resume" and kinds.count("codex") == 3
    assert resumed.obs()["alh"]["loc"] == start
    # the log does not say his turn twice
    assert all(not b.lines for b in resumed.pace.seq.beats)
    post_gesture(app, Press(("key", pygame.K_SPACE)))
    assert not resumed.pace.busy()
    resumed.driver.pace_ticks = 0
    stats = play_by_gestures(app, resumed, seed=2)
    assert stats["decisions"] > 5 and same_as_headless(resumed.match)


def test_saved_mid_upkeep_sequence_resumes_with_the_upkeep_shown_again(app, tmp_path):
    """Save and resume while the Upkeep plays (the turn order, refill and roll): the same state;
    the resumed table shows the Upkeep's last step again, then the first player rolls."""
    table = make_table(app, ("human", "bot:normal"), seed=6)
    assert play_until(table, lambda s: s.step == "keep" and s.cur == 0 and len(s.queue) == 1)
    table.settle()
    app.frame(1 / 60)
    post_gesture(app, next(g for g in table.gestures(0) if g.action.kind in
                           ("keep_mission", "take_reward")))
    assert table.pace.busy() and table.match.state.step == "roll"
    _match, resumed = save_and_open(app, table.match, tmp_path / "upkeep.json")
    assert resumed.match.fingerprint() == table.match.fingerprint()
    kinds = [b.kind for b in resumed.pace.seq.beats]
    assert "order" in kinds and "refill" in kinds and "roll" in kinds
    for _ in range(3000):
        if not resumed.pace.busy():
            break
        app.frame(1 / 60)
    assert not resumed.pace.busy()
    seat = resumed.human_to_act()
    if seat is not None:
        assert {g.action for g in resumed.gestures(seat)} >= \
            set(GAME.legal_actions(resumed.match.state, seat))


def test_a_bots_move_is_said_on_the_board(app):
    """A bot's choice is said beside where it happens on the board (and in the log)."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    table.driver.pace_ticks = 0
    said = []
    for _ in range(600):
        app.frame(1 / 60)
        b = table.pace.seq.current if table.pace.busy() else None
        if b is not None and b.kind == "bot":
            said.append(b)
            break
        seat = table.human_to_act()
        if seat is not None and table.gestures(seat):
            post_gesture(app, table.gestures(seat)[-1])
    assert said, "no bot move was said"
    b = said[0]
    assert b.title == table.seat_name(1) and b.text
    table.story.callout = None
    app.frame(1 / 60)
    if b.focus.get("loc") is not None:  # said beside the place
        centre = table.board.geo.centre[b.focus["loc"]]
        box = table.story.callout
        assert box.inflate(160, 160).collidepoint(centre) and not box.collidepoint(centre)
