"""The Sand table's action list (issue 31): a fixed order that keeps its place between actions,
the die and any boost on each travel button, a long list grouped by destination, and the Hint
opening the list where its choice is (Rulebook: Actions of the Game; Travel; Modifying the Value of a Die)."""

import pygame

from sandsofplay.tables.sand.labels import ORDER, short_label
from sandsofplay.tables.sand.view import D
from tests.tables.sand.test_table import (GAME, human_travels,
                                          make_table, play_until)

MOVES = ("travel", "navigate", "leg", "walk")


def groups(table, acts):
    here = table.match.state.players[0]["loc"]
    out = []
    for a in acts:
        g = ("move", D.routes[a.args[0]].other(here)) if a.kind in MOVES else (a.kind,)
        if not out or out[-1] != g:
            out.append(g)
    return out


def test_the_list_is_grouped_in_a_fixed_order_and_keeps_it_after_an_action(app):
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    _seat, acts = table.panel_actions()
    assert sorted(acts, key=repr) == sorted(GAME.legal_actions(table.match.state, 0), key=repr)
    g = groups(table, acts)
    assert len(g) == len(set(g))  # each destination and each kind in one run of buttons
    kinds = [x[0] for x in g]
    assert kinds[0] == "move"  # the ways to travel first
    ranks = [ORDER.index(k) for k in kinds if k != "move" and k in ORDER]
    assert ranks == sorted(ranks)
    # an action that is not a move: what stays keeps its order relative to itself
    other = next(a for a in acts if a.kind in ("pray", "prestige", "care"))
    before = [a for a in acts if a != other]
    table.perform(0, other)
    table.settle()
    app.frame(1 / 60)
    seat, after = table.panel_actions()
    if seat == 0:
        kept = [a for a in before if a in after]
        assert [a for a in after if a in kept] == kept  # nothing that stayed moved ahead


def test_a_travel_button_says_the_die_and_what_it_falls_short(app):
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    s = table.match.state
    # enough to travel any route, and the blue, red and white tokens placed (Travel)
    s.players[0].update(hyd=12, food=12, hp=10, tok=[1, 1, 1, 0])
    s.dice = [1, 5, 2, 3]
    s.turn["flip"] = []
    s._memo = None
    table.on_undo()
    world = table.rules.world()
    acts = GAME.legal_actions(s, 0)
    short = [a for a in acts if a.kind == "travel" and a.args[1] == "blue"
             and D.route_cost(s.players[0]["worm"], D.routes[a.args[0]].kind)[0] > 1]
    assert short
    need = D.route_cost(s.players[0]["worm"], D.routes[short[0].args[0]].kind)[0]
    assert short_label(world, 0, short[0]).endswith(f"blue 1, pay {need - 1}")
    red = next(a for a in acts if a.kind == "travel" and a.args[1] == "red"
               and D.route_cost(s.players[0]["worm"], D.routes[a.args[0]].kind)[0] <= 5)
    assert short_label(world, 0, red).endswith("red 5")  # enough: nothing to pay


def test_a_long_list_is_grouped_by_destination_not_paged(app):
    """Issue 31: a list longer than the panel folds the ways to one place into one row (and
    each other kind into one), no tabs; a group's row opens its ways under a row back."""
    from sandsofplay.tables.sand.action_list import BACK, Group
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    seat, acts = table.panel_actions()
    panel = table.panel
    assert len(acts) > panel.list.rows  # the position's list is longer than the panel
    pages = panel.pages(seat, acts)
    assert len(pages) == 1  # folded: one page, no tabs
    top = pages[0]
    here = table.match.state.players[0]["loc"]
    folded = [g for g in top if isinstance(g, Group)]
    assert folded
    covered = [a for g in folded for a in g.acts] + [a for a in top if not isinstance(a, Group)]
    assert sorted(set(map(repr, covered))) == sorted(map(repr, acts))  # every way is there
    for g in folded:
        assert len(g.acts) > 1
        if g.key.startswith("to:"):
            dest = {D.routes[a.args[0]].other(here) for a in g.acts}
            assert dest == {g.key[3:]}
            assert g.label.startswith(D.locations[g.key[3:]].name)
    # opening a group by a click on its row: its ways under the back row
    g = folded[0]
    table.click(panel.button_rect(top.index(g)).center)
    shown = panel.shown(seat, acts)
    assert shown == [BACK, *g.acts]
    table.click(panel.button_rect(0).center)  # back
    assert panel.shown(seat, acts) == top
    # the mouse gesture of a way inside a group is two clicks: the group's row, then the way
    mouse = [x.steps for x in table.gestures(0)
             if x.action == g.acts[-1] and x.steps[0][0] == "click"]
    assert [len(steps) for steps in mouse] == [2]
    keys = [x.steps for x in table.gestures(0)
            if x.action == g.acts[-1] and x.steps[0][0] == "key"]
    assert len(keys) == 1 and [k for k in keys[0] if k == ("key", 13)] == [("key", 13)] * 2


