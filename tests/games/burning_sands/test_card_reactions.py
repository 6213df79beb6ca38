"""Reactions, Omens and Jinn Spells (Reactions; Omens; Challenges and Duels; Spell): each card
played where its text changes something."""

from sandsofplay.games.burning_sands import duel as duelmod
from sandsofplay.games.burning_sands.cards import flying_unit, ka, strength

from .card_kit import battle, copper, to_seat
from .helpers import act, asking, fresh, legal, make, pay_all, phase, play_out, settle


def duel_of(s, a, b):
    """a (seat 0) challenges b (seat 1), who accepts; b's player thrusts first."""
    duelmod.challenge(s, a, b, "destroy", [])
    settle(s)
    act(s, "accept")
    return next(f for f in reversed(s.stack) if f["k"] == "duel")


# --- Jinn ---------------------------------------------------------------------------------------
def test_jinn_of_desire_is_a_flying_hero():
    """Jinn of Desire (Spell: Jinn Spells summon Jinn Heroes; Flying): a Sahir casts it and it
    stays as a 3S/2K Flying Hero."""
    s = fresh(("assassin", "senpet"))
    sah = make(s, 0, "master_of_whispers", "hero")
    copper(s, 0, 1)
    j = make(s, 0, "jinn_of_desire", "hand")
    act(s, f"play {j}")
    pay_all(s)
    assert j in s.heroes[0] and s.bowed[sah] == 1 and s.bowed[j] == 0
    assert (strength(s, j), ka(s, j)) == (3, 2) and flying_unit(s, j)


def test_jinn_of_ash_is_a_ground_hero():
    """Jinn of Ash (Spell: Jinn Spells): a 3S/3K Jinn Hero, not Flying."""
    s = fresh(("khadi", "senpet"))
    make(s, 0, "takiyah", "hero")
    copper(s, 0, 1)
    j = make(s, 0, "jinn_of_ash", "hand")
    act(s, f"play {j}")
    pay_all(s)
    assert j in s.heroes[0] and (strength(s, j), ka(s, j)) == (3, 3) and not flying_unit(s, j)


# --- Reactions to targeting ---------------------------------------------------------------------
def test_alims_charm_negates_an_innate_ability():
    """Alim's Charm of Protection (Reactions example): when an innate ability targets your Hero
    it is negated; the Sahir stays bowed."""
    s = fresh(("khadi", "senpet"))
    tak = make(s, 0, "takiyah", "hero")
    t = make(s, 1, "eye_of_night", "hero")
    charm = make(s, 1, "alims_charm", "hand")
    act(s, f"use {tak} 0")
    act(s, f"target {t}")
    assert asking(s) == ("window", 1)
    act(s, f"react {charm} 0")
    pay_all(s)
    assert strength(s, t) == 2 and s.bowed[tak] == 1 and charm in s.saved[1]


def test_alims_charm_does_not_answer_an_action_card():
    """Alim's Charm of Protection (Reactions): an Action card targeting your Hero is no Spell or
    innate ability: the Charm is not offered and the Action resolves."""
    s = fresh(("senpet", "khadi"), ph="night")
    t = make(s, 1, "takiyah", "hero")  # 1S
    make(s, 1, "alims_charm", "hand")
    k = make(s, 0, "hired_knife", "hand")
    act(s, f"play {k}")
    act(s, f"target {t}")
    pay_all(s)
    assert t in s.buried[1]


def test_ward_of_silence_negates_an_action():
    """Ward of Silence (Reactions; Actions: a cancelled action's costs stay paid): negates an
    Action card targeting your Hero."""
    s = fresh(("senpet", "khadi"), ph="night")
    t = make(s, 1, "takiyah", "hero")
    ward = make(s, 1, "ward_of_silence", "hand")
    k = make(s, 0, "hired_knife", "hand")
    act(s, f"play {k}")
    act(s, f"target {t}")
    pay_all(s)
    assert asking(s) == ("window", 1)
    act(s, f"react {ward} 0")
    pay_all(s)
    assert t in s.heroes[1] and k in s.saved[0] and s.bowed[s.stronghold[0]] == 1


