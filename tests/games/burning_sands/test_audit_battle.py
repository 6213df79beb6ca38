"""Battles as the audit of issue 25 read them: what a destroyed card absorbs, the obligations
of an attack, who engages with whom, allies' discards. Each test names its rulebook section."""

from sandsofplay.games.burning_sands.cards import strength

from .helpers import act, asking, battle, fresh, legal, make, settle


# --- Absorbing Damage in Battle -------------------------------------------------------------
def test_an_item_or_plus_follower_is_never_dropped_alone():
    """Absorbing Damage in Battle; ruling R-6: an Item's or a "+" Follower's bonus is its Hero's
    Strength, so neither can be destroyed on its own to absorb damage and save the Hero."""
    s, a, d, sec = battle(["sellsword", "eye_of_night"], ["wandering_giant"])
    spear = make(s, 0, "long_spear", "attach", to=a[0])
    guard = make(s, 0, "bodyguard", "attach", to=a[1])
    s._cache = None
    act(s, f"engage {d[0]}", 1)  # 4 damage to the attacking army
    opts = legal(s)
    assert f"drop {spear}" not in opts and f"drop {guard}" not in opts
    assert f"drop {a[0]}" in opts and f"drop {a[1]}" in opts


def test_an_immune_army_keeps_its_plus_follower():
    """Absorbing Damage in Battle: a card stronger than the damage is immune; a "+" Follower is
    part of its Hero's Strength, so an army of immune Heroes loses nothing."""
    s, a, d, sec = battle(["khemet"], ["sellsword"], decks=("senpet", "moto"))
    guard = make(s, 0, "bodyguard", "attach", to=a[0])
    s._cache = None
    act(s, f"engage {d[0]}", 1)  # 2 damage against a 6-Strength Hero
    assert legal(s) == [f"drop {a[0]}", "done"]  # immunity is optional; nothing else to give
    act(s, "done")
    assert guard in s.att[a[0]] and a[0] in s.heroes[0]


def test_a_destroyed_hero_absorbs_the_strength_of_the_followers_dying_with_it():
    """Absorbing Damage in Battle; Destroying Cards: a destroyed Hero takes its unit with it,
    and every destroyed card absorbs its Strength: the Hero's and its Followers' together."""
    s, a, d, sec = battle(["sellsword", "eye_of_night"], ["wandering_giant"])
    make(s, 0, "legion_spearmen", "attach", to=a[0])  # a Follower with its own 2 Strength
    s._cache = None
    act(s, f"engage {d[0]}", 1)  # 4 damage
    act(s, f"drop {a[0]}")  # 2 + 2 absorbs all of it
    assert a[1] in s.heroes[0] and asking(s) == ("battle", 0)


def test_a_hero_worth_its_items_absorbs_them_too():
    """Absorbing Damage in Battle: a Hero's Strength includes its Items and "+" Followers."""
    s, a, d, sec = battle(["sellsword", "eye_of_night"], ["wandering_giant"])
    make(s, 0, "fine_scimitar", "attach", to=a[0])  # +2: a 4-Strength Hero
    s._cache = None
    act(s, f"engage {d[0]}", 1)
    act(s, f"drop {a[0]}")
    assert a[1] in s.heroes[0] and asking(s) == ("battle", 0)


# --- Engaging the Enemy ---------------------------------------------------------------------
def test_a_hero_may_engage_alone_or_with_some_followers():
    """Engaging the Enemy: a Hero engages alone or with attached Followers; its Followers may
    engage with it, alone or together (ruling R-6)."""
    s, a, d, sec = battle(["sellsword"], ["khemet"], decks=("senpet", "moto"))
    rider = make(s, 0, "camel_rider", "attach", to=a[0])  # 1 Strength of its own
    spear = make(s, 0, "legion_spearmen", "attach", to=a[0])  # 2
    s._cache = None
    act(s, "pass", 1)
    assert f"muster {a[0]}" in legal(s, 0) and f"muster {rider}" in legal(s, 0)
    act(s, f"muster {a[0]}")
    assert legal(s) == [f"join {rider}", f"join {spear}", "fight"]
    act(s, f"join {spear}")
    act(s, "fight")
    assert s.bowed[a[0]] and s.bowed[spear] and not s.bowed[rider]
    assert s.stack[-1]["k"] == "absorb" and s.stack[-1]["eng"] == [a[0], spear]


