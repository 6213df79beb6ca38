"""The Unaligned Holdings, Heroes, Followers, Items and Actions, each played in a position where
its text changes something."""

import pytest

from sandsofplay.games.burning_sands.cards import (capacity, carry, flying_unit, ka,
                                                   section_strength, strength)

from .card_kit import battle, only_section, section_water, to_seat
from .helpers import (act, asking, challenge, fresh, legal, make, pay_all, phase, play_out, raid,
                      settle)

SK = ("senpet", "khadi")


# --- Holdings ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cid,n", [("copper_mine", 2), ("spice_stall", 1), ("salt_pans", 3),
                                   ("caravan_yard", 2)])
def test_holding_produces_its_copper(cid, n):
    """Copper Mine, Spice Market Stall, Salt Pans, Caravan Yard (Holding; Paying Copper Costs):
    bowing the straightened Holding pays its printed Copper towards one card."""
    s = fresh(SK)
    s.bowed[s.stronghold[0]] = 1
    h = make(s, 0, cid, "home")
    hero = make(s, 0, "sellsword", "hero")
    item = make(s, 0, {1: "long_spear", 2: "long_spear", 3: "fine_scimitar"}[n], "hand")
    if n == 1:
        assert f"play {item}" not in legal(s)  # 1 Copper cannot buy a 2-Copper Item
        make(s, 0, "spice_stall", "home")
    s._cache = None
    act(s, f"play {item}")
    act(s, f"target {hero}")
    act(s, f"produce {h}")
    pay_all(s)
    assert item in s.att[hero] and s.bowed[h] == 1


def test_caravan_yard_draws_in_the_day():
    """Caravan Yard (Advisor; Day Actions): bow it to draw a card."""
    s = fresh(SK)
    y = make(s, 0, "caravan_yard", "home")
    n = len(s.hand[0])
    act(s, f"use {y} 0")
    play_out(s)
    assert len(s.hand[0]) == n + 1 and s.bowed[y] == 1


def test_hall_of_scribes_draws_at_night():
    """Hall of Scribes (Advisor; Night Actions): bow it to draw a card; not in the Day."""
    s = fresh(SK)
    h = make(s, 0, "hall_of_scribes", "home")
    assert f"use {h} 0" not in legal(s)
    phase(s, "night", 0)
    n = len(s.hand[0])
    act(s, f"use {h} 0")
    play_out(s)
    assert len(s.hand[0]) == n + 1 and s.bowed[h] == 1


def test_well_keepers_guild_buys_a_water_token():
    """Well-Keepers' Guild (Advisor; Gaining Water): bow it and pay 2 Copper: a Water token goes
    onto one of your City Sections."""
    s = fresh(SK, ph="night")
    g = make(s, 0, "well_keepers", "home")
    sec = s.sections[0][0]
    s.water[sec] -= 2
    s.w_lost += 2
    w = section_water(s, 0)
    act(s, f"use {g} 0")
    pay_all(s)
    assert section_water(s, 0) == w + 1 and s.bowed[g] == 1 and s.bowed[s.stronghold[0]] == 1


def test_cistern_vault_holds_two_more():
    """Cistern Vault (Fortification; City Section Water Capacity): its City Section holds 2 more
    Water tokens, so gained Water can go there."""
    s = fresh(SK)
    sec = only_section(s, 0, "parade_ground")  # capacity 5, full
    v = make(s, 0, "cistern_vault", "hand")
    act(s, f"play {v}")
    act(s, f"target {sec}")
    pay_all(s)
    assert capacity(s, sec) == 7
    phase(s, "day", 0)
    make(s, 0, "salt_pans", "home")
    make(s, 0, "salt_pans", "home")
    r = make(s, 0, "rare_rain", "hand")
    s._cache = None
    act(s, f"play {r}")
    pay_all(s)
    assert s.water[sec] == 6


def test_watchtower_adds_two_strength():
    """Watchtower of Red Stone (Fortification): its City Section gets +2 Strength, so an
    undefended raid must beat 5 instead of 3."""
    s = fresh(("moto", "senpet"))
    sec = only_section(s, 1, "parade_ground")
    make(s, 1, "watchtower", "attach", to=sec)
    assert section_strength(s, sec) == 5
    phase(s, "night", 0)
    h = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")  # Fate 2 + 2 = 4: not above 5
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 0


