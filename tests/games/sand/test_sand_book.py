"""Sand brought to the book (issue 26): the Navigator's second leg and its raise, record rewards in
the order the Boxes are placed, an abandoned Box's die for the next turn only, the Young Worm's
single double space, Prestige without a top, tie-breaks and Missions after an Iwakura delivery."""

from sandsofplay.games.sand.data import get

from .helpers import BUSY, GAME, POOL, READY, act, deliver_all, legal_texts, scene

D = get()


def legs(s):
    return [t for t in legal_texts(s) if t.startswith("leg")]


# --- The Navigator ------------------------------------------------------------------------------

def test_navigator_gray_then_shortcut_raises_the_die_for_the_second_leg():
    """The Navigator / Modifying the Value of a Die: the die must satisfy both paths and money may
    raise it, so after a gray leg on a 5 a shortcut (6) is offered and costs one more coin."""
    s = scene(tokens=("blue",), dice=(5, 1, 1, 1), loc="port", comp=["navigator"], coins=5,
              pray=0)
    p = s.players[s.cur]
    act(s, "navigate r04 blue")  # gray, the 5 is enough
    assert p["loc"] == "mer_khaddu" and p["coins"] == 5
    assert "leg r42" in legs(s) and "leg r43" in legs(s)  # shortcuts, 6 wanted
    assert "raising the die by 1" in GAME.describe(s, s.cur, next(
        a for a in GAME.legal_actions(s, s.cur) if str(a) == "leg r42"))
    act(s, "leg r42")
    assert p["loc"] == "camp_s2" and p["coins"] == 4 and s.turn["nav_value"] == 6
    assert legs(s) == []


def test_navigator_raise_for_the_second_leg_asks_prayers_or_coins():
    """Modifying the Value of a Die: Prayers and money combine for the second leg's raise too."""
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="port", comp=["navigator"], coins=3,
              pray=2)
    p = s.players[s.cur]
    act(s, "navigate r01 blue")  # green, 4
    act(s, "leg r36")  # Okh-ham - K'her-Txack shortcut: 6 wanted, 2 more
    assert legal_texts(s) == ["prayers 0", "prayers 1", "prayers 2"]
    act(s, "prayers 1")
    assert (p["loc"], p["pray"], p["coins"]) == ("kher_txack", 1, 2)


def test_navigator_second_leg_only_when_the_raise_is_affordable():
    """The Navigator: a second leg needing more than the player can raise is not offered."""
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="port", comp=["navigator"], coins=1,
              pray=0)
    act(s, "navigate r01 blue")
    kinds = {D.routes[t.split()[1]].kind for t in legs(s)}
    assert kinds == {"green"}  # the shortcuts want 6: two more, one coin
    s.players[s.cur]["coins"] = 2
    kinds = {D.routes[t.split()[1]].kind for t in legs(s)}
    assert kinds == {"green", "orange"}


def test_navigator_first_leg_raise_covers_an_easier_second_leg():
    """The Navigator: a die raised for a shortcut first leg is raised for the whole turn; a green
    second leg then costs nothing more."""
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="port", comp=["navigator"], coins=5,
              pray=0)
    p = s.players[s.cur]
    act(s, "navigate r34 blue")  # shortcut to camp_s1: 6 wanted, 2 coins
    assert p["coins"] == 3 and s.turn["nav_value"] == 6
    act(s, "leg r05")  # green back to Okh-ham
    assert p["loc"] == "okh_ham" and p["coins"] == 3


def test_navigator_second_leg_closes_with_another_travel():
    """The Navigator: the second leg is the next segment of the same route; actions other than
    Travel may come between, another Travel ends it."""
    s = scene(tokens=("blue", "red", "white"), dice=(5, 4, 2, 1), loc="port",
              comp=["navigator"])
    act(s, "navigate r04 blue")  # to Mer-Khaddu
    act(s, "pray white")
    assert "leg r10" in legs(s)
    act(s, "travel r10 red")  # a separate Travel to camp_s3
    assert legs(s) == [] and s.turn["nav"] == 2


# --- Record rewards in order --------------------------------------------------------------------

