"""Sand: set-up, rounds and the Upkeep Phase, the end of the game and scoring (Rulebook: Setup,
Game Description, The Upkeep Phase, The Missions, End of the Game)."""

import pytest

from sandsofplay.games.sand.data import PLANTS, get
from sandsofplay.games.sand.scoring import breakdown, mission_met

from .helpers import GAME, POOL, act, legal_texts, new, scene

D = get()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_general_preparation(n):
    """Setup, General Preparation 2, 4-8: Mission decks of players+1 per workday (five workdays,
    four with four players), first workday revealed highest first; plants in the cities (one in
    the four by the sea); camps by back with Minor Tribe tokens 1 under 2."""
    s = new(n, seed=n)
    per = (2 if n == 1 else n) + 1
    days = 4 if n == 4 else 5
    assert s.rounds == days + 1
    assert len(s.display) == per and s.display == sorted(s.display, reverse=True)
    assert {D.missions[m].day for m in s.display} == {1}
    assert len(s.deck) == per * (days - 1)
    assert [D.missions[m].day for m in s.deck] == sorted(D.missions[m].day for m in s.deck)
    for c in D.cities:
        filled = sum(1 for x in s.cities[c] if x)
        assert filled == (1 if D.locations[c].sea else 2)
    assert sum(s.bag.values()) == 80 - 16
    for space, cid in s.camps.items():
        assert D.camps[cid].back == D.locations[space].side
        assert s.minor[space] == [1, 2]
    assert s.seals == list(PLANTS)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_players(n):
    """Preparation of the Players 1-10: Worm at the port, tracks 15/15/10/0/0 (plus turn-order
    Prestige), 5 coins, three open spaces, six Songs, basic Worm; later seats get 1, 2, 3
    Prestige."""
    s = new(n, seed=7)
    for pos, seat in enumerate(s.order):
        p = s.players[seat]
        assert p["loc"] == "port"
        assert (p["hyd"], p["food"], p["hp"], p["pray"]) == (15, 15, 10, 0)
        assert p["prest"] == pos
        assert p["coins"] == 5 and p["slots"] == 3 and p["songs"] == 6 and p["worm"] == 0
        assert p["tok"] == [POOL] * 4


def test_travelers_chosen_in_reverse_order():
    """Preparation of the Players 11: players+1 Travelers, chosen in reverse turn order."""
    s = new(3, seed=2, travelers="choose")
    assert s.step == "traveler" and len(s.offer) == 4
    assert s.cur == s.order[-1]
    first = legal_texts(s)[0]
    act(s, first)
    assert s.cur == s.order[1] and len(s.offer) == 3
    act(s, legal_texts(s)[0])
    act(s, legal_texts(s)[0])
    assert s.step == "roll" and s.cur == s.order[0]


def test_basic_travelers_option():
    """The Desert Travelers: the basic side (first game) has no ability."""
    s = new(2, seed=2, travelers="basic")
    assert all(p["trav"] == "basic" for p in s.players) and s.step == "roll"


def test_first_roll_with_one_reroll():
    """Setup / Roll the Dice: the first player may reroll all dice once and keeps the second
    roll."""
    s = new(2, seed=3)
    assert legal_texts(s) == ["reroll", "keep_dice"]
    act(s, "reroll")
    assert s.step in ("place", "act") and s.cur == s.order[0]


def finish_round(s):
    """End every turn of the current round."""
    r = s.round
    while s.round == r and s.step in ("place", "act"):
        if s.step == "place":
            act(s, "go")
        else:
            act(s, "end")


def test_round_has_three_phases_and_upkeep_picks_in_reverse_order():
    """Game Turns / Choose a Mission Card: three phases, then Missions chosen last player first."""
    s = scene(n=3, seed=5)
    turns = 0
    while s.step in ("place", "act"):
        turns += s.step == "act"
        act(s, "go" if s.step == "place" else "end")
    assert turns == 9
    assert s.step == "pick" and s.cur == s.order[-1]


def test_upkeep_turn_order_prestige_refill_and_reveal():
    """Determine the Turn Order / Replenish / Roll / Reveal: the lowest card plays first; 2nd, 3rd
    get 1 and 2 Prestige; empty city spaces refill in city order; new Missions revealed."""
    s = scene(n=3, seed=5)
    finish_round(s)
    shown = sorted(s.display)
    low, mid, high = shown[0], shown[1], shown[2]
    order_before = list(s.order)
    picks = {order_before[2]: low, order_before[1]: high, order_before[0]: mid}
    prest = {q: s.players[q]["prest"] for q in range(3)}
    s.cities["okh_ham"] = ["", ""]
    for _ in range(3):
        act(s, f"pick {picks[s.cur]}")
    assert s.step == "keep"
    for _ in range(3):
        act(s, "keep_mission")
    assert s.order == [order_before[2], order_before[0], order_before[1]]
    for pos, q in enumerate(s.order):
        assert s.players[q]["prest"] == prest[q] + pos  # no top (Earn Prestige)
    assert all(s.cities["okh_ham"])
    assert s.step == "roll"
    act(s, "keep_dice")
    assert s.round == 2 and {D.missions[m].day for m in s.display} == {2}
    assert all(s.players[q]["kept"] for q in range(3))


