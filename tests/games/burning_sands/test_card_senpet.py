"""The Senpet cards, each played in a position where its text changes something."""

from sandsofplay.games.burning_sands.cards import card, flying_unit, ka, strength

from .card_kit import battle, to_seat
from .helpers import act, asking, fresh, legal, make, pay_all, play_out, settle

SK = ("senpet", "khadi")


def test_citadel_gives_a_hero_in_the_battle_plus_one():
    """Citadel of the Ninth Legion (Stronghold; Battle Actions: 'this battle'): bow it for +1S
    on one of your Heroes in the battle; a Hero at home is no target."""
    s, a, d, sec = battle(["eye_of_night"], ["takiyah"], decks=SK)
    home = make(s, 0, "sellsword", "hero")
    sh = s.stronghold[0]
    assert card(s, sh).id == "senpet_citadel"
    s._cache = None
    to_seat(s, 0)
    act(s, f"use {sh} 0")
    assert legal(s) == [f"target {a[0]}"]
    act(s, f"target {a[0]}")
    play_out(s)
    assert strength(s, a[0]) == 3 and strength(s, home) == 2 and s.bowed[sh] == 1


def test_eye_of_night_experienced_overlay():
    """Eye of Night, Veteran of the Wall (Experienced Heroes): laid over Eye of Night for 2
    Copper, the unit has the Veteran's 3S/3K and keeps its attachments."""
    s = fresh(SK)
    e0 = make(s, 0, "eye_of_night", "hero")
    sp = make(s, 0, "long_spear", "attach", to=e0)
    e = make(s, 0, "eye_of_night_exp", "hand")
    act(s, f"overlay {e}")
    act(s, [x for x in legal(s) if x.startswith("produce")][0])
    assert e in s.heroes[0] and e0 in s.under[e] and sp in s.att[e]
    assert (strength(s, e), ka(s, e)) == (4, 3)


def test_legion_spearmen_engage_alone_for_two():
    """Legion Spearmen (Follower; Engaging the Enemy): no '+' Strength, so the Hero keeps its
    Strength; the Spearmen engage alone for 2 damage, or add 2 when the unit engages."""
    s, a, d, sec = battle(["eye_of_night"], ["takiyah"], decks=SK)
    f = make(s, 0, "legion_spearmen", "attach", to=a[0])
    s._cache = None
    assert strength(s, a[0]) == 2
    to_seat(s, 0)
    act(s, f"engage {a[0]}")
    assert asking(s)[0] == "absorb" and s.stack[-1]["dmg"] == 4
    assert s.bowed[f] == 1


def test_drill_of_the_ninth_gives_a_lasting_token():
    """Drill of the Ninth (Bonuses and Tokens): a +1S token on one of your Heroes, still there
    next turn."""
    s = fresh(SK)
    h = make(s, 0, "eye_of_night", "hero")
    c = make(s, 0, "drill_sergeant", "hand")
    act(s, f"play {c}")
    act(s, f"target {h}")
    pay_all(s)
    assert strength(s, h) == 3
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert strength(s, h) == 3


def test_blessing_of_the_noon_sun_in_battle():
    """Blessing of the Noon Sun (Spell; Battle Actions): a Sahir casts it for +2S/+2K on one of
    your Heroes in the battle."""
    s, a, d, sec = battle(["eye_of_night", "sun_priestess"], ["takiyah"], decks=SK)
    c = make(s, 0, "noon_blessing", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {c}")
    act(s, f"target {a[0]}")
    pay_all(s)
    assert (strength(s, a[0]), ka(s, a[0])) == (4, 4) and s.bowed[a[1]] == 1


def test_sound_the_charge_plus_three():
    """Sound the Charge (Battle Actions): +3S on one of your Heroes in the battle, until the end
    of the turn."""
    s, a, d, sec = battle(["eye_of_night"], ["takiyah"], decks=SK)
    c = make(s, 0, "charge", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {c}")
    act(s, f"target {a[0]}")
    pay_all(s)
    assert strength(s, a[0]) == 5
    assert [a[0], 3, 0, 0] in s.mods  # a turn bonus: it expires with the turn


def test_priestess_of_the_noon_sun_blesses_a_hero_in_battle():
    """Priestess of the Noon Sun (innate ability; Battle Actions): bow her for +1S/+1K on one of
    your Heroes in the battle."""
    s, a, d, sec = battle(["eye_of_night", "sun_priestess"], ["takiyah"], decks=SK)
    to_seat(s, 0)
    act(s, f"use {a[1]} 0")
    act(s, f"target {a[0]}")
    play_out(s)
    assert (strength(s, a[0]), ka(s, a[0])) == (3, 3) and s.bowed[a[1]] == 1


def test_al_hazaad_flies():
    """al Hazaad (Flying): a Flying Hero; with a Ground Follower its unit is Ground."""
    s = fresh(SK)
    h = make(s, 0, "al_hazaad", "hero")
    assert flying_unit(s, h)
    make(s, 0, "camel_rider", "attach", to=h)
    assert not flying_unit(s, h)


def test_khemet_is_berserk():
    """Khemet the Unbroken (Berserk): his engagement cannot be absorbed with cards from hand."""
    s, a, d, sec = battle(["sellsword", "sellsword"], ["khemet"], decks=("khadi", "senpet"))
    make(s, 0, "insult_at_the_bazaar", "hand")
    s._cache = None
    act(s, f"engage {d[0]}", 1)
    act(s, f"drop {a[0]}")
    assert not any(x.startswith("fate") for x in legal(s))
