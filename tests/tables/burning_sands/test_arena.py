"""The arena of the Burning Sands table: each battle, raid and duel shown as its own view, what
it shows at each step, that nothing face down reaches a player (or a spectator) who may not see
it, cards in motion, and the end explained. Stand-in bots answer for every seat (through
``perform``), so each test stops exactly where it looks."""

import pygame

from sandsofplay.bots.levels import make_bot
from sandsofplay.games import get_game
from sandsofplay.games.burning_sands.observe import hidden_uids
from sandsofplay.tables.burning_sands.view import BOARD, HAND
from tests.tables.contract import layout_problems
from tests.tables.helpers import make_table

GAME = get_game("burning_sands")


def start(app, n, seed, limit=None, seats=None):
    seats = seats or ("human",) + ("bot:normal",) * (n - 1)
    return make_table(app, "burning_sands", seats, seed, **({"limit": limit} if limit else {}))


def drive(table, until, limit=6000, on_step=None):
    """Stand-ins (the normal bot, seeded like the table's own bots) answer for every seat until
    ``until(state)``; True if it came."""
    game, match = table.game, table.match
    seed = match.setup.seed
    bots = {s: make_bot(game, "normal", s, seed * 31 + s) for s in range(match.state.n)}
    for _ in range(limit):
        st = match.state
        if match.is_over() or until(st):
            return not match.is_over() or until(st)
        seat = game.to_act(st)[0]
        table.settle()  # the last step's motions and held results are left to look at
        table.perform(seat, bots[seat].decide(game.observe(st, seat),
                                              game.legal_actions(st, seat)))
        table.update_table()
        if on_step is not None:
            on_step()
    return False


def drive_until_event(table, kind):
    """``drive`` until an event of ``kind`` happens; returns the events of that kind."""
    seen = []
    table.match.listeners.append(lambda evs: seen.extend(e for e in evs if e.kind == kind))
    assert drive(table, lambda st: bool(seen))
    return seen


def top(st):
    return st.stack[-1] if st.stack else {"k": ""}


def drawn_faces(app, table):
    """The uids whose faces one drawn frame shows."""
    seen = []
    face = table.card_face
    table.card_face = lambda uid, *a, **k: (seen.append(uid), face(uid, *a, **k))[1]
    try:
        table.draw(app.screen, 0.0)
    finally:
        del table.card_face
    return set(seen)


def test_a_battle_is_its_own_view_defenders_left_attackers_right(app):
    """Battle Action Segment: the battle at one City Section is shown alone, the defending
    units on the left of the section and the attacking ones on the right, every one of them
    laid out (so it can be clicked), with the segment and whose action it is said."""
    table = start(app, 3, 3)
    assert drive(table, lambda st: top(st)["k"] == "battle")
    st = table.match.state
    model = table.arena.shown()
    assert model["kind"] == "battle"
    sec = st.atk["sec"]
    assert [ln["sec"] for ln in model["lanes"]] == [sec]
    lane = model["lanes"][0]
    units = [x for x in st.atk["units"] if x[2] == sec]
    assert sorted(lane["right"]) == sorted(x[0] for x in units if x[3] == "a")
    assert sorted(lane["left"]) == sorted(x[0] for x in units if x[3] == "d")
    placed = {u: r for u, r, _b, k in table.board_layout() if k == "card"}
    for h in lane["left"]:
        assert placed[h].right <= placed[sec].left
    for h in lane["right"]:
        assert placed[h].left >= placed[sec].right
    assert "Battle Action Segment" in model["situation"]
    assert table.seat_name(st.stack[-1]["seat"]) in model["situation"]
    assert layout_problems(table.regions()) == []


def test_damage_is_absorbed_in_the_view_and_the_battle_ends_with_units_bowed(app):
    """Absorbing Damage in Battle; End of Battle: while damage is absorbed the view says how
    much is left and who chooses; once the battle ends its picture stays a moment, the
    attacking units bowed."""
    table = start(app, 3, 3)
    assert drive(table, lambda st: top(st)["k"] == "absorb" and top(st).get("dmg", -1) > 0)
    f = top(table.match.state)
    model = table.arena.model()
    assert f"{f['left']} left to absorb" in model["situation"]
    assert table.arena_painter._engaged(table.observation()) == set(f["eng"])
    drawn_faces(app, table)  # draws the damage badge without error
    drive_until_event(table, "battle_over")
    hold = table.arena.hold
    assert hold is not None and hold["kind"] == "battle"
    assert "go home bowed" in hold["situation"]
    st = table.match.state
    for u in hold["lanes"][0]["right"]:
        if u in st.heroes[st.owner[u]]:
            assert st.bowed[u]  # the picture shows them turned sideways
    table.arena.release_hold()
    assert table.arena.hold is None


