"""Sand solo: Alhazred and the Spirit of Imomushi (Preparing the Game, Experience Level, End of the
Round and Upkeep, How Alhazred Plays, Travel: The Codex Cards, Delivering and Loading Goods)."""

import pytest

from sandsofplay.games.sand import alhazred as AL
from sandsofplay.games.sand.data import get
from sandsofplay.games.sand.scoring import alh_breakdown, breakdown

from .helpers import act, new, scene

D = get()


def solo(level="medium", seed=1):
    s = scene(n=1, seed=seed, level=level)
    for c in D.cities:
        s.cities[c] = ["", ""]
    return s


@pytest.mark.parametrize("level,songs", [("novice", 0), ("medium", 0), ("expert", 6)])
def test_preparing_the_game(level, songs):
    """Preparing the Game: set up as for two (three Missions a workday), Alhazred's Worm on the
    centre mountain camp, 5 coins, the eight Codex cards shuffled, six Songs only for an Expert."""
    s = new(1, seed=4, level=level)
    assert s.alh["loc"] == "camp_m2" and D.locations["camp_m2"].side == "mountain"
    assert s.alh["coins"] == 5 and s.alh["songs"] == songs
    assert sorted(s.codex) == list(range(1, 9))
    assert len(s.display) == 3 and s.order == [0]


def test_codex_example_from_ugdru_rashaar():
    """Travel: The Codex Cards (example): at Ugdru-Rashaar, clockwise 2 from the compass is the
    middle shortcut, towards K'her-Txack."""
    order = AL.path_order("ugdru_rashaar", "cw", 2)
    assert D.routes[order[0]].other("ugdru_rashaar") == "kher_txack"
    assert len(D.locations["ugdru_rashaar"].compass) == 3
    s = solo()
    s.alh["loc"] = "ugdru_rashaar"
    s.cities["kher_txack"] = ["red", ""]
    rid = AL.choose_path(s, "ugdru_rashaar", "cw", 2)
    assert D.routes[rid].other("ugdru_rashaar") == "kher_txack"


def test_codex_counts_round_the_compass_again():
    """Travel: The Codex Cards: the count goes round the location again if needed."""
    assert AL.path_order("ugdru_rashaar", "cw", 5) == AL.path_order("ugdru_rashaar", "cw", 2)
    ccw = AL.path_order("ugdru_rashaar", "ccw", 1)
    assert D.routes[ccw[0]].other("ugdru_rashaar") == "kha_pah"


def test_codex_skips_paths_with_nothing_to_load_then_falls_back():
    """Travel: with nothing to load that way he takes the next shortcut in the arrow's direction;
    with no viable path, the first one the card shows."""
    s = solo()
    s.alh["loc"] = "ugdru_rashaar"
    s.cities["kha_pah"] = ["blue", ""]
    rid = AL.choose_path(s, "ugdru_rashaar", "cw", 2)
    assert D.routes[rid].other("ugdru_rashaar") == "kha_pah"
    s.cities["kha_pah"] = ["", ""]
    rid = AL.choose_path(s, "ugdru_rashaar", "cw", 2)
    assert D.routes[rid].other("ugdru_rashaar") == "kher_txack"


def test_delivering_comes_before_loading():
    """How Alhazred Plays: first travel to deliver what he carries, then to load."""
    s = solo()
    s.alh["loc"] = "ugdru_rashaar"
    s.alh["cargo"] = ["red"]  # plants sell at camps
    s.cities["kher_txack"] = ["red", "blue"]
    rid = AL.choose_path(s, "ugdru_rashaar", "cw", 2)
    assert D.routes[rid].other("ugdru_rashaar") == "camp_m3"


def test_camp_delivery_example():
    """Delivering and Loading Goods (example): white + blue at this camp give a yellow Box; red +
    black give the Minor Tribe token."""
    s = solo()
    s.camps["camp_s2"] = "yellow"
    s.alh["cargo"] = ["white", "blue"]
    AL.arrive(s, "camp_s2", [])
    assert s.alh["cargo"] == ["yellow"] and s.reserve["yellow"] == 4
    s.alh["cargo"] = ["yellow", "red", "black"]
    AL.arrive(s, "camp_s2", [])
    assert s.alh["minor"] == [2] and s.alh["cargo"] == ["yellow"]


