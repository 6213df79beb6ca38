"""The Sands of Adventure table, driven headless with real pygame events (issue: the table)."""

import pygame
import pytest

from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import A, Match
from sandsofplay.games import get_game
from sandsofplay.ui.scenes.overlays import ResultsScene
from tests.tables import helpers
from tests.tables.helpers import play_until

GAME = get_game("sands_of_adventure")
CHARS = dict(char1="indiana", char2="marion", char3="sallah")


def make_table(app, seats, seed=3, **opts):
    return helpers.make_table(app, "sands_of_adventure", seats, seed, **dict(CHARS, **opts))


def human_timed_turn(s):
    return s.phase == "timed" and s.stage == "turn" and s.current == 0 and \
        s.timer.mode == "inverted"


def find_seed(app, cond, seats=("human", "bot:normal", "bot:normal")):
    for seed in range(1, 60):
        table = make_table(app, seats, seed=seed)
        if play_until(table, cond):
            return table
    pytest.fail("no seed reached the situation")


def test_drag_matching_card_onto_pile_plays_it(app, ui):
    """Rulebook: Playing Cards - a card matching colour or object may be played."""
    table = find_seed(app, lambda s: human_timed_turn(s) and GAME.playable(s, 0))
    ui.frames(1)
    st = table.match.state
    card = [c for c in st.hands[0] if c in GAME.playable(st, 0)][-1]  # topmost in the fan
    rect = dict(table.hand_rects(0, st.hands[0]))[card]
    ui.drag((rect.x + 5, rect.centery), table.L.rect("play_pile").center)
    assert any(e.seat == 0 and e.action == A("play", card) for e in table.match.log)
    assert st.pile[-1] == card and card not in st.hands[0]


def test_non_matching_card_snaps_back_with_reason(app, ui):
    """Rulebook: Playing Cards - a card that matches neither colour nor object is refused."""
    table = find_seed(app, lambda s: human_timed_turn(s) and s.pile and
                      any(c not in GAME.playable(s, 0) and not GAME.SNAKE[c] for c in s.hands[0]))
    ui.frames(1)
    st = table.match.state
    card = [c for c in st.hands[0] if c not in GAME.playable(st, 0)][-1]
    n = len(table.match.log)
    rect = dict(table.hand_rects(0, st.hands[0]))[card]
    ui.drag((rect.x + 5, rect.centery), table.L.rect("play_pile").center, steps=3)
    assert len(table.match.log) == n  # nothing played
    assert card in st.hands[0]
    assert "shares no colour or object" in table.toast.message
    assert table.drag.snap is not None  # flying back to the hand
    ui.frames(20)
    assert table.drag.snap is None


def test_clicking_a_tile_moves_the_figure(app, ui):
    """Rulebook: Exploration Phase, Move - click a tile to move there."""
    table = make_table(app, ("human", "bot:normal", "bot:normal"), seed=5)
    ui.frames(2)
    st = table.match.state
    # the first Excavation Leader is chosen by the group (seat 0): choose seat 0 itself
    assert st.phase == "setup"
    buttons = [b for b in table.prompt_buttons if b.text.startswith("Indiana")]
    assert buttons, [b.text for b in table.prompt_buttons]
    ui.click(buttons[0].rect.center)
    assert st.phase == "explore" and st.current == 0
    target = next(t for t in range(5) if A("move", t) in GAME.legal_actions(st, 0))
    ui.click(table.L.rect(f"tile{target}").center)
    assert table.match.log[-1].action == A("move", target) or \
        any(e.action == A("move", target) for e in table.match.log)
    assert st.figures[0] == target


def test_villain_tile_refuses_everyone_but_indiana_with_reason(app, ui):
    """Rulebook: Exploration Phase, Move - only Indiana may enter the villain's tile."""
    table = make_table(app, ("bot:normal", "human", "bot:normal"), seed=5)
    assert play_until(table, lambda s: s.phase == "explore" and s.stage == "move" and
                      s.current == 1 and s.chars[1] != "indiana", stand_in=(1,))
    ui.frames(1)
    st = table.match.state
    n = len(table.match.log)
    fig = table.figure_pos(1, GAME.observe(st, 1))
    ui.drag(fig, table.L.rect(f"tile{st.vpos}").center)
    assert len(table.match.log) == n and st.figures[1] != st.vpos
    assert "villain" in table.toast.message.lower()


