"""The Sahwari table driven headless with real pygame events: the layout, the keyboard, the
curtain, illegal drops, undo, saving in the middle of the Guildmaster's turn and a damaged map
(issue 12)."""

import sys

import pygame

from sandsofplay.engine import A
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.overlays import CurtainScene
from sandsofplay.ui.table import open_save

from .helpers import (GAME, frames, make_table, play_by_gestures, post, post_step, replay_matches,
                      wait_for_human)

W, H = 1280, 720
CHECKED = ("prompt", "button:", "bubble:", "panel:")


def check_layout(table):
    regions = table.regions()
    screen = pygame.Rect(0, 0, W, H)
    for name, r in regions.items():
        assert screen.contains(r), f"{name} {r} is off the screen"
    names = [n for n in regions if n.startswith(CHECKED)]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not regions[a].colliderect(regions[b]), f"{a} overlaps {b}"
    return regions


def stand_in_until(app, table, cond, limit=2000):
    """Let a bot play the human seats (through the rules) until ``cond`` holds at a human's
    decision."""
    from sandsofplay.bots.levels import make_bot
    bots = {}
    for _ in range(limit):
        seat = wait_for_human(app, table)
        assert seat is not None, "the game ended first"
        st = table.match.state
        if cond(st):
            return seat
        bot = bots.setdefault(seat, make_bot(GAME, "normal", seat, 11))
        table.perform(seat, bot.decide(GAME.observe(st, seat), GAME.legal_actions(st, seat)))
        table.settle()
    raise AssertionError("the situation never came")


def test_layout_regions_on_screen_and_apart_at_sampled_moments(app):
    """DESIGN.md, the shape of a table: regions() on the 1280x720 screen, no overlaps."""
    seen = set()
    for seats in (["human"], ["bot:easy", "human", "bot:easy", "bot:easy"]):
        table = make_table(app, seats, seed=6)
        for _ in range(30):
            seat = wait_for_human(app, table)
            if seat is None:
                break
            table.bubbles = {s: ["A bot says what it does, here.", 50]
                             for s in range(len(table.geo.clans)) if s != seat}
            regions = check_layout(table)
            seen.update(n.split(":")[0] for n in regions)
            post(app, table.gestures(seat)[0])
    assert {"prompt", "button", "panel", "board", "clan", "bubble"} <= seen


def test_keyboard_only_solo_game(app):
    """Every choice is reachable by Tab and Enter: a whole solo game from the keyboard."""
    table = make_table(app, ["human"], seed=8, solo_difficulty="recruit")
    play_by_gestures(app, table, seed=8, keyboard=True)
    replay_matches(table)


def test_curtain_hides_the_table_until_the_next_player_is_ready(app, monkeypatch):
    """Hidden caravan tokens: with two people, nothing is drawn for the next player before the
    pass is confirmed."""
    trace = []
    orig = CurtainScene.draw

    def curtain_draw(self, surf, alpha):
        trace.append(("curtain", None))
        orig(self, surf, alpha)

    monkeypatch.setattr(CurtainScene, "draw", curtain_draw)
    table = make_table(app, ["human", "human"], seed=2)
    orig_table = table.draw_table

    def table_draw(surf, alpha):
        trace.append(("table", table.viewer))
        orig_table(surf, alpha)

    table.draw_table = table_draw
    frames(app, 2)
    for _ in range(40):
        seat = wait_for_human(app, table)
        post(app, table.gestures(seat)[0])
    viewers = [v for k, v in trace if k == "table"]
    assert set(viewers) == {0, 1} and ("curtain", None) in trace
    last = None
    curtain_since = False
    for kind, v in trace:
        if kind == "curtain":
            curtain_since = True
        else:
            if last is not None and v != last:
                assert curtain_since, f"seat {v}'s view was drawn without the curtain"
            last, curtain_since = v, False