def test_loads_one_box_on_entering_the_left_one():
    """Delivering and Loading Goods: one Box on arrival, the left one; two per space (eight)."""
    s = solo()
    s.cities["okh_ham"] = ["red", "blue"]
    AL.arrive(s, "okh_ham", [])
    assert s.alh["cargo"] == ["red"] and s.cities["okh_ham"] == ["", "blue"]
    s.alh["cargo"] = ["red"] * 8
    AL.arrive(s, "okh_ham", [])
    assert s.cities["okh_ham"] == ["", "blue"]


def test_turn_reveals_three_codex_cards():
    """How Alhazred Plays: three Codex cards a turn, resolved one at a time, no costs."""
    s = solo()
    ev = []
    AL.take_turn(s, ev)
    assert len(s.codex_shown) == 3 and len(s.cdiscard) == 3 and len(s.codex) == 5
    assert [e.kind for e in ev].count("alh_travel") == 3
    assert s.players[0]["hyd"] == 15  # nothing is paid by anyone
    AL.take_turn(s, [])
    AL.take_turn(s, [])  # the deck is reshuffled when it runs out
    assert len(s.codex) + len(s.cdiscard) == 8


@pytest.mark.parametrize("level,coins", [("novice", 5 + 4), ("medium", 5 + 4 + 2),
                                         ("expert", 5 + 4 + 2)])
def test_levels_delivery_money(level, coins):
    """Experience Level: Novice takes only the rate; Medium and Expert add their records' coins
    (a craft in a city: the basic rate 4, the first craft space 2)."""
    s = solo(level)
    s.alh["cargo"] = ["orange"]
    AL.arrive(s, "okh_ham", [])
    assert s.alh["coins"] == coins


@pytest.mark.parametrize("level,coins", [("novice", 5 + 4), ("medium", 5 + 4),
                                         ("expert", 5 + 4 + 5)])
def test_levels_money_chest(level, coins):
    """Experience Level: only the Expert uses the Money Chest (5 coins a Box past a full
    record); Novice and Medium ignore it."""
    s = solo(level)
    s.alh["rec"]["craft"] = ["orange"] * 5
    s.reserve["orange"] -= 5
    s.alh["cargo"] = ["orange"]
    AL.arrive(s, "okh_ham", [])
    assert s.alh["coins"] == coins
    assert len(s.alh["rec"]["craft"]) == 6


@pytest.mark.parametrize("level,coins", [("medium", 5 + 1 + 2 + 3 + 4 + 4 + 5 + 5),
                                         ("expert", 5 + 1 + 2 + 3 + 4 + 4 + 5 + 5)])
def test_levels_record_money_only_the_coins(level, coins):
    """Experience Level (Medium, Expert): only the monetary rewards of the record; the other
    rewards (Shelter, combined, Companion, Worm, Prayers) are ignored, and where a space offers
    coins or something else he takes the coins (ruling 14)."""
    s = solo(level)
    s.camps["camp_s1"] = "orange"
    main = D.camps["orange"].main
    spaces = len(D.records["plant"])
    for _ in range(spaces):
        s.alh["cargo"] = [main[0]]
        AL.arrive(s, "camp_s1", [])
    assert s.alh["coins"] == coins + 4 * spaces  # the main tribe's rate for each
    assert s.alh["cargo"] == [] and s.alh["rec"]["plant"] == [main[0]] * spaces


def test_delivers_only_in_cities_and_camps():
    """Delivering and Loading Goods: he delivers when he arrives in a city or camp; the port is
    neither, so his Boxes stay on his Worm there."""
    s = solo("expert")
    s.alh["cargo"] = ["orange", "red"]
    AL.arrive(s, "port", [])
    assert s.alh["cargo"] == ["orange", "red"] and s.alh["coins"] == 5
    # from camp_s3 the second shortcut clockwise goes to the port; carrying a craft he goes on to
    # the next one, to a city that buys it
    s.alh["cargo"] = ["orange"]
    assert AL.path_order("camp_s3", "cw", 2)[:2] == ["r35", "r39"]
    assert AL.choose_path(s, "camp_s3", "cw", 2) == "r39"