def test_mud_brick_wall_adds_one_strength():
    """Mud-Brick Wall (Fortification): +1 Strength; a raid worth 4 no longer beats the Strength 3
    City Section."""
    s = fresh(("moto", "senpet"), ph="night")
    sec = only_section(s, 1, "parade_ground")
    make(s, 1, "mud_brick_wall", "attach", to=sec)
    h = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")  # Fate 2 + Kitai's 1 + the Tents' 1 = 4, not above 4
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 0 and section_strength(s, sec) == 4


# --- Heroes -----------------------------------------------------------------------------------
def test_old_strategist_is_a_tactician():
    """Old Strategist (Tactician): once per battle a card from hand adds its Fate value to his
    Strength."""
    s, a, d, sec = battle(["old_strategist"], ["takiyah"])
    c = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    s._cache = None
    to_seat(s, 0)
    act(s, f"tactic {a[0]}")
    act(s, f"discard {c}")
    assert strength(s, a[0]) == 6 and c in s.saved[0]


def test_keeper_of_the_scarab_shrine_is_a_scarab():
    """Keeper of the Scarab Shrine (Traits and Abilities: a Scarab card, Unaligned): a bowed
    Keeper can be destroyed by the Lost Giant."""
    s = fresh(("moto", "senpet"))
    g = make(s, 0, "lost_giant", "hero")
    k = make(s, 1, "scarab_keeper", "hero", bowed=1)
    act(s, f"use {g} 0")
    act(s, f"target {k}")
    play_out(s)
    assert k in s.buried[1]


def test_nagah_of_the_deep_well_carries_two():
    """Nagah of the Deep Well (Carry +X; Nonhuman): its successful raid takes 2 Water tokens."""
    s = fresh(("moto", "senpet"), ph="night")
    sec = only_section(s, 1, "parade_ground")
    h = make(s, 0, "nagah_of_the_deep_well", "hero")
    c = make(s, 0, "matter_of_honor", "hand")  # Fate 3 + 1
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert carry(s, h) == 2 and s.water[h] == 2


def test_desert_guide_raids_one_higher():
    """Desert Guide (Raid +X): Raid +1 lifts a Fate 3 card over Strength 3 (no Stronghold
    bonus for the Senpet)."""
    s = fresh(("senpet", "moto"), ph="night")
    sec = only_section(s, 1, "dune_well")  # Strength 3
    h = make(s, 0, "desert_guide", "hero")
    c = make(s, 0, "matter_of_honor", "hand")
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 1


def test_clay_golem_can_remain_bowed():
    """Clay Golem ('can remain bowed'; Dawn Phase): at Dawn its controller may keep it bowed."""
    s = fresh(SK)
    g = make(s, 0, "clay_golem", "hero", bowed=1)
    s.stack = [{"k": "dawn", "seat": -1}]
    settle(s)
    assert asking(s) == ("remain", 0)
    act(s, "stay")
    assert s.bowed[g] == 1


# --- Followers and Items ----------------------------------------------------------------------
def test_hunting_falcon_flies_and_shoots():
    """Hunting Falcon (Flying; Archery): a Flying Hero with the Falcon stays a Flying unit; the
    Falcon engaging alone lets its controller pick the card that absorbs."""
    s = fresh(SK)
    h = make(s, 0, "al_hazaad", "hero")
    make(s, 0, "hunting_falcon", "attach", to=h)
    assert flying_unit(s, h)
    s, a, d, sec = battle(["sellsword"], ["takiyah", "bonepicker"])
    f = make(s, 0, "hunting_falcon", "attach", to=a[0])
    s._cache = None
    to_seat(s, 0)
    act(s, f"engage1 {f}")
    assert f"archery {d[0]}" in legal(s) and f"archery {d[1]}" in legal(s)
    act(s, f"archery {d[0]}")  # 1 damage against Takiyah's 1 Strength
    assert d[0] in s.buried[1] and d[1] in s.heroes[1]


