"""The Burning Sands table, beyond the contract games of tests/tables/test_contract.py (which
play 2-, 3- and 4-player games and a keyboard-only game through the offered gestures): the
pass-the-device curtain, illegal drops, undo, save and resume in mid-battle, and the layout of a
full board. Games use a short turn limit (the ``limit`` option) so they stay quick."""

import random

import pygame

from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.tables.burning_sands.view import BOARD, SIDE
from sandsofplay.ui.scenes.overlays import CurtainScene
from tests.tables.contract import Held, layout_problems, post_gesture
from tests.tables.helpers import make_table, save_and_open

GAME = get_game("burning_sands")


def start(app, seats, seed, limit=10):
    return make_table(app, "burning_sands", seats, seed, animation_speed=2.0, limit=limit)


def frames(app, n=1):
    for _ in range(n):
        app.frame(1 / 60)


def test_the_curtain_falls_before_each_other_human_decides(app):
    """Hidden information (hands, face-down Fate cards, thrusts): with two humans the table
    never shows one player's view while the other must act; the curtain comes first."""
    table = start(app, ("human", "human"), 6)
    rng = random.Random(6)
    curtains = 0
    for _ in range(120):
        if table.match.is_over():
            break
        if isinstance(app.top, CurtainScene):
            curtains += 1
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                                 unicode=" ", scancode=0))
            frames(app)
            continue
        assert app.top is table
        seat = GAME.to_act(table.match.state)[0]
        assert table.viewer == seat  # the one looking is the one deciding
        obs = table.observation()
        assert obs["seat"] == seat and isinstance(obs["hand"][seat], list)
        other = 1 - seat
        assert not isinstance(obs["hand"][other], list)  # the other hand is only a count
        with Held(table):
            table.perform(seat, rng.choice(GAME.legal_actions(table.match.state, seat)))
        frames(app)
    assert curtains >= 2


def test_dropping_a_card_off_the_table_plays_nothing(app):
    """Bringing Cards into Play: a card dropped outside the board goes back to the hand."""
    table = start(app, ("human", "bot:normal"), 8)
    st = table.match.state
    # let the bot and the human buy sections until the human may play a card from hand
    rng = random.Random(8)
    for _ in range(400):
        seat = GAME.to_act(st)
        if seat and seat[0] == 0:
            by_card, _other = table.choices.split(0)
            hand = set(table.shown_hand(table.observation()))
            playable = [u for u, acts in by_card.items() if u in hand and
                        any(a.kind == "play" for a in acts)]
            if playable:
                break
            with Held(table):
                table.perform(0, rng.choice(GAME.legal_actions(st, 0)))
        else:
            table.update()
        frames(app)
    assert playable
    obs = table.observation()
    grip = table.free_point(playable[0], obs)
    n = len(table.match.log)
    drop = type("G", (), {"steps": (("drag", grip, SIDE.center),)})()
    with Held(table):
        post_gesture(app, drop)
    assert len(table.match.log) == n
    assert "Drop the card on the table" in table.toast.message
    play = next(a for a in table.choices.split(0)[0][playable[0]] if a.kind == "play")
    good = type("G", (), {"steps": (("drag", grip, (BOARD.centerx, BOARD.y + 40)),)})()
    with Held(table):
        post_gesture(app, good)
    assert table.match.log[-1].action == play


def test_undo_takes_back_the_humans_last_choice(app):
    table = start(app, ("human", "bot:normal"), 9)
    before = table.match.fingerprint()
    seat = GAME.to_act(table.match.state)[0]
    assert seat == 0
    gestures = table.gestures(0)
    with Held(table):
        post_gesture(app, gestures[0])
    assert table.match.fingerprint() != before
    table.undo()
    assert table.match.fingerprint() == before
    assert table.choices.selected is None


def test_the_undo_button_backs_out_of_an_attack(app):
    """Attack Phase: a player who began an attack by mistake backs out with the on-screen Undo
    (the walk-through found only Ctrl+Z)."""
    table = start(app, ("human", "human"), 3)
    rng = random.Random(3)
    st = table.match.state
    begun = False
    for _ in range(400):
        if isinstance(app.top, CurtainScene):
            app.top.back()
            app.apply_ops()
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        attack = [a for a in legal if a.kind == "attack"]
        if attack:
            before = table.match.fingerprint()
            with Held(table):
                table.perform(seat, attack[0])
            begun = True
            break
        with Held(table):
            table.perform(seat, rng.choice([a for a in legal if a.kind != "pass"] or legal))
        frames(app)
    assert begun and st.stack[-1]["k"] == "attack"
    if isinstance(app.top, CurtainScene):
        app.top.back()
        app.apply_ops()
    button = table.regions()["button:undo"]
    with Held(table):
        post_gesture(app, type("G", (), {"steps": (("click", button.center),)})())
    assert table.match.fingerprint() == before
    assert table.match.state.stack[-1]["k"] != "attack"
    assert "takes back the last action" in table.log.lines[-1]


