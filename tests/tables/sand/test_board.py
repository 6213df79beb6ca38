"""The Sand table's board (issue 15): the camera (wheel, pinch, keys, bare-board drag) with
hit-tests, drags and gestures following it; place names clear of each other at every zoom; a
place's contents on hover and on keyboard focus; goods dragged between a city, the Worm, the
Shelter and the tokens, delivered by a drop, and refused drops snapping back."""

import pygame

from sandsofplay.engine import A
from sandsofplay.tables.sand.board_labels import marker_rect, overlaps
from sandsofplay.tables.sand.camera import ZOOMS
from sandsofplay.tables.sand.view import BOARD, D
from tests.tables.contract import post_gesture
from tests.tables.sand.test_table import (GAME, Press, human_travels,
                                          make_table, play_until)


def edited(table):
    """The scenario edited the state in place: the match, the rules' cache of the last legal
    actions (``SandState._memo``, keyed on the action count, which an edit keeps; the table no
    longer asks the real state, which refreshed it) and the table forget what they knew."""
    table.match.state_edited()
    table.match.state._memo = None
    table.on_undo()


def wheel(app, pos, y):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    app.frame(1 / 60)


def test_wheel_zooms_about_the_pointer_and_keys_pan_and_fit(app):
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    cam = table.board.cam
    loc = "shin"if "shin" in D.locations else next(iter(D.cities))
    c = table.board.geo.centre[loc]
    wheel(app, c, 1)
    wheel(app, c, 1)
    assert cam.zoom == ZOOMS[2]
    s = table.board.at(loc)
    assert abs(s[0] - c[0]) <= 2 and abs(s[1] - c[1]) <= 2  # the place stays under the pointer
    assert table.board.loc_at_screen(s) == loc
    off = list(cam.off)
    post_gesture(app, Press(("key", pygame.K_RIGHT)))
    assert cam.off[0] > off[0]  # the view moved right over the board
    post_gesture(app, Press(("key", pygame.K_MINUS)))
    assert cam.zoom == ZOOMS[1]
    post_gesture(app, Press(("key", pygame.K_EQUALS)))
    assert cam.zoom == ZOOMS[2]
    post_gesture(app, Press(("key", pygame.K_0)))
    assert cam.zoom == 1 and cam.off == [0.0, 0.0]
    wheel(app, (1100, 300), 1)  # over the action panel: no zoom
    assert cam.zoom == 1


def test_a_pinch_zooms_and_a_bare_board_drag_pans(app):
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    cam = table.board.cam
    x, y = BOARD.center
    pygame.event.post(pygame.event.Event(pygame.MULTIGESTURE, touch_id=0, x=x / 1280, y=y / 720,
                                         pinched=0.08, rotated=0.0, num_fingers=2))
    app.frame(1 / 60)
    assert cam.zoom > 1
    z = cam.zoom
    pygame.event.post(pygame.event.Event(pygame.MULTIGESTURE, touch_id=0, x=x / 1280, y=y / 720,
                                         pinched=-0.08, rotated=0.0, num_fingers=2))
    app.frame(1 / 60)
    assert cam.zoom < z
    post_gesture(app, Press(("key", pygame.K_EQUALS)))
    post_gesture(app, Press(("key", pygame.K_EQUALS)))
    # a drag on bare sand (no Worm, no cube under it) moves the board with the hand
    free = next((px, py) for px in range(BOARD.x + 30, BOARD.right - 30, 7)
                for py in range(BOARD.y + 30, BOARD.bottom - 30, 7)
                if table.board_free_at((px, py)) and table.board.loc_at_screen((px, py)) is None
                and BOARD.collidepoint((px - 40, py - 30)))
    base = table.board.cam.to_base(free)
    n = len(table.match.log)
    post_gesture(app, Press(("drag", free, (free[0] - 40, free[1] - 30))))
    moved = table.board.cam.to_screen(base)
    assert abs(moved[0] - (free[0] - 40)) <= 8 and abs(moved[1] - (free[1] - 30)) <= 8
    assert len(table.match.log) == n