def test_illegal_camel_drop_snaps_back_with_the_reason(app):
    """Rulebook 1. Move: a drop where the camel may not stop changes nothing and says why."""
    table = make_table(app, ["human", "bot:normal"], seed=3)
    seat = stand_in_until(app, table, lambda s: s.phase == "turn" and s.step == "move"
                          and not s.pending)
    st = table.match.state
    legal = {(a.args[0], a.args[1]) for a in GAME.legal_actions(st, seat) if a.kind == "move"}
    camel = next(k for k in range(6) if st.camel_owner[k] == seat and st.camel_cell[k] >= 0)
    bad = next(c for c in range(25) if (camel, c) not in legal and c != st.camel_cell[camel])
    before, n = table.match.fingerprint(), len(table.match.log)
    obs = table.obs()
    src = table.geo.camel_rect(obs, camel).center
    post_step(app, ("drag", src, table.geo.cell_rect(bad).center))
    assert len(table.match.log) == n and table.match.fingerprint() == before
    assert table.toast.kind == "error" and len(table.toast.message) > 20
    assert table.drag.snap is not None  # flying back to where it was
    frames(app, 20)
    assert table.drag.snap is None


def test_a_click_on_a_camel_that_cannot_move_says_why(app):
    """Rulebook 1. Move and 3. Move the Guild: a click on one of your camels when it has no
    move says why, as a drag of it does (a new player clicked a blocked camel and nothing
    happened). At the Guild step your own camels have moved already."""
    table = make_table(app, ["human", "bot:normal"], seed=3)
    assert stand_in_until(app, table, lambda s: s.phase == "turn" and s.step == "guild"
                          and not s.pending and s.cur == 0) == 0
    st = table.match.state
    moving = {a.args[0] for a in GAME.legal_actions(st, 0) if a.args}
    camel = next(k for k in range(6) if st.camel_owner[k] == 0 and st.camel_cell[k] >= 0
                 and k not in moving)
    before = table.match.fingerprint()
    table.toast.message = ""
    post_step(app, ("click", table.geo.camel_rect(table.obs(), camel).center))
    assert table.match.fingerprint() == before
    assert table.toast.kind == "error" and table.toast.message.startswith(
        "This camel cannot move now."), table.toast.message
    assert "Guild camel" in table.toast.message


def test_illegal_cube_drop_on_a_full_space_says_why(app):
    """Rulebook 2. Collect A: a cube goes to storage or an empty Artifact space only."""
    table = make_table(app, ["human", "bot:normal"], seed=4)
    stand_in_until(app, table, lambda s: s.pending and s.pending[-1][0] == "cube" and
                   any(s.spaces[s.cur][c] == 1 for c in s.left[s.cur] + s.right[s.cur]))
    st = table.match.state
    seat = st.cur
    full = next(c for c in st.left[seat] + st.right[seat] if st.spaces[seat][c] == 1)
    before = table.match.fingerprint()
    hand = next(g for g in table.gestures(seat) if g.action.kind == "cube").steps[0][1]
    target = table.geo.space_rects(seat, table.obs()["players"][seat])[full].center
    post_step(app, ("drag", hand, target))
    assert table.match.fingerprint() == before
    assert "not empty" in table.toast.message


def test_undo_takes_back_a_camel_move(app):
    """BGA undo policy: a person's own move can be taken back (Ctrl+Z) until something hidden
    is revealed."""
    table = make_table(app, ["human", "bot:normal"], seed=3)
    seat = stand_in_until(app, table, lambda s: s.phase == "turn" and s.step == "move"
                          and not s.pending)
    before, n = table.match.fingerprint(), len(table.match.log)
    move = next(g for g in table.gestures(seat) if g.action.kind == "move")
    post(app, move)
    assert len(table.match.log) == n + 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    frames(app, 2)
    assert len(table.match.log) == n and table.match.fingerprint() == before
    assert {str(g.action) for g in table.gestures(seat)} == \
        {str(a) for a in GAME.legal_actions(table.match.state, seat)}


