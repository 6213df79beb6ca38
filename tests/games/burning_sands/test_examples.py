"""Every worked example of the rulebook as a scenario."""

from sandsofplay.games.burning_sands.cards import card, is_a, ka, strength
from sandsofplay.games.burning_sands.effects import plays

from .helpers import (act, asking, attack, challenge, clear_hand, fresh, legal, make, new, pay_all,
                      phase)


def _battle_state():
    """Abdul (seat 0, Assassins) attacks seat 1 (Senpet); both sides have one Hero."""
    s = fresh(("assassin", "senpet"))
    return s


def test_abduls_assassin_stronghold_sends_a_hero_home_once():
    """Bowing cards (example): the Assassin Stronghold bows to send an Assassin Hero home from a
    battle; once bowed it cannot do so again in that battle."""
    s = _battle_state()
    a1 = make(s, 0, "veiled_sister", "hero")
    a2 = make(s, 0, "blade_of_the_old_man", "hero")
    d = make(s, 1, "khemet", "hero")
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    sec = s.sections[1][0]
    act(s, f"assign {a1} {sec}")
    act(s, f"assign {a2} {sec}")  # no unit left: the defender assigns next
    assert asking(s) == ("attack", 1)
    act(s, f"assign {d} {sec}")
    assert asking(s) == ("battle", 1)  # the defending army acts first
    act(s, "pass", 1)
    sh = s.stronghold[0]
    assert f"use {sh} 0" in legal(s, 0)
    act(s, f"use {sh} 0")
    act(s, f"target {a1}")
    assert s.bowed[a1] == 1 and a1 in s.heroes[0]
    assert all(x[0] != a1 for x in s.atk["units"])  # home, out of the battle
    act(s, "pass", 1)
    assert f"use {sh} 0" not in legal(s, 0)  # the Stronghold is bowed now


def test_lost_giant_traits_and_ability():
    """Traits and Abilities (example): the Monstrous Lost Giant is a Monstrous, Lost, Giant,
    Moto, Sahir and Duelist card, not a 'defend' or 'Scarab' card; it cannot defend; its Day
    ability is innate and destroys a bowed Scarab Hero."""
    s = new(("moto", "khadi"))
    giant = make(s, 0, "lost_giant", "hero")
    c = card(s, giant)
    for word in ("Monstrous", "Lost", "Giant", "Moto", "Sahir", "Duelist"):
        assert is_a(c, word), word
    for word in ("defend", "bow", "destroy", "Scarab"):
        assert not is_a(c, word), word
    assert c.abilities[0].when == "day" and "Sahir" in c.traits  # an innate ability
    scarab = make(s, 1, "scarab_guardian", "hero", bowed=1)
    other = make(s, 1, "bonepicker", "hero", bowed=1)
    phase(s, "day", 0)
    clear_hand(s, 0)
    assert f"use {giant} 0" in legal(s)
    act(s, f"use {giant} 0")
    assert legal(s) == [f"target {scarab}"]  # only the bowed Scarab Hero
    act(s, f"target {scarab}")
    assert scarab in s.buried[1] and other in s.heroes[1]
    # the Lost Giant cannot defend
    phase(s, "day", 1)
    s.bowed[giant] = 0
    s.attacked = [0, 0]
    a = make(s, 1, "grave_walker", "hero")
    attack(s, s.sections[0][0], [a], defenders=(0,))
    assert s.heroes[0] == [giant] and not s.bowed[giant]
    assert asking(s)[0] == "battle"  # never asked to defend: the Giant is its only Hero


def _four_players():
    """Jisha (0, Moto), Aziz (1, Khadi), Hala (2, Senpet), Abdul (3, Assassins)."""
    s = fresh(("moto", "khadi", "senpet", "assassin"))
    heroes = {
        "kitai": make(s, 0, "kitai", "hero"), "jana": make(s, 0, "jana_barakah", "hero"),
        "arhgoun": make(s, 0, "arhgoun", "hero"), "bonepicker": make(s, 1, "bonepicker", "hero"),
        "eye": make(s, 2, "eye_of_night", "hero"), "hazaad": make(s, 2, "al_hazaad", "hero"),
        "jinn": make(s, 3, "jinn_of_desire", "hero"),
    }
    s.sections[1] = []
    wall = make(s, 1, "secret_wall", "section")
    jewel = make(s, 1, "jewel_of_the_desert", "section")
    return s, heroes, wall, jewel