def test_maneuvers_show_each_section_and_the_allies_with_their_promises(app):
    """Ground and Flying Maneuvers: one lane for every defending City Section; the header
    names the segment; the allies invited and their Water promises are said."""
    table = start(app, 3, 3)
    assert drive(table, lambda st: top(st)["k"] == "attack" and top(st).get("step") ==
                 "maneuver")
    st = table.match.state
    model = table.arena.model()
    assert model["kind"] == "attack"
    want = [x for d in st.atk["defenders"] for x in st.sections[d] if x not in st.atk["fought"]]
    assert [ln["sec"] for ln in model["lanes"]] == want
    assert "Maneuvers" in model["situation"]
    # an ally and a promise, as the rules record them
    st.atk["invited"]["a"].append(2)
    st.atk["promise"].append([2, st.atk["attacker"]])
    table.match.version += 1
    model = table.arena.model()
    assert "promised a Water token" in model["allies"] and table.seat_name(2) in model["allies"]


def test_a_raid_keeps_the_raiding_cards_face_down_then_turns_them_over_together(app):
    """Raid Phase: the raided player sees each raider's card as a back (never its face) and
    the defender's card face up; at the resolution every raiding card is shown at once with
    the values compared."""
    table = start(app, 2, 4)
    assert drive(table, lambda st: top(st)["k"] == "raid" and top(st).get("step") == "defend")
    st = table.match.state
    f = top(st)
    table.viewer = f["seat"]  # the raided player looks
    table.arena._key = None
    model = table.arena.shown()
    assert model["kind"] == "raid" and len(model["lanes"]) == len(f["list"])
    table.board_layout()
    secret = {x[2] for x in f["list"]}
    assert not secret & {u for u, *_ in table.board_layout()}
    assert len(table.arena.backs) == len(f["list"])
    assert not secret & drawn_faces(app, table)
    results = drive_until_event(table, "raid_result")
    hold = table.arena.hold
    assert hold is not None and hold["kind"] == "raid"
    shown = {ln["rcard"] for ln in hold["lanes"]}
    assert shown == {e.data["card"] for e in results} == secret
    faces = drawn_faces(app, table)
    assert secret <= faces  # turned over together
    for ln, e in zip(hold["lanes"], results):
        assert f"Fate {e.data['raid']}" in ln["caption"]


def test_a_duel_shows_ka_roles_and_the_thrust_face_down_until_the_parry(app):
    """Challenges and Duels: both Heroes with their Ka, who thrusts and who parries; the
    thrust is a back to the parrying player until the parry reveals it; the Ka lost shows and
    the roles swap."""
    table = start(app, 2, 14)  # seed chosen so a duel goes on after its first parry
    assert drive(table, lambda st: top(st)["k"] == "duel" and top(st).get("step") == "parry")
    st = table.match.state
    f = top(st)
    thruster = st.owner[f["turn"]]
    table.viewer = f["seat"]
    table.arena._key = None
    model = table.arena.shown()
    assert model["kind"] == "duel"
    assert model["ka"] == (GAME_ka(st, f["a"]) - f["loss"][0], GAME_ka(st, f["b"]) - f["loss"][1])
    assert model["roles"][0 if f["turn"] == f["a"] else 1] == "thrusts"
    assert f["thrust"] not in drawn_faces(app, table)
    assert any(label.startswith("thrust") for _r, label in table.arena.backs)
    table.viewer = thruster  # the thruster knows the card
    table.arena._key = None
    assert f["thrust"] in {u for u, *_ in table.board_layout()}
    table.viewer = f["seat"]
    table.arena._key = None
    old_turn = f["turn"]
    thrust = f["thrust"]
    # past the parry and its Reaction window, to the round's resolution (the roles swap)
    assert drive(table, lambda st: duel_frame(st) is None or duel_frame(st)["turn"] != old_turn)
    assert top(table.match.state).get("k") == "duel"  # this duel goes on after the parry
    model = table.arena.model()
    assert model["reveal"] is not None and model["reveal"][0] == thrust
    assert thrust in drawn_faces(app, table)
    assert "loses" in model["reveal"][2]
    assert model["roles"][0 if old_turn == f["a"] else 1] == "parries"  # roles swapped
    over = []
    table.match.listeners.append(lambda evs: over.extend(e for e in evs if e.kind == "duel_over"))
    assert drive(table, lambda st: bool(over))
    hold = table.arena.hold  # the result stays a moment, explained
    assert hold["kind"] == "duel" and hold["step"] == "over"
    assert "wins the duel" in hold["situation"] or "tie" in hold["situation"]
    assert "no Ka left" in hold["situation"] if min(hold["ka"]) <= 0 else \
        f"Ka {hold['ka'][0]} against {hold['ka'][1]}" in hold["situation"]
    assert hold["reveal"] is not None and hold["thrust"] == -1  # the last exchange face up