def test_snake_blocks_until_the_torch_roll(app, ui):
    """Rulebook: Timed Phase, Snakes - the next player waits until the drawer rolls a torch."""
    table = find_seed(app, human_timed_turn)
    st = table.match.state
    snake = next(c for c in range(len(GAME.comp.cards)) if GAME.SNAKE[c] and c in st.deck)
    st.deck.remove(snake)
    st.deck.append(snake)  # the top of the Action deck
    ui.click(table.L.rect("action_deck").center)
    assert st.stage == "snake" and st.snake_seat == 0
    nxt = (st.current + 1) % st.n
    assert not [a for a in GAME.legal_actions(st, nxt) if a.kind in ("play", "draw")]
    rolls = 0
    for _ in range(2000):
        if st.stage != "snake":
            break
        if A("roll_torch") in GAME.legal_actions(st, 0):
            ui.key(pygame.K_SPACE)
            rolls += 1
        else:
            ui.frames(1)
    assert rolls >= 1
    assert st.stage == "turn" and st.current == nxt
    assert any(e.action == A("roll_torch") for e in table.match.log)


def test_interrupt_on_another_seats_turn_plays_a_card(app, ui):
    """Rulebook: Power Tokens, Interrupt - play a matching card on another player's turn."""
    def cond(s):
        return s.phase == "timed" and s.stage == "turn" and s.current != 1 and \
            s.timer.mode == "inverted" and GAME.playable(s, 1)
    table = make_table(app, ("bot:normal", "human", "bot:normal"), seed=4)
    for seed in range(4, 60):
        table = make_table(app, ("bot:normal", "human", "bot:normal"), seed=seed)
        st = table.match.state
        st.tokens[1].append(("interrupt", True))  # the human has an Interrupt token
        if play_until(table, cond, stand_in=(1,)):
            break
    st = table.match.state
    if not table.game.has_token(st, 1, "interrupt"):
        st.tokens[1].append(("interrupt", True))
    for seat in (0, 2):  # hold the bots still for the gesture
        table.driver.bots.pop(seat, None)
    ui.frames(1)
    card = [c for c in st.hands[1] if c in GAME.playable(st, 1)][-1]  # topmost in the fan
    rect = dict(table.hand_rects(1, st.hands[1]))[card]
    ui.drag((rect.x + 5, rect.centery), table.L.rect("play_pile").center)
    assert table.match.log[-1].seat == 1 and table.match.log[-1].action == A("interrupt", card)
    assert st.pile[-1] == card


def test_all_bot_game_through_the_table_equals_headless_run(app, ui):
    """A whole game with all seats bots, at accelerated time, ends on the results screen in the
    same rules state as a headless run of the same seed."""
    seats = ("bot:normal", "bot:hard", "bot:easy")
    table = make_table(app, seats, seed=11)
    pace = table.driver.pace_ticks = 30
    table.fast = True
    for _ in range(40000):
        app.frame(5 / 60)
        if isinstance(app.top, ResultsScene):
            break
    assert isinstance(app.top, ResultsScene)
    assert table.match.is_over()
    setup = table.match.setup
    m = Match(GAME, setup, track_hashes=False)
    d = Driver(m, {i: make_bot(GAME, s.level, i, setup.seed * 31 + i)
                   for i, s in enumerate(setup.seats)})
    d.pace_ticks = pace
    d.run()
    assert m.is_over()
    assert [str(e.action) for e in m.log] == [str(e.action) for e in table.match.log]
    assert m.fingerprint() == table.match.fingerprint()


def test_figure_letters_are_unique_and_unlike_the_villains():
    """Issue 11.12: Belloq's token and Marcus Brody's figure were both "B"."""
    from sandsofplay.tables.sands_of_adventure.view import INITIALS
    villains = {v.name.split()[-1][0] for v in GAME.comp.villains}
    assert len(set(INITIALS.values())) == len(INITIALS)
    assert not villains & set(INITIALS.values())


def test_prompt_on_a_bots_turn_does_not_ask_the_player(app, ui):
    """Issue 11.12: during a bot's turn the prompt said "drag your figure"."""
    table = make_table(app, ("bot:normal", "human", "bot:normal"), seed=5)
    assert play_until(table, lambda s: s.phase == "explore" and s.stage == "move" and
                      s.current != 1, stand_in=(1,))
    text = table.prompt_text(GAME.observe(table.match.state, 1))
    assert "(bot)" in text and "drag" not in text


