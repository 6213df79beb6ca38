"""Battles, raids and duels in detail (Archery, Berserk, Tactician, Raids, Undead, Carry, Duelist,
End of Battle)."""

from sandsofplay.games.burning_sands.cards import card, ka, strength

from .helpers import act, asking, attack, battle, challenge, fresh, legal, make, phase, play_out, raid


def test_end_of_battle_units_go_home():
    """End of Battle: attackers return home bowed; the defender's units keep their orientation."""
    s, a, d, sec = battle(["sellsword"], ["eye_of_night"])
    act(s, "pass", 1)
    act(s, "pass", 0)
    assert s.bowed[a[0]] == 1 and s.bowed[d[0]] == 0
    assert s.atk is None and asking(s)[0] == "prio"  # every other battle had no units


def test_archery_picks_the_card_and_cannot_hit_a_hero_with_followers():
    """Archery (+X): the archer's controller picks one card of the opposing army; a Hero with
    Followers cannot be picked; extra damage is lost."""
    s, a, d, sec = battle(["legion_archer"], ["sellsword", "eye_of_night"])
    make(s, 1, "camel_rider", "attach", to=d[1])
    s._cache = None
    act(s, "pass", 1)
    act(s, f"engage {a[0]}", 0)
    opts = legal(s)
    assert f"archery {d[0]}" in opts and f"archery {d[1]}" not in opts and "noarchery" in opts
    act(s, f"archery {d[0]}")  # 2 Strength + 1 = 3 against a 2-Strength Hero
    assert d[0] in s.buried[1] and d[1] in s.heroes[1]


def test_berserk_forbids_discards():
    """Berserk: against a Berserk unit no cards from hand absorb damage."""
    s, a, d, sec = battle(["sellsword", "sellsword"], ["sand_lion"])
    make(s, 0, "insult_at_the_bazaar", "hand")
    s._cache = None
    act(s, f"engage {d[0]}", 1)
    act(s, f"drop {a[0]}")
    assert not any(x.startswith("fate") for x in legal(s))


def test_tactician_adds_a_cards_fate():
    """Tactician: once per battle, discard a card to add its Fate value to the Hero's Strength."""
    s, a, d, sec = battle(["chariot_captain"], ["eye_of_night"])
    c = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    act(s, "pass", 1)
    s._cache = None
    act(s, f"tactic {a[0]}", 0)
    act(s, f"discard {c}")
    assert strength(s, a[0]) == 6
    act(s, "pass", 1)
    assert f"tactic {a[0]}" not in legal(s, 0)


def test_going_home_and_followers_engaging_alone():
    """Battle Action Segment: bow a unit to send it home; a Follower may engage on its own."""
    s, a, d, sec = battle(["sellsword"], ["eye_of_night"])
    f = make(s, 0, "camel_rider", "attach", to=a[0])
    act(s, "pass", 1)
    s._cache = None
    assert f"engage1 {f}" in legal(s, 0)
    act(s, f"engage1 {f}")
    assert s.bowed[f] == 1 and s.bowed[a[0]] == 0
    act(s, f"drop {d[0]}") if asking(s)[0] == "absorb" else None


def test_section_razed_and_zero_strength_section():
    """Absorbing Damage: destroying the City Section absorbs everything; a 0-Strength City
    Section with no Water is destroyed."""
    s = fresh(("senpet", "moto"))
    big = make(s, 0, "khemet", "hero")
    s.sections[1] = []
    sec = make(s, 1, "outrider_camp", "section")  # Strength 1
    zero = make(s, 1, "dry_cistern", "section")
    attack(s, sec, [big])
    assert asking(s)[0] == "battle"
    act(s, f"engage {big}", 0)
    assert "raze" not in legal(s)  # Water first
    for _ in range(card(s, sec).capacity):
        act(s, "spill") if "spill" in legal(s) else None
    # 5 damage took 5 of 6 Water; the section stands
    assert sec in s.sections[1]
    from sandsofplay.games.burning_sands.cards import check_sections
    s.w_lost += s.water[zero]
    s.water[zero] = 0
    check_sections(s, [])
    assert zero in s.buried[1]


def test_raid_success_carry_and_once_per_section():
    """Raid Phase; Carry +X: a higher raiding Fate takes 1 + Carry Water onto the Hero; a City
    Section cannot be raided twice in a turn; raiders go home bowed."""
    s = fresh(("moto", "senpet"), ph="night")
    jana = make(s, 0, "jana_barakah", "hero")  # Carry +1; the Stronghold gives Raid +1
    c = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    sec = s.sections[1][0]
    w = s.water[sec]
    raid(s, sec, jana, c)
    assert asking(s) == ("raid", 1) and legal(s) == ["nodefend"]  # no Hero, no card
    act(s, "nodefend")
    assert s.water[jana] == 2 and s.water[sec] == w - 2 and s.bowed[jana] == 1
    assert sec in s.raided


