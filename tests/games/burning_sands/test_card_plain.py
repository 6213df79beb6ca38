"""Every City Section and every Hero by its printed numbers: a City Section bought before play
costs its City Points and starts full of Water with its Base Strength; a Hero hired from the hand
enters play unbowed with its printed Strength and Ka, its Water and Copper paid."""

import pytest

from sandsofplay.engine import Setup
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import card, ka, section_strength, strength
from sandsofplay.games.burning_sands.data import get

from .card_kit import copper, section_water
from .helpers import act, asking, fresh, legal, make, pay_all

D = get()

SECTIONS = {  # section id -> a starter deck that offers it
    "parade_ground": "senpet", "barracks_quarter": "senpet", "granary_row": "senpet",
    "sun_gate": "senpet", "dry_cistern": "senpet",
    "horse_market": "moto", "outrider_camp": "moto", "dune_well": "moto",
    "khans_pavilion": "moto",
    "hidden_stair": "assassin", "poisoners_lane": "assassin", "quiet_courtyard": "assassin",
    "mountain_cistern": "assassin",
    "secret_wall": "khadi", "jewel_of_the_desert": "khadi", "ink_sellers_row": "khadi",
    "tomb_gardens": "khadi",
}

HEROES = {  # hero id -> the deck seat 0 plays (its own Faction, or Senpet for the Unaligned)
    "eye_of_night": "senpet", "eye_of_night_exp": "senpet", "al_hazaad": "senpet",
    "khemet": "senpet", "legion_archer": "senpet", "chariot_captain": "senpet",
    "sun_priestess": "senpet", "sand_lion": "senpet",
    "kitai": "moto", "kitai_exp": "moto", "jana_barakah": "moto", "arhgoun": "moto",
    "lost_giant": "moto", "ghazi_khan": "moto", "night_rider": "moto", "windcaller": "moto",
    "blade_of_the_old_man": "assassin", "silent_knife": "assassin", "veiled_sister": "assassin",
    "master_of_whispers": "assassin", "rashid": "assassin", "rooftop_runner": "assassin",
    "takiyah": "khadi", "takiyah_exp": "khadi", "bonepicker": "khadi",
    "ash_robed_khadi": "khadi", "scarab_guardian": "khadi", "grave_walker": "khadi",
    "mahir": "khadi",
    "wandering_giant": "senpet", "clay_golem": "senpet", "desert_guide": "senpet",
    "sellsword": "senpet", "old_strategist": "senpet", "scarab_keeper": "senpet",
    "nagah_of_the_deep_well": "senpet",
}


def test_the_lists_name_every_section_and_hero():
    """Card data: the two lists below cover every City Section and Hero in the data."""
    assert set(SECTIONS) == {c.id for c in D.cards if c.type == "section"}
    assert set(HEROES) == {c.id for c in D.cards if c.type == "hero"}


@pytest.mark.parametrize("sid", sorted(SECTIONS))
def test_city_section_bought_full_of_water(sid):
    """City Section; Game setup: bought with the Stronghold's City Points before play, the City
    Section starts with Water tokens to its capacity and has its printed Base Strength."""
    deck = SECTIONS[sid]
    other = "khadi" if deck != "khadi" else "senpet"
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=5, deck1=deck,
                                  deck2=other))
    assert asking(s) == ("buy", 0)
    cp = s.stack[-1]["cp"]
    act(s, f"buy {sid}")
    assert s.stack[-1]["cp"] == cp - D.by_id[sid].cp_cost
    act(s, "ready")
    act(s, legal(s)[0])  # seat 1 buys something
    act(s, "ready")
    sec = s.sections[0][0]
    c = card(s, sec)
    assert c.id == sid and s.water[sec] == c.capacity > 0
    assert section_strength(s, sec) == c.strength
    assert len(s.hand[0]) == 4 + 1


@pytest.mark.parametrize("hid", sorted(HEROES))
def test_hero_hired_with_printed_stats(hid):
    """Hero; Bringing Cards into Play: hired in the Day from the hand, the Hero enters play
    unbowed with its printed Strength and Ka; its Water cost leaves the City Sections and enough
    Copper producers are bowed for its Copper cost."""
    deck = HEROES[hid]
    s = fresh((deck, "khadi" if deck != "khadi" else "senpet"))
    copper(s, 0, 4)
    h = make(s, 0, hid, "hand")
    c = card(s, h)
    w = section_water(s, 0)
    act(s, f"play {h}")
    pay_all(s)
    assert h in s.heroes[0] and s.bowed[h] == 0
    assert (strength(s, h), ka(s, h)) == (c.s, c.k)
    assert section_water(s, 0) == w - c.water
    made = sum(card(s, u).produce for u in s.home[0] if s.bowed[u])
    assert c.copper <= made < c.copper + 3  # one producer more would have been too many