def test_camel_rider_engages_alone():
    """Camel Rider (Follower; Engaging the Enemy): it engages on its own 1 Strength, and does
    not add to its Hero's Strength."""
    s, a, d, sec = battle(["sellsword"], ["takiyah"])
    f = make(s, 0, "camel_rider", "attach", to=a[0])
    s._cache = None
    assert strength(s, a[0]) == 2
    to_seat(s, 0)
    act(s, f"engage1 {f}")
    assert s.stack[-1]["k"] == "absorb" and s.stack[-1]["dmg"] == 1


def test_loyal_bodyguard_adds_to_its_hero():
    """Loyal Bodyguard (Follower '+'): +1S/+1K to its Hero."""
    s = fresh(SK)
    h = make(s, 0, "sellsword", "hero")
    make(s, 0, "bodyguard", "attach", to=h)
    assert (strength(s, h), ka(s, h)) == (3, 3)


def test_court_scribe_adds_ka_and_influence():
    """Court Scribe (Follower; Influence): +1K and +1 Influence to its Hero, no Strength."""
    from sandsofplay.games.burning_sands.cards import influence
    s = fresh(SK)
    h = make(s, 0, "sellsword", "hero")
    make(s, 0, "court_scribe", "attach", to=h)
    assert (strength(s, h), ka(s, h), influence(s, h)) == (2, 3, 2)


@pytest.mark.parametrize("cid,ds,dk", [("fine_scimitar", 2, 0), ("long_spear", 1, 0),
                                       ("mail_shirt", 1, 1), ("amulet_of_ka", 0, 2)])
def test_item_bonus(cid, ds, dk):
    """Fine Scimitar, Long Spear, Mail Shirt, Amulet of the Inner Flame (Item): played onto an
    unbowed Hero, the Item adds its printed Strength and Ka."""
    s = fresh(SK)
    h = make(s, 0, "sellsword", "hero")
    i = make(s, 0, cid, "hand")
    act(s, f"play {i}")
    act(s, f"target {h}")
    pay_all(s)
    assert i in s.att[h] and (strength(s, h), ka(s, h)) == (2 + ds, 2 + dk)


def test_mail_shirt_is_armor_one_per_hero():
    """Mail Shirt (Item: Armor): a Hero already wearing Armor cannot take a second; a Weapon does
    not stop it."""
    s = fresh(SK)
    worn = make(s, 0, "sellsword", "hero")
    make(s, 0, "mail_shirt", "attach", to=worn)
    armed = make(s, 0, "eye_of_night", "hero")
    make(s, 0, "long_spear", "attach", to=armed)
    m = make(s, 0, "mail_shirt", "hand")
    act(s, f"play {m}")
    assert legal(s) == [f"target {armed}"]


