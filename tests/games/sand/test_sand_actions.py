"""Sand: the actions of a turn (Rulebook: Game Turns, Actions of the Game) and the rulebook's
worked examples for them."""

import pytest

from .helpers import BUSY, GAME, POOL, READY, IllegalAction, act, deliver, legal_texts, scene


def test_travel_example_gray_path_costs():
    """Travel (example): a gray path with the white die at 5 costs 2 Hydration, 1 Food and 1 Health
    on the basic Worm, and the token is used."""
    s = scene(tokens=("white",), dice=(1, 1, 5, 1), loc="port")
    p = s.players[s.cur]
    act(s, "travel r04 white")  # port - Mer-Khaddu, gray
    assert p["loc"] == "mer_khaddu"
    assert (p["hyd"], p["food"], p["hp"]) == (13, 14, 9)
    assert p["tok"][2] != READY
    assert p["coins"] == 5


def test_travel_example_shortcut_wants_a_six_and_costs_more():
    """Travel (example): the shortcut wants a 6 and costs 1 Hydration, 3 Food and 2 Health."""
    s = scene(tokens=("blue",), dice=(6, 1, 1, 1), loc="port")
    p = s.players[s.cur]
    act(s, "travel r34 blue")  # port - sea camp (north), orange
    assert p["loc"] == "camp_s1"
    assert (p["hyd"], p["food"], p["hp"]) == (14, 12, 8)


def test_travel_die_too_low_without_funds_is_refused():
    """Travel: the die must reach the Worm's need (Prayers and money may make up the rest)."""
    s = scene(tokens=("red",), dice=(1, 3, 1, 1), loc="port", coins=0, pray=0)
    assert "travel r04 red" not in legal_texts(s)
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as e:
        act(s, "travel r04 red")
    assert e.value.rule == "Travel"
    assert GAME.state_to_json(s) == before


def test_travel_costs_must_be_payable_at_the_start():
    """Travel: a Worm that cannot pay a route's costs cannot start it."""
    s = scene(tokens=("blue",), dice=(6, 1, 1, 1), loc="port", food=2)
    assert "travel r34 blue" not in legal_texts(s)  # shortcut needs 3 Food
    assert "travel r01 blue" in legal_texts(s)  # green needs 1


def test_die_boost_with_prayers_and_money_is_asked_when_both_can_pay():
    """Modifying the Value of a Die: Prayers and money combine, one each per point."""
    s = scene(tokens=("blue",), dice=(3, 1, 1, 1), loc="port", pray=2, coins=5)
    act(s, "travel r04 blue")  # gray needs 5: short by 2
    assert legal_texts(s) == ["prayers 0", "prayers 1", "prayers 2"]
    act(s, "prayers 1")
    p = s.players[s.cur]
    assert (p["pray"], p["coins"], p["loc"]) == (1, 4, "mer_khaddu")


def test_oasis_interrupts_routes():
    """The Oasis: every route ends at an oasis; each Travel is a single leg."""
    s = scene(tokens=("blue", "red"), dice=(6, 6, 1, 1), loc="camp_s1")
    act(s, "travel r11 blue")  # camp_s1 - oasis_1 green
    p = s.players[s.cur]
    assert p["loc"] == "oasis_1"
    # from the oasis a new Travel (a new token) is needed to go on
    assert any(t.startswith("travel") and t.endswith("red") for t in legal_texts(s))
    assert not any(t.endswith("blue") and t.startswith("travel") for t in legal_texts(s))


def test_load_plants_flips_the_matching_token_and_carries_the_box():
    """Load Plants: the token of the plant's colour is flipped and carries the Box."""
    s = scene(tokens=("red", "blue"), loc="okh_ham")
    s.cities["okh_ham"] = ["red", ""]
    act(s, "load 0")
    p = s.players[s.cur]
    assert p["tok"][1] == BUSY and p["cargo"] == [[1, ["red"]]]
    assert s.cities["okh_ham"] == ["", ""]
    assert "load 0" not in legal_texts(s)


def test_load_needs_the_token_of_the_plant_colour():
    """Load Plants: only the Action token of the Box's colour loads it."""
    s = scene(tokens=("blue",), loc="okh_ham")
    s.cities["okh_ham"] = ["red", "blue"]
    assert "load 0" not in legal_texts(s) and "load 1" in legal_texts(s)


def test_songs_example_prestige_and_songs_add_to_the_fare():
    """Compose Songs (example): 2 Songs and Prestige 4 add 6 coins to a delivery; Prestige goes
    back to 0, the Songs stay."""
    s = scene(loc="port", prest=4)
    seat = s.cur
    s.songs["okh_ham"] = seat
    s.songs["nez_hm"] = seat
    p = s.players[seat]
    p["songs"] = 4
    p["cargo"] = [[-1, ["orange"]]]
    deliver(s, 0)
    assert p["coins"] == 5 + 6 + 4 + 2 + 2  # fare 6 at the port, 4+2, record space 1: 2 coins
    assert p["prest"] == 0
    assert s.songs["okh_ham"] == seat


