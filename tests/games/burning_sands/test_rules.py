"""The rules, each test naming its rulebook section."""

import pytest

from sandsofplay.engine import Action, IllegalAction, Setup
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import card, hand_limit, ka, strength, water_of

from .helpers import act, asking, fresh, legal, make, new, pay_all, phase, settle


# --- Game setup -----------------------------------------------------------------------------
def test_setup_hand_water_and_blessing():
    """Game setup; Determining Who Starts: hand of four plus one per City Section, sections full
    of Water, the Stronghold in play, the Blessed player acts first."""
    s = new(("senpet", "moto", "assassin"))
    for p in range(3):
        assert len(s.hand[p]) == 4 + len(s.sections[p])
        assert all(s.water[x] == card(s, x).capacity for x in s.sections[p])
        assert card(s, s.stronghold[p]).type == "stronghold" and s.stronghold[p] in s.home[p]
    assert GAME.to_act(s) == (s.blessed,)


def test_buying_city_sections_with_city_points():
    """City Section; Game setup: sections are bought with City Points; leftovers are lost."""
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=3, deck1="senpet",
                                  deck2="moto"))
    assert asking(s) == ("buy", 0)
    assert "ready" not in legal(s)  # at least one section
    act(s, "buy sun_gate")  # 6 of 20
    act(s, "buy sun_gate")
    act(s, "buy sun_gate")  # 18 of 20: nothing costs 2 or less
    assert legal(s) == ["ready"]
    act(s, "ready")
    assert len(s.sections[0]) == 3 and asking(s) == ("buy", 1)


def test_blessing_passes_left_and_dawn_straightens():
    """End Phase; Dawn Phase: the Blessing passes to the left; cards straighten at Dawn except
    those that can remain bowed, whose controller chooses."""
    s = fresh()
    golem = make(s, 0, "clay_golem", "hero", bowed=1)
    guard = make(s, 0, "sellsword", "hero", bowed=1)
    b = s.blessed
    while asking(s)[0] in ("prio", "enddraw", "endwater", "khadi"):
        act(s, legal(s)[-1] if asking(s)[0] == "endwater" else "pass" if "pass" in legal(s) else legal(s)[0])
    assert s.blessed == (b + 1) % 2
    assert s.bowed[guard] == 0 and asking(s) == ("remain", 0)
    act(s, "stay")
    assert s.bowed[golem] == 1


# --- Bringing cards into play -------------------------------------------------------------
def test_copper_excess_is_lost_and_one_card_at_a_time():
    """Paying Copper Costs: the Copper Mine's 2 Copper cannot pay for two 1-Copper cards; the
    excess is lost."""
    s = fresh()
    s.bowed[s.stronghold[0]] = 1
    mine = make(s, 0, "copper_mine", "home")
    hero = make(s, 0, "sellsword", "hero")
    spear = make(s, 0, "long_spear", "hand")  # 2 Copper
    act(s, f"play {spear}")
    act(s, f"target {hero}")
    act(s, f"produce {mine}")
    assert spear in s.att[hero] and s.bowed[mine]
    assert asking(s) == ("prio", 1)  # paid: the Mine's second Copper went to the Sultan
    act(s, "pass", 1)
    other = make(s, 0, "eye_of_night", "hero")
    spear2 = make(s, 0, "long_spear", "hand")
    s._cache = None
    assert f"play {spear2}" not in legal(s, 0) and not s.bowed[other]


def test_failed_payment_loses_what_was_paid():
    """Bringing Cards into Play: a failed payment loses the Copper and Water paid; the card goes
    back to the hand."""
    s = fresh()
    hero = make(s, 0, "al_hazaad", "hand")  # 2 Water, 7 Copper
    make(s, 0, "salt_pans", "home")
    w = water_of(s, 0)
    act(s, f"play {hero}")
    sec = s.sections[0][0]
    act(s, f"water {sec}")
    act(s, "abandon")
    assert hero in s.hand[0] and water_of(s, 0) == w - 1
    assert s.w_lost >= 1 and not GAME.check_invariants(s)