def duel_frame(st):
    """The duel being fought, under any Reaction window opened in it."""
    return next((f for f in reversed(st.stack) if f["k"] == "duel"), None)


def GAME_ka(st, h):
    from sandsofplay.games.burning_sands.cards import ka
    return ka(st, h)


def test_nothing_face_down_is_drawn_to_a_player_or_a_spectator_who_may_not_see_it(app):
    """Hidden information: at every step of a game, neither the acting player's view nor a
    spectator's shows the face of a card that observation hides (hands, decks, face-down raid
    cards, thrusts), and bots' bubbles never name one."""
    table = start(app, 2, 8, limit=10, seats=("human", "human"))
    checked = [0]

    def look():
        st = table.match.state
        acting = GAME.to_act(st)
        for viewer in ([acting[0]] if acting else []) + [None]:
            table.viewer = viewer
            table.arena._key = None
            hidden = hidden_uids(st, viewer)
            assert not drawn_faces(app, table) & hidden, viewer
            checked[0] += 1

    drive(table, lambda st: False, limit=900, on_step=look)
    assert checked[0] > 100


def test_a_bots_face_down_choice_is_said_without_its_card(app):
    """Raiding / Challenges and Duels: a bot laying a raid card or thrusting says so in its
    bubble without naming the card."""
    table = start(app, 2, 14, seats=("bot:normal", "bot:normal"))  # a seed with a duel
    assert drive(table, lambda st: top(st)["k"] == "duel" and top(st).get("step") == "thrust"
                 and top(st)["seat"] >= 0)
    st = table.match.state
    seat = top(st)["seat"]
    thrusts = [a for a in GAME.legal_actions(st, seat) if a.kind == "thrust"]
    assert thrusts
    from sandsofplay.games.burning_sands.cards import card
    name = card(st, thrusts[0].args[0]).name
    table.bot_acts(seat, thrusts[0])
    said = table.bubbles[seat][0]
    assert "face down" in said and name not in said


def test_a_card_played_flies_from_the_hand_and_a_bowing_card_turns(app):
    """Bringing Cards into Play; bowing: the card played glides from where it was in the hand
    to its place; a card that bows turns from upright to sideways."""
    table = start(app, 2, 3)
    table.update_table()
    obs = table.observation()

    def playable(st):
        if GAME.to_act(st) != (0,):
            return False
        return any(a.kind == "play" and a.args[0] in st.hand[0]
                   for a in GAME.legal_actions(st, 0))
    assert drive(table, playable)
    st = table.match.state
    table.update_table()
    obs = table.observation()
    hand = dict(table.hand_rects(obs))
    play = next(a for a in GAME.legal_actions(st, 0) if a.kind == "play" and a.args[0] in hand)
    uid = play.args[0]
    table.perform(0, play)
    table.update_table()
    assert drive(table, lambda st: uid in {u for u, *_ in table.board_layout()}, limit=300)
    table.update_table()
    move = table.motion.moves[uid]
    assert move.src == table.motion.last_seen[uid]  # where it was last seen in the hand
    assert HAND.colliderect(move.src) and BOARD.contains(table.card_rect(uid, table.observation()))
    # bowing: find a card that bows
    before = list(table.match.state.bowed)
    assert drive(table, lambda st: any(st.bowed[u] and not before[u]
                                       for u, *_ in table.board_layout()), limit=400)
    table.update_table()
    st = table.match.state
    turned = [u for u, m in table.motion.moves.items() if st.bowed[u] and not before[u]
              and m.a0 == 0.0]
    assert turned
    pygame.event.pump()
    table.draw(app.screen, 0.0)  # a turning card is drawn rotated without error


def test_the_end_says_how_the_game_was_won(app):
    """How to Win: the end names the winner, the kind of victory (Story, Military, the
    Sultan's judgement) and each player's standing, on a panel that overlaps nothing."""
    table = start(app, 3, 5, limit=10)
    assert drive(table, lambda st: False, limit=20000) or table.match.is_over()
    assert table.match.is_over()
    lines = [t for t, _s, _c in table.end.lines()]
    out = GAME.outcome(table.match.state)
    assert table.seat_name(out.winners[0]) in lines[0]
    assert any(w in lines[1] for w in ("Military Victory", "Story Victory", "Sultan",
                                       "Alternate"))
    assert len(lines) == 2 + table.match.state.n
    regions = table.regions()
    assert "panel:end" in regions and layout_problems(regions) == []
    table.draw(app.screen, 0.0)