def test_save_and_resume_in_the_middle_of_the_guildmasters_turn(app):
    """Solo Mode, Guildmaster's Turn: saved while its turn is still being shown, the game
    resumes in the same state with the player to act."""
    table = make_table(app, ["human"], seed=5)
    stand_in_until(app, table, lambda s: s.phase == "turn" and s.step == "end" and
                   not s.pending and s.turns[0] >= 2)
    table.fast = False
    end = next(g for g in table.gestures(0) if g.action == A("end_turn"))
    post(app, end)
    assert any(st.kind == "gm_card" for st in table.timeline.steps)  # its turn is playing
    path = table.save_to_file()
    assert path is not None
    print_before = table.match.fingerprint()
    open_save(app, str(path))
    app.apply_ops()
    resumed = app.top
    assert resumed is not table and resumed.match.fingerprint() == print_before
    frames(app, 2)
    seat = wait_for_human(app, resumed)
    assert seat == 0
    assert {str(g.action) for g in resumed.gestures(0)} == \
        {str(a) for a in GAME.legal_actions(resumed.match.state, 0)}
    post(app, resumed.gestures(0)[0])
    assert len(resumed.match.log) > len(table.match.log)


def test_damaged_layout_map_is_reported_on_the_title(app, ui, monkeypatch, tmp_path):
    """A broken resources/maps/sahwari.tmx: the Sahwari tile says why; nothing crashes."""
    import sandsofplay.tables as tables
    from sandsofplay.ui import paths
    from sandsofplay.ui import table_registry as table_mod
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "sahwari.tmx").write_text("<map><objectgroup", encoding="utf-8")
    monkeypatch.setattr(paths, "RESOURCES", tmp_path)
    monkeypatch.delitem(sys.modules, "sandsofplay.tables.sahwari.table")
    monkeypatch.setattr(tables, "TABLES", {"sahwari": "sandsofplay.tables.sahwari.table"})
    monkeypatch.setattr(table_mod, "_PROBLEMS", {})
    monkeypatch.delitem(table_mod._TABLES, "sahwari")
    assert tables.load_all() == []
    assert "sahwari.tmx" in table_mod.table_problem("sahwari")
    _info, rect, _ok = ui.title_tile("sahwari")
    ui.click(rect.center)
    assert isinstance(app.top, MessageScene)
    assert "sahwari.tmx" in app.top.message and "cannot be opened" in app.top.message


def test_title_offers_sahwari_with_its_options(app, ui):
    """Issue 12: the title offers Sahwari; its seat setup lists the player count, and the variant
    and the Guildmaster's difficulty where they apply (issue 31: the variant with 3 players,
    the difficulty solo); the variant named with the wrong count is refused with the reason."""
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    tile = ui.title_tile("sahwari")
    assert tile[2]
    ui.click(tile[1].center)
    setup = app.top
    assert isinstance(setup, SeatSetupScene)
    assert {"more", "fewer"} <= set(setup.buttons)
    assert "option:variant" not in setup.buttons and "option:solo_difficulty" not in setup.buttons
    ui.click_button("more")
    assert setup.count == 3 and "option:variant" in setup.buttons
    ui.click_button("option:variant")
    assert setup.options["variant"] == "three_player_variant"
    ui.click_button("fewer")
    ui.click_button("fewer")
    assert setup.count == 1 and "option:solo_difficulty" in setup.buttons
    assert "option:variant" not in setup.buttons
    assert "variant" not in dict(setup.make_setup(seed=1).options)  # not for this count
    # the rules still refuse the variant with the wrong count (the command line can name it)
    from sandsofplay.engine import Setup
    import pytest
    with pytest.raises(ValueError, match="3-player variant"):
        setup.game.new_state(Setup.make("sahwari", ["human", "bot:easy"], seed=1,
                                        variant="three_player_variant"))


def test_a_recruitment_card_dragged_to_an_edge_is_recruited_and_placed(app):
    """Rulebook 2. Collect B: take one of the four cards and place it at an edge of the clan -
    one drag from the Recruitment area to the edge does both."""
    table = make_table(app, ["human", "bot:normal"], seed=3)
    stand_in_until(app, table, lambda s: s.pending and s.pending[-1][0] == "card")
    st = table.match.state
    seat = st.cur
    n = len(table.match.log)
    card = st.area[0]
    start = dict(table.geo.area_rects(table.obs()))[card].center
    edge = table.geo.edge_zone(seat, table.obs()["players"][seat], "left").center
    post_step(app, ("drag", start, edge))
    done = [(e.seat, str(e.action)) for e in table.match.log[n:n + 2]]
    assert done == [(seat, f"card {card}"), (seat, "edge left")]
    assert card in st.left[seat]