def test_craft_delivered_to_a_city_pays_four():
    """Delivery Rates and Money (example): a green craft delivered to a city earns 4 coins and goes
    on the first space of the Record of Crafts."""
    s = scene(loc="okh_ham")
    p = s.players[s.cur]
    p["cargo"] = [[-1, ["green"]]]
    deliver(s, 0)
    assert p["coins"] == 5 + 4 + 2  # +2: the first craft space's reward
    assert p["rec"]["craft"] == ["green"]


def test_cities_refuse_plants_and_oases_buy_nothing():
    """The Cities: cities do not accept plants; the oasis has no buyers."""
    s = scene(tokens=(), loc="okh_ham")
    p = s.players[s.cur]
    p["cargo"] = [[0, ["blue"]]]
    p["tok"][0] = BUSY
    assert "deliver" not in legal_texts(s)
    p["loc"] = "oasis_1"
    assert "deliver" not in legal_texts(s)


def test_iwakura_only_at_the_port_and_port_pays_little_for_plants():
    """The Port: the only place for Iwakura rocks; plants are paid little there."""
    s = scene(loc="okh_ham")
    p = s.players[s.cur]
    p["cargo"] = [[-1, ["gray"]]]
    assert "deliver" not in legal_texts(s)
    p["loc"] = "port"
    p["cargo"].append([0, ["blue"]])
    p["tok"][0] = BUSY
    deliver(s, 1)
    assert p["coins"] == 5 + 1 + 1  # port plant rate 1, plant space 1: 1 coin
    assert p["tok"][0] == POOL  # the Box left: its token is active again


def test_delivery_only_once_per_arrival():
    """Delivery of Goods: all at once; a second delivery in the turn needs another arrival
    (ruling 3)."""
    s = scene(loc="port")
    p = s.players[s.cur]
    p["cargo"] = [[-1, ["orange"]], [-1, ["yellow"]]]
    deliver(s, 0)
    assert "deliver" not in legal_texts(s)


def camp_delivery(cargo, tok):
    """A joint delivery at the orange sea camp (camp_s1) of ``cargo`` (two plants) with the
    tokens ``tok``: each plant goes to the first tribe offered."""
    s = scene(loc="camp_s1")
    s.camps["camp_s1"] = "orange"
    p = s.players[s.cur]
    p["cargo"] = cargo
    p["tok"] = tok
    deliver(s, 0, 0)
    return s, p


def test_camp_joint_delivery_main_tribe_gives_a_craft():
    """The Camps / Load-Deliver Crafts: white + red to the main tribe gives an orange craft at the
    higher rate for each plant."""
    s, p = camp_delivery([[2, ["white"]], [1, ["red"]]], [POOL, BUSY, BUSY, POOL])
    assert p["coins"] == 5 + 8 + 1 + 2  # 2 x 4, then record spaces 1 and 2
    assert p["cargo"] == [[-1, ["orange"]]]
    assert s.reserve["orange"] == 4


def test_camp_joint_delivery_minor_tribe_gives_the_top_token():
    """The Camps: the minor tribe pays the basic rate and gives its top Minor Tribe token (2 above
    1)."""
    s, p = camp_delivery([[0, ["blue"]], [3, ["black"]]], [BUSY, POOL, POOL, BUSY])
    assert p["minor"] == [2] and s.minor["camp_s1"] == [1]
    assert p["coins"] == 5 + 4 + 1 + 2


def test_abandoned_goods_example():
    """Abandoned Goods (example): at the start of the turn the blue Box is abandoned, the blue token
    cares for the Worm; on the next turn the blue die acts for free and the Box goes to the bag."""
    s = scene(loc="port", hyd=3)
    seat = s.cur
    p = s.players[seat]
    p["cargo"] = [[0, ["blue"]]]
    p["tok"] = [BUSY, POOL, POOL, POOL]
    s.step = "place"
    act(s, "abandon 0")
    assert p["aband"] == [["blue", p["turns"]]] and p["tok"][0] == POOL
    act(s, "place blue")
    act(s, "go")
    assert "care hydration blue" in legal_texts(s)
    assert "care hydration die:blue" not in legal_texts(s)  # not on the same turn
    # next turn
    p["turns"] += 1
    p["tok"] = [POOL] * 4
    assert "care hydration die:blue" in legal_texts(s)
    bag = s.bag["blue"]
    act(s, "care hydration die:blue")
    act(s, "extra 0")
    assert p["aband"] == [] and s.bag["blue"] == bag + 1