def test_the_hint_is_the_hard_levels_move(app, ui):
    """Issue 11.8: a hint is the best move the hard level knows."""
    table = make_table(app, ("human", "bot:normal"), seed=5)
    assert table.hint.level == "hard"
    ui.frames(2)
    ui.key(pygame.K_h)
    for _ in range(300):
        if table.hint_text.startswith("Hint:") and "thinking" not in table.hint_text:
            break
        ui.frames(1)
    st = table.match.state
    bot = make_bot(GAME, "hard", 0, 12345)
    bot.start(GAME.observe(st, 0), GAME.legal_actions(st, 0))
    while not bot.step(1.0):
        pass
    assert GAME.describe(st, 0, bot.best()) in table.hint_text
    # and says why in a sentence (issue 29)
    why = GAME.hint_why(st, 0, bot.best())
    assert why.startswith("Why: ") and " " + why in table.hint_text
    # the keyboard focus sits on what performs it: Enter plays the hinted move
    assert table.hint_action == bot.best()
    ui.key(pygame.K_RETURN)
    assert table.match.log[-1].action == bot.best()


def test_penalty_gems_are_counted_in_words_and_the_last_die_leaves(app, ui):
    """Issue 11.12: "large and large gem(s)" in the log; the last die stayed into the next
    round."""
    texts = []
    for seed in range(1, 30):
        table = make_table(app, ("bot:easy", "bot:easy"), seed=seed)
        table.match.listeners.append(lambda evs: texts.extend(e.text for e in evs
                                                              if e.kind == "penalty_gems"))
        table.last_dice = ["large"]
        assert play_until(table, lambda s: s.round == 2, stand_in=())
        assert table.last_dice == []
        if texts:
            break
    assert texts
    for t in texts:
        assert "gem(s)" not in t and " gem" in t
        one = t.split(": ", 1)[1].startswith("one ") and " and " not in t
        assert t.endswith(("starts" if one else "start") + " in the top basket.")


def test_a_card_played_in_exploration_can_be_taken_back(app, ui):
    """Issue 11.4 (rulings: every hand is open): playing a card from the hand reveals nothing,
    so Ctrl+Z takes it back unless what followed on its own revealed something - and then the
    reason names it."""
    table = make_table(app, ("human", "bot:normal", "bot:normal"), seed=7)
    assert play_until(table, lambda s: s.phase == "explore" and s.current == 0 and
                      any(a.kind == "play" for a in GAME.legal_actions(s, 0)))
    st = table.match.state
    n = len(table.match.log)
    hands = [list(h) for h in st.hands]
    play = next(a for a in GAME.legal_actions(st, 0) if a.kind == "play")
    events = table.match.apply(0, play)
    ok, why = table.match.can_undo(0)
    assert not [e for e in events if e.reveal]
    ok, why = table.match.can_undo(0)
    assert ok, why
    ui.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(table.match.log) == n  # (undo takes back the action, not the time)
    assert [list(h) for h in table.match.state.hands] == hands


def test_a_whole_pour_keeps_no_timer_images(app):
    """Issue 10.6: the timer image cache held a new 388 KB image nearly every pouring frame;
    now the pour is drawn from two fixed images and polygons, and caches stay put."""
    table = make_table(app, ("bot:normal", "bot:normal"), seed=3)
    t = GAME.observe(table.match.state, None)["timer"]
    surf = pygame.Surface((1280, 720))
    table.tv.draw(surf, dict(t, mode="upright"), (160, 226), 0.0, 0, 0, app.images)
    before = (app.images.bytes, len(app.images._cache), len(table.tv._lean))
    for k in range(600):
        f = k / 600
        state = dict(t, mode="inverted", sand_upper=1 - f, sand_lower=f, angle=3.14159)
        table.tv.draw(surf, state, (160, 226), 0.0, 0, k, app.images)
    for k in range(60):  # the fall: turned each frame, never kept
        state = dict(t, mode="falling", angle=k * 0.05, omega=1.0)
        table.tv.draw(surf, state, (160, 226), 0.5, 0, k, app.images)
    assert (app.images.bytes, len(app.images._cache), len(table.tv._lean)) == before


def test_tab_shows_a_focus_ring_and_enter_presses_the_button(app, ui):
    """Issue 11.7: Tab showed no focus and Enter did not press "Roll the dice"."""
    table = make_table(app, ("human", "bot:normal"), seed=5)
    assert play_until(table, lambda s: A("roll") in GAME.legal_actions(s, 0))
    ui.frames(1)
    assert not table.focus.visible
    ui.key(pygame.K_TAB)
    target = table.focus.current(table.focus_targets())
    assert table.focus.visible and target is not None
    while target.acts != ((0, A("roll")),):
        ui.key(pygame.K_TAB)
        target = table.focus.current(table.focus_targets())
    assert target.name.startswith("button:")
    ui.key(pygame.K_RETURN)
    assert any(e.action == A("roll") for e in table.match.log)


