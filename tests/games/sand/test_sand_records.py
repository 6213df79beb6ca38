"""Sand: the Records of Goods Delivered and their rewards, the Shelter, the Worms, the Companions,
the Specialization Seals and the Desert Travelers."""

from sandsofplay.games.sand.data import get

from .helpers import BUSY, POOL, READY, act, deliver_all, legal_texts, scene

D = get()


def test_third_plant_space_places_the_shelter_anywhere_free():
    """The Shelters: covering the third plant space places the Shelter in any city, oasis or camp
    without another player's Shelter; you need not be there."""
    s = scene(loc="port")
    me, other = s.cur, 1 - s.cur
    s.players[other]["shelter"] = "oasis_2"
    p = s.players[me]
    p["rec"]["plant"] = ["blue", "red"]
    p["cargo"] = [[0, ["blue"]]]
    p["tok"][0] = BUSY
    deliver_all(s)
    opts = legal_texts(s)
    assert all(o.startswith("shelter ") for o in opts)
    assert "shelter oasis_2" not in opts and "shelter port" not in opts
    assert "shelter tash_vireen" in opts
    act(s, "shelter tash_vireen")
    assert p["shelter"] == "tash_vireen"


def test_shelter_store_and_retrieve_at_no_cost():
    """The Shelters: at the Shelter, goods go in and out at no action cost; a stored plant frees its
    token; a retrieved plant occupies its token again."""
    s = scene(tokens=("red",), loc="oasis_1", shelter="oasis_1")
    p = s.players[s.cur]
    p["cargo"] = [[0, ["blue"]]]
    p["tok"][0] = BUSY
    act(s, "store 0")
    assert p["store"] == ["blue"] and p["tok"][0] == POOL and p["cargo"] == []
    assert not any(t.startswith("retrieve") for t in legal_texts(s))  # one way per turn (ruling 6)
    s.turn["shelter"] = ""
    act(s, "retrieve 0")
    assert p["cargo"] == [[0, ["blue"]]] and p["tok"][0] == BUSY


def test_money_chest_after_a_full_record():
    """Money Chest: once a record is full, each further Box of that type pays 5 coins."""
    s = scene(loc="port")
    p = s.players[s.cur]
    p["rec"]["iwakura"] = ["gray"] * 3
    p["cargo"] = [[-1, ["gray"]]]
    deliver_all(s)
    assert p["coins"] == 5 + 8 + 5
    assert len(p["rec"]["iwakura"]) == 4


def test_choice_reward_with_slash():
    """Record of Goods Delivered: a space with "/" offers either reward."""
    s = scene(loc="okh_ham")
    p = s.players[s.cur]
    p["rec"]["craft"] = ["orange", "orange"]  # the third craft space: worm / 4 coins
    p["cargo"] = [[-1, ["yellow"]]]
    deliver_all(s)
    assert legal_texts(s) == ["reward 0", "reward 1"]
    act(s, "reward 1")
    assert p["coins"] == 5 + 4 + 4 and p["worm"] == 0


def test_worm_evolution_unlocks_the_fourth_space_and_gives_boons():
    """The Worms: the first evolution removes the Blocked tile (four actions) and gives the tile's
    boons; the second removes the tile; the costs fall."""
    s = scene(loc="okh_ham", hyd=5, food=5)
    p = s.players[s.cur]
    p["rec"]["craft"] = ["orange", "orange"]
    p["cargo"] = [[-1, ["yellow"]]]
    deliver_all(s)
    act(s, "reward 0")
    assert p["worm"] == 1 and p["slots"] == 4 and (p["hyd"], p["food"]) == (8, 8)
    assert D.route_cost(1, "gray") == (4, (1, 1, 1))


def test_combined_advances_one_point_at_a_time():
    """Record of Goods Delivered: combined advances are split over Hydration, Food and Health."""
    s = scene(loc="camp_s1", hyd=10, food=15, hp=5)
    s.camps["camp_s1"] = "orange"
    p = s.players[s.cur]
    p["rec"]["plant"] = ["blue", "red", "red"]  # fourth space: combined 3
    p["cargo"] = [[0, ["blue"]]]
    p["tok"][0] = BUSY
    deliver_all(s)
    assert legal_texts(s) == ["advance hydration", "advance health"]
    act(s, "advance hydration")
    act(s, "advance health")
    act(s, "advance health")
    assert (p["hyd"], p["food"], p["hp"]) == (11, 15, 7)
    assert not s.pending


def test_companion_flip_is_chosen():
    """The Companions: flip the one that suits you best."""
    s = scene(loc="okh_ham")
    p = s.players[s.cur]
    p["cargo"] = [[-1, ["purple"]]]
    p["rec"]["relic"] = ["pink", "pink"]  # third relic space: companion
    deliver_all(s)
    assert legal_texts(s) == ["companion custodian", "companion navigator",
                              "companion young_worm", "companion shaman"]
    act(s, "companion navigator")
    assert p["comp"] == ["navigator"]