def test_jisha_attacks_aziz_with_hala_as_ally_and_abduls_jinn_flies():
    """Offensive and Defensive Allies; Ground and Flying Maneuvers (examples): Jisha attacks
    Aziz, both ask Hala, Hala takes a Water token from Aziz and so must send a unit; Ground:
    Kitai and Jana Barakah to the Secret Wall, Arhgoun to the Jewel of the Desert, Aziz's
    Bonepicker to the Jewel, Hala's Eye of Night to the Secret Wall; Flying: Abdul's Jinn of
    Desire to the Secret Wall, Aziz has no Flying unit, Hala's al Hazaad to the Secret Wall."""
    s, h, wall, jewel = _four_players()
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    assert asking(s) == ("attack", 0)
    act(s, "invite 2")
    act(s, "invite 3")  # nobody else to ask: Aziz's turn to invite
    assert asking(s) == ("attack", 1)
    act(s, "invite 2")
    act(s, "done")
    # Hala answers Jisha's invitation (nothing), Abdul answers (nothing), Hala demands of Aziz
    asked = []
    while s.stack[-1]["k"] == "attack" and s.stack[-1]["step"] == "demands":
        f = s.stack[-1]
        ally, inviter = f["pending"][f["j"]]
        asked.append((ally, inviter))
        if (ally, inviter) == (2, 1):
            act(s, "demand")
            s.water[s.sections[2][0]] -= 1  # make room on one of Hala's sections
            s.w_lost += 1
            before = sum(s.water[x] for x in s.sections[2])
            act(s, f"token {wall}")
            assert sum(s.water[x] for x in s.sections[2]) == before + 1
        else:
            act(s, "nodemand")
    assert (2, 1) in asked and s.atk["promise"] == [[2, 1]]
    # Ground Maneuvers: Jisha first
    assert asking(s) == ("attack", 0)
    act(s, f"assign {h['kitai']} {wall}")
    act(s, f"assign {h['jana']} {wall}")
    act(s, f"assign {h['arhgoun']} {jewel}")
    # Abdul (offensive ally) has only a Flying unit: he may already send it but waits
    assert asking(s) == ("attack", 3)
    act(s, "done")
    assert asking(s) == ("attack", 1)
    act(s, f"assign {h['bonepicker']} {jewel}")
    assert asking(s) == ("attack", 2)
    assert any(x.startswith(f"assign {h['hazaad']}") for x in legal(s))  # an ally may fly early
    act(s, f"assign {h['eye']} {wall}")
    act(s, "done")
    # Flying Maneuvers: Jisha has none; Abdul sends the Jinn; Aziz has none; Hala al Hazaad
    assert asking(s) == ("attack", 3)
    act(s, f"assign {h['jinn']} {wall}")
    assert asking(s) == ("attack", 2)
    act(s, f"assign {h['hazaad']} {wall}")
    units = {tuple(x) for x in s.atk["units"]}
    assert (h["kitai"], 0, wall, "a") in units and (h["jana"], 0, wall, "a") in units
    assert (h["arhgoun"], 0, jewel, "a") in units and (h["bonepicker"], 1, jewel, "d") in units
    assert (h["eye"], 2, wall, "d") in units and (h["jinn"], 3, wall, "a") in units
    assert (h["hazaad"], 2, wall, "d") in units
    assert asking(s) == ("order", 0)  # Jisha orders the battles


def test_promised_ally_must_send_a_unit():
    """Offensive and Defensive Allies: a player who took a Water token must commit a unit."""
    s, h, wall, jewel = _four_players()
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    act(s, "done")
    act(s, "invite 2")
    act(s, "done")
    act(s, "demand")
    act(s, f"token {wall}")
    act(s, f"assign {h['kitai']} {wall}")
    act(s, "done")
    act(s, "done")  # Aziz sends nobody
    assert asking(s) == ("attack", 2)
    act(s, "done")  # Hala waits for the Flying segment ...
    assert asking(s) == ("attack", 2) and s.stack[-1]["seg"] == "flying"
    assert "done" not in legal(s)  # ... where she must send al Hazaad
    act(s, f"assign {h['hazaad']} {wall}")
    assert [h["hazaad"], 2, wall, "d"] in s.atk["units"]