def test_water_paid_from_sections_leaves_the_game():
    """Paying Water Costs: Water is paid from City Sections only and leaves the game."""
    s = fresh()
    h = make(s, 0, "sellsword", "hero")
    s.water[h] = 2  # raided Water on a Hero cannot pay
    s.w_created += 2
    hero = make(s, 0, "eye_of_night", "hand")
    make(s, 0, "spice_stall", "home")
    act(s, f"play {hero}")
    assert not any(x == f"water {h}" for x in legal(s))
    pay_all(s)
    assert hero in s.heroes[0] and s.water[h] == 2


def test_other_factions_hero_costs_two_more_copper():
    """Hero: a Hero of another Faction costs 2 Copper more; Unaligned Heroes do not."""
    from sandsofplay.games.burning_sands.effects import card_cost
    s = fresh(("senpet", "moto"))
    assert card_cost(s, 0, card(s, make(s, 0, "kitai", "hand"))) == (7, 1)
    assert card_cost(s, 0, card(s, make(s, 0, "eye_of_night", "hand"))) == (5, 1)
    assert card_cost(s, 0, card(s, make(s, 0, "sellsword", "hand"))) == (5, 1)


def test_holdings_enter_bowed_fortifications_attach():
    """Holding: a Holding enters play bowed; a Fortification attaches to a City Section."""
    s = fresh()
    h = make(s, 0, "spice_stall", "hand")
    act(s, f"play {h}")
    pay_all(s)
    assert h in s.home[0] and s.bowed[h] == 1
    phase(s, "day", 0)
    make(s, 0, "salt_pans", "home")
    w = make(s, 0, "mud_brick_wall", "hand")
    sec = s.sections[0][0]
    before = strength(s, sec)
    act(s, f"play {w}")
    act(s, f"target {sec}")
    pay_all(s)
    assert w in s.att[sec] and strength(s, sec) == before + 1


def test_followers_and_items_need_unbowed_heroes_one_weapon():
    """Follower; Item; Attaching: only unbowed Heroes take attachments; one Weapon each; '+'
    bonuses and Influence add to the Hero."""
    s = fresh()
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero", bowed=1)
    make(s, 0, "fine_scimitar", "attach", to=a)
    spear = make(s, 0, "long_spear", "hand")
    assert f"play {spear}" not in legal(s)  # a has a Weapon, b is bowed
    guard = make(s, 0, "bodyguard", "hand")
    act(s, f"play {guard}")
    assert legal(s) == [f"target {a}"]
    act(s, f"target {a}")
    pay_all(s)
    assert strength(s, a) == 2 + 2 + 1 and ka(s, a) == 3
    scribe = make(s, 0, "court_scribe", "attach", to=a)
    from sandsofplay.games.burning_sands.cards import influence
    assert influence(s, a) == 2 and scribe in s.att[a] and b in s.heroes[0]


def test_unique_only_one_in_play():
    """Bringing Cards into Play: a Unique card cannot enter play while its name is in play."""
    s = fresh()
    make(s, 1, "khemet", "hero")
    k = make(s, 0, "khemet", "hand")
    for _ in range(4):
        make(s, 0, "salt_pans", "home")
    assert f"play {k}" not in legal(s)


def test_moving_attachments_by_bowing_heroes():
    """Attaching and Moving Cards: bow two unbowed Heroes to exchange their cards (Day)."""
    s = fresh()
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    sp = make(s, 0, "long_spear", "attach", to=a)
    act(s, f"transfer {a}")
    act(s, f"with {b}")
    assert s.bowed[a] and s.bowed[b]
    act(s, f"give {sp} {b}")
    act(s, "done")
    assert sp in s.att[b]


# --- Day and Night -------------------------------------------------------------------------
def test_phase_ends_when_all_pass_in_a_row():
    """Day Phase: each player acts or passes in turn until all pass consecutively."""
    s = fresh()
    act(s, "pass")
    act(s, "pass")
    assert s.stack[-1]["phase"] == "night" and asking(s) == ("prio", 0)