def test_seal_example_six_blue_boxes():
    """The Specialization Seals (example): the blue Seal with 6 blue Boxes delivered is worth 6."""
    from sandsofplay.games.sand.scoring import breakdown
    s = scene(loc="camp_s1")
    p = s.players[s.cur]
    p["rec"]["plant"] = ["blue", "blue", "blue", "red"]
    p["cargo"] = [[0, ["blue"]]]
    p["tok"][0] = BUSY
    deliver_all(s)
    while s.pending:
        act(s, legal_texts(s)[0])
    assert p["seals"] == ["blue"] and "blue" not in s.seals
    p["rec"]["plant"] += ["blue", "blue"]
    assert breakdown(s, s.cur)["seals"] == 6


def test_custodian_single_token_health():
    """The Custodian: Health with one token, black or white, and again with the other."""
    s = scene(tokens=("black", "white"), dice=(1, 1, 2, 3), hp=2, comp=["custodian"], coins=0,
              pray=0)
    p = s.players[s.cur]
    act(s, "tend black")
    act(s, "tend white")
    assert p["hp"] == 7


def test_navigator_two_legs_with_one_token():
    """The Navigator: one token travels two legs (its die meeting both), other actions between."""
    s = scene(tokens=("blue", "white"), dice=(5, 1, 4, 1), loc="port", comp=["navigator"])
    p = s.players[s.cur]
    act(s, "navigate r04 blue")  # gray, die 5
    assert p["loc"] == "mer_khaddu"
    act(s, "pray white")
    assert "leg r10" in legal_texts(s)  # Mer-Khaddu - camp_s3 green (4 <= 5)
    act(s, "leg r10")
    assert p["loc"] == "camp_s3"
    assert not any(t.startswith("leg") for t in legal_texts(s))


def test_young_worm_two_boxes_of_a_colour_and_free_load():
    """The Young Worm: two Boxes of one colour on one space; a free load onto an occupied token in
    a city the Worm arrives at."""
    s = scene(tokens=("red", "blue"), dice=(4, 1, 1, 1), loc="port", comp=["young_worm"])
    s.cities["okh_ham"] = ["red", "red"]
    p = s.players[s.cur]
    act(s, "travel r01 blue")
    act(s, "load 0")
    assert "stack 1" in legal_texts(s)
    act(s, "stack 1")
    assert p["cargo"] == [[1, ["red", "red"]]]


def test_shaman_iwakura_and_missions():
    """The Shaman: once a turn a relic in the Shelter becomes an Iwakura rock; delivering one
    discards kept Missions and no more can be kept."""
    s = scene(loc="port", shelter="oasis_1", comp=["shaman"], kept=[3])
    p = s.players[s.cur]
    p["store"] = ["purple", "brown"]
    act(s, "shaman 0")
    assert p["store"] == ["gray", "brown"] and s.reserve["purple"] == 6 and s.reserve["gray"] == 4
    assert not any(t.startswith("shaman") for t in legal_texts(s))
    p["cargo"] = [[-1, ["gray"]]]
    p["store"] = ["brown"]
    deliver_all(s)
    assert p["kept"] == [] and 3 in s.mdiscard


def test_travelers_sonett_swap():
    """Sonett, the Achiever: a Shelter Box is swapped for another colour of the same type."""
    s = scene(trav="sonett", shelter="oasis_1")
    p = s.players[s.cur]
    p["store"] = ["blue"]
    bag = dict(s.bag)
    act(s, "sonett 0 red")
    assert p["store"] == ["red"] and s.bag["blue"] == bag["blue"] + 1


def test_travelers_zhaslir_free_shortcut():
    """Zhaslir, the Walker: a shortcut with no token and no die, 3 more Health."""
    s = scene(tokens=(), loc="port", trav="zhaslir")
    p = s.players[s.cur]
    act(s, "walk r34")
    assert p["loc"] == "camp_s1" and p["hp"] == 10 - 2 - 3
    assert not any(t.startswith("walk") for t in legal_texts(s))


def test_travelers_zorthack_acolyte_for_two_coins():
    """Zorthack, the Druid: with a Shelter and no Shaman, a blue acolyte brings a red plant for
    2 coins."""
    s = scene(tokens=("blue",), trav="zorthack", shelter="oasis_1")
    s.cities["okh_ham"] = ["red", ""]
    act(s, "acolyte okh_ham 0 blue")
    assert s.players[s.cur]["store"] == ["red"] and s.players[s.cur]["coins"] == 3


def test_travelers_narosh_bonus():
    """Narosh, the Whisperer: +6 Hydration or Food, +4 Health."""
    s = scene(tokens=("blue",), dice=(1, 1, 1, 1), hyd=2, trav="narosh", coins=0, pray=0)
    act(s, "care hydration blue")
    assert s.players[s.cur]["hyd"] == 9