def test_the_pour_has_a_sound_that_settings_switch_off(app, ui):
    """Issue 11.13: the sand pours with a looping sound; the last ten seconds tick; each timer
    sound can be switched off in Settings."""
    if not app.sound.ok:
        pytest.fail("no mixer: the dummy audio driver should give one")
    table = find_seed(app, human_timed_turn)
    ui.frames(3)
    assert "pour" in app.sound.looping
    app.settings.sound_pour = False
    ui.frames(2)
    assert "pour" not in app.sound.looping
    played = []
    app.sound.play = played.append
    st = table.match.state
    left = GAME.observe(st, 0)["timer"]["sand_end_tick"] - st.tick
    for seat in list(table.driver.bots):
        table.driver.bots.pop(seat)
    table.match.advance(left - 9 * 60 - 30)  # half a second before nine seconds are left
    ui.frames(40)
    assert "tick" in played
    app.settings.sound_countdown = False
    played.clear()
    ui.frames(70)
    assert "tick" not in played and "tock" not in played


def test_a_replay_at_speed_reaches_the_saved_end(app, ui, home):
    """Issue 11.9: a replay runs at a chosen speed; the quiet phases go one action at a pace,
    not at the players' thinking time; it ends on the saved state."""
    from sandsofplay.ui.table import open_replay
    table = make_table(app, ("bot:normal", "bot:normal"), seed=6)
    assert play_until(table, lambda s: False, stand_in=()) is False and table.match.is_over()
    path = home / "soa.json"
    table.match.save(str(path))
    final = table.match.fingerprint()
    open_replay(app, str(path))
    app.apply_ops()
    replay = app.top
    for _ in range(4):
        ui.key(pygame.K_UP)
    assert replay.replay_speed == 16
    n = len(replay.replay_data["log"])
    for frame in range(6000):
        app.frame(1 / 60)
        if replay.replay_index == n and replay.match.is_over():
            break
    assert replay.match.fingerprint() == final
    assert frame < 40 * n // 16 + 3 * 3600 // 16 + 600


def test_the_snake_piles_count_stays_clear_of_the_cards_own_word(app, ui):
    """The Snake pile shows how many Snakes were drawn; the number sits in the top corner, away
    from the word SNAKE the card itself carries at its foot."""
    table = make_table(app, ("bot:normal", "bot:normal", "bot:normal"), seed=5)
    assert play_until(table, lambda s: len(s.snakes) >= 2)
    obs = GAME.observe(table.match.state, None)
    drawn = []
    real = app.text.blit

    def record(surf, text, pos, *a, **kw):
        drawn.append((text, pos, kw.get("anchor")))
        return real(surf, text, pos, *a, **kw)
    app.text.blit = record
    try:
        table.draw_decks(pygame.Surface((1280, 720)), obs)
    finally:
        app.text.blit = real
    pile = table.L.rect("snake_pile")
    count = [(pos, anchor) for text, pos, anchor in drawn if text == str(len(obs["snakes"]))
             and pile.left <= pos[0] <= pile.right]
    assert count and all(pos[1] < pile.centery and anchor.startswith("top")
                         for pos, anchor in count)


def test_a_seat_taken_over_mid_game_loses_its_bot_label_at_once(app, ui):
    """Issue 17 (a kiosk visitor takes a bot's seat mid-game): the mats are one cached picture;
    the seat's "(bot)" mark goes with the bot, not at the next round's set-up."""
    table = make_table(app, ("bot:normal", "bot:normal", "bot:normal"), seed=5)
    obs = GAME.observe(table.match.state, None)
    mat = table.mat_rects[1]
    label = pygame.Rect(mat.x, mat.y + 24, mat.w, 22)
    before = table.static_surface(obs).subsurface(label).copy()
    table.hand_to_human(1)
    after = table.static_surface(GAME.observe(table.match.state, 1)).subsurface(label)
    assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(before, "RGB")
    table.hand_to_human(1)  # nothing changed: the same picture
    assert table.static_surface(GAME.observe(table.match.state, 1)) is table._static


def test_the_running_sand_clock_is_not_kept_in_the_text_cache(app, ui):
    """Issue 17 (a 20 ms frame in the kiosk): "Sand left: 9.9 s" changes ten times a second; kept
    in the shared text cache, a Timed Phase filled it and pushed out every lasting label of the
    table, which were then all rendered again in one frame. The clock is drawn without being
    kept; the table's other text stays cached."""
    table = find_seed(app, human_timed_turn)
    ui.frames(2)
    kept = set(app.text._cache)
    for _ in range(90):  # a second and a half of the clock running
        ui.frames(1)
    assert table.match.state.timer.mode == "inverted"
    assert not [k for k in app.text._cache if k[0].startswith("Sand left")]
    assert kept <= set(app.text._cache) | {k for k in kept if k[0].startswith("Sand left")}