def test_turn_the_blade_sends_a_curse_elsewhere():
    """Turn the Blade (Targeting and Redirection): Takiyah's -1S/-1K, aimed at one Hero, lands on
    another Hero it could have chosen."""
    s = fresh(("khadi", "moto"))
    tak = make(s, 0, "takiyah", "hero")
    t1 = make(s, 1, "arhgoun", "hero")
    other = make(s, 1, "jana_barakah", "hero")
    blade = make(s, 1, "turn_the_blade", "hand")
    act(s, f"use {tak} 0")
    act(s, f"target {t1}")
    act(s, f"react {blade} 0")
    pay_all(s)
    act(s, f"target {other}")
    assert strength(s, t1) == 3 and strength(s, other) == 1


# --- Reactions to attacks and engagements ---------------------------------------------------------
def test_second_wind_straightens_when_attacked():
    """Second Wind (Reactions; Declaration Segment): when you are attacked, straighten one of
    your bowed Heroes, who can then defend."""
    s = fresh(("moto", "senpet"))
    make(s, 0, "kitai", "hero")
    tired = make(s, 1, "eye_of_night", "hero", bowed=1)
    wind = make(s, 1, "second_wind", "hand")
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    assert asking(s) == ("window", 1)
    act(s, f"react {wind} 0")
    act(s, f"target {tired}")
    assert s.bowed[tired] == 0


def test_wall_of_shields_weakens_the_engaging_hero():
    """Wall of Shields (Reactions; Engaging the Enemy): the engaging Hero gets -2S, so it deals 1
    damage instead of 3."""
    s, a, d, sec = battle(["arhgoun"], ["takiyah"])
    wall = make(s, 1, "shield_wall", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"engage {a[0]}")
    act(s, f"react {wall} 0")
    act(s, f"target {a[0]}")
    play_out(s)
    assert strength(s, a[0]) == 1 and s.stack[-1]["dmg"] == 1


# --- Omens --------------------------------------------------------------------------------------
def test_festival_of_lanterns_lifts_every_ka():
    """Festival of Lanterns (Omens): while in play every Hero, yours and theirs, gets +1K."""
    s = fresh()
    mine = make(s, 0, "sellsword", "hero")
    theirs = make(s, 1, "takiyah", "hero")
    o = make(s, 0, "festival_of_lanterns", "hand")
    act(s, f"play {o}")
    pay_all(s)
    assert s.omen == o and (ka(s, mine), ka(s, theirs)) == (3, 4)