def test_a_hero_engaging_alone_deals_its_own_strength():
    """Engaging the Enemy: the opposition absorbs the Strength of the cards that engage."""
    s, a, d, sec = battle(["sellsword"], ["eye_of_night"], decks=("senpet", "moto"))
    rider = make(s, 0, "legion_spearmen", "attach", to=a[0])
    s._cache = None
    act(s, "pass", 1)
    act(s, f"muster {a[0]}")
    act(s, "fight")
    assert not s.bowed[rider] and s.stack[-1]["dmg"] == 2
    # the Follower may engage later on its own
    act(s, f"drop {d[0]}")
    assert f"engage1 {rider}" in legal(s, 0)


# --- Offensive and Defensive Allies ---------------------------------------------------------
def test_an_ally_decides_its_own_discards():
    """Offensive and Defensive Allies: the defender chooses which cards of its army absorb, but
    an ally decides whether it discards from its hand (ruling R-8)."""
    s = fresh(("senpet", "moto", "khadi"))
    sec = s.sections[1][0]
    g = make(s, 0, "wandering_giant", "hero")
    mine = make(s, 1, "sellsword", "hero")
    ally = make(s, 2, "eye_of_night", "hero")
    card4 = make(s, 2, "feint", "hand")  # Fate 4
    s.atk = {"attacker": 0, "defenders": [1], "side": {"0": "a", "1": "d", "2": "d"},
             "invited": {"a": [], "d": [2]}, "promise": [], "fought": [], "sec": sec,
             "units": [[g, 0, sec, "a"], [mine, 1, sec, "d"], [ally, 2, sec, "d"]]}
    s.stack.append({"k": "battle", "seat": -1, "sec": sec, "army": "a", "i": 0, "passes": 0})
    settle(s)
    act(s, f"engage {g}", 0)  # 4 damage
    assert asking(s) == ("absorb", 1)
    act(s, f"drop {ally}")  # the defender gives up the ally's Hero: one card may be discarded
    assert "ask 2" in legal(s)
    act(s, "ask 2")
    assert asking(s) == ("absorb", 2) and legal(s) == [f"fate {card4}", "keep"]
    act(s, f"fate {card4}")
    assert card4 in s.saved[2] and mine in s.heroes[1] and asking(s)[0] == "battle"


def test_an_ally_may_refuse_to_discard():
    """Offensive and Defensive Allies: an ally asked to discard may keep its cards; the
    defender then absorbs the rest itself."""
    s = fresh(("senpet", "moto", "khadi"))
    sec = s.sections[1][0]
    g = make(s, 0, "wandering_giant", "hero")
    mine = make(s, 1, "sellsword", "hero")
    ally = make(s, 2, "eye_of_night", "hero")
    card4 = make(s, 2, "feint", "hand")
    s.atk = {"attacker": 0, "defenders": [1], "side": {"0": "a", "1": "d", "2": "d"},
             "invited": {"a": [], "d": [2]}, "promise": [], "fought": [], "sec": sec,
             "units": [[g, 0, sec, "a"], [mine, 1, sec, "d"], [ally, 2, sec, "d"]]}
    s.stack.append({"k": "battle", "seat": -1, "sec": sec, "army": "a", "i": 0, "passes": 0})
    settle(s)
    act(s, f"engage {g}", 0)
    act(s, f"drop {ally}")
    act(s, "ask 2")
    act(s, "keep")
    assert asking(s) == ("absorb", 1) and "ask 2" not in legal(s)
    assert card4 in s.hand[2] and strength(s, mine) == 2


# --- Requirements for Attack ----------------------------------------------------------------
def _declare(s, defenders):
    act(s, "attack")
    for d in defenders:
        act(s, f"defender {d}")
    act(s, "declare")