def camp_with(cargo_colours, rec):
    s = scene(loc="camp_s1")
    s.camps["camp_s1"] = "orange"  # white + red main tribe
    p = s.players[s.cur]
    p["prest"] = 0
    p["tok"] = [POOL] * 4
    p["cargo"] = []
    for c in cargo_colours:
        ci = ("blue", "red", "white", "black").index(c)
        p["cargo"].append([ci, [c]])
        p["tok"][ci] = BUSY
    p["rec"]["plant"] = list(rec)
    return s, p


def test_shelter_comes_at_once_with_the_third_box_before_later_rewards():
    """The Shelters / Record of Goods Delivered: the Shelter is placed as soon as the third plant
    space is covered, before the next Box of the same delivery gives its reward."""
    s, p = camp_with(["blue", "red"], ["black", "black"])
    p["hyd"] = 10
    deliver_all(s)
    assert all(t.startswith("shelter ") for t in legal_texts(s))  # third space first
    assert len(p["rec"]["plant"]) == 3  # the fourth Box waits for the answer
    act(s, "shelter tash_vireen")
    assert len(p["rec"]["plant"]) == 4
    assert all(t.startswith("advance ") for t in legal_texts(s))  # then the fourth's combined


def test_record_rewards_follow_the_order_the_boxes_are_placed():
    """Delivery of Goods: each Box's space gives its reward when that Box is placed: a Companion
    question on the fifth space comes before the sixth space's Worm and the seventh's coins."""
    s, p = camp_with(["blue", "red", "white"], ["black"] * 4)
    coins = p["coins"]
    deliver_all(s)
    assert legal_texts(s)[0].startswith("companion ")
    assert p["worm"] == 0 and len(p["rec"]["plant"]) == 5
    paid = p["coins"]
    act(s, "companion navigator")
    assert p["worm"] == 1 and len(p["rec"]["plant"]) == 7
    assert p["coins"] == paid + 3 and paid > coins  # fares first, then the seventh space's 3
    assert not s.pending and "end" in legal_texts(s)


# --- Abandoned Goods ----------------------------------------------------------------------------

def abandoned_last_turn(**kw):
    s = scene(**kw)
    p = s.players[s.cur]
    p["aband"] = [["blue", p["turns"] - 1]]
    return s, p


def test_abandoned_box_die_is_for_the_next_turn_only():
    """Abandoned Goods (example): the free die may be used during the player's next turn, not
    afterwards."""
    s, p = abandoned_last_turn(hyd=5)
    assert "care hydration die:blue" in legal_texts(s)
    p["turns"] += 1  # a turn later
    assert "care hydration die:blue" not in legal_texts(s)
    assert p["aband"] == [["blue", p["turns"] - 2]]  # the Box stays on the board


def test_load_plants_with_an_abandoned_box_die():
    """Abandoned Goods / Load Plants: the free die does any action it allows, Load Plants too:
    the Box takes a free space without a token and the abandoned Box goes to the bag."""
    s, p = abandoned_last_turn(loc="okh_ham", tokens=())
    s.cities["okh_ham"] = ["blue", ""]
    bag = s.bag["blue"]
    assert "load 0 die:blue" in legal_texts(s)
    act(s, "load 0 die:blue")
    assert p["cargo"] == [[-1, ["blue"]]] and p["tok"][0] == POOL
    assert p["aband"] == [] and s.bag["blue"] == bag + 1


def test_load_plants_with_the_free_die_needs_a_free_space():
    """Load Plants: the Box must have a space; with every space taken the free die cannot load."""
    s, p = abandoned_last_turn(loc="okh_ham", tokens=("red", "white", "black"))
    s.cities["okh_ham"] = ["blue", ""]
    assert "load 0 die:blue" not in legal_texts(s)


# --- The Young Worm -----------------------------------------------------------------------------

def test_young_worm_two_boxes_on_one_space_only():
    """The Young Worm: two Boxes on *one* of the spaces: with a space already doubled, no other
    space takes a second Box."""
    from sandsofplay.games.sand.goods import load_box
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="port", comp=["young_worm"])
    p = s.players[s.cur]
    p["cargo"] = [[1, ["red", "red"]], [3, ["black"]]]
    p["tok"] = [READY, BUSY, POOL, BUSY]
    s.cities["okh_ham"] = ["black", ""]
    act(s, "travel r01 blue")
    assert "stack 0" not in legal_texts(s)
    p["cargo"] = [[-1, ["orange", "orange"]], [-1, ["yellow"]]]
    assert load_box(p, "yellow", -1, True)  # a received craft takes a space of its own
    assert p["cargo"][1:] == [[-1, ["yellow"]], [-1, ["yellow"]]]