def _absorb_setup(att_strengths, def_strength, attacker_defends=False):
    """Seat 0 attacks seat 1 with Heroes of the given Strengths; seat 1 defends with one Hero
    of ``def_strength`` that engages first."""
    s = fresh(("senpet", "khadi"))
    names = {1: "desert_guide", 2: "sellsword", 3: "arhgoun", 4: "wandering_giant", 5: "khemet"}
    mine = [make(s, 0, names[x], "hero") for x in att_strengths]
    if def_strength == 5:  # a 4-Strength Giant with a +1S spear (Khemet is Berserk)
        theirs = make(s, 1, "wandering_giant", "hero")
        make(s, 1, "long_spear", "attach", to=theirs)
    else:
        theirs = make(s, 1, names[def_strength], "hero")
    assert strength(s, theirs) == def_strength
    sec = s.sections[1][0]
    attack(s, sec, mine + [theirs])
    assert asking(s) == ("battle", 1)
    return s, mine, theirs, sec


def test_absorbing_damage_example_one_1_2_3_against_4():
    """Absorbing Damage in Battle (first example): a 1-, 2- and 3-Strength army against 4
    damage may give up the 1 and the 3, the 2 and the 3, or any mix reaching 4."""
    s, mine, theirs, sec = _absorb_setup([1, 2, 3], 4)
    assert [strength(s, u) for u in mine] == [1, 2, 3]
    act(s, f"engage {theirs}", 1)
    assert asking(s) == ("absorb", 0)
    opts = legal(s)
    assert all(f"drop {u}" in opts for u in mine) and "done" not in opts
    act(s, f"drop {mine[0]}")
    act(s, f"drop {mine[2]}")
    assert asking(s)[0] == "battle"  # 4 absorbed
    assert mine[1] in s.heroes[0] and mine[0] in s.buried[0] and mine[2] in s.buried[0]


def test_absorbing_damage_defender_may_use_water_or_the_section():
    """Absorbing Damage in Battle: the defender absorbs with Water tokens (all of them before
    the section) or the City Section itself."""
    s, mine, theirs, sec = _absorb_setup([4], 1)
    w = s.water[sec]
    act(s, "pass", 1)
    act(s, f"engage {mine[0]}", 0)
    assert asking(s) == ("absorb", 1)
    opts = legal(s)
    assert "spill" in opts and "raze" not in opts and f"drop {theirs}" in opts
    act(s, "spill")
    assert s.water[sec] == w - 1
    for _ in range(3):
        act(s, "spill")
    assert s.water[sec] == w - 4


def test_absorbing_damage_example_two_stronger_hero_immune():
    """Absorbing Damage (second example): against 4 damage a 5-Strength Hero is immune; only the
    2-Strength Hero must go, though the 5 may be given up instead."""
    s, mine, theirs, sec = _absorb_setup([2, 5], 4)
    act(s, f"engage {theirs}", 1)
    opts = legal(s)
    assert f"drop {mine[0]}" in opts and f"drop {mine[1]}" in opts and "done" not in opts
    act(s, f"drop {mine[0]}")
    assert asking(s) == ("absorb", 0) and "done" in legal(s)  # only the immune Hero is left
    act(s, "done")
    assert mine[1] in s.heroes[0]


def test_absorbing_damage_example_three_fate_from_hand():
    """Absorbing Damage (third example): three 2-Strength Heroes against 5 damage give up one
    Hero and discard a 3-Fate card (one card per Hero sacrificed)."""
    s, mine, theirs, sec = _absorb_setup([2, 2, 2], 5)
    c3 = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    act(s, f"engage {theirs}", 1)
    assert f"fate {c3}" not in legal(s)  # no Hero sacrificed yet
    act(s, f"drop {mine[0]}")
    assert f"fate {c3}" in legal(s)
    act(s, f"fate {c3}")
    assert asking(s)[0] == "battle"
    assert mine[1] in s.heroes[0] and mine[2] in s.heroes[0] and c3 in s.saved[0]