def test_the_attacker_must_assign_a_unit():
    """Requirements for Attack; Battle Action Segment: an attack obliges the attacker to assign
    at least one unit: it cannot say done with none."""
    s = fresh(("senpet", "moto"))
    h = make(s, 0, "sellsword", "hero")
    _declare(s, [1])
    assert asking(s) == ("attack", 0) and "done" not in legal(s)
    act(s, f"assign {h} {s.sections[1][0]}")
    assert asking(s)[0] != "attack" or "done" in legal(s)


def test_a_flying_unit_left_may_meet_the_obligation_later():
    """Requirements for Attack; Flying Maneuvers Segment: the unit owed may be a Flying one,
    sent in the Flying segment; there the attacker cannot finish without it."""
    s = fresh(("senpet", "moto"))
    h = make(s, 0, "al_hazaad", "hero")  # Flying
    _declare(s, [1])
    # no one has a Ground unit: the Flying segment comes at once, and the unit owed must go
    assert s.stack[-1]["seg"] == "flying" and asking(s) == ("attack", 0)
    assert "done" not in legal(s)
    act(s, f"assign {h} {s.sections[1][0]}")


def test_the_attacker_sends_a_unit_against_each_defender():
    """Requirements for Attack: declaring an attack on two players obliges a unit against each;
    with two units, the second must go against the defender not yet attacked."""
    s = fresh(("senpet", "moto", "khadi"))
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    _declare(s, [1, 2])
    while asking(s)[0] == "attack" and not legal(s)[0].startswith("assign"):
        act(s, "done" if "done" in legal(s) else "nodemand")
    assert asking(s) == ("attack", 0) and "done" not in legal(s)
    act(s, f"assign {a} {s.sections[1][0]}")
    opts = legal(s)
    assert "done" not in opts and opts and all(int(o.split()[2]) in s.sections[2] for o in opts)
    act(s, f"assign {b} {s.sections[2][0]}")


def test_an_ally_who_took_a_water_token_must_send_a_unit():
    """Offensive and Defensive Allies: a player who accepts a Water token must send at least one
    unit to help the player who paid it."""
    s = fresh(("senpet", "moto", "khadi"))
    a = make(s, 0, "sellsword", "hero")
    c = make(s, 2, "takiyah", "hero")
    _declare(s, [1])
    act(s, "invite 2")
    act(s, "done", 1)
    act(s, "demand", 2)
    act(s, f"token {s.sections[0][0]}", 0)
    act(s, f"assign {a} {s.sections[1][0]}", 0)
    assert asking(s) == ("attack", 2) and "done" not in legal(s)
    act(s, f"assign {c} {s.sections[1][0]}")


def test_a_player_with_no_unit_to_send_sells_no_promise():
    """Offensive and Defensive Allies: the Water token buys a promise to send a unit; a player
    with no unbowed Hero could not keep it, so it cannot demand the token."""
    s = fresh(("senpet", "moto", "khadi"))
    make(s, 0, "sellsword", "hero")
    _declare(s, [1])
    act(s, "invite 2")
    act(s, "done", 1)
    assert asking(s) == ("attack", 2) and legal(s) == ["nodemand"]


def test_one_defender_may_ally_with_another():
    """Offensive and Defensive Allies: one defender can ally with another and defend its City
    Sections; as an ally there it goes home bowed."""
    s = fresh(("senpet", "moto", "khadi"))
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    k = make(s, 2, "takiyah", "hero")
    _declare(s, [1, 2])
    assert asking(s) == ("attack", 1) and "invite 2" in legal(s)
    act(s, "invite 2")
    while not legal(s)[0].startswith("assign"):
        act(s, "done" if "done" in legal(s) else "nodemand")
    sec1 = s.sections[1][0]
    act(s, f"assign {a} {sec1}", 0)
    act(s, f"assign {b} {s.sections[2][0]}", 0)
    act(s, "done", 0) if asking(s) == ("attack", 0) else None
    while asking(s) != ("attack", 2):
        act(s, "done")
    assert f"assign {k} {sec1}" in legal(s)
    act(s, f"assign {k} {sec1}")
    while asking(s)[0] == "attack":
        act(s, "done")
    assert [k, 2, sec1, "d"] in s.atk["units"]