def test_the_hint_opens_the_list_where_its_choice_is(app):
    from sandsofplay.tables.sand.action_list import Group
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    seat, acts = table.panel_actions()
    top = table.panel.shown(seat, acts)
    g = next(x for x in top if isinstance(x, Group))
    table.show_hint(0, g.acts[-1])
    assert table.panel.list.group == g.key
    assert g.acts[-1] in table.panel.shown(seat, acts)
    plain = next(x for x in top if not isinstance(x, Group))
    table.show_hint(0, plain)
    assert table.panel.list.group is None and plain in table.panel.shown(seat, acts)


def test_the_top_bar_names_the_turn_order(app):
    """Rulebook: Turn Order - the top bar gives the players by name in turn order (numbered
    discs read as positions), the one whose turn it is first-class."""
    import pygame
    from sandsofplay.tables.sand.view import TableView
    table = make_table(app, ("human", "bot:normal", "bot:easy"), seed=4)
    app.frame(1 / 60)
    asked = []
    view = TableView(lambda seat: asked.append(seat) or f"P{seat}", table.rgb, table.text)
    o = table.obs()
    view.draw_top(pygame.Surface((1280, 720)), o)
    assert asked == list(o["order"])


def test_companions_and_abandoned_goods_are_always_on_the_players_log():
    """Rulebook: The Companions; Abandoned Goods - the joined Companions (by name) and the
    Abandoned goods come first on the log's lines, so a full log never drops them."""
    from sandsofplay.tables.sand.view import TableView
    p = {"comp": ["navigator", "young_worm"], "aband": [["red", 0]], "rec": {"plant": [1]},
         "songs": 6, "kept": [3], "seals": [], "minor": []}
    lines = TableView.log_lines(p)
    assert lines[0] == "Companions: Navigator, Young Worm  Abandoned: red"
    assert lines[1].startswith("Record: P1/12") and lines[2].startswith("Missions: #3")
    assert TableView.log_lines(dict(p, comp=[], aband=[]))[0].startswith("Record:")


def test_a_companion_offered_says_what_it_does():
    from sandsofplay.engine import A
    from sandsofplay.tables.sand.labels import COMPANION_TEXT, short_label
    from sandsofplay.games.sand.data import COMPANIONS
    assert set(COMPANION_TEXT) == set(COMPANIONS)
    assert short_label(None, 0, A("companion", "young_worm")) == "Companion: Young Worm"


def test_care_and_its_top_up_say_what_they_give_and_cost():
    """Rulebook: Care for Your Worm; Modifying the Value of a Die - a Care choice says what its
    die adds, a top-up says what it costs."""
    from sandsofplay.engine import A, Setup
    from sandsofplay.games.sand.moves import care_base
    s = GAME.new_state(Setup.make("sand", ["human", "human"], seed=3))
    s.dice = [3, 5, 2, 4]
    s.turn["flip"] = []
    s._memo = None
    base = care_base(s, 0, "hydration", ["blue"])
    assert base >= 3
    assert GAME.describe(s, 0, A("care", "hydration", "blue")).endswith(f"(+{base}).")
    assert GAME.describe(s, 0, A("extra", 2)) == "Add 2 more, for 2 Prayers or coins (any mix)."
    assert GAME.describe(s, 0, A("extra", 1)).startswith("Add 1 more, for 1 Prayer or")


def test_the_shelter_is_set_up_on_a_glowing_place_of_the_board(app):
    """Rulebook: The Shelters - the Shelter reward's site is chosen on the board: the places
    allowed glow, a click on one sets the Shelter up there (it was 16 bare buttons)."""
    from tests.tables.contract import post_gesture
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    s = table.match.state
    s.pending.append(["shelter", 0])
    s._memo = None  # (the legal actions remembered for the state before)
    table.on_undo()
    app.frame(1 / 60)
    _seat, acts = table.panel_actions()
    sites = table.shelter_sites(acts)
    assert sites and all(a.kind == "shelter" for a in sites.values())
    board = [g for g in table.gestures(0) if g.action.kind == "shelter"
             and g.steps[-1][0] == "click"
             and table.board.loc_at_screen(g.steps[-1][1]) == g.action.args[0]]
    assert board  # a click on the board, not only the list's buttons
    g = board[-1]
    post_gesture(app, g)
    assert table.match.state.players[0]["shelter"] == g.action.args[0]