# --- Actions ----------------------------------------------------------------------------------
def test_rally_the_ranks_plus_two():
    """Rally the Ranks (Battle Actions): +2S on one of your Heroes in the battle."""
    s, a, d, sec = battle(["sellsword"], ["takiyah"])
    r = make(s, 0, "rally", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {r}")
    act(s, f"target {a[0]}")
    pay_all(s)
    assert strength(s, a[0]) == 4


def test_ambush_bows_an_opposing_hero():
    """Ambush in the Alleys (Battle Actions: 'opposing'): bow an unbowed opposing Hero in the
    battle; your own Hero is no target."""
    s, a, d, sec = battle(["sellsword"], ["takiyah"])
    c = make(s, 0, "ambush", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {c}")
    assert legal(s) == [f"target {d[0]}"]
    act(s, f"target {d[0]}")
    pay_all(s)
    assert s.bowed[d[0]] == 1


def test_forced_march_straightens_in_the_day():
    """Forced March (Day Actions): straighten one of your bowed Heroes."""
    s = fresh(SK)
    h = make(s, 0, "sellsword", "hero", bowed=1)
    c = make(s, 0, "forced_march", "hand")
    act(s, f"play {c}")
    act(s, f"target {h}")
    pay_all(s)
    assert s.bowed[h] == 0


def test_bribe_the_guard_bows_at_night():
    """Bribe the Guard (Night Actions): bow a Hero of another player; your own is no target."""
    s = fresh(SK, ph="night")
    make(s, 0, "sellsword", "hero")
    foe = make(s, 1, "takiyah", "hero")
    c = make(s, 0, "bribe_the_guard", "hand")
    act(s, f"play {c}")
    assert legal(s) == [f"target {foe}"]
    act(s, f"target {foe}")
    pay_all(s)
    assert s.bowed[foe] == 1


def test_word_in_the_souk_draws_two():
    """Word in the Souk (Day Actions): draw two cards."""
    s = fresh(SK)
    c = make(s, 0, "call_for_sellswords", "hand")
    act(s, f"play {c}")
    pay_all(s)
    assert len(s.hand[0]) == 2 and c in s.saved[0]


def test_rare_rain_gains_water_and_is_buried():
    """Rare Rain (Gaining Water; Saved and Buried Piles): a Water token onto one of your City
    Sections; the card is buried."""
    s = fresh(SK)
    sec = s.sections[0][0]
    s.water[sec] -= 1
    s.w_lost += 1
    w = section_water(s, 0)
    c = make(s, 0, "rare_rain", "hand")
    act(s, f"play {c}")
    pay_all(s)
    assert section_water(s, 0) == w + 1 and c in s.buried[0]


def test_steady_nerves_adds_two_ka_entering_a_duel():
    """Steady Nerves (Reactions; Challenges and Duels: 'entering a duel'): +2K to your Hero, so
    it outlasts a Hero it would have tied."""
    s = fresh(("moto", "senpet"))
    me = make(s, 0, "arhgoun", "hero")  # Ka 2
    foe = make(s, 1, "eye_of_night", "hero")  # Ka 2
    nerves = make(s, 1, "steady_nerves", "hand")
    ins = make(s, 0, "insult_at_the_bazaar", "hand")
    challenge(s, ins, foe, me)
    act(s, "accept")
    act(s, f"react {nerves} 0")
    act(s, f"target {foe}")
    play_out(s)
    assert ka(s, foe) == 4
    while asking(s)[0] == "duel":
        act(s, "pass")
    assert me in s.buried[0] and foe in s.heroes[1]


def test_insult_at_the_bazaar_is_a_day_challenge():
    """Insult at the Bazaar (Challenges and Duels): a Day challenge by an unbowed Hero of yours;
    the loser (lower Ka when both pass) is destroyed."""
    s = fresh(SK)
    me = make(s, 0, "eye_of_night", "hero")  # Ka 2
    foe = make(s, 1, "bonepicker", "hero")  # Ka 1
    ins = make(s, 0, "insult_at_the_bazaar", "hand")
    challenge(s, ins, foe, me)
    act(s, "accept")
    act(s, "pass")
    act(s, "pass")
    assert foe in s.buried[1] and me in s.heroes[0]


def test_hired_knife_strikes_a_weak_hero():
    """Hired Knife (Destroying Cards): destroys a Hero of another player with 2 Strength or
    less."""
    s = fresh(SK, ph="night")
    weak = make(s, 1, "takiyah", "hero")  # 1S
    k = make(s, 0, "hired_knife", "hand")
    act(s, f"play {k}")
    act(s, f"target {weak}")
    pay_all(s)
    assert weak in s.buried[1] and k in s.saved[0]


def test_gossip_makes_another_player_discard():
    """Gossip in the Tea House (Open actions): another player discards a card at random, to the
    Saved pile."""
    s = fresh(SK)
    theirs = [make(s, 1, "sellsword", "hand") for _ in range(3)]
    c = make(s, 0, "gossip", "hand")
    saved = len(s.saved[1])
    act(s, f"play {c}")
    act(s, "target 1")
    pay_all(s)
    assert len(s.hand[1]) == 2 and len(s.saved[1]) == saved + 1
    assert s.saved[1][-1] in theirs


def test_decree_of_the_council_destroys():
    """Decree of the Council (Council Actions): bowing Influence 7 destroys a Hero of another
    player."""
    s = fresh(SK)
    make(s, 0, "sun_priestess", "hero")  # Influence 2, with the Stronghold's 6
    victim = make(s, 1, "scarab_guardian", "hero")
    d = make(s, 0, "decree_of_the_council", "hand")
    act(s, f"play {d}")
    act(s, f"target {victim}")
    while asking(s)[0] == "play":
        act(s, [x for x in legal(s) if x.startswith("influence")][0])
    assert victim in s.buried[1]
