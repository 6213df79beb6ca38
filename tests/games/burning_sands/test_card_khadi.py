"""The Khadi cards, each played in a position where its text changes something."""

from sandsofplay.games.burning_sands.cards import card, ka, strength

from .card_kit import battle, copper, only_section, to_seat
from .helpers import act, fresh, legal, make, pay_all, phase, play_out, raid, settle

KS = ("khadi", "senpet")


def test_palace_of_ink_and_ash_straightens_a_khadi_hero():
    """Palace of Ink and Ash (Stronghold; Bowing cards): bow it to straighten one of your bowed
    Khadi Heroes; a bowed non-Khadi Hero is no target."""
    s = fresh(KS)
    k = make(s, 0, "ash_robed_khadi", "hero", bowed=1)
    other = make(s, 0, "sellsword", "hero", bowed=1)
    sh = s.stronghold[0]
    assert card(s, sh).id == "khadi_palace"
    act(s, f"use {sh} 0")
    assert legal(s) == [f"target {k}"]
    act(s, f"target {k}")
    play_out(s)
    assert s.bowed[k] == 0 and s.bowed[other] == 1 and s.bowed[sh] == 1


def test_takiyah_experienced_overlays_and_draws():
    """Takiyah, Voice of the Ashes (Experienced Heroes): laid over Takiyah for 2 Copper she has
    2S/4K and keeps the tokens; her Day ability bows her to draw a card."""
    s = fresh(KS)
    t = make(s, 0, "takiyah", "hero")
    s.mods.append([t, 0, 1, 1])  # a +1K token stays with the overlaid Hero
    e = make(s, 0, "takiyah_exp", "hand")
    act(s, f"overlay {e}")
    act(s, [x for x in legal(s) if x.startswith("produce")][0])
    assert e in s.heroes[0] and t in s.under[e]
    assert (strength(s, e), ka(s, e)) == (2, 5)
    act(s, "pass", 1)
    n = len(s.hand[0])
    act(s, f"use {e} 0", 0)
    play_out(s)
    assert len(s.hand[0]) == n + 1 and s.bowed[e] == 1


def test_takiyah_experienced_keeps_the_overlaid_ability():
    """Takiyah, Voice of the Ashes (Experienced Heroes: the Experienced version keeps the
    abilities of the card it overlays): the old Takiyah's Open ability still bows her for a
    -1S/-1K on another Hero."""
    s = fresh(KS)
    t = make(s, 0, "takiyah", "hero")
    e = make(s, 0, "takiyah_exp", "hand")
    foe = make(s, 1, "eye_of_night", "hero")
    act(s, f"overlay {e}")
    act(s, [x for x in legal(s) if x.startswith("produce")][0])
    act(s, "pass", 1)
    act(s, f"use {t} 0", 0)
    assert legal(s) == [f"target {foe}"]  # "another Hero": not Takiyah herself
    act(s, f"target {foe}")
    play_out(s)
    assert (strength(s, foe), ka(s, foe)) == (1, 1) and s.bowed[e] == 1


def test_ash_robed_khadi_draws_at_night():
    """Ash-Robed Khadi (Night Actions): bow it to draw a card; not a Day action."""
    s = fresh(KS)
    k = make(s, 0, "ash_robed_khadi", "hero")
    assert f"use {k} 0" not in legal(s)
    phase(s, "night", 0)
    n = len(s.hand[0])
    act(s, f"use {k} 0")
    play_out(s)
    assert len(s.hand[0]) == n + 1 and s.bowed[k] == 1


def test_mahir_strikes_a_hero_of_three_strength():
    """Mahir al-Qadim (Destroying Cards): bow him to destroy a Hero of another player with 3
    Strength or less."""
    s = fresh(KS, ph="night")
    m = make(s, 0, "mahir", "hero")
    three = make(s, 1, "chariot_captain", "hero")  # 3S
    act(s, f"use {m} 0")
    act(s, f"target {three}")
    play_out(s)
    assert three in s.buried[1] and s.bowed[m] == 1