def test_attack_once_per_turn():
    """Attacking: you can attack only once per turn."""
    s = fresh()
    a = make(s, 0, "sellsword", "hero")
    spare = make(s, 0, "eye_of_night", "hero")
    assert "attack" in legal(s)
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    act(s, f"assign {a} {s.sections[1][0]}")
    while asking(s)[0] != "prio":
        act(s, "done" if "done" in legal(s) else "pass")
    while asking(s) != ("prio", 0):
        act(s, "pass")
    # back in the Day Phase with a Hero still unbowed, and still no second attack
    assert s.stack[-1]["phase"] == "day"
    assert s.attacked[0] == 1 and not s.bowed[spare] and "attack" not in legal(s)


def test_a_cancelled_action_keeps_its_costs():
    """Actions: if an action is cancelled, all costs paid for it are lost."""
    s = fresh(("khadi", "senpet"))
    tak = make(s, 0, "takiyah", "hero")
    target = make(s, 1, "sellsword", "hero")
    make(s, 1, "ward_of_silence", "hand")
    for _ in range(2):
        make(s, 1, "spice_stall", "home")
    act(s, f"use {tak} 0")
    act(s, f"target {target}")
    react = [x for x in legal(s) if x.startswith("react")]
    act(s, react[0])
    pay_all(s)
    assert s.bowed[tak] == 1 and strength(s, target) == 2


def test_redirection_to_another_legal_target():
    """Targeting and Redirection: a redirected action affects the new target."""
    s = fresh(("khadi", "moto"))
    tak = make(s, 0, "takiyah", "hero")
    t1 = make(s, 1, "arhgoun", "hero")
    blade = make(s, 1, "turn_the_blade", "hand")
    make(s, 1, "copper_mine", "home")
    other = make(s, 0, "sellsword", "hero")
    act(s, f"use {tak} 0")
    act(s, f"target {t1}")
    act(s, f"react {blade} 0")
    pay_all(s)
    assert asking(s) == ("retarget", 1)
    assert legal(s) == [f"target {other}"]  # Takiyah targets "another" Hero
    act(s, f"target {other}")
    assert strength(s, other) == 1 and strength(s, t1) == 3


def test_bonuses_expire_tokens_stay_permanent_survives():
    """Bonuses and Tokens; Permanent Changes: plain bonuses end with the turn, tokens stay, a
    permanent change stays even after the card is destroyed; values floor at 0; Ka 0 dies."""
    s = fresh()
    h = make(s, 0, "sellsword", "hero")
    s.mods += [[h, 1, 0, 0], [h, 0, 1, 1], [h, 0, 1, 2]]
    assert strength(s, h) == 3 and ka(s, h) == 4
    s.mods.append([h, -9, 0, 0])
    assert strength(s, h) == 0
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert strength(s, h) == 2 and ka(s, h) == 4
    from sandsofplay.games.burning_sands.cards import check_ka, destroy
    destroy(s, h)
    assert [h, 0, 1, 2] in s.mods and [h, 0, 1, 1] not in s.mods
    g = make(s, 0, "legion_archer", "hero")
    s.mods.append([g, 0, -1, 1])
    check_ka(s, [])
    assert g in s.buried[0]


def test_omens_replace_each_other_battle_omen_leaves_after_battle():
    """Omens: a new Omen destroys the old one; a Battle Omen is destroyed after its battle."""
    s = fresh()
    o1 = make(s, 0, "festival_of_lanterns", "hand")
    h = make(s, 0, "sellsword", "hero")
    act(s, f"play {o1}")
    pay_all(s)
    assert s.omen == o1 and ka(s, h) == 3
    s.omen_battle = 0
    o2 = make(s, 1, "sandstorm_omen", "hand")
    from sandsofplay.games.burning_sands.cards import destroy
    # bring the Battle Omen into play by hand as if played in a battle
    s.hand[1].remove(o2)
    destroy(s, o1)
    s.omen, s.omen_battle = o2, 1
    assert strength(s, h) == 1
    s.atk = {"attacker": 0, "defenders": [1], "side": {"0": "a", "1": "d"}, "invited": {"a": [], "d": []},
             "promise": [], "units": [], "sec": s.sections[1][0], "fought": []}
    s.stack.append({"k": "battle", "seat": -1, "sec": s.sections[1][0], "army": "d", "i": 0, "passes": 0})
    settle(s)
    assert s.omen == -1 and o2 in s.buried[1] and o1 in s.buried[0]


