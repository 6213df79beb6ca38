"""The Moto cards, each played in a position where its text changes something."""

from sandsofplay.games.burning_sands.cards import card, carry, flying_unit, raid_mod, strength

from .card_kit import battle, only_section, to_seat
from .helpers import act, asking, fresh, legal, make, pay_all, phase, play_out, raid

MS = ("moto", "senpet")


def night_raid(hero_id, fate_id, sec_id="parade_ground", extra=()):
    """Seat 0 (Moto) raids seat 1's only City Section ``sec_id`` with a new ``hero_id`` (with the
    attachments ``extra``) and the card ``fate_id`` face down; seat 1 does not defend."""
    s = fresh(MS, ph="night")
    sec = only_section(s, 1, sec_id)
    h = make(s, 0, hero_id, "hero")
    for x in extra:
        make(s, 0, x, "attach", to=h)
    c = make(s, 0, fate_id, "hand")
    raid(s, sec, h, c)
    act(s, "nodefend")
    return s, h, sec


def test_hundred_tents_give_raid_plus_one():
    """The Hundred Tents (Stronghold; Raid +X): your Heroes have Raid +1, so a Fate 3 raid beats
    an undefended Strength 3 City Section."""
    s, h, sec = night_raid("sellsword", "matter_of_honor")  # Fate 3 + 1
    assert card(s, s.stronghold[0]).id == "moto_tents"
    assert raid_mod(s, h) == 1 and s.water[h] == 1 and s.water[sec] == 4


def test_night_rider_raids_two_higher_and_flies():
    """Night Rider (Raid +X; Flying): Raid +2 (and the Stronghold's +1) lift a Fate 1 card over
    Strength 3; its unit is Flying."""
    s, h, sec = night_raid("night_rider", "copper_mine")  # Fate 1 + 2 + 1
    assert s.water[h] == 1 and flying_unit(s, h)


def test_windcaller_draws_at_night():
    """Windcaller of the Steppe (Night Actions): bow it to draw a card."""
    s = fresh(MS, ph="night")
    w = make(s, 0, "windcaller", "hero")
    n = len(s.hand[0])
    act(s, f"use {w} 0")
    play_out(s)
    assert len(s.hand[0]) == n + 1 and s.bowed[w] == 1


def test_moto_outriders_carry_one_more():
    """Moto Outriders (Carry +X): a successful raid by its unit carries 2 Water tokens."""
    s, h, sec = night_raid("sellsword", "matter_of_honor", extra=("moto_outriders",))
    assert carry(s, h) == 2 and s.water[h] == 2 and s.water[sec] == 3


def test_moto_outriders_engage_on_their_own_strength():
    """Moto Outriders (Follower; Engaging the Enemy): no '+' Strength, so the Hero keeps its 2S,
    and the Follower engages alone for 1 damage."""
    s, a, d, sec = battle(["sellsword"], ["eye_of_night"], decks=MS)
    f = make(s, 0, "moto_outriders", "attach", to=a[0])
    s._cache = None
    assert strength(s, a[0]) == 2
    to_seat(s, 0)
    act(s, f"engage1 {f}")
    assert asking(s)[0] == "absorb" and s.stack[-1]["dmg"] == 1


def test_swift_mare_strength_and_raid():
    """Swift Mare (Item; Raid +X): +1S to its Hero and Raid +1: with the Stronghold a Fate 2
    card beats Strength 3."""
    s, h, sec = night_raid("sellsword", "sellsword", extra=("swift_mare",))  # Fate 2 + 1 + 1
    assert strength(s, h) == 3 and s.water[h] == 1


def test_fresh_horses_straighten_at_night():
    """Fresh Horses (Night Actions): straighten one of your bowed Heroes; an unbowed one is no
    target."""
    s = fresh(MS, ph="night")
    tired = make(s, 0, "kitai", "hero", bowed=1)
    make(s, 0, "arhgoun", "hero")
    c = make(s, 0, "fresh_horses", "hand")
    act(s, f"play {c}")
    assert legal(s) == [f"target {tired}"]
    act(s, f"target {tired}")
    pay_all(s)
    assert s.bowed[tired] == 0


def test_riders_in_the_dust_bow_an_opposing_hero_of_three_or_less():
    """Riders in the Dust (Battle Actions: 'opposing'): bow an opposing Hero with 3 Strength or
    less; a 5-Strength Hero is no target."""
    s, a, d, sec = battle(["kitai"], ["eye_of_night", "khemet"], decks=MS)
    r = make(s, 0, "riders_in_the_dust", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {r}")
    assert legal(s) == [f"target {d[0]}"]
    act(s, f"target {d[0]}")
    pay_all(s)
    assert s.bowed[d[0]] == 1 and s.bowed[d[1]] == 0


def test_call_the_sandstorm_bows_a_hero_of_another_player():
    """Call the Sandstorm (Spell; Night Actions): a Sahir casts it to bow a Hero of another
    player."""
    s = fresh(MS, ph="night")
    w = make(s, 0, "windcaller", "hero")  # the Sahir
    foe = make(s, 1, "eye_of_night", "hero")
    c = make(s, 0, "call_the_sandstorm", "hand")
    act(s, f"play {c}")
    act(s, f"target {foe}")
    pay_all(s)
    assert s.bowed[foe] == 1 and s.bowed[w] == 1


def test_ghazi_khan_raids_and_carries_more():
    """Ghazi Khan of the Moto (Carry +X; Raid +X): Raid +1 (and the Stronghold's) lift a Fate 2
    card over Strength 3, and he carries 1 + 2 Water tokens."""
    s, h, sec = night_raid("ghazi_khan", "sellsword")  # Fate 2 + 1 + 1
    assert s.water[h] == 3 and s.water[sec] == 2


def test_jana_barakah_carries_two():
    """Jana Barakah (Carry +X): her successful raid takes 2 Water tokens."""
    s, h, sec = night_raid("jana_barakah", "matter_of_honor")
    assert s.water[h] == 2


def test_kitai_raids_one_higher():
    """Kitai (Raid +X): Raid +1 and the Stronghold's +1 lift a Fate 2 card over Strength 3."""
    s, h, sec = night_raid("kitai", "sellsword")
    assert s.water[h] == 1


def test_kitai_experienced_raids_two_higher():
    """Kitai, Rider of the Long Night (Experienced Heroes; Raid +X): laid over Kitai, Raid +2
    (and the Stronghold's) lift a Fate 1 card over Strength 3."""
    s = fresh(MS)
    k = make(s, 0, "kitai", "hero")
    e = make(s, 0, "kitai_exp", "hand")
    act(s, f"overlay {e}")
    act(s, [x for x in legal(s) if x.startswith("produce")][0])
    phase(s, "night", 0)
    sec = only_section(s, 1, "parade_ground")
    c = make(s, 0, "copper_mine", "hand")  # Fate 1
    raid(s, sec, e, c)
    act(s, "nodefend")
    assert s.water[e] == 1 and k in s.under[e]


def test_lost_giant_cannot_defend():
    """Monstrous Lost Giant ('cannot defend'): it is not offered to defend a raid."""
    s = fresh(("senpet", "moto"), ph="night")
    r = make(s, 0, "sellsword", "hero")
    c = make(s, 0, "matter_of_honor", "hand")
    g = make(s, 1, "lost_giant", "hero")
    make(s, 1, "sellsword", "hand")
    s._cache = None
    act(s, "raid")
    act(s, f"rsec {s.sections[1][0]}")
    act(s, f"rhero {r}")
    act(s, f"rcard {c}")
    act(s, "go")
    assert f"defend {g}" not in legal(s) and legal(s) == ["nodefend"]