def test_hydration_example_with_coins():
    """Hydration (example): at 2 with the blue die at 2, 4 coins reach 8."""
    s = scene(tokens=("blue",), dice=(2, 1, 1, 1), hyd=2, pray=0, coins=10)
    p = s.players[s.cur]
    act(s, "care hydration blue")
    act(s, "extra 4")
    assert p["hyd"] == 8 and p["coins"] == 6


def test_health_example_with_a_coin_and_prayers():
    """Health (example): black and white tokens, the higher die (3) plus a coin and 2 Prayers give 6
    Health."""
    s = scene(tokens=("black", "white"), dice=(1, 1, 3, 2), hp=0, pray=2, coins=1)
    p = s.players[s.cur]
    act(s, "care health black white")
    act(s, "extra 3")  # 1 coin + 2 Prayers is the only way to pay: no question asked
    assert p["hp"] == 6 and p["coins"] == 0 and p["pray"] == 0


def test_health_needs_both_black_and_white():
    """Health: two Action tokens, black and white."""
    s = scene(tokens=("black",), hp=5)
    assert not any(t.startswith("care health") for t in legal_texts(s))


def test_care_caps():
    """Care for Your Worm: Hydration and Food stop at 15, Health at 10."""
    s = scene(tokens=("red", "black", "white"), dice=(1, 6, 6, 6), food=13, hp=9, coins=0,
              pray=0)
    p = s.players[s.cur]
    act(s, "care food red")
    act(s, "care health black white")
    assert p["food"] == 15 and p["hp"] == 10


def test_pray_white_die_to_ten():
    """Pray: the white die, at most 10, no boost."""
    s = scene(tokens=("white",), dice=(1, 1, 6, 1), pray=7)
    act(s, "pray white")
    assert s.players[s.cur]["pray"] == 10
    assert not s.pending


def test_earn_prestige_with_black():
    """Earn Prestige: the black die's value."""
    s = scene(tokens=("black",), dice=(1, 1, 1, 4))
    p = s.players[s.cur]
    before = p["prest"]
    act(s, "prestige black")
    assert p["prest"] == before + 4


def test_compose_song_one_per_city_replace_unless_owner_present():
    """Compose Songs: one Song per city; another's is replaced and returned unless its owner is
    there too."""
    s = scene(tokens=("blue", "red"), loc="okh_ham")
    me, other = s.cur, 1 - s.cur
    s.songs["okh_ham"] = other
    s.players[other]["songs"] = 5
    s.players[other]["loc"] = "okh_ham"
    assert "song blue" not in legal_texts(s)
    s.players[other]["loc"] = "port"
    act(s, "song blue")
    assert s.songs["okh_ham"] == me and s.players[other]["songs"] == 6
    assert s.players[me]["songs"] == 5
    assert "song red" not in legal_texts(s)  # already mine


def test_acolyte_example():
    """Special Action of the Acolytes (example): K'ha-pah's white acolyte takes the white Box to the
    Shelter for 1 coin, wherever the player is."""
    s = scene(tokens=("white",), loc="port", shelter="camp_m1", comp=["shaman"])
    s.cities["kha_pah"] = ["white", "red"]
    p = s.players[s.cur]
    assert "acolyte kha_pah 0 white" in legal_texts(s)
    assert "acolyte kha_pah 1 white" not in legal_texts(s)
    act(s, "acolyte kha_pah 0 white")
    assert p["store"] == ["white"] and p["coins"] == 4 and s.cities["kha_pah"][0] == ""


def test_acolyte_needs_the_shaman():
    """Special Action of the Acolytes: the acolytes are the Shaman's."""
    s = scene(tokens=("white",), loc="port", shelter="camp_m1")
    s.cities["kha_pah"] = ["white", "red"]
    assert not any(t.startswith("acolyte") for t in legal_texts(s))


def test_turn_start_places_tokens_in_open_slots():
    """Game Turns: at the start of a turn, active tokens fill the open spaces (three at first)."""
    s = scene()
    seat = s.cur
    p = s.players[seat]
    p["tok"] = [POOL] * 4
    s.step = "place"
    for c in ("blue", "red", "white"):
        act(s, f"place {c}")
    assert s.step == "act"  # no space left: acting starts
    assert p["tok"] == [READY, READY, READY, POOL]


def test_each_token_once_per_turn():
    """Game Turns: each Action token is used once per turn."""
    s = scene(tokens=("black",), dice=(1, 1, 1, 2))
    act(s, "prestige black")
    assert "prestige black" not in legal_texts(s)


def test_end_turn_passes_to_next_player():
    """Game Turns: when all actions are done the next player in order plays."""
    s = scene()
    first = s.cur
    act(s, "end")
    assert s.cur == s.order[1] and s.cur != first
