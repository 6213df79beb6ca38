"""Everything face up (issue 18, "whose view"): each table, in a finished game's replay, shows what
nobody saw in play - and only there. What is drawn in the spectator's view and in the face-up
view is compared on the screen itself."""

import pygame
import pytest

from sandsofplay.ui.table import open_replay_data
from sandsofplay.ui.table_replay import FACE_UP
from tests.replay.support import whole_game
from tests.tables.contract import registered_tables


def open_table(app, data, at):
    table = open_replay_data(app, data, at=at)
    app.apply_ops()
    assert app.top is table
    return table


def view(app, table, viewer):
    """Show ``viewer``'s view and draw a frame; returns a copy of the screen."""
    table.viewer = viewer
    table.on_replay_jump()
    app.frame(1 / 60)
    app.draw()
    return app.screen.copy()


def pixels(surf, rect):
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def seek_where(table, ok):
    """The first position from the middle of the game on where ``ok(state)`` holds."""
    n = len(table.replay)
    for i in list(range(n // 2, n)) + list(range(0, n // 2)):
        table.replay_seek(i)
        if ok(table.match.state):
            return i
    raise AssertionError("no position of the game fits")


@pytest.mark.parametrize("game_id", registered_tables())
def test_face_up_is_offered_after_the_game_and_every_view_draws(app, game_id):
    """Every table names a face-up view; V goes through the spectator, each seat and face up,
    and each view draws."""
    data = whole_game(game_id)
    table = open_table(app, data, at=len(data["log"]) // 2)
    assert table.face_up_view == FACE_UP
    choices = table.replay_view_choices()
    assert choices == [None, *range(len(data["setup"]["seats"])), FACE_UP]
    seen = []
    for _ in choices:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v",
                                             scancode=0))
        app.frame(1 / 60)
        app.draw()
        seen.append(table.viewer)
    assert seen == choices[1:] + [None]
    table.viewer = FACE_UP
    assert table.replay_view_name() == "Face up" and table.face_up_on()


@pytest.mark.parametrize("game_id", registered_tables())
def test_face_up_is_not_shown_before_the_game_ends(app, game_id):
    """An unfinished game's replay offers no face-up view, and a face-up viewer forced on it
    sees the spectator's observation."""
    data = whole_game(game_id)
    data["finished"] = False
    table = open_table(app, data, at=len(data["log"]) // 2)
    assert FACE_UP not in table.replay_view_choices()
    spectator = table.observe_view()
    table.viewer = FACE_UP
    table.on_replay_jump()
    assert not table.face_up_on()
    assert table.observe_view() == spectator
    app.frame(1 / 60)
    app.draw()


def test_sands_of_adventure_face_up_shows_the_decks_tops_and_the_tipping_point(app):
    from sandsofplay.tables.sands_of_adventure.face_up import TIP_LABEL
    table = open_table(app, whole_game("sands_of_adventure"), at=0)
    seek_where(table, lambda s: s.deck and s.updeck and s.timer.mode == "upright")
    st = table.match.state
    obs = table.observe_view()
    assert "tip_g" not in obs and "action_top" not in obs
    spectator = view(app, table, None)
    face_up = view(app, table, FACE_UP)
    obs = table.observe_view()
    assert obs["action_top"] == st.deck[-1] and obs["upgrade_top"] == st.updeck[-1]
    assert obs["tip_g"] == round(st.timer.tip_g, 1)
    for name, top in (("action_deck", st.deck[-1]), ("upgrade_deck", st.updeck[-1])):
        r = table.L.rect(name)
        inner = pygame.Rect(r.x + 4, r.y + 4, r.w - 8, r.h // 2)
        card = pygame.Surface(r.size)
        card.blit(table.card_img(top, r.w, r.h), (0, 0))
        assert pixels(face_up, inner) == pixels(card, inner.move(-r.x, -r.y)), name
        assert pixels(spectator, inner) != pixels(face_up, inner), name
    assert pixels(spectator, TIP_LABEL) != pixels(face_up, TIP_LABEL)
    # the label's words stay in its box (they ran off the screen's left edge before): left of
    # the box and right of it, the face-up picture is the spectator's
    outside = (pygame.Rect(0, TIP_LABEL.y, TIP_LABEL.x, TIP_LABEL.h),
               pygame.Rect(TIP_LABEL.right + 1, TIP_LABEL.y, 10, TIP_LABEL.h))
    for r in outside:
        assert pixels(spectator, r) == pixels(face_up, r)
    seek_where(table, lambda s: s.timer.mode != "upright")  # "already tipped": longer words
    spectator, face_up = view(app, table, None), view(app, table, FACE_UP)
    for r in outside:
        assert pixels(spectator, r) == pixels(face_up, r)


def test_burning_sands_face_up_shows_every_hand_deck_top_and_face_down_card(app):
    from sandsofplay.tables.burning_sands.face_up import AREA
    table = open_table(app, whole_game("burning_sands"), at=0)
    seek_where(table, lambda s: all(s.hand) and all(s.deck))
    st = table.match.state
    obs = table.observe_view()
    assert all(isinstance(h, int) for h in obs["hand"])  # the spectator counts hands
    assert -1 in obs["cdef"]
    spectator = view(app, table, None)
    face_up = view(app, table, FACE_UP)
    obs = table.observe_view()
    assert obs["hand"] == [list(h) for h in st.hand]
    assert obs["cdef"] == list(st.cdef) and -1 not in obs["cdef"]
    assert obs["deck_top"] == [d[-1] for d in st.deck]
    assert pixels(spectator, AREA) != pixels(face_up, AREA)
    for p, _name, hand, top in table.face_up_rows():
        first = st.hand[p][0]
        ch = hand.h - 4
        cw = min(96, int(ch * 1.6))
        r = pygame.Rect(hand.x, hand.y + 2, cw, ch)
        card = table.card_face(first, cw, ch, obs)
        # the first card of the hand is drawn whole where its row's hand begins
        assert pixels(face_up, pygame.Rect(r.x + 6, r.y + 6, 8, ch - 12)) == \
            pixels(card, pygame.Rect(6, 6, 8, ch - 12)), p
        assert pixels(face_up, top) != pixels(spectator, top), p


def test_sahwari_face_up_turns_every_caravan_and_the_recruit_decks_top(app):
    from sandsofplay.games.sahwari.scoring import breakdown

    def hidden(obs):
        return sum(1 for pl in obs["players"] for h in pl["held"] if h["token"] < 0) + \
            sum(1 for g in obs["grid"] for k in ("small", "guarded") if g[k] == -1)
    table = open_table(app, whole_game("sahwari"), at=0)
    seek_where(table, lambda s: s.deck and hidden(table.game.observe(s, None)))
    st = table.match.state
    assert hidden(table.observe_view()) > 0
    spectator = view(app, table, None)
    face_up = view(app, table, FACE_UP)
    obs = table.observe_view()
    assert hidden(obs) == 0 and obs["deck_top"] == st.deck[-1]
    scores = table.scores()
    assert [s["total"] for s in scores] == [breakdown(st, p)["total"] for p in range(st.n)]
    assert all(s["hidden_tokens"] == 0 for s in scores)
    r = table.geo.deck
    inner = pygame.Rect(r.x + 3, r.y + 3, r.w - 6, r.h // 2)
    card = pygame.Surface(r.size)
    card.blit(table.card_img(st.deck[-1], r.w, r.h), (0, 0))
    assert pixels(face_up, inner) == pixels(card, inner.move(-r.x, -r.y))
    assert pixels(spectator, inner) != pixels(face_up, inner)


def test_sand_face_up_names_the_next_workdays_missions(app):
    from sandsofplay.tables.sand.view import SIDE, mission_deck_line
    table = open_table(app, whole_game("sand"), at=0)
    seek_where(table, lambda s: len(s.deck) > 0)
    st = table.match.state
    obs = table.observe_view()
    assert "deck_next" not in obs and "#" not in mission_deck_line(obs)
    spectator = view(app, table, None)
    face_up = view(app, table, FACE_UP)
    obs = table.observe_view()
    assert obs["deck_next"] == list(st.deck[:st.per_day])
    line = mission_deck_line(obs)
    assert all(f"#{m}" in line for m in st.deck[:st.per_day])
    assert pixels(spectator, SIDE) != pixels(face_up, SIDE)


def test_sand_face_up_names_alhazreds_next_codex_card():
    from sandsofplay.engine import RNG, Match, Setup
    from sandsofplay.games import get_game
    from sandsofplay.tables.sand.face_up import face_up_observation
    from sandsofplay.tables.sand.view import codex_next
    game = get_game("sand")
    match = Match(game, Setup.make("sand", ["human"], seed=5))
    rng = RNG(5)
    for _ in range(40):
        seat = game.to_act(match.state)[0]
        match.apply(seat, rng.choice(game.legal_actions(match.state, seat)))
    st = match.state
    assert st.codex, "a solo game has Alhazred's Codex deck"
    assert codex_next(game.observe(st, None)) == ""
    obs = face_up_observation(game, st)
    assert obs["codex_next"] == [st.codex[0]]
    assert codex_next(obs).startswith("; next: ")