def test_council_action_bows_for_influence():
    """Council Actions: the Influence requirement is met by bowing Heroes and the Stronghold."""
    s = fresh()
    dec = make(s, 0, "decree_of_the_council", "hand")  # Influence 7
    victim = make(s, 1, "sellsword", "hero")
    assert f"play {dec}" not in legal(s)  # Stronghold 6 alone is short
    make(s, 0, "sun_priestess", "hero")  # Influence 2
    s._cache = None
    act(s, f"play {dec}")
    act(s, f"target {victim}")
    while asking(s)[0] == "play":
        act(s, [x for x in legal(s) if x.startswith("influence")][0])
    assert victim in s.buried[1]


def test_spells_need_a_sahir_and_jinn_become_heroes():
    """Spell; Sahir: a Spell is cast by bowing a Sahir; a Jinn Spell makes a Jinn Hero."""
    s = fresh(("assassin", "senpet"))
    jinn = make(s, 0, "jinn_of_desire", "hand")
    for _ in range(3):
        make(s, 0, "spice_stall", "home")
    assert f"play {jinn}" not in legal(s)
    sahir = make(s, 0, "master_of_whispers", "hero")
    s._cache = None
    act(s, f"play {jinn}")
    assert legal(s)[0] == f"sahir {sahir}"
    pay_all(s)
    assert jinn in s.heroes[0] and s.bowed[sahir] == 1 and strength(s, jinn) == 3


def test_pantheon_replacement_buries_the_old():
    """Pantheon Card: a new Pantheon card replaces yours and the old one is buried."""
    s = fresh()
    a = make(s, 0, "favor_sun", "home")
    b = make(s, 0, "favor_moon", "hand")
    act(s, f"play {b}")
    pay_all(s)
    assert b in s.home[0] and a in s.buried[0]


def test_story_victory_at_five_points():
    """Story; How to Win: a Story is played by its Tale Reaction; 5 Story points win at once."""
    s = fresh(("assassin", "moto"))
    make(s, 0, "tale_fallen_gate", "home")
    make(s, 0, "tale_hidden_oasis", "home")
    t = make(s, 0, "tale_twin_blades", "hand")
    from sandsofplay.games.burning_sands import stories
    assert t not in [int(x.split()[1]) for x in legal(s) if x.startswith("play")]
    stories.tale(s, 0, "duel_won")
    settle(s)
    assert f"react {t} 0" in legal(s)
    act(s, f"react {t} 0")
    assert GAME.outcome(s).winners == (0,) and "Story" in GAME.outcome(s).detail


def test_alternate_victory_story():
    """Story (Alternate Victories): a Reward condition met at the end of a turn wins."""
    s = fresh(("moto", "senpet"))
    make(s, 0, "tale_endless_rain", "home")
    for _ in range(4):
        make(s, 0, "granary_row", "section")
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert GAME.outcome(s).winners == (0,)


def test_experienced_overlay_keeps_attachments():
    """Experienced Heroes: overlay for 2 Copper, keeping attachments and tokens."""
    s = fresh(("moto", "senpet"))
    k = make(s, 0, "kitai", "hero")
    sp = make(s, 0, "long_spear", "attach", to=k)
    s.mods.append([k, 0, 1, 1])
    e = make(s, 0, "kitai_exp", "hand")
    act(s, f"overlay {e}")
    pay_all_overlay = [x for x in legal(s) if x.startswith("produce")]
    act(s, pay_all_overlay[0])
    assert e in s.heroes[0] and k in s.under[e] and sp in s.att[e]
    assert strength(s, e) == 4 and ka(s, e) == 4


def test_khadi_return_for_three_water_in_the_end_phase():
    """Khadi: a destroyed Khadi Hero returns bowed in the End Phase for 3 Water."""
    s = fresh(("khadi", "senpet"))
    b = make(s, 0, "bonepicker", "buried")
    w = water_of(s, 0)
    s.stack = [{"k": "khadi", "seat": 0}]
    s._cache = None
    act(s, f"khadi {b}")
    assert b in s.heroes[0] and s.bowed[b] == 1 and water_of(s, 0) == w - 3