def test_the_worm_is_dragged_on_a_zoomed_board(app):
    """Hit-tests and gestures follow the camera: the offered drag works zoomed in."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    s = table.match.state
    home = table.board.worm_home(0, table.obs())
    wheel(app, home, 1)
    wheel(app, home, 1)
    assert table.board.cam.zoom > 1
    reach = table.move_targets(0, GAME.legal_actions(s, 0))
    gs = [g for g in table.gestures(0) if g.action in reach.values() and
          g.steps[-1][0] == "drag"]
    assert gs
    shown = [g for g in gs if g.steps[0][0] == "drag"]  # no need to zoom out first
    g = (shown or gs)[0]
    if shown:
        assert g.steps[0][1] == table.board.cam.to_screen(home)
    post_gesture(app, g)
    assert table.match.log[-1].action == g.action


def test_place_names_never_touch_at_any_zoom(app):
    """The board's names: none over another, none over another place's marker, all on the
    board, at every zoom step (the names of Mountain camp (centre) and Ugdru-Rashaar touched)."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    for step, z in enumerate(ZOOMS):
        labels = {loc: r for loc, (_img, r) in table.board.board_labels(step).items()}
        markers = {}
        for loc, c in table.board.geo.centre.items():
            markers[loc] = marker_rect((int((c[0] - BOARD.x) * z), int((c[1] - BOARD.y) * z)))
        assert overlaps(labels, markers) == [], f"zoom {z}"
        bounds = pygame.Rect(0, 0, int(BOARD.w * z), int(BOARD.h * z))
        assert all(bounds.contains(r) for r in labels.values())
    shown = table.board.label_rects()
    assert len(shown) == len(D.locations) and all(BOARD.contains(r) for r in shown.values())


def test_a_place_shows_its_contents_on_hover_and_on_focus(app):
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    city = next(iter(D.cities))
    pos = table.board.at(city)
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert table.board.tip_loc(table.focus_name()) == city
    # the keyboard: Tab round to a place, and its contents show (the zoomed board follows)
    post_gesture(app, Press(("key", pygame.K_EQUALS), ("key", pygame.K_EQUALS),
                            ("key", pygame.K_EQUALS)))
    targets = table.focus_targets()
    far = max((t for t in targets if t.name.startswith("place:")),
              key=lambda t: abs(t.rect.centerx - BOARD.centerx))
    post_gesture(app, Press(*table.focus.steps_to(targets, [far.name])[:-1]))
    assert table.board.tip_loc(table.focus_name()) == far.name[6:]
    app.frame(1 / 60)
    assert table.board.cam.shows(table.board.geo.centre[far.name[6:]], 20)


def goods_state(kind):
    def cond(s):
        return s.step == "act" and not s.pending and s.cur == 0 and any(
            a.kind == kind for a in GAME.legal_actions(s, 0))
    return cond


def test_a_cube_is_dragged_onto_the_worm_and_a_wrong_drop_snaps_back(app):
    """Rulebook: Load Plants - the city's cube dropped on the Worm loads it; a cube of another
    city, or one dropped on nothing, goes back with the reason and nothing changes."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, goods_state("load"))
    app.frame(1 / 60)
    s = table.match.state
    here = s.players[0]["loc"]
    other = next(c for c in D.cities if c != here and any(s.cities[c]))
    slot = next(i for i, c in enumerate(s.cities[other]) if c)
    before, n = table.match.fingerprint(), len(table.match.log)
    src = table.goods.cube_rect(other, slot).center
    post_gesture(app, Press(("drag", src, table.goods.target_point(0, table.obs(), "worm"))))
    assert table.match.fingerprint() == before and len(table.match.log) == n
    assert "only the cubes of the city it stands in" in table.toast.message
    assert table.goods.snap is not None and table.goods.held is None
    load = next(a for a in GAME.legal_actions(s, 0) if a.kind == "load")
    gs = [g for g in table.gestures(0) if g.action == load and g.steps[0][0] == "drag"]
    assert gs, "no drag offered for loading"
    post_gesture(app, gs[0])
    assert table.match.log[-1].action == load
    assert any(e[1] for e in table.match.state.players[0]["cargo"])


def test_every_goods_action_has_a_drag(app):
    """Table contract: loading, storing, taking out and abandoning are each offered as a drag,
    through a small menu where one drop has several meanings; the delivery's actions, which one
    drop plays together, are offered one at a time by the panel."""
    table = make_table(app, ("human", "bot:normal"), seed=6)
    kinds = {"load", "stack", "acolyte", "store", "retrieve", "abandon"}
    seen = set()
    for _ in range(40):
        def cond(s):
            return s.cur == 0 and not s.pending and any(
                a.kind in kinds - seen for a in GAME.legal_actions(s, 0))
        if not play_until(table, cond, limit=600):
            break
        app.frame(1 / 60)
        acts = [a for a in GAME.legal_actions(table.match.state, 0) if a.kind in kinds]
        drags = {g.action for g in table.gestures(0) if any(st[0] == "drag" for st in g.steps)}
        assert set(acts) <= drags, sorted(map(str, set(acts) - drags))
        offered = {g.action for g in table.gestures(0)}
        assert set(GAME.legal_actions(table.match.state, 0)) <= offered
        seen |= {a.kind for a in acts}
        g = next(g for g in table.gestures(0) if g.action == acts[0] and g.steps[0][0] == "drag"
                 or g.action == acts[0] and g.steps[-1][0] == "click" and len(g.steps) > 1)
        n = len(table.match.log)
        post_gesture(app, g)
        assert len(table.match.log) == n + 1 and table.match.log[-1].action == acts[0]
        if {"load", "abandon"} <= seen:
            break
    assert "load" in seen


def at_port_with(table, app, boxes):
    """(Set up by hand) the human's Worm at the port with ``boxes`` aboard, one space each."""
    assert play_until(table, human_travels)
    s = table.match.state
    s.players[0]["loc"] = next(l for l, v in D.locations.items() if v.kind == "port")
    s.players[0]["cargo"] = [[-1, [c]] for c in boxes]
    edited(table)
    app.frame(1 / 60)
    assert A("deliver") in GAME.legal_actions(s, 0)
    return table.obs()


