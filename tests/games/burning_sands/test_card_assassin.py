"""The Assassin cards, each played in a position where its text changes something."""

from sandsofplay.games.burning_sands.cards import card, ka, strength

from .card_kit import battle, copper, only_section, plays, to_seat
from .helpers import act, asking, fresh, legal, make, pay_all, play_out, raid

AS = ("assassin", "senpet")


def test_assassin_stronghold_sends_an_assassin_home_bowed():
    """The Assassin Stronghold (Bowing cards example; Battle Action Segment): bow it to send one
    of your Assassin Heroes in the battle home, bowed; a non-Assassin is no target."""
    s, a, d, sec = battle(["veiled_sister", "sellsword"], ["eye_of_night"], decks=AS)
    sh = s.stronghold[0]
    assert card(s, sh).id == "assassin_stronghold"
    to_seat(s, 0)
    act(s, f"use {sh} 0")
    assert legal(s) == [f"target {a[0]}"]  # the Sellsword is no Assassin
    act(s, f"target {a[0]}")
    play_out(s)
    assert s.bowed[sh] == 1 and s.bowed[a[0]] == 1
    assert a[0] not in [x[0] for x in s.atk["units"]] and a[0] in s.heroes[0]
    assert a[1] in [x[0] for x in s.atk["units"]]


def test_rashid_is_unique_and_enters_with_his_stats():
    """Rashid, the Old Man's Hand (Hero; Unique card): 4S/5K for 3 Water and 12 Copper; a second
    Rashid cannot be brought into play while he is."""
    s = fresh(AS)
    copper(s, 0, 3)
    r = make(s, 0, "rashid", "hand")
    r2 = make(s, 0, "rashid", "hand")
    w = sum(s.water[x] for x in s.sections[0])
    act(s, f"play {r}")
    pay_all(s)
    assert r in s.heroes[0] and s.bowed[r] == 0
    assert (strength(s, r), ka(s, r)) == (4, 5)
    assert sum(s.water[x] for x in s.sections[0]) == w - 3
    act(s, "pass", 1)
    assert f"play {r2}" not in legal(s, 0)


def test_rooftop_runner_raids_one_higher():
    """The Rooftop Runner (Raid +X): its Raid +1 lifts a Fate 3 raid over a Strength 3 City
    Section left undefended."""
    s = fresh(("assassin", "khadi"), ph="night")
    sec = only_section(s, 1, "secret_wall")  # Strength 3
    run = make(s, 0, "rooftop_runner", "hero")
    c = make(s, 0, "matter_of_honor", "hand")  # Fate 3
    raid(s, sec, run, c)
    act(s, "nodefend")
    assert s.water[run] == 1


def test_rooftop_runner_flies():
    """The Rooftop Runner (Flying; Flying Maneuvers Segment): its unit is Flying, so it is sent in
    the Flying Maneuvers Segment and not with the Ground units."""
    from sandsofplay.games.burning_sands.cards import flying_unit
    s = fresh(AS)
    run = make(s, 0, "rooftop_runner", "hero")
    walk = make(s, 0, "veiled_sister", "hero")
    assert flying_unit(s, run) and not flying_unit(s, walk)
    act(s, "attack")
    act(s, "defender 1")
    act(s, "declare")
    sec = s.sections[1][0]
    assert f"assign {walk} {sec}" in legal(s) and f"assign {run} {sec}" not in legal(s)


def test_apprentice_killer_adds_to_its_hero():
    """Apprentice Killer (Follower: '+' values add to the Hero): +1S/+1K once attached."""
    s = fresh(AS)
    h = make(s, 0, "veiled_sister", "hero")
    f = make(s, 0, "apprentice_killer", "hand")
    act(s, f"play {f}")
    act(s, f"target {h}")
    pay_all(s)
    assert f in s.att[h] and (strength(s, h), ka(s, h)) == (3, 4)


def test_poisoned_dagger_is_a_weapon_with_a_bonus():
    """Poisoned Dagger (Item: Weapon, one per Hero): +1S/+1K to its Hero; a Hero with a Weapon
    cannot take it."""
    s = fresh(AS)
    h = make(s, 0, "veiled_sister", "hero")
    armed = make(s, 0, "blade_of_the_old_man", "hero")
    make(s, 0, "long_spear", "attach", to=armed)
    dag = make(s, 0, "poisoned_dagger", "hand")
    act(s, f"play {dag}")
    assert legal(s) == [f"target {h}"]
    act(s, f"target {h}")
    pay_all(s)
    assert (strength(s, h), ka(s, h)) == (3, 4)


def test_shadow_step_sends_a_hero_home_bowed():
    """Shadow Step (Battle Action Segment: return a unit home): one of your Heroes in the battle
    goes home bowed and leaves the battle."""
    s, a, d, sec = battle(["sellsword"], ["eye_of_night"], decks=AS)
    step = make(s, 0, "shadow_step", "hand")
    s._cache = None
    to_seat(s, 0)
    act(s, f"play {step}")
    act(s, f"target {a[0]}")
    play_out(s)
    assert s.bowed[a[0]] == 1 and a[0] in s.heroes[0]
    assert a[0] not in [x[0] for x in (s.atk or {"units": []})["units"]]
    assert step in s.saved[0]