def test_young_worm_free_load_only_on_arriving_in_a_city():
    """The Young Worm: the free load is when passing through (arriving at) a city, not in the city
    where the turn began."""
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="okh_ham", comp=["young_worm"])
    p = s.players[s.cur]
    p["cargo"] = [[1, ["red"]]]
    p["tok"][1] = BUSY
    s.cities["okh_ham"] = ["red", ""]
    assert "stack 0" not in legal_texts(s)
    s.cities["port"] = ["", ""]
    act(s, "travel r01 blue")  # to the port and ...
    p["tok"][0] = READY
    act(s, "travel r01 blue")  # ... back: arriving now
    assert "stack 0" in legal_texts(s)


def test_young_worm_shelter_retrieve_respects_the_single_double_space():
    """The Young Worm / The Shelters: a Box taken from the Shelter doubles a space only while no
    other space is doubled."""
    from sandsofplay.games.sand.moves import can_retrieve
    s = scene(tokens=(), comp=["young_worm"])
    p = s.players[s.cur]
    p["cargo"] = [[0, ["blue"]], [1, ["red", "red"]], [3, ["black"]]]
    p["tok"] = [BUSY, BUSY, POOL, BUSY]
    assert not can_retrieve(p, "blue")
    p["cargo"][1][1] = ["red"]
    assert can_retrieve(p, "blue")


# --- Prestige -----------------------------------------------------------------------------------

def test_prestige_has_no_top():
    """Earn Prestige: the track has no top in the rulebook: 20 and a black 6 make 26."""
    s = scene(tokens=("black",), dice=(1, 1, 1, 6), prest=20)
    assert "prestige black" in legal_texts(s)
    act(s, "prestige black")
    assert s.players[s.cur]["prest"] == 26
    assert GAME.check_invariants(s) == []


# --- End of the game ----------------------------------------------------------------------------

def test_tie_break_plants_before_iwakura():
    """End of the Game: on equal money the most plants wins, before the most Iwakura rocks."""
    from sandsofplay.games.sand.scoring import finish
    s = scene(n=2)
    for p in s.players:
        p["coins"], p["kept"], p["minor"] = 20, [], []
    s.songs = {c: -1 for c in s.songs}
    s.players[0]["rec"]["plant"] = ["red", "red"]
    s.players[1]["rec"]["plant"] = ["red"]
    s.players[1]["rec"]["iwakura"] = ["gray", "gray", "gray"]
    finish(s, [])
    assert s.result["winners"] == [0]


def test_tie_break_iwakura_before_missions():
    """End of the Game: with equal money and plants, the most Iwakura rocks wins before the most
    Missions accomplished."""
    from sandsofplay.games.sand.scoring import finish
    s = scene(n=2)
    for p in s.players:
        p["coins"], p["kept"], p["minor"] = 20, [], []
    s.songs = {c: -1 for c in s.songs}
    s.players[0]["rec"]["iwakura"] = ["gray"]
    none_relic = [m for m, mi in D.missions.items() if mi.kind == "none" and mi.type == "craft"]
    s.players[1]["kept"] = none_relic[:1]
    s.players[1]["coins"] = 20 - D.missions[none_relic[0]].reward
    finish(s, [])
    assert s.result["breakdown"][1]["met"] == 1
    assert s.result["winners"] == [0]


def test_no_mission_kept_after_an_iwakura_delivery():
    """The Shaman: after an Iwakura rock is delivered, Missions can only be cashed, not kept."""
    s = scene(n=2)
    s.step = "keep"
    seat = s.cur
    s.picks = [[seat, s.display[0]]]
    s.queue = [seat]
    assert "keep_mission" in legal_texts(s)
    s.players[seat]["rec"]["iwakura"] = ["gray"]
    assert legal_texts(s) == ["take_reward"]