def test_end_phase_elimination_draw_discard_and_water():
    """End Phase: the Waterless are eliminated; draw four then discard to four plus City
    Sections; Water on Heroes goes back to City Sections, or is lost."""
    s = fresh(("senpet", "moto", "khadi"))
    for sec in s.sections[2]:
        s.w_lost += s.water[sec]
        s.water[sec] = 0
    h = make(s, 0, "sellsword", "hero")
    s.water[h] = 2
    s.w_created += 2
    sec0 = s.sections[0][0]
    s.water[sec0] -= 1
    s.w_lost += 1
    s.stack = [{"k": "newturn", "seat": -1}, {"k": "end", "seat": -1}]
    s.blessed = 0
    settle(s)
    assert s.alive == [1, 1, 0]
    assert len(s.hand[0]) == 4  # drew four, within the limit: nothing to discard
    assert asking(s) == ("endwater", 0)
    assert legal(s) == [f"place {sec0}"]
    act(s, f"place {sec0}")
    assert not GAME.check_invariants(s)  # the second token had no room and is lost


def test_hand_limit():
    """End Phase: the maximum hand size is four plus one per City Section."""
    s = fresh()
    assert hand_limit(s, 0) == 4 + len(s.sections[0])


def test_losing_every_city_section_loses():
    """How to Win: a player whose City Sections are all destroyed is out."""
    s = fresh(("senpet", "moto", "khadi"))
    from sandsofplay.games.burning_sands.cards import destroy
    from sandsofplay.games.burning_sands.scoring import check_no_sections
    for sec in list(s.sections[1]):
        destroy(s, sec)
    check_no_sections(s, [])
    assert s.alive == [1, 0, 1] and GAME.outcome(s) is None
    for sec in list(s.sections[2]):
        destroy(s, sec)
    check_no_sections(s, [])
    assert GAME.outcome(s).winners == (0,)


# --- malformed input -------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["play 99999", "play -3", "target", "assign 1", "buy nothing",
                                  "engage x", "frobnicate", "pass 1 2 3", "use 0 99"])
def test_malformed_actions_change_nothing(text):
    """Bad input gets a clear refusal and changes nothing."""
    s = fresh()
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Action.parse(text))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, Action("pass"))
    assert GAME.state_to_json(s) == before


def test_saved_pile_reshuffles_into_an_empty_deck():
    """Saved and Buried Piles: the Saved pile becomes the new deck when the deck runs out; the
    Buried pile never comes back."""
    from sandsofplay.games.burning_sands.cards import draw
    s = fresh()
    s.saved[0] += s.deck[0]
    s.deck[0] = []
    buried = list(s.buried[0])
    n_saved = len(s.saved[0])
    draw(s, 0, 2)
    assert len(s.hand[0]) == 2 and len(s.deck[0]) == n_saved - 2 and s.saved[0] == []
    assert s.buried[0] == buried


def test_fate_cut_ties_cut_again():
    """Determining Who Starts: the highest cut Fate value takes the Blessing; tied players cut
    again (and only they)."""
    from sandsofplay.games.burning_sands import setup as setupmod
    seen_tie = False
    for seed in range(40):
        s = setupmod.new_state(2, ["senpet", "moto"], "choose", seed)
        ev = []
        for p in (0, 1):
            ev += GAME.apply(s, p, Action("buy", ("horse_market" if p else "parade_ground",)))
            ev += GAME.apply(s, p, Action("ready"))
        cut = [e for e in ev if e.kind == "cut"][0]
        assert cut.reveal
        rounds = cut.data["rounds"]
        for i, r in enumerate(rounds):
            top = max(x[2] for x in r)
            leaders = [x[0] for x in r if x[2] == top]
            if i < len(rounds) - 1:
                assert len(leaders) > 1 and sorted(x[0] for x in rounds[i + 1]) == sorted(leaders)
                seen_tie = True
            else:
                assert leaders == [s.blessed]
    assert seen_tie