def test_bound_spirit_adds_and_makes_the_unit_undead():
    """Bound Spirit (Follower '+' values; Undead): +1S/+1K to its Hero, and an Undead Follower
    makes the unit one that will not raid."""
    s = fresh(KS)
    h = make(s, 0, "scarab_guardian", "hero")  # 3S/2K
    b = make(s, 0, "bound_spirit", "hand")
    act(s, f"play {b}")
    act(s, f"target {h}")
    pay_all(s)
    assert (strength(s, h), ka(s, h)) == (4, 3)
    phase(s, "night", 0)
    make(s, 0, "sellsword", "hand")
    s._cache = None
    assert "raid" not in legal(s)


def test_staff_of_ash_bonus_and_raid_minus_one():
    """Staff of Ash (Item; Raid -X): +1S/+1K to its Hero, whose raids count 1 less: Fate 4 no
    longer beats a Strength 3 City Section."""
    s = fresh(KS, ph="night")
    h = make(s, 0, "scarab_guardian", "hero")
    make(s, 0, "staff_of_ash", "attach", to=h)
    assert (strength(s, h), ka(s, h)) == (4, 3)
    sec = only_section(s, 1, "parade_ground")  # Strength 3
    c = make(s, 0, "feint", "hand")  # Fate 4
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 0 and s.water[sec] == 5


def test_withering_curse_token():
    """Withering Curse (Spell; Bonuses and Tokens): a Night spell putting a -1S/-1K token on a
    Hero of another player."""
    s = fresh(KS, ph="night")
    make(s, 0, "takiyah", "hero")
    foe = make(s, 1, "chariot_captain", "hero")  # 3S/2K
    c = make(s, 0, "withering_curse", "hand")
    act(s, f"play {c}")
    act(s, f"target {foe}")
    pay_all(s)
    assert (strength(s, foe), ka(s, foe)) == (2, 1)
    assert [foe, -1, -1, 1] in s.mods  # a token (kind 1), not a turn bonus


def test_bolt_of_black_fire_destroys_a_weak_opposing_hero():
    """Bolt of Black Fire (Spell; Battle Actions: 'opposing'): destroys an opposing Hero in the
    battle with 2 Strength or less."""
    s, a, d, sec = battle(["ash_robed_khadi"], ["sellsword"], decks=KS)
    bolt = make(s, 0, "sorcerous_bolt", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {bolt}")
    act(s, f"target {d[0]}")
    pay_all(s)
    assert d[0] in s.buried[1]


def test_mark_of_the_caliph_is_permanent():
    """Mark of the Caliph (Permanent Changes): +1K that outlasts the turn."""
    s = fresh(KS)
    make(s, 0, "takiyah", "hero")
    h = make(s, 0, "scarab_guardian", "hero")  # Ka 2
    m = make(s, 0, "mark_of_the_caliph", "hand")
    act(s, f"play {m}")
    act(s, f"target {h}")
    pay_all(s)
    assert ka(s, h) == 3
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert ka(s, h) == 3


def test_scarab_guardian_falls_to_the_lost_giant():
    """Scarab Guardian (Traits and Abilities: a Scarab card): the Monstrous Lost Giant's Day
    ability may destroy it once it is bowed."""
    s = fresh(("moto", "khadi"))
    g = make(s, 0, "lost_giant", "hero")
    sc = make(s, 1, "scarab_guardian", "hero")
    assert f"use {g} 0" not in legal(s)  # unbowed: no target
    s.bowed[sc] = 1
    s._cache = None
    act(s, f"use {g} 0")
    act(s, f"target {sc}")
    play_out(s)
    assert sc in s.buried[1]


def test_grave_walker_is_undead_and_berserk():
    """Grave Walker (Undead; Berserk): it does not raid, and its engagement cannot be absorbed
    with cards from hand."""
    s = fresh(KS, ph="night")
    make(s, 0, "grave_walker", "hero")
    make(s, 0, "sellsword", "hand")
    s._cache = None
    assert "raid" not in legal(s)
    s, a, d, sec = battle(["sellsword", "sellsword"], ["grave_walker"], decks=("senpet", "khadi"))
    make(s, 0, "insult_at_the_bazaar", "hand")
    s._cache = None
    act(s, f"engage {d[0]}", 1)
    act(s, f"drop {a[0]}")
    assert not any(x.startswith("fate") for x in legal(s))