def test_knife_in_the_dark_destroys_a_bowed_hero_and_is_buried():
    """Knife in the Dark (Destroying Cards; Saved and Buried Piles): a bowed Hero of another
    player is destroyed (an unbowed one is no target); the card itself is buried."""
    s = fresh(AS, ph="night")
    copper(s, 0, 1)
    up = make(s, 1, "sellsword", "hero")
    down = make(s, 1, "eye_of_night", "hero", bowed=1)
    k = make(s, 0, "knife_in_the_dark", "hand")
    act(s, f"play {k}")
    assert legal(s) == [f"target {down}"]
    act(s, f"target {down}")
    pay_all(s)
    assert down in s.buried[1] and up in s.heroes[1]
    assert k in s.buried[0] and k not in s.saved[0]


def test_whispered_curse_token_outlasts_the_turn():
    """Whispered Curse (Spell; Bonuses and Tokens): a -1K token on a Hero of another player; a
    Hero at 0 Ka dies (Hero); the token does not expire with the turn."""
    from .helpers import settle
    s = fresh(AS)
    make(s, 0, "master_of_whispers", "hero")  # the Sahir
    copper(s, 0, 1)
    weak = make(s, 1, "legion_archer", "hero")  # Ka 1
    tough = make(s, 1, "sellsword", "hero")  # Ka 2
    c1 = make(s, 0, "whispered_curse", "hand")
    act(s, f"play {c1}")
    act(s, f"target {weak}")
    pay_all(s)
    assert weak in s.buried[1]
    s.bowed[[h for h in s.heroes[0]][0]] = 0
    c2 = make(s, 0, "whispered_curse", "hand")
    s._cache = None
    act(s, "pass", 1)
    act(s, f"play {c2}", 0)
    act(s, f"target {tough}")
    pay_all(s)
    assert ka(s, tough) == 1
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert ka(s, tough) == 1


def test_blade_of_the_old_man_challenges_by_bowing():
    """Blade of the Old Man (Challenges and Duels): bowing it issues its own challenge; the
    loser of the duel is destroyed."""
    s = fresh(("assassin", "moto"))
    blade = make(s, 0, "blade_of_the_old_man", "hero")  # Ka 3
    foe = make(s, 1, "arhgoun", "hero")  # Ka 2
    act(s, f"use {blade} 0")
    act(s, f"target {foe}")
    assert asking(s) == ("duel", 1) and s.bowed[blade] == 1
    act(s, "accept")
    act(s, "pass")
    act(s, "pass")  # no thrusts: the higher Ka wins
    assert foe in s.buried[1] and blade in s.heroes[0]


def test_silent_knife_strikes_a_weak_hero():
    """The Silent Knife (Destroying Cards): bowing it destroys a Hero of another player with 2
    Strength or less."""
    s = fresh(AS, ph="night")
    knife = make(s, 0, "silent_knife", "hero")
    weak = make(s, 1, "sellsword", "hero")  # 2S
    act(s, f"use {knife} 0")
    act(s, f"target {weak}")
    play_out(s)
    assert weak in s.buried[1] and s.bowed[knife] == 1


def test_matter_of_honor_is_a_night_challenge():
    """A Matter of Honor (Challenges and Duels; Night Actions): a Night challenge by an unbowed
    Hero of yours; not playable in the Day."""
    from .helpers import challenge
    s = fresh(AS)
    me = make(s, 0, "veiled_sister", "hero")
    foe = make(s, 1, "legion_archer", "hero")  # Ka 1
    m = make(s, 0, "matter_of_honor", "hand")
    s._cache = None
    assert f"play {m}" not in plays(s, 0)
    from .helpers import phase
    phase(s, "night", 0)
    challenge(s, m, foe, me)
    act(s, "accept")
    act(s, "pass")
    act(s, "pass")
    assert foe in s.buried[1] and me in s.heroes[0]


def test_feint_adds_ka_entering_a_duel():
    """Feint and Step (Reactions; Challenges and Duels: 'entering a duel'): your challenged Hero
    gets +1K, turning a tie (both destroyed) into a win."""
    s = fresh(("moto", "assassin"))
    me = make(s, 0, "jana_barakah", "hero")  # Ka 3
    foe = make(s, 1, "veiled_sister", "hero")  # Ka 3
    feint = make(s, 1, "feint", "hand")
    ins = make(s, 0, "insult_at_the_bazaar", "hand")
    from .helpers import challenge
    challenge(s, ins, foe, me)
    act(s, "accept")
    assert f"react {feint} 0" in legal(s)
    act(s, f"react {feint} 0")
    act(s, f"target {foe}")
    play_out(s)
    assert ka(s, foe) == 4
    while asking(s)[0] == "duel":
        act(s, "pass")
    assert me in s.buried[0] and foe in s.heroes[1]