def test_the_table_view_button_shows_the_rows_with_the_same_choices(app):
    """The arena can be set aside (V or the top bar's button) and brought back; both views
    offer the same cards to click."""
    table = start(app, 3, 3)
    assert drive(table, lambda st: top(st)["k"] == "battle" and top(st)["seat"] == 0)
    table.update_table()
    arena = set(table.choices.split(0)[0])
    assert table.arena.shown() is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v",
                                         scancode=0))
    app.frame(1 / 60)
    assert table.arena.hidden and table.arena.shown() is None
    table.choices._split_key = None
    assert set(table.choices.split(0)[0]) == arena
    assert "button:arena" in table.regions()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 17), button=1))
    app.frame(1 / 60)
    assert not table.arena.hidden and table.arena.shown() is not None


def test_with_two_humans_the_curtain_falls_before_a_parry_and_hides_the_thrust(app):
    """Challenges and Duels, hot-seat: after one person thrusts face down, the curtain comes
    down before the other parries; behind it nothing of the table is drawn, and after it the
    thrust is a card back."""
    from sandsofplay.ui.scenes.overlays import CurtainScene
    table = start(app, 2, 14, seats=("human", "human"))  # a seed with a duel
    assert drive(table, lambda st: top(st)["k"] == "duel" and top(st).get("step") == "thrust")
    st = table.match.state
    thruster = top(st)["seat"]
    table.viewer = thruster
    table.settle()
    table.update()  # the thruster is looking
    app.apply_ops()
    while isinstance(app.top, CurtainScene):
        app.top.back()
        app.apply_ops()
    assert table.viewer == thruster
    thrust = next(a for a in GAME.legal_actions(st, thruster) if a.kind == "thrust")
    table.perform(thruster, thrust)
    parrier = top(st)["seat"]
    assert parrier != thruster
    faces = []
    face = table.card_face
    table.card_face = lambda uid, *a, **k: (faces.append(uid), face(uid, *a, **k))[1]
    try:
        app.frame(1 / 60)  # the table hands over: the curtain first
        assert isinstance(app.top, CurtainScene) and table.viewer == parrier
        app.frame(1 / 60)
        assert faces == []  # behind the curtain the table is not drawn
        app.top.back()
        app.apply_ops()
        app.frame(1 / 60)
        assert faces and thrust.args[0] not in faces
        assert any(label.startswith("thrust") for _r, label in table.arena.backs)
    finally:
        del table.card_face


def can_go_home(st):
    """A seat in a battle may send one of its units home."""
    f = top(st)
    return f["k"] == "battle" and f["seat"] >= 0 and any(
        a.kind == "home" for a in GAME.legal_actions(st, f["seat"]))


def send_home(table, until):
    """Play until ``until`` holds (a state where a unit may go home), then the seat in the
    battle sends a unit home; returns that Hero."""
    assert drive(table, until)
    table.settle()
    table.update_table()
    st = table.match.state
    seat = top(st)["seat"]
    home = next(a for a in GAME.legal_actions(st, seat) if a.kind == "home")
    table.perform(seat, home)
    table.update_table()
    return home.args[0]


def walks_off_bowed(table, hero):
    gone = [g for g in table.motion.ghosts if g[0] == hero]
    return gone and gone[0][4] != 0 and not gone[0][5] and gone[0][2]


def test_a_unit_sent_home_walks_off_the_battle_and_a_destroyed_card_fades(app):
    """Battle Action Segment (sending a unit home, bowed); Absorbing Damage (destroyed
    cards): the unit leaves the battle's view towards its own side, the destroyed card fades
    crossed out where it stood."""
    table = start(app, 3, 4)  # a seed whose battle goes on after the unit is sent home
    hero = send_home(table, can_go_home)
    assert walks_off_bowed(table, hero)
    table.draw(app.screen, 0.0)
    drops, seen = [], [set()]
    table.match.listeners.append(lambda evs: drops.extend(e for e in evs
                                                         if e.kind == "destroyed"))

    def look():
        if not drops:
            seen[0] = {u for u, _r, _b, k in table.board_layout() if k == "card"}
    assert drive(table, lambda st: any(e.data["card"] in seen[0] for e in drops), on_step=look)
    crossed = {g[0] for g in table.motion.ghosts if g[5]}
    assert {e.data["card"] for e in drops} & seen[0] <= crossed


def test_a_unit_whose_going_home_ends_the_battle_is_not_left_in_its_last_picture(app):
    """Battle Action Segment; End of Battle: when the only unit of a battle is sent home the
    battle ends; its picture, held a moment, no longer shows that unit, which walks off bowed
    (seed 3: the attacker alone at its section goes home)."""
    table = start(app, 3, 3)

    def alone_can_go_home(st):
        return can_go_home(st) and len([x for x in st.atk["units"] if x[2] == top(st)["sec"]]) == 1
    hero = send_home(table, alone_can_go_home)
    hold = table.arena.hold
    assert hold is not None and hold["kind"] == "battle"  # the battle ended
    assert all(hero not in ln["left"] + ln["right"] for ln in hold["lanes"])
    assert hero not in {u for u, *_ in table.board_layout()}
    assert walks_off_bowed(table, hero)