def test_a_finished_game_counts_influence_then_replays(app):
    """End of the Game: the final count is shown, the results follow, and the replay plays the
    whole game back at the table without a hitch."""
    from sandsofplay.ui.scenes.error import ErrorScene
    from sandsofplay.ui.scenes.overlays import ResultsScene
    from sandsofplay.ui.table import open_replay_data
    table = make_table(app, ["bot:easy"], seed=9)
    for _ in range(400):
        if table.match.is_over():
            break
        frames(app)
    assert table.match.is_over()
    table.fast = False
    frames(app, 3)
    assert table.obs()["over"] and table.prompt_rect is not None
    for _ in range(600):
        if isinstance(app.top, ResultsScene):
            break
        frames(app)
    assert isinstance(app.top, ResultsScene)
    # "See the board": the final board itself, not the count (it is in the results) over it,
    # and no prompt under the results' own button (a new player found the board covered)
    drawn = []
    real = table.draw_final
    table.draw_final = lambda surf, obs: drawn.append(1) or real(surf, obs)
    app.top.toggle()
    frames(app, 2)
    assert app.top.hidden and not drawn
    from sandsofplay.tables.sahwari.prompts import prompt_text
    assert prompt_text(table, table.obs()) == ""
    table.draw_final = real
    app.top.toggle()
    open_replay_data(app, table.match.to_save())
    app.apply_ops()
    replay = app.top
    assert replay.mode == "replay" and replay.gestures(0) == []
    replay.replay_speed = 16
    for _ in range(300):
        frames(app)
        assert not isinstance(app.top, ErrorScene)
    assert replay.replay_index > 10


def test_a_crowded_clan_row_narrows_each_card_once(app, monkeypatch):
    """A clan row too full for whole cards shows each one narrowed; the narrowed picture is
    made once for that width and kept, not made again every time the row is drawn."""
    from sandsofplay.tables.sahwari import clan_view
    table = make_table(app, ("human", "bot:easy"))
    frames(app, 2)
    obs = table.game.observe(table.match.state, 0)
    pl = dict(obs["players"][0], left=list(range(1, 13)), right=[], spaces=[])
    rects = table.geo.card_rects(0, pl)
    assert any(r.w < 48 for r in rects.values())  # the row really is crowded
    made = []
    real = pygame.transform.smoothscale

    def counted(img, size):
        made.append(tuple(size))
        return real(img, size)
    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    surf = pygame.Surface((W, H))
    clan_view.draw_row(table, surf, obs, 0, pl)
    first = len(made)
    assert first == sum(1 for r in rects.values() if r.w != 48)
    clan_view.draw_row(table, surf, obs, 0, pl)
    assert len(made) == first


def test_a_recruit_cards_tooltip_says_an_influence_halfs_points():
    """Recruit cards: a half showing Influence is told with its points, as the card shows
    them ("red, 2 Influence"); the tooltip said only "red influence"."""
    from sandsofplay.games.sahwari.data import get as data
    from sandsofplay.tables.sahwari.prompts import half_words
    d = data()
    card = next(d.card(cid) for cid in range(1, 200)
                if _has_card(d, cid) and d.card(cid).left.ability == "influence")
    assert half_words(card.left) == f"{card.left.colour}, {card.left.value} Influence"
    other = next(d.card(cid) for cid in range(1, 200)
                 if _has_card(d, cid) and d.card(cid).right.ability not in ("influence",))
    assert half_words(other.right) == f"{other.right.colour} {other.right.ability}"


def _has_card(d, cid):
    try:
        d.card(cid)
    except (KeyError, IndexError, ValueError):
        return False
    return True