def test_a_bot_partners_words_come_with_its_move(app, ui, monkeypatch):
    """Issue 29: a partner that keeps back cards it could play says why, in the bubble by its
    mat with the move (``GAME.bot_why``); a move that needs no words is said alone."""
    table = make_table(app, ("bot:normal", "human"), seed=5)
    table.fast = False
    st = table.match.state
    seat = 0  # the bot: it chooses first at set-up
    move = GAME.legal_actions(st, seat)[0]
    said = GAME.describe(st, seat, move)
    assert GAME.bot_why(st, seat, move) == ""  # (a set-up choice needs no words)
    monkeypatch.setattr(GAME, "bot_why", lambda s, p, a: "it has its reasons.")
    assert table.bot_acts(seat, move)
    assert table.bubbles[seat][0] == table.named(said.rstrip(".") + ": it has its reasons.")


def test_in_the_timed_phase_tab_goes_only_to_cards_that_can_be_played(app, ui):
    """Timed Phase, keyboard alone (the sand runs): Tab stepped through every card of the hand,
    playable or not; now it passes the ones that cannot be played, and the arrows still reach
    every card (and move along the prompt bar's buttons)."""
    def no_any_token(s):  # (a card the Play Any Card token could play stays on Tab's way)
        return human_timed_turn(s) and not any(a.kind == "any"
                                               for a in GAME.legal_actions(s, 0))
    table = find_seed(app, no_any_token)
    ui.frames(2)
    targets = table.focus_targets()
    cards = [t for t in targets if t.name.startswith("card:0:")]
    playable = [t for t in cards if t.acts]
    idle = [t for t in cards if not t.acts]
    assert playable and idle and all(t.extra.get("read") for t in idle)
    assert not any(t.extra.get("read") for t in playable)
    seen = set()
    for _ in range(len(targets) + 2):
        ui.key(pygame.K_TAB)
        seen.add(table.focus.name)
    assert not seen & {t.name for t in idle}
    assert {t.name for t in playable} <= seen
    assert table.arrow_focus
    table.focus.name = cards[0].name  # an arrow reaches the cards Tab passes by
    for _ in range(len(cards) + 1):
        ui.key(pygame.K_RIGHT)
        seen.add(table.focus.name)
    assert seen & {t.name for t in idle}


def _round_over(app, seats, seed):
    table = helpers.make_table(app, "sands_of_adventure", seats, seed)
    assert play_until(table, lambda s: s.round == 2)  # (the stand-ins leave at the round's end)
    return table


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)


def test_a_round_end_is_told_on_a_card_and_the_bots_wait_for_continue(app):
    """End of a Round (the walk-through: a round's end was a two-second banner while the bots
    went on): when a round ends and the bots prepare the next, a card says how it ended and
    what the next round starts with, the bots wait, and Enter goes on."""
    table = _round_over(app, ("bot:normal", "human"), 7)
    assert table.human_to_act() is None  # the bot leads the preparation
    inter = table.intermission
    assert inter.lines[0] == "Round 1 of 3 is over"
    assert inter.lines[1] in ("Colonel Dietrich is defeated.", "The sand ran out.",
                              "The Action deck is empty.")
    n = len(table.match.log)
    for _ in range(120):
        app.frame(1 / 60)
    assert len(table.match.log) == n and inter.shown  # two seconds on, still held
    regions = table.regions()
    assert "panel:round_over" in regions and "button:continue" in regions
    assert "banner" not in regions  # the card says it: no banner under it
    _key(app, pygame.K_RETURN)
    assert not inter.shown and "button:continue" not in table.regions()
    for _ in range(600):
        app.frame(1 / 60)
        if len(table.match.log) > n:
            break
    assert len(table.match.log) > n  # the bots went on


def test_a_round_end_card_goes_by_itself_and_never_holds_a_person(app):
    """End of a Round: nobody pressing Continue, play goes on after a few seconds; and when
    a person must prepare the next round, their question is not held behind the card."""
    from sandsofplay.tables.sands_of_adventure.intermission import HOLD

    table = _round_over(app, ("bot:normal", "human"), 7)
    n = len(table.match.log)
    for _ in range(HOLD + 5):
        table.update()
    assert not table.intermission.shown
    for _ in range(600):
        app.frame(1 / 60)
        if len(table.match.log) > n:
            break
    assert len(table.match.log) > n
    led = _round_over(app, ("human", "bot:normal"), 4)
    assert led.human_to_act() == 0
    led.update()
    assert not led.intermission.shown and "button:continue" not in led.regions()