def drop_box_on_place(app, table, k):
    o = table.obs()
    post_gesture(app, Press(("drag", table.goods.cargo_rects(0, o)[k].center,
                             table.board.at(o["players"][0]["loc"]))))


def test_one_drop_of_a_box_on_the_place_delivers_it(app):
    """Rulebook: Delivery of Goods - one drag of the only Box bought here onto the place
    delivers it: the delivery is opened, the Box handed over and the pay collected (no second
    drop, no Finish); the fare is counted up where it lands, and Undo takes the drop back whole."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    craft = next(c for c, t in D.goods.items() if t == "craft")
    at_port_with(table, app, [craft])
    coins = table.match.state.players[0]["coins"]
    n = len(table.match.log)
    drop_box_on_place(app, table, 0)
    kinds = [e.action.kind for e in table.match.log[n:]]
    assert kinds == ["deliver", "give", "done"]
    s = table.match.state
    assert s.players[0]["cargo"] == [] and s.turn.get("delivered")
    assert s.players[0]["coins"] > coins
    assert any("coin" in f[0] and "fare" in f[0] for f in table.goods.floaters)
    assert table.undo_state()[0], table.undo_state()
    table.press_undo()
    app.frame(1 / 60)
    assert len(table.match.log) == n
    assert table.match.state.players[0]["cargo"] == [[-1, [craft]]]


def test_a_delivery_of_several_boxes_is_a_drop_each(app):
    """Rulebook: Delivery of Goods - with two Boxes bought here, the first drop opens the
    delivery and hands that Box over; the second drop hands over the last one and collects."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    craft = next(c for c, t in D.goods.items() if t == "craft")
    relic = next(c for c, t in D.goods.items() if t == "relic")
    at_port_with(table, app, [craft, relic])
    n = len(table.match.log)
    drop_box_on_place(app, table, 0)
    assert [e.action for e in table.match.log[n:]] == [A("deliver"), A("give", 0)]
    s = table.match.state
    assert s.pending and s.pending[-1][0] == "deliver" and s.pending[-1][2] == [craft]
    # the open delivery: the other Box by a drop (the panel also offers it, and Finish)
    offered = {g.action for g in table.gestures(0)}
    assert {A("give", 0), A("done")} <= offered
    drop_box_on_place(app, table, 0)
    assert [e.action.kind for e in table.match.log[n:]] == ["deliver", "give", "give", "done"]
    assert table.match.state.players[0]["cargo"] == []
    assert any("coin" in f[0] and "fare" in f[0] for f in table.goods.floaters)
    s = table.match.state
    if s.pending and s.pending[-1][0] == "choose":
        answers = GAME.legal_actions(s, 0)
        assert answers and all(a.kind == "reward" for a in answers)