def test_immediate_reward_discards_the_mission():
    """The Missions: taking the immediate reward discards the card."""
    s = scene(n=2, seed=5)
    finish_round(s)
    m = s.display[0]
    seat = s.cur
    act(s, f"pick {m}")
    act(s, legal_texts(s)[0])
    while s.cur != seat:
        act(s, "keep_mission")
    act(s, "take_reward")
    assert m in s.mdiscard and m not in s.players[seat]["kept"]


@pytest.mark.parametrize("n,rounds", [(2, 6), (4, 5)])
def test_game_ends_after_the_last_workday(n, rounds):
    """End of the Game: six workdays (five with four players)."""
    s = scene(n=n, seed=9)
    seen = set()
    while not s.over:
        seen.add(s.round)
        act(s, legal_texts(s)[-1] if s.step not in ("pick",) else legal_texts(s)[0])
    assert max(seen) == rounds
    assert GAME.outcome(s) is not None


def test_missions_kinds():
    """Icon Glossary, Missions: sets, most, none, pairs, at least, last."""
    s = scene(n=2)
    p = s.players[0]
    p["rec"]["plant"] = ["blue", "blue", "red", "red", "white", "blue"]
    p["rec"]["craft"] = ["yellow", "yellow", "yellow"]
    for num, m in D.missions.items():
        got = mission_met(s, 0, num)
        if m.kind == "sets" and m.colour == "yellow" and m.size == 3:
            assert got == m.reward  # "8 coins for every trio of yellow Boxes"
        if m.kind == "none" and m.type == "relic":
            assert got == m.reward
        if m.kind == "none" and m.type == "craft":
            assert got == 0
        if m.kind == "last" and m.type == "plant":
            assert got == (m.reward if m.colour == "blue" else 0)
        if m.kind == "pairs":
            assert got == (m.reward if all(c in ("blue", "red") for c in m.colours) else 0)


def test_minor_tribes_and_songs_ties_included():
    """End of the Game: 12 coins to each of the highest Minor Tribe totals and 3 per Song to each
    of the players with the most Songs, ties included."""
    s = scene(n=3)
    s.players[0]["minor"] = [2, 1]
    s.players[1]["minor"] = [1, 2]
    s.players[2]["minor"] = [2]
    s.songs["okh_ham"] = 0
    s.songs["nez_hm"] = 1
    b = [breakdown(s, i) for i in range(3)]
    assert [x["minor"] for x in b] == [12, 12, 0]
    assert [x["songs"] for x in b] == [3, 3, 0]


def test_missions_not_scored_after_iwakura():
    """End of the Game / The Shaman: no Missions after delivering Iwakura rocks."""
    s = scene(n=2)
    p = s.players[0]
    p["kept"] = [m for m in D.missions if D.missions[m].kind == "none"
                 and D.missions[m].type == "relic"][:1]
    assert breakdown(s, 0)["missions"] > 0
    p["rec"]["iwakura"] = ["gray"]
    assert breakdown(s, 0)["missions"] == 0


def test_tie_breaks():
    """End of the Game: ties go to the most plants, then Iwakura rocks, then Missions."""
    from sandsofplay.games.sand.scoring import finish
    s = scene(n=2)
    for p in s.players:
        p["coins"] = 20
    s.players[1]["rec"]["plant"] = ["blue"]
    s.players[1]["coins"] = 19  # +1 from... nothing: plant record does not add coins here
    s.players[0]["rec"]["plant"] = ["red"]
    s.players[0]["coins"] = 19
    s.players[0]["rec"]["iwakura"] = ["gray"]
    finish(s, [])
    assert s.result["winners"] == [0]


def test_replenish_follows_the_city_numbers():
    """Replenish Plants in the Cities: empty spaces are filled in the cities' numbered order, so
    when the bag runs low the later cities stay empty."""
    from sandsofplay.games.sand.upkeep import refill
    s = scene(n=2)
    for c in D.cities:
        s.cities[c] = ["", ""]
    s.bag = {"blue": 3, "red": 0, "white": 0, "black": 0}
    refill(s, [])
    assert s.cities[D.cities[0]] == ["blue", "blue"] and s.cities[D.cities[1]] == ["blue", ""]
    assert all(s.cities[c] == ["", ""] for c in D.cities[2:])
