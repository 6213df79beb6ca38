"""The Stories and Pantheon cards: each told or played where its Reward or favour changes
something."""

from sandsofplay.games.burning_sands.cards import carry, hand_limit, ka, raid_mod, strength

from .card_kit import only_section
from .helpers import act, asking, fresh, legal, make, pay_all, phase, raid, settle

SK = ("senpet", "khadi")


def test_tale_of_the_fallen_gate_reward():
    """The Tale of the Fallen Gate (Story: Reward): your Heroes get +1S, not another player's."""
    s = fresh(SK)
    mine = make(s, 0, "sellsword", "hero")
    theirs = make(s, 1, "sellsword", "hero")
    make(s, 0, "tale_fallen_gate", "home")
    assert strength(s, mine) == 3 and strength(s, theirs) == 2


def test_tale_of_the_fallen_gate_told_after_razing_in_battle():
    """The Tale of the Fallen Gate (Story: Tale Reaction; Absorbing Damage): when your
    engagement destroys a City Section, the Tale may be told, and its Reward follows."""
    s = fresh(("senpet", "moto"))
    sec = only_section(s, 1, "outrider_camp")  # Strength 1, 6 Water
    s.w_lost += 5
    s.water[sec] = 1
    make(s, 1, "horse_market", "section")  # seat 1 keeps a City Section: the game goes on
    big = make(s, 0, "khemet", "hero")
    tale = make(s, 0, "tale_fallen_gate", "hand")
    from .helpers import attack
    attack(s, sec, [big])
    while asking(s)[0] == "attack":
        act(s, "done")
    assert asking(s) == ("battle", 0)  # no defending units: the attacker acts
    act(s, f"engage {big}")
    act(s, "spill")
    act(s, "raze")
    while asking(s)[0] == "absorb":
        act(s, legal(s)[0])
    assert sec in s.buried[1]
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)
    act(s, f"react {tale} 0")
    pay_all(s)
    assert tale in s.home[0] and strength(s, big) == 6


def test_tale_of_the_twin_blades_told_after_a_duel_won():
    """The Tale of the Twin Blades (Story: Tale Reaction; Challenges and Duels): after your Hero
    wins a duel the Tale may be told; then your Heroes get +1K."""
    from .helpers import challenge
    s = fresh(("assassin", "moto"))
    me = make(s, 0, "veiled_sister", "hero")  # Ka 3
    foe = make(s, 1, "arhgoun", "hero")  # Ka 2
    tale = make(s, 0, "tale_twin_blades", "hand")
    ins = make(s, 0, "insult_at_the_bazaar", "hand")
    challenge(s, ins, foe, me)
    act(s, "accept")
    act(s, "pass")
    act(s, "pass")
    assert foe in s.buried[1]
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)
    act(s, f"react {tale} 0")
    pay_all(s)
    assert tale in s.home[0] and ka(s, me) == 4


def test_tale_of_the_hidden_oasis_told_after_a_raid_then_carries_more():
    """The Tale of the Hidden Oasis (Story: Tale Reaction, Reward; Carry +X): told after your
    raid succeeds; from then on your Heroes carry one more Water token."""
    s = fresh(("moto", "senpet"), ph="night")
    sec = only_section(s, 1, "parade_ground")
    h = make(s, 0, "kitai", "hero")
    tale = make(s, 0, "tale_hidden_oasis", "hand")
    c = make(s, 0, "matter_of_honor", "hand")
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 1
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)
    act(s, f"react {tale} 0")
    pay_all(s)
    assert tale in s.home[0] and carry(s, h) == 2


def test_tale_of_the_twin_blades_reward():
    """The Tale of the Twin Blades (Story: Reward): your Heroes get +1K."""
    s = fresh(SK)
    mine = make(s, 0, "eye_of_night", "hero")
    make(s, 0, "tale_twin_blades", "home")
    assert ka(s, mine) == 3


def test_tale_of_the_falling_star_told_after_a_spell():
    """The Tale of the Falling Star (Story: Tale Reaction, Reward; End Phase hand size): told
    after you cast a Spell; your maximum hand size is one larger."""
    s = fresh(("khadi", "senpet"))
    make(s, 0, "takiyah", "hero")
    h = make(s, 0, "scarab_guardian", "hero")
    tale = make(s, 0, "tale_falling_star", "hand")
    m = make(s, 0, "mark_of_the_caliph", "hand")
    limit = hand_limit(s, 0)
    assert not [x for x in legal(s) if x == f"play {tale}"]
    act(s, f"play {m}")
    act(s, f"target {h}")
    pay_all(s)
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)
    act(s, f"react {tale} 0")
    pay_all(s)
    assert tale in s.home[0] and hand_limit(s, 0) == limit + 1


def test_tale_of_the_thousand_courtiers_draws_one_more_at_the_end():
    """The Tale of the Thousand Courtiers (Story: Reward; End Phase): draw five cards instead of
    four in the End Phase."""
    s = fresh(SK)
    make(s, 0, "tale_thousand_courtiers", "home")
    s.stack = [{"k": "newturn", "seat": -1}, {"k": "end", "seat": -1}]
    s.blessed = 0
    settle(s)
    assert len(s.hand[0]) == 5  # four, and one for the Tale


def test_tale_of_the_endless_rain_needs_its_water():
    """The Tale of the Endless Rain (Alternate Victories): below 24 Water tokens the turn ends
    without a winner."""
    from sandsofplay.games.burning_sands import GAME
    s = fresh(("moto", "senpet"))
    make(s, 0, "tale_endless_rain", "home")
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    assert GAME.outcome(s) is None


def play_pantheon(s, cid):
    u = make(s, 0, cid, "hand")
    act(s, f"play {u}")
    pay_all(s)
    assert u in s.home[0]
    return u


def test_favor_of_the_sun_father():
    """Favor of the Sun Father (Pantheon Card): played as an Open action, your Heroes get +1S."""
    s = fresh(SK, ph="night")
    h = make(s, 0, "sellsword", "hero")
    foe = make(s, 1, "sellsword", "hero")
    play_pantheon(s, "favor_sun")
    assert strength(s, h) == 3 and strength(s, foe) == 2


def test_favor_of_the_moon_mother():
    """Favor of the Moon Mother (Pantheon Card): your Heroes get +1K."""
    s = fresh(SK)
    h = make(s, 0, "sellsword", "hero")
    play_pantheon(s, "favor_moon")
    assert ka(s, h) == 3


def test_favor_of_the_night_wind_raids_higher():
    """Favor of the Night Wind (Pantheon Card; Raid +X): your Heroes have Raid +1, so a Fate 3
    card beats an undefended Strength 3 City Section."""
    s = fresh(("senpet", "moto"))
    h = make(s, 0, "sellsword", "hero")
    play_pantheon(s, "favor_night_wind")
    assert raid_mod(s, h) == 1
    phase(s, "night", 0)
    sec = only_section(s, 1, "dune_well")  # Strength 3
    c = make(s, 0, "matter_of_honor", "hand")
    raid(s, sec, h, c)
    act(s, "nodefend")
    assert s.water[h] == 1


def test_favor_of_the_judge_of_scales():
    """Favor of the Judge of Scales (Pantheon Card; End Phase): your hand size is one larger."""
    s = fresh(SK)
    limit = hand_limit(s, 0)
    play_pantheon(s, "favor_scales")
    assert hand_limit(s, 0) == limit + 1