def test_two_fingers_pinch_without_tapping_or_dragging(app):
    """Touch: two fingers down, a pinch, fingers up - the board zooms, nothing is played and no
    drag is left hanging (SDL's finger events reach the table as touch mouse events)."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    n = len(table.match.log)
    home = table.board.cam.to_screen(table.board.worm_home(0, table.obs()))
    fx, fy = home[0] / 1280, home[1] / 720
    for fid, dx in ((1, 0.0), (2, 0.05)):
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=fid,
                                             x=fx + dx, y=fy, dx=0.0, dy=0.0, pressure=1.0))
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MULTIGESTURE, touch_id=1, x=fx, y=fy,
                                         pinched=0.1, rotated=0.0, num_fingers=2))
    pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, touch_id=1, finger_id=2,
                                         x=fx + 0.3, y=fy + 0.2, dx=0.3, dy=0.2, pressure=1.0))
    app.frame(1 / 60)
    for fid in (1, 2):
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=fid,
                                             x=fx + 0.3, y=fy + 0.2, dx=0.0, dy=0.0,
                                             pressure=0.0))
    app.frame(1 / 60)
    assert table.board.cam.zoom > 1
    assert len(table.match.log) == n and table.board.worm_drag is None and table.goods.held is None
    assert not table.board.pinched and table.board.touches == 0


def test_screenshot_reaches_a_sand_stage(app):
    """tools/screenshot.py --stage works for Sand (its ``pending`` is a list of lists)."""
    import sys
    from pathlib import Path
    tools = str(Path(__file__).resolve().parents[3] / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import screenshot
    table = make_table(app, ("human", "bot:normal"), seed=4)
    screenshot.reach_stage(table, "place")
    s = table.match.state
    assert s.step == "place" and 0 in GAME.to_act(s)


def test_regions_follow_the_camera(app):
    """regions(): the places and names shown, where the zoomed and panned board puts them; the
    names never overlap one another."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    assert len([k for k in table.regions() if k.startswith("place:")]) == len(D.locations)
    post_gesture(app, Press(("key", pygame.K_EQUALS), ("key", pygame.K_EQUALS),
                            ("key", pygame.K_RIGHT)))
    regions = table.regions()
    places = {k[6:]: r for k, r in regions.items() if k.startswith("place:")}
    assert 0 < len(places) < len(D.locations)
    for loc, r in places.items():
        assert r.center == table.board.at(loc) and BOARD.contains(r)
    labels = {k: r for k, r in regions.items() if k.startswith("label:")}
    names = sorted(labels)
    assert names and not [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                          if labels[a].colliderect(labels[b])]