def test_expert_seal_counts_only_boxes_on_the_record():
    """Specialization Seals / Expert Level: the Seal pays a coin per Box of its colour on the
    Record of Plants Delivered; Boxes in the Money Chest are not on the record."""
    s = solo("expert")
    s.alh["seals"] = ["red"]
    s.alh["rec"]["plant"] = ["blue"] * 10 + ["red"] * 2 + ["red"] * 5  # 12 spaces, then the chest
    assert alh_breakdown(s)["seals"] == 2
    s.players[0]["seals"] = ["red"]
    s.players[0]["rec"]["plant"] = list(s.alh["rec"]["plant"])
    assert breakdown(s, 0)["seals"] == 2


def test_levels_songs():
    """Experience Level: Medium sends your Song home; Expert replaces it with his; Novice
    ignores it."""
    for level, owner in (("novice", 0), ("medium", -1), ("expert", 1)):
        s = solo(level)
        s.songs["okh_ham"] = 0
        s.players[0]["songs"] = 5
        AL.arrive(s, "okh_ham", [])
        assert s.songs["okh_ham"] == owner
        assert s.players[0]["songs"] == (5 if level == "novice" else 6)


def test_levels_seals():
    """Experience Level: reaching four plants of a colour first removes that Seal (Medium) or gives
    it to him (Expert)."""
    for level in ("medium", "expert", "novice"):
        s = solo(level)
        s.alh["rec"]["plant"] = ["red"] * 3
        s.camps["camp_s1"] = "orange"
        s.alh["cargo"] = ["red"]
        AL.arrive(s, "camp_s1", [])
        if level == "novice":
            assert "red" in s.seals
        else:
            assert "red" not in s.seals
            assert ("red" in s.alh["seals"]) == (level == "expert")


def test_mission_choice_after_the_player_highest_card():
    """End of the Round and Upkeep: Alhazred chooses after you, the highest card, and takes its
    coins at once."""
    s = solo()
    while s.step in ("place", "act"):
        act(s, "go" if s.step == "place" else "end")
    assert s.step == "pick"
    low = min(s.display)
    high = max(s.display)
    act(s, f"pick {low}")
    assert high in s.alh["missions"]
    assert s.alh["coins"] >= 5 + D.missions[high].reward


def test_player_first_alhazred_second_each_phase():
    """How Alhazred Plays: you are first, he plays after your turn in every phase."""
    s = solo()
    act(s, "end")
    assert len(s.codex_shown) == 3 and s.phase == 1 and s.cur == 0


def test_end_scoring_minor_tribes_and_expert_songs():
    """Experience Level / End of the Game: he takes the Minor Tribe reward with more points than
    you; an Expert scores 3 per Song of his, and you score yours only with more than him."""
    s = solo("expert")
    s.alh["minor"] = [2]
    s.players[0]["minor"] = [1]
    assert alh_breakdown(s)["minor"] == 12 and breakdown(s, 0)["minor"] == 0
    s.players[0]["minor"] = [2]
    assert alh_breakdown(s)["minor"] == 0 and breakdown(s, 0)["minor"] == 12
    s.songs["okh_ham"] = 1  # Alhazred's seat number in solo is 1
    s.songs["nez_hm"] = 0
    assert alh_breakdown(s)["songs"] == 3 and breakdown(s, 0)["songs"] == 0
    s.songs["kha_pah"] = 0
    assert breakdown(s, 0)["songs"] == 6


def test_solo_outcome_names_alhazred():
    """Solo: the player wins with more money than Alhazred."""
    from sandsofplay.games.sand.scoring import finish
    s = solo()
    s.players[0]["coins"] = 50
    finish(s, [])
    assert s.result["winners"] == [0] and "Alhazred" in s.result["detail"]


def test_mission_example_eight_coins_whatever_he_delivered():
    """End of the Round and Upkeep (example): Alhazred gets a Mission's 8 coins regardless of the
    relics he has."""
    from sandsofplay.games.sand.upkeep import alhazred_mission
    s = solo()
    relic8 = [m for m, mi in D.missions.items() if mi.reward == 8 and mi.type == "relic"]
    assert relic8
    s.display = [relic8[0], 1]
    s.picks = [[0, 1]]
    assert s.alh["rec"]["relic"] == []
    alhazred_mission(s, [])
    assert s.alh["coins"] == 5 + 8 and s.display == [1]