def test_wall_of_sand_weakens_every_hero_until_the_battle_ends():
    """Wall of Sand (Omens: a Battle Omen is destroyed at the end of its battle): played in a
    battle, every Hero gets -1S; after the battle it is buried and Strength comes back."""
    s, a, d, sec = battle(["arhgoun"], ["scarab_guardian"])
    home = make(s, 1, "sellsword", "hero")
    o = make(s, 0, "sandstorm_omen", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {o}")
    pay_all(s)
    assert s.omen == o
    assert (strength(s, a[0]), strength(s, d[0]), strength(s, home)) == (2, 2, 1)
    while asking(s)[0] == "battle":
        act(s, "pass")
    assert s.omen == -1 and o in s.buried[0] and strength(s, a[0]) == 3


# --- Reactions in duels -------------------------------------------------------------------------
def test_sidestep_lowers_the_thrust_by_two():
    """Sidestep (Reactions in a duel): the opponent's thrust of 5 counts 3, so a parry of 3 takes
    no Ka."""
    s = fresh(("assassin", "moto"))
    a = make(s, 0, "master_of_whispers", "hero")  # not a Duelist
    b = make(s, 1, "arhgoun", "hero")
    step = make(s, 0, "sidestep", "hand")
    par = make(s, 0, "matter_of_honor", "hand")  # Fate 3
    thr = make(s, 1, "ghazi_khan", "hand")  # Fate 5
    f = duel_of(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"react {step} 0")
    act(s, f"parry {par}")
    assert f["loss"] == [0, 0]


def test_press_the_attack_raises_the_revealed_thrust():
    """Press the Attack (Reactions in a duel): after the parry, your thrust counts 1 more: 3 + 1
    against a parry of 3 takes 1 Ka."""
    s = fresh(("assassin", "moto"))
    a = make(s, 0, "master_of_whispers", "hero")  # Ka 4, not a Duelist
    b = make(s, 1, "arhgoun", "hero")
    press = make(s, 1, "press_the_attack", "hand")
    thr = make(s, 1, "matter_of_honor", "hand")  # Fate 3
    par = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    f = duel_of(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"parry {par}")
    act(s, f"react {press} 0")
    play_out(s)
    assert f["loss"] == [1, 0]


def test_riposte_raises_the_parry_and_wounds():
    """Riposte (Reactions in a duel): after your parry, it counts 1 more (3 against 2 + 1: no
    damage) and the thrusting Hero loses 1 Ka until the duel ends."""
    s = fresh(("assassin", "moto"))
    a = make(s, 0, "master_of_whispers", "hero")
    b = make(s, 1, "jana_barakah", "hero")
    rip = make(s, 0, "riposte", "hand")
    thr = make(s, 1, "matter_of_honor", "hand")  # Fate 3
    par = make(s, 0, "sellsword", "hand")  # Fate 2
    f = duel_of(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"parry {par}")
    act(s, f"react {rip} 0")
    act(s, f"target {b}")
    play_out(s)
    assert f["loss"] == [0, 1]


def test_fencing_master_bows_to_lower_a_thrust():
    """Fencing Master (Follower '+'; Reactions in a duel): +1K to its Hero, and bowing it makes
    the thrust against its Hero count 1 less (3 against a parry of 2: no damage)."""
    s = fresh(("assassin", "moto"))
    a = make(s, 0, "master_of_whispers", "hero")
    fm = make(s, 0, "fencing_master", "attach", to=a)
    assert ka(s, a) == 5
    b = make(s, 1, "arhgoun", "hero")
    thr = make(s, 1, "insult_at_the_bazaar", "hand")  # Fate 3
    par = make(s, 0, "sellsword", "hand")  # Fate 2
    f = duel_of(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"react {fm} 0")
    act(s, f"parry {par}")
    assert s.bowed[fm] == 1 and f["loss"] == [0, 0]


def test_hex_of_the_trembling_hand_wounds_the_thruster():
    """Hex of the Trembling Hand (Spell; Reactions in a duel): after the opponent thrusts, the
    thrusting Hero loses 1 Ka until the duel ends; a Sahir of yours is bowed to cast it."""
    s = fresh(("khadi", "moto"))
    a = make(s, 0, "takiyah", "hero")
    b = make(s, 1, "jana_barakah", "hero")  # Ka 3
    hex_ = make(s, 0, "trembling_hand", "hand")
    thr = make(s, 1, "matter_of_honor", "hand")
    f = duel_of(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"react {hex_} 0")
    act(s, f"target {b}")
    play_out(s)
    assert f["loss"][1] == 1 and s.bowed[a] == 1


def test_lantern_watch_lifts_a_defending_fate_value():
    """Lantern Watch (Reactions; Resolving the Raid): when you are raided, your defending Fate
    value counts 2 more: a defending card of 2 holds off a raid worth 4."""
    s = fresh(("moto", "senpet"), ph="night")
    r = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")  # Fate 2 + Kitai's 1 + the Tents' 1 = 4
    watch = make(s, 1, "lantern_watch", "hand")
    guard = make(s, 1, "eye_of_night", "hero")
    dc = make(s, 1, "sellsword", "hand")  # Fate 2 (+2)
    sec = s.sections[1][0]
    act(s, "raid")
    act(s, f"rsec {sec}")
    act(s, f"rhero {r}")
    act(s, f"rcard {c}")
    act(s, "go")
    act(s, f"react {watch} 0")
    play_out(s)
    act(s, f"defend {guard}")
    act(s, f"dcard {dc}")
    assert s.water[r] == 0 and watch in s.saved[1]