def test_aziz_takiyah_negated_by_alims_charm_of_protection():
    """Reactions (example): Aziz bows Takiyah to target Hala's al Hazaad with her innate Open
    ability; Jisha passes, Hala plays Alim's Charm of Protection, Abdul passes, everyone passes
    in a row; the ability is negated (Takiyah stays bowed) and Jisha acts next. Played here in
    the Day Phase, where an Open action works the same way."""
    s = fresh(("khadi", "moto", "senpet", "assassin"))  # Aziz 0, Jisha 1, Hala 2, Abdul 3
    tak = make(s, 0, "takiyah", "hero")
    haz = make(s, 2, "al_hazaad", "hero")
    charm = make(s, 2, "alims_charm", "hand")
    make(s, 3, "ward_of_silence", "hand")  # Abdul holds a Reaction but is not targeted
    act(s, f"use {tak} 0")
    act(s, f"target {haz}")
    assert s.bowed[tak] == 1
    assert asking(s) == ("window", 2)  # Jisha has no Reaction to this and passes unasked
    act(s, f"react {charm} 0")
    assert asking(s) == ("play", 2)  # Hala pays the Charm's Copper
    pay_all(s)
    assert asking(s) == ("prio", 1)  # resolved: Jisha's turn to act
    assert strength(s, haz) == 3 and ka(s, haz) == 2  # negated
    assert s.bowed[tak] == 1 and charm in s.saved[2]


def test_takiyah_without_a_reaction_works():
    """Reactions: unanswered, Takiyah's ability gives the target -1S/-1K until the turn ends."""
    s = fresh(("khadi", "senpet"))
    tak = make(s, 0, "takiyah", "hero")
    haz = make(s, 1, "al_hazaad", "hero")
    act(s, f"use {tak} 0")
    act(s, f"target {haz}")
    assert strength(s, haz) == 2 and ka(s, haz) == 1


def test_rashat_and_nemet_duel_two_rounds():
    """Challenges and Duels (example, two rounds): Rashat's 4-Ka Hero challenges Nemet's 3-Ka
    Hero; Nemet thrusts 2, Rashat parries blind with a 2 (no damage, buried); Rashat thrusts 3,
    Nemet parries 4 from hand and loses 1 Ka; Nemet thrusts 5, Rashat parries blind with a 1
    and takes 4: his Hero dies and Nemet's Ka returns to 3."""
    s = fresh(("assassin", "moto"))  # Rashat 0, Nemet 1
    rh = make(s, 0, "master_of_whispers", "hero")  # 4 Ka
    nh = make(s, 1, "jana_barakah", "hero")  # 3 Ka
    assert ka(s, rh) == 4 and ka(s, nh) == 3
    insult = make(s, 0, "insult_at_the_bazaar", "hand")
    r3 = make(s, 0, "fine_scimitar", "hand")  # Fate 1 ... replaced below
    s.hand[0].remove(r3)
    s.saved[0].append(r3)
    r_thrust = make(s, 0, "matter_of_honor", "hand")  # Fate 3
    n_thrust2 = make(s, 1, "sellsword", "hand")  # Fate 2
    n_parry4 = make(s, 1, "feint", "hand")  # Fate 4
    n_thrust5 = make(s, 1, "ghazi_khan", "hand")  # Fate 5
    blind1 = make(s, 0, "copper_mine", "deck")  # Fate 1, drawn second
    blind2 = make(s, 0, "sellsword", "deck")  # Fate 2, on top
    challenge(s, insult, nh, rh)
    assert asking(s) == ("duel", 1)
    act(s, "accept")
    assert asking(s) == ("window", 1)  # Nemet could play Feint and Step on entering the duel
    act(s, "pass")
    act(s, f"thrust {n_thrust2}")  # the challenged Hero thrusts first
    act(s, "blind")
    assert blind2 in s.buried[0]
    f = s.stack[-1]
    assert f["loss"] == [0, 0]
    act(s, f"thrust {r_thrust}")
    act(s, f"parry {n_parry4}")
    assert f["loss"] == [0, 1]  # Nemet over-extended by 1
    act(s, f"thrust {n_thrust5}")
    act(s, "blind")
    assert blind1 in s.buried[0]
    assert rh in s.buried[0] and nh in s.heroes[1]
    assert ka(s, nh) == 3  # Ka lost in the duel is restored