def test_raid_defended_and_undead():
    """Raid Phase; Undead: a defender with a face-up card beats a lower raid; Undead neither
    raid nor defend raids."""
    s = fresh(("khadi", "moto"), ph="night")
    bone = make(s, 0, "bonepicker", "hero")
    make(s, 0, "sellsword", "hand")
    assert "raid" not in legal(s)  # only an Undead Hero
    tak = make(s, 0, "takiyah", "hero")
    c1 = make(s, 0, "copper_mine", "hand")  # Fate 1
    d = make(s, 1, "kitai", "hero")
    c2 = make(s, 1, "sellsword", "hand")  # Fate 2
    s._cache = None
    sec = s.sections[1][0]
    act(s, "raid")
    act(s, f"rsec {sec}")
    assert legal(s) == [f"rhero {tak}"]
    act(s, f"rhero {tak}")
    act(s, f"rcard {c1}")
    act(s, "go")
    act(s, f"defend {d}")
    act(s, f"dcard {c2}")
    assert s.water[tak] == 0 and s.bowed[d] == 0 and c1 in s.saved[0] and c2 in s.saved[1]
    assert bone in s.heroes[0]


def test_duel_refused_tie_and_duelist():
    """Challenges and Duels; Duelist: a challenge may be refused; a tie destroys both; a Duelist
    adds 1 to a parry below the thrust."""
    s = fresh(("assassin", "moto"))
    blade = make(s, 0, "blade_of_the_old_man", "hero")  # Duelist, Ka 3
    k = make(s, 1, "arhgoun", "hero")  # Ka 2
    act(s, f"use {blade} 0")
    act(s, f"target {k}")
    assert asking(s) == ("duel", 1)
    act(s, "refuse")
    assert blade in s.heroes[0] and k in s.heroes[1] and s.bowed[blade] == 1
    # a tie: both pass with equal Ka
    phase(s, "day", 0)
    s.bowed[blade] = 0
    v = make(s, 1, "jana_barakah", "hero")  # Ka 3
    act(s, f"use {blade} 0")
    act(s, f"target {v}")
    act(s, "accept")
    act(s, "pass")
    act(s, "pass")
    assert blade in s.buried[0] and v in s.buried[1]
    # Duelist: parry 2 against thrust 3 counts as 3
    phase(s, "day", 0)
    b2 = make(s, 0, "veiled_sister", "hero")  # Duelist, Ka 3
    ins = make(s, 0, "insult_at_the_bazaar", "hand")
    for _ in range(2):
        make(s, 0, "spice_stall", "home")
    t = make(s, 1, "kitai", "hero")
    thr = make(s, 1, "matter_of_honor", "hand")  # Fate 3
    par = make(s, 0, "sellsword", "hand")  # Fate 2
    s._cache = None
    challenge(s, ins, t, b2)
    act(s, "accept")
    act(s, f"thrust {thr}")
    act(s, f"parry {par}")
    assert s.stack[-1]["loss"] == [0, 0] and ka(s, b2) == 3


def test_reaction_to_an_engagement_weakens_the_engaging_hero():
    """Reactions: played right after the engagement is declared, before damage is counted."""
    s, a, d, sec = battle(["arhgoun"], ["sellsword"])
    wall = make(s, 1, "shield_wall", "hand")
    make(s, 1, "spice_stall", "home")
    act(s, "pass", 1)
    s._cache = None
    act(s, f"engage {a[0]}", 0)
    assert asking(s) == ("window", 1)
    act(s, f"react {wall} 0")
    act(s, f"target {a[0]}")
    play_out(s)
    assert asking(s) == ("absorb", 1) and s.stack[-1]["dmg"] == 1


def test_reaction_to_being_raided_and_being_attacked():
    """Reactions: 'when you are raided' adds to the defending Fate values; 'when you are
    attacked' straightens."""
    s = fresh(("moto", "senpet"), ph="night")
    r = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")  # Fate 2 + Raid 1 + 1 = 4 against a Fate 2 card ...
    watch = make(s, 1, "lantern_watch", "hand")
    guard = make(s, 1, "eye_of_night", "hero")
    shown = make(s, 1, "sidestep", "hand")  # Fate 2
    make(s, 1, "spice_stall", "home")
    sec = s.sections[1][0]
    raid(s, sec, r, c)
    act(s, f"react {watch} 0")
    play_out(s)
    act(s, f"defend {guard}")
    act(s, f"dcard {shown}")
    assert s.water[r] == 0  # ... +2 makes the defending value 4: a tie fails
    s2 = fresh(("moto", "senpet"))
    att = make(s2, 0, "kitai", "hero")
    tired = make(s2, 1, "eye_of_night", "hero", bowed=1)
    wind = make(s2, 1, "second_wind", "hand")
    act(s2, "attack")
    act(s2, "defender 1")
    act(s2, "declare")
    assert asking(s2) == ("window", 1)
    act(s2, f"react {wind} 0")
    act(s2, f"target {tired}")
    assert s2.bowed[tired] == 0 and att in s2.heroes[0]