def test_travelers_stamash_load_keeps_token_free():
    """Stamash, the Skilled: loading does not occupy the token."""
    s = scene(tokens=("red",), loc="okh_ham", trav="stamash")
    s.cities["okh_ham"] = ["red", ""]
    act(s, "load 0")
    p = s.players[s.cur]
    assert p["cargo"] == [[-1, ["red"]]] and p["tok"][1] != BUSY


def test_travelers_zhirtalla_prayers_each_morning():
    """Zhirtalla, the Devotee: six Prayers at the start of each round's Morning."""
    from sandsofplay.games.sand.upkeep import start_round
    s = scene(trav="zhirtalla", pray=1)
    start_round(s, [])
    assert s.players[s.cur]["pray"] == 7 or any(p["pray"] == 7 for p in s.players)


def test_travelers_surmesh_turns_two_dice_over():
    """Surmesh, the Pythoness: two dice show their opposite faces for the turn."""
    s = scene(tokens=("black",), dice=(1, 1, 1, 2), trav="surmesh")
    p = s.players[s.cur]
    before = p["prest"]
    act(s, "surmesh white black")
    act(s, "prestige black")
    assert p["prest"] == before + 5
    act(s, "end")
    assert s.dice == [1, 1, 1, 2] and s.turn["flip"] == []


def test_travelers_zhema_songs_cannot_be_removed():
    """Zhema, the Muse: others cannot remove her Songs."""
    s = scene(tokens=("blue",), loc="okh_ham")
    other = 1 - s.cur
    s.players[other]["trav"] = "zhema"
    s.players[other]["songs"] = 5
    s.songs["okh_ham"] = other
    assert "song blue" not in legal_texts(s)


def test_ready_tokens_count_against_spaces():
    """Load/Deliver Crafts: a received craft needs a free space in the Actions Used section."""
    s = scene(tokens=("blue", "black", "red"), loc="camp_s1")
    s.camps["camp_s1"] = "orange"
    p = s.players[s.cur]
    assert p["tok"].count(READY) == 3
    p["rec"]["plant"] = []
    p["cargo"] = []
    from sandsofplay.games.sand.goods import load_box
    assert not load_box(p, "orange", -1, False)


def test_navigator_second_leg_needs_the_same_die():
    """The Navigator: the die used must be enough for both paths."""
    s = scene(tokens=("blue",), dice=(4, 1, 1, 1), loc="port", comp=["navigator"], coins=0,
              pray=0)
    act(s, "navigate r01 blue")  # green, die 4 is enough
    assert s.players[s.cur]["loc"] == "okh_ham"
    legs = [t for t in legal_texts(s) if t.startswith("leg")]
    kinds = {D.routes[t.split()[1]].kind for t in legs}
    assert kinds == {"green"}  # no money to raise: shortcuts (6) are out of reach


def test_stamash_may_occupy_a_token_for_the_young_worm():
    """Stamash, the Skilled: to use the Young Worm, the ability is given up for that load."""
    s = scene(tokens=("red", "blue"), dice=(4, 1, 1, 1), loc="port", trav="stamash",
              comp=["young_worm"])
    s.cities["okh_ham"] = ["red", "red"]
    act(s, "travel r01 blue")
    assert "load 0 token" in legal_texts(s)
    act(s, "load 0 token")
    assert "stack 1" in legal_texts(s)


def test_reward_with_nothing_left_to_give_is_skipped():
    """The Companions: a Companion reward when all four are flipped gives nothing (no question)."""
    s = scene(loc="port")
    p = s.players[s.cur]
    p["comp"] = ["custodian", "navigator", "young_worm"]
    p["rec"]["plant"] = ["blue"] * 4  # fifth plant space: companion
    p["rec"]["craft"] = ["orange"]  # second craft space: companion
    p["cargo"] = [[0, ["red"]], [-1, ["yellow"]]]
    p["tok"][0] = BUSY
    p["cargo"][0][0] = 1
    p["tok"] = [POOL, BUSY, POOL, POOL]
    deliver_all(s)
    assert legal_texts(s) == ["companion shaman"]
    act(s, "companion shaman")
    assert not s.pending and "end" in legal_texts(s)


def test_young_worm_stacks_two_crafts_of_a_colour():
    """The Young Worm: two Boxes of one colour share a space (crafts too)."""
    from sandsofplay.games.sand.goods import load_box
    s = scene(tokens=(), comp=["young_worm"])
    p = s.players[s.cur]
    p["cargo"] = [[-1, ["orange"]], [-1, ["green"]], [-1, ["yellow"]]]
    assert load_box(p, "orange", -1, True)
    assert p["cargo"][0] == [-1, ["orange", "orange"]]
    assert not load_box(p, "purple", -1, True)