def test_each_shelter_drag_is_one_action(app):
    """Rulebook: The Shelters - a Box of the Worm dropped on the Shelter (its row in the log or
    its marker on the board) is stored, a Box of the Shelter dropped on the Worm is taken out:
    one drop, one action, nothing else."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    s = table.match.state
    craft = next(c for c, t in D.goods.items() if t == "craft")
    relic = next(c for c, t in D.goods.items() if t == "relic")
    city = next(iter(D.cities))
    p = s.players[0]
    p["loc"] = p["shelter"] = city
    p["cargo"] = [[-1, [craft]]]
    p["store"] = [relic]
    edited(table)
    app.frame(1 / 60)
    n = len(table.match.log)

    def drop(src_rect, end, action):
        post_gesture(app, Press(("drag", src_rect.center, end)))
        assert len(table.match.log) == n + 1 and table.match.log[-1].action == action
        table.press_undo()
        app.frame(1 / 60)
        assert len(table.match.log) == n

    o = table.obs()
    drop(table.goods.cargo_rects(0, o)[0], table.goods.target_point(0, o, "shelter"), A("store", 0))
    o = table.obs()
    drop(table.goods.cargo_rects(0, o)[0], table.goods.shelter_mark(0, o).center, A("store", 0))
    p = table.match.state.players[0]
    p["cargo"], p["slots"] = [], 4  # (room on the Worm for the relic)
    edited(table)
    app.frame(1 / 60)
    assert A("retrieve", 0) in GAME.legal_actions(table.match.state, 0)
    o = table.obs()
    drop(table.goods.store_rects(0, o)[0], table.goods.target_point(0, o, "worm"), A("retrieve", 0))
    o = table.obs()
    worm = table.board.cam.to_screen(table.board.worm_home(0, o))
    drop(table.goods.store_rects(0, o)[0], worm, A("retrieve", 0))


def test_a_dropped_worm_uses_the_cheapest_die_and_says_so(app):
    """Rulebook: Travel; Modifying the Value of a Die - a Worm dragged to a place travels with
    the token whose die needs the fewest Prayers and coins (a red 5 free is used before a blue
    1 that needs 3 more), and the glowing place says which die and what it costs before the
    drop (issue 31: it took the first token listed and paid silently)."""
    from sandsofplay.tables.sand.table import travel_price, travel_words
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    s = table.match.state
    o = table.rules.world()
    acts = GAME.legal_actions(s, 0)
    reach = table.move_targets(0, acts)
    here = s.players[0]["loc"]
    assert reach
    for dest, chosen in reach.items():
        ways = [a for a in acts if a.kind in ("travel", "navigate", "leg", "walk")
                and D.routes[a.args[0]].other(here) == dest]
        assert chosen in ways
        assert travel_price(o, 0, chosen) == min(travel_price(o, 0, a) for a in ways)
    # a position where the dice differ: the first token listed falls short, another suffices
    # enough to travel any route, and the blue, red and white tokens placed (Travel)
    s.players[0].update(hyd=12, food=12, hp=10, tok=[1, 1, 1, 0])
    s.dice = [1, 5, 2, 3]  # blue 1, red 5, white 2, black 3
    s.turn["flip"] = []
    s._memo = None
    table.on_undo()
    table.rules.forget()
    o = table.rules.world()
    acts = GAME.legal_actions(s, 0)
    assert o.dice == [1, 5, 2, 3]  # the table reads the changed position
    reach = table.move_targets(0, acts)
    tested = 0
    for dest, chosen in reach.items():
        ways = [a for a in acts if a.kind == "travel" and D.routes[a.args[0]].other(here) == dest]
        blue_short = [a for a in ways if a.args[1] == "blue" and travel_price(o, 0, a)[0] > 0]
        enough = [a for a in ways if travel_price(o, 0, a)[0] == 0]
        if blue_short and enough:
            tested += 1
            assert chosen.args[1] != "blue" and travel_price(o, 0, chosen)[0] == 0
            assert "token" in travel_words(o, 0, chosen) and "+" not in travel_words(o, 0, chosen)
    assert tested  # a place the blue 1 reaches only with a boost, and another die without
    # the words: token and value, and the boost in Prayers or coins
    a = next(a for a in acts if a.kind == "travel" and a.args[1] == "blue")
    short = travel_price(o, 0, a)[0]
    words = travel_words(o, 0, a)
    assert words.startswith("blue token 1")
    if short:
        assert f"+ {short} Prayer" in words and "coins" in words


def test_a_pan_or_zoom_redraws_the_board_alone_and_the_picture_is_the_whole_drawing(app):
    """Issue 28 (a table's frame within 6 ms): when only the camera moved, the table's picture
    is the board drawn again with what lies around it kept - the same pixels as drawing the
    whole table, a place's tip over both included."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    panned = []
    real = table._draw_panned
    table._draw_panned = lambda *a: (panned.append(1), real(*a))
    city = next(iter(D.cities))
    wheel(app, table.board.at(city), 1)  # zoomed about a place, the pointer on it: its tip
    keys = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_EQUALS, pygame.K_LEFT, pygame.K_UP,
            pygame.K_MINUS, pygame.K_RIGHT)
    for k in keys:
        before = table.board.cam.key
        post_gesture(app, Press(("key", k)))
        app.frame(1 / 60)
        assert table.board.cam.key != before
        seat, acts = table.panel_actions()
        whole = pygame.Surface(table._pic.get_size()).convert()
        table._draw_table(whole, seat, acts)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(table._pic, "RGB"), k
        assert table.board.tip_loc(table.focus_name()) is not None  # (a tip over the board)
    assert len(panned) >= len(keys) - 1  # (the picture was not drawn whole each time)


def test_a_camps_minor_tribe_count_stands_clear_of_a_glow_ring(app):
    """A camp's "x2" (its Minor Tribe tokens) sat where a glowing destination's ring (up to
    23 px from the place's centre) is drawn, which made it read "x?". It now stands outside
    the ring, on a light backing."""
    import math
    import pygame
    from sandsofplay.ui import theme as T
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    obs = table.obs()
    space = next(sp for sp in obs["camps"] if obs["minor"].get(sp))
    surf = pygame.Surface((1280, 720))
    table.board.draw_board(surf, obs, 0)
    x, y = table.board.at(space)
    img = table.board.text.render(f"x{len(obs['minor'][space])}", 11, T.INK, bold=True)
    box = img.get_rect(bottomleft=(x + 21, y - 15)).inflate(4, 0)
    nearest = min(math.dist((x, y), p) for p in (box.bottomleft, box.topleft, box.midleft,
                                                  box.midbottom))
    assert nearest > 23
    assert tuple(surf.get_at((box.x + 1, box.bottom - 2)))[:3] == T.SAND_LIGHT[:3]