def test_tale_with_a_hero_count():
    """Story: a Tale Reaction can ask for more than the event (four Heroes in play)."""
    from sandsofplay.games.burning_sands import stories
    s = fresh(("khadi", "senpet"))
    tale = make(s, 0, "tale_thousand_courtiers", "hand")
    for _ in range(3):
        make(s, 0, "sellsword", "hero")
    stories.tale(s, 0, "hero_played")
    from .helpers import settle
    settle(s)
    assert asking(s)[0] == "prio"  # three Heroes: not yet
    make(s, 0, "sellsword", "hero")
    stories.tale(s, 0, "hero_played")
    settle(s)
    assert f"react {tale} 0" in legal(s)


def test_attack_against_two_players_fights_at_every_section():
    """Declaration Segment; Battle Action Segment: one attack may target several players; a battle
    is fought at each of their City Sections, in the order the attacker picks."""
    s = fresh(("senpet", "moto", "khadi"))
    a1 = make(s, 0, "sellsword", "hero")
    a2 = make(s, 0, "eye_of_night", "hero")
    act(s, "attack")
    act(s, "defender 1")
    act(s, "defender 2")
    assert "defender 2" not in legal(s)  # no more defenders than unbowed Heroes
    act(s, "declare")
    while asking(s)[0] == "attack" and s.stack[-1]["step"] != "maneuver":
        act(s, "done" if "done" in legal(s) else "nodemand")
    x, y = s.sections[1][0], s.sections[2][1]
    act(s, f"assign {a1} {x}")
    act(s, f"assign {a2} {y}")
    assert asking(s) == ("order", 0)
    assert sorted(legal(s)) == sorted([f"battle {x}", f"battle {y}"])
    act(s, f"battle {y}")
    assert s.atk["sec"] == y


def raid_dry_cistern(s, *hand):
    """Seat 0 raids seat 1's Dry Cistern (0 Strength, 1 Water left) with Kitai and a Sellsword,
    holding the cards ``hand`` too; seat 1 does not defend. Returns the Cistern, Kitai and the
    held cards."""
    dry = make(s, 1, "dry_cistern", "section")
    s.w_lost += s.water[dry] - 1
    s.water[dry] = 1
    r = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")
    held = [make(s, 0, x, "hand") for x in hand]
    raid(s, dry, r, c)
    act(s, "nodefend")
    return dry, r, held


def test_zero_strength_section_falls_when_raided_dry():
    """Raids: a 0-Strength City Section with no Water left is destroyed."""
    s = fresh(("moto", "senpet"), ph="night")
    s.sections[1] = s.sections[1][:1]
    dry, r, _ = raid_dry_cistern(s)
    assert dry in s.buried[1] and s.water[r] == 1


def test_raiding_a_section_dry_destroys_it_for_the_tales():
    """Raid Phase; Story (ruling R-30): the raider who leaves a 0-Strength section without Water
    has destroyed a City Section: the Tale of the Fallen Gate may be told."""
    s = fresh(("moto", "senpet"), ph="night")
    dry, _, (tale,) = raid_dry_cistern(s, "tale_fallen_gate")
    assert dry in s.buried[1]
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)


def test_parry_with_no_cards_left_counts_zero():
    """Parrying: a defender with no hand and no deck still answers the thrust (parry worth 0)."""
    s = fresh(("assassin", "moto"))
    a = make(s, 0, "silent_knife", "hero")  # Ka 2
    b = make(s, 1, "arhgoun", "hero")
    thr = make(s, 1, "insult_at_the_bazaar", "hand")  # Fate 3
    ins = make(s, 0, "matter_of_honor", "hand")
    make(s, 0, "spice_stall", "home")
    s.buried[0] += s.deck[0] + s.saved[0]
    s.deck[0], s.saved[0] = [], []
    phase(s, "night", 0)
    challenge(s, ins, b, a)
    act(s, "accept")
    s.buried[0] += s.saved[0]  # the played challenge went to the Saved pile: clear it too
    s.saved[0] = []
    s._cache = None
    act(s, f"thrust {thr}")
    assert legal(s) == ["blind"]
    act(s, "blind")  # worth 0: 3 Ka lost, the Silent Knife falls
    assert a in s.buried[0] and thr in s.saved[1]


def test_a_hero_that_cannot_defend_defends_no_raid():
    """Card Traits (the Lost Giant: "cannot defend"); Raid Phase (ruling R-31): it is not offered
    to defend a raided City Section; another Hero is."""
    s = fresh(("senpet", "moto"), ph="night")
    r = make(s, 0, "kitai", "hero")
    c = make(s, 0, "sellsword", "hand")
    giant = make(s, 1, "lost_giant", "hero")
    other = make(s, 1, "kitai", "hero")
    make(s, 1, "sellsword", "hand")
    sec = s.sections[1][0]
    raid(s, sec, r, c)
    assert asking(s) == ("raid", 1)
    assert f"defend {other}" in legal(s) and f"defend {giant}" not in legal(s)