def test_the_shelter_sites_pulse_frame_by_frame_with_the_board_alone_redrawn(app):
    """The glowing Shelter sites pulse while they wait for a click (they stood still until
    something else made the table draw again): each step of the pulse draws the board part
    again (``_draw_panned``), and the picture is the whole table's drawing at that moment."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    s = table.match.state
    s.pending.append(["shelter", 0])
    s._memo = None
    table.on_undo()
    app.frame(1 / 60)
    panned = []
    real = table._draw_panned
    table._draw_panned = lambda *a: (panned.append(1), real(*a))
    pictures = set()
    for _ in range(24):
        app.frame(1 / 60)
        pictures.add(pygame.image.tobytes(table._pic, "RGB"))
    assert len(pictures) >= 4 and panned  # it pulses, by the board part alone
    seat, acts = table.panel_actions()
    whole = pygame.Surface(table._pic.get_size()).convert()
    table._draw_table(whole, seat, acts)
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(table._pic, "RGB")


def test_a_records_reward_says_how_many_rewards_remain_on_it():
    """Rulebook: Record of Goods Delivered - the reward choice says how many spaces (rewards) the
    record still has; the player log shows each record's spaces filled of its spaces."""
    from types import SimpleNamespace
    from sandsofplay.tables.sand.labels import prompt_text
    table = SimpleNamespace(match=SimpleNamespace(is_over=lambda: False),
                            seat_name=lambda seat: "Amira")
    n = len(D.records["plant"])
    text = prompt_text(table, {"pending": [["choose", 0, "plant", 2]]}, 0, [])
    assert text.endswith(f"({n - 3} rewards left on that record).")
    last = prompt_text(table, {"pending": [["choose", 0, "plant", n - 2]]}, 0, [])
    assert last.endswith("(1 reward left on that record).")


def test_zhaslirs_walk_says_it_needs_no_die_and_costs_3_more_health():
    """Rulebook: The Travelers (Zhaslir walks a shortcut with no Action token, for 3 more
    Health than the route asks): the walk's button named the route's die and its cost alone
    ("Walk Sea camp (south) 6+ (1H 3F 2HP)"), while walking took 5 Health."""
    from sandsofplay.engine import A, Setup
    from sandsofplay.games.sand.moves import WALK_HEALTH
    s = GAME.new_state(Setup.make("sand", ["human", "human"], seed=3))
    here = s.players[0]["loc"]
    rid = next(r for r in D.routes_at[here] if D.routes[r].kind == "orange")
    h, f, hp = D.route_cost(s.players[0]["worm"], "orange")[1]
    label = short_label(s, 0, A("walk", rid))
    dest = D.locations[D.routes[rid].other(here)].name
    paid = " ".join(f"{n}{w}" for n, w in zip((h, f, hp + WALK_HEALTH), ("H", "F", "HP")) if n)
    assert label == f"Walk {dest}, no die ({paid})"


def test_the_care_group_is_named_for_all_three_tracks():
    """Rulebook: Care for Your Worm is one action for Hydration, Food or Health: its folded row
    held Care hydration under the name "Care for Health"."""
    from sandsofplay.tables.sand.action_list import KIND_NAMES
    assert KIND_NAMES["care"] == "Care for the Worm"


def test_a_row_label_too_long_for_its_row_is_set_smaller_or_cut_at_a_word(app):
    """A row's label fits its row: "Deliver goods here (choose Boxes, all at once)" ran past
    the panel's edge. Set smaller first (13 down to 11 px), then cut at a word with an
    ellipsis; a label that fits is drawn as it is."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    panel = table.panel
    width = panel.button_rect(0).w - 10
    font = table.text.fonts.get
    for label in ("Deliver goods here (choose Boxes, all at once)",
                  "Sea camp (centre) 5+ (2H 1F 1HP): blue 4, pay 1",
                  "Sea camp (north) 6+ (1H 3F 2HP): free blue die 4, pay 2 and more words",
                  "Pray [white token]"):
        for bold in (False, True):
            text, size = panel.fitted(label, width, bold)
            assert font(size, bold).size(text)[0] <= width, (label, text, size)
            assert 11 <= size <= 13
            assert text == label or (text.endswith("\u2026") and label.startswith(text[:-1]))
    assert panel.fitted("Pray [white token]", width, False) == ("Pray [white token]", 13)


def _key(table, key):
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_up_and_down_move_the_ring_along_the_action_list(app):
    """Keyboard play (README: Tab and the arrows move between controls): with the ring on the
    action list, Down and Up go to the next and the previous row (they panned the board, and
    the eighth row took seven Tabs); after an action, Down starts again at the list's top. On
    the board the arrows still pan."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    rows = [t.name for t in table.focus_targets() if t.name.startswith(("act:", "group:"))]
    assert len(rows) >= 3
    table.focus.visible, table.focus.name = True, rows[0]
    table.board.cam.zoom_by(1)  # zoomed in, so an arrow on the board would pan
    cam = table.board.cam.version
    _key(table, pygame.K_DOWN)
    _key(table, pygame.K_DOWN)
    assert table.focus.name == rows[2]
    _key(table, pygame.K_UP)
    assert table.focus.name == rows[1]
    for _ in range(len(rows) + 3):  # the last row stays the last
        _key(table, pygame.K_DOWN)
    assert table.focus.name == [t.name for t in table.focus_targets()
                                if t.name.startswith(("act:", "group:", "list:"))][-1]
    assert table.board.cam.version == cam  # the list's keys did not pan the board
    table.focus.name = "act:gone"  # the row of an action just taken
    _key(table, pygame.K_DOWN)
    assert table.focus.name == rows[0]
    table.focus.name = next(t.name for t in table.focus_targets()
                            if not t.name.startswith(("act:", "group:", "list:", "page:")))
    _key(table, pygame.K_RIGHT)
    _key(table, pygame.K_DOWN)
    assert table.board.cam.version != cam  # off the list, the arrows pan as before