def test_save_and_resume_in_the_middle_of_a_battle(app, tmp_path):
    """Battle Action Segment: a game saved while a battle is fought resumes at the same
    question with the same gestures offered."""
    setup = Setup("burning_sands", (SeatSpec.parse("human"), SeatSpec.parse("human")),
                  (("limit", 20),), 11)
    match = Match(GAME, setup)
    rng = random.Random(11)
    while not match.is_over() and match.state.stack[-1]["k"] not in ("battle", "absorb"):
        seat = GAME.to_act(match.state)[0]
        legal = GAME.legal_actions(match.state, seat)
        attack = [a for a in legal if a.kind in ("attack", "declare")]
        match.apply(seat, attack[0] if attack else rng.choice(legal))
    assert not match.is_over()
    again, table = save_and_open(app, match, tmp_path / "battle.json")
    if isinstance(table, CurtainScene):
        table.back()
        app.apply_ops()
        table = app.top
    assert again.fingerprint() == match.fingerprint()
    table.update()
    seat = GAME.to_act(again.state)[0]
    offered = {g.action for g in table.gestures(seat)}
    assert offered == set(GAME.legal_actions(again.state, seat))


def test_a_full_board_of_twelve_cards_a_player_stays_on_screen_and_clickable(app):
    """The layout test: four players with twelve cards each in play (some bowed, some with
    attachments) - everything on the screen, nothing exclusive overlapping, every card with a
    point no other card covers."""
    table = start(app, ("human", "bot:normal", "bot:normal", "bot:normal"), 12)
    st = table.match.state
    for p in range(st.n):
        moved = 0
        while moved < 10 and st.deck[p]:
            u = st.deck[p].pop()
            kind = GAME.observe(st, p)  # noqa: F841 - a real observation stays consistent
            st.home[p].append(u)
            st.bowed[u] = moved % 3 == 0
            moved += 1
        if st.deck[p] and st.home[p]:
            st.att[st.home[p][0]].append(st.deck[p].pop())
    table.match.version += 1
    frames(app, 3)
    assert layout_problems(table.regions()) == []
    obs = table.observation()
    lay = table.board_layout()
    assert sum(1 for _u, _r, _b, k in lay if k == "card") >= 4 * 11
    regions = table.regions()
    # the buy question has more buttons than the bar holds: their rows sit above the bar, and
    # the players' rows close up above them - no card, not even the last row's, is covered
    assert table.choices_rect is not None
    buttons = [r for n, r in regions.items() if n.startswith(("button:", "buttons:", "prompt"))]
    for u, r, _b, _k in lay:
        assert BOARD.contains(r) and table.rows.board_rect().contains(r), (u, r)
        assert r.collidelist(buttons) < 0, (u, r)
        pt = table.free_point(u, obs)
        assert pt is not None and table.card_at(pt, obs) == u
    # bowed cards lie sideways with their text upright: a landscape face whose header band
    # (the name) runs along the top edge
    from sandsofplay.games.burning_sands import cards as C
    from sandsofplay.tables.burning_sands.faces import faction_colour
    bowed = [(u, r) for u, r, b, k in lay if b and k == "card"]
    assert len(bowed) >= 4
    for u, r in bowed:
        face = table.card_face(u, r.h, r.w, obs, True)
        assert face.get_width() == r.w > r.h == face.get_height()
        col = faction_colour(C.CARDS[st.cdef[u]])
        assert tuple(face.get_at((face.get_width() // 2, 17)))[:3] == col


def test_a_click_while_bots_play_skips_to_the_next_human_decision(app):
    """Bots play at a watchable pace; a click skips ahead, and the pace comes back when a
    person must decide."""
    table = start(app, ("bot:normal", "human"), 13)
    table.driver.pace_ticks = 90
    for _ in range(600):
        if table.acting_human() is None and GAME.to_act(table.match.state):
            break
        seat = table.acting_human()
        with Held(table):
            table.perform(seat, GAME.legal_actions(table.match.state, seat)[0])
    assert table.acting_human() is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 440), button=1))
    frames(app)
    assert table.driver.pace_ticks == 0 or table.acting_human() is not None
    for _ in range(2000):
        if table.acting_human() is not None or table.match.is_over():
            break
        table.update()
        app.apply_ops()
    frames(app)
    assert table.driver.pace_ticks == 90


def test_card_faces_of_a_long_game_stay_under_their_byte_bound(app, monkeypatch):
    """Issue 10 (a table that stays small): the card faces made over a 4-bot game - every
    size, value and Water count the rows go through - are held to their own byte bound (made
    small here so a short game passes it), the oldest going first."""
    from sandsofplay.tables.burning_sands import table as table_mod
    bound = 1 << 20
    monkeypatch.setattr(table_mod, "FACE_BYTES", bound)
    table = start(app, ("bot:normal",) * 4, 3)
    made = set()
    for _ in range(3000):
        frames(app, 1)
        made.update(k for k in app.images._cache if k[0] == "bs-card")
        assert app.images.family_bytes("bs-card") <= bound
        if table.match.is_over():
            break
    kept = {k for k in app.images._cache if k[0] == "bs-card"}
    assert kept and len(made) > len(kept)  # faces were made and the oldest let go
