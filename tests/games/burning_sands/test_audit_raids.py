"""Rules the audit of issue 25 found departed from the book, or untested: the Saved pile, raids,
Copper, moving attachments, attacking once, the Khadi return, Experienced overlays and the
Sultan's judgement. Each test names its rulebook section."""

from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import draw, raid_mod, top_of_deck, water_of

from .helpers import act, asking, fresh, legal, make, raid, settle


def _moto_sections(s, ids=("horse_market", "dune_well")):
    """Seat 1's City Sections replaced by ``ids`` (Strength 2 and 3), full of Water."""
    for sec in s.sections[1]:
        s.w_start -= s.water[sec]
        s.water[sec] = 0
    s.sections[1] = []
    return [make(s, 1, x, "section") for x in ids]


# --- Saved and Buried Piles ----------------------------------------------------------------
def test_saved_pile_becomes_the_deck_the_moment_the_deck_runs_out():
    """Saved and Buried Piles: the Saved pile is reshuffled into the deck as soon as the deck
    runs out, so a card discarded afterwards stays in the new Saved pile."""
    s = fresh()
    s.saved[0] += s.deck[0][:-1]
    s.deck[0] = s.deck[0][-1:]
    n_saved = len(s.saved[0])
    draw(s, 0, 1)  # the last card: the deck is empty now and refilled at once
    assert len(s.deck[0]) == n_saved and s.saved[0] == []
    late = make(s, 0, "sellsword", "saved")  # discarded after the deck ran out
    draw(s, 0, 1)
    assert s.saved[0] == [late] and late not in s.deck[0]


def test_parry_from_the_deck_refills_it_at_once():
    """Saved and Buried Piles; Parrying: taking the last card of the deck (a parry) turns the
    Saved pile into the deck at once."""
    s = fresh()
    s.saved[0] += s.deck[0][:-1]
    s.deck[0] = s.deck[0][-1:]
    last = s.deck[0][0]
    assert top_of_deck(s, 0) == last
    assert s.deck[0] and s.saved[0] == []


# --- Raid Phase ----------------------------------------------------------------------------
def test_two_raiders_need_two_cards():
    """Raid Phase (Assigning Raiding Units): each raider gets one card from the hand; two
    cards are enough for two raiders."""
    s = fresh(("senpet", "moto"), ph="night")
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    c1 = make(s, 0, "insult_at_the_bazaar", "hand")
    c2 = make(s, 0, "feint", "hand")
    x, y = _moto_sections(s)
    act(s, "raid")
    act(s, f"rsec {x}")
    act(s, f"rhero {a}")
    act(s, f"rcard {c1}")
    assert f"rsec {y}" in legal(s)  # one card left, one Hero left: a second raider may go
    act(s, f"rsec {y}")
    act(s, f"rhero {b}")
    act(s, f"rcard {c2}")
    assert legal(s) == ["go"]  # no card left: no third raider


def test_a_raid_needs_a_higher_fate_value_a_tie_fails():
    """Raid Phase (Resolving the Raid): a raid succeeds only if the raiding Fate value is higher
    than the section's Base Strength; an equal value takes no Water."""
    s = fresh(("senpet", "moto"), ph="night")
    h = make(s, 0, "sellsword", "hero")
    assert raid_mod(s, h) == 0
    two = make(s, 0, "sidestep", "hand")  # Fate 2
    sec, _ = _moto_sections(s)  # Strength 2
    w = s.water[sec]
    raid(s, sec, h, two)
    act(s, "nodefend")
    assert s.water[sec] == w and s.water[h] == 0 and s.bowed[h] == 1


def test_a_raid_on_a_higher_fate_value_succeeds():
    """Raid Phase (Resolving the Raid): one more than the Base Strength is enough."""
    s = fresh(("senpet", "moto"), ph="night")
    h = make(s, 0, "sellsword", "hero")
    three = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3
    sec, _ = _moto_sections(s)
    w = s.water[sec]
    raid(s, sec, h, three)
    act(s, "nodefend")
    assert s.water[sec] == w - 1 and s.water[h] == 1


def test_a_defended_raid_on_a_tie_fails():
    """Raid Phase (Resolving the Raid): against a defending Fate value, equal is not higher."""
    s = fresh(("senpet", "moto"), ph="night")
    h = make(s, 0, "sellsword", "hero")
    mine = make(s, 0, "feint", "hand")  # Fate 4
    d = make(s, 1, "kitai", "hero")
    theirs = make(s, 1, "feint", "hand")  # Fate 4
    sec, _ = _moto_sections(s)
    w = s.water[sec]
    raid(s, sec, h, mine)
    act(s, f"defend {d}")
    act(s, f"dcard {theirs}")
    assert s.water[sec] == w and s.water[h] == 0


def test_a_city_section_is_raided_once_a_turn():
    """Raid Phase (Assigning Raiding Units): a City Section already raided this turn cannot be
    raided again, by anyone; another section still can."""
    s = fresh(("senpet", "moto", "khadi"), ph="night")
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    k = make(s, 2, "takiyah", "hero")
    for p in (0, 0, 2):
        make(s, p, "insult_at_the_bazaar", "hand")
    x, y = _moto_sections(s)
    raid(s, x, a, s.hand[0][0])
    act(s, "nodefend")
    assert x in s.raided
    while asking(s) != ("prio", 0):
        act(s, "pass")
    act(s, "raid")
    assert f"rsec {x}" not in legal(s) and f"rsec {y}" in legal(s)
    act(s, f"rsec {y}")
    act(s, f"rhero {b}")
    act(s, f"rcard {s.hand[0][0]}")
    act(s, "go")
    act(s, "nodefend")
    assert asking(s) == ("prio", 1)
    act(s, "pass")
    assert asking(s) == ("prio", 2)
    # seat 2 may raid seat 0, but neither raided section of seat 1
    act(s, "raid")
    opts = legal(s)
    assert f"rsec {x}" not in opts and f"rsec {y}" not in opts
    assert any(o == f"rsec {sec}" for sec in s.sections[0] for o in opts)
    assert k in s.heroes[2]


def test_lantern_watch_adds_to_defending_fate_values_only():
    """Raid Phase (Resolving the Raid); Lantern Watch: its +2 is for defending Fate values; an
    undefended section is compared with its Base Strength alone."""
    s = fresh(("senpet", "moto"), ph="night")
    h = make(s, 0, "sellsword", "hero")
    three = make(s, 0, "insult_at_the_bazaar", "hand")  # Fate 3 against Strength 2
    watch = make(s, 1, "lantern_watch", "hand")
    make(s, 1, "spice_stall", "home")
    sec, _ = _moto_sections(s)
    w = s.water[sec]
    raid(s, sec, h, three)
    act(s, f"react {watch} 0")
    while asking(s)[0] == "play":
        act(s, legal(s)[0])
    act(s, "nodefend")
    assert s.water[sec] == w - 1 and s.water[h] == 1


# --- Paying Copper Costs; Bowing cards -------------------------------------------------------
def test_a_bowed_stronghold_produces_no_copper():
    """Bowing Cards; Paying Copper Costs: a card produces Copper by bowing, so a bowed
    Stronghold produces none."""
    from sandsofplay.games.burning_sands.payment import copper_available, producers
    s = fresh()
    sh = s.stronghold[0]
    hero = make(s, 0, "sellsword", "hand")  # 5 Copper, 1 Water
    stall = make(s, 0, "spice_stall", "home")  # 1 Copper
    assert f"play {hero}" in legal(s)  # 4 + 1
    s.bowed[sh] = 1
    s._cache = None
    assert sh not in producers(s, 0) and copper_available(s, 0) == 1 and stall in producers(s, 0)
    assert f"play {hero}" not in legal(s)


# --- Attaching and Moving Cards --------------------------------------------------------------
def test_a_transfer_needs_two_unbowed_heroes():
    """Attaching and Moving Cards: both exchanging Heroes bow, and no card goes to a Hero that
    was already bowed: one unbowed Hero cannot transfer."""
    s = fresh()
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero", bowed=1)
    make(s, 0, "long_spear", "attach", to=a)
    assert f"transfer {a}" not in legal(s)
    s.bowed[b] = 0
    s._cache = None
    assert f"transfer {a}" in legal(s)
    act(s, f"transfer {a}")
    s.bowed[b] = 1  # even were it bowed meanwhile, it is no partner
    s._cache = None
    assert f"with {b}" not in legal(s)


def test_two_armors_may_be_swapped_in_one_exchange():
    """Attaching and Moving Cards; Item: any number of cards may be exchanged, so two Heroes
    may swap their Armors although no Hero may keep two."""
    s = fresh()
    a = make(s, 0, "sellsword", "hero")
    b = make(s, 0, "eye_of_night", "hero")
    ma = make(s, 0, "mail_shirt", "attach", to=a)
    mb = make(s, 0, "mail_shirt", "attach", to=b)
    act(s, f"transfer {a}")
    act(s, f"with {b}")
    act(s, f"give {ma} {b}")
    assert "done" not in legal(s)  # b holds two Armors for now
    assert f"give {ma} {a}" not in legal(s)  # a card moves once
    act(s, f"give {mb} {a}")
    act(s, "done")
    assert s.att[a] == [mb] and s.att[b] == [ma]


# --- Attacking: once a turn is tested in test_rules.py (test_attack_once_per_turn) -----------


# --- Khadi; Experienced Heroes ----------------------------------------------------------------
def _khadi_end(s, water):
    for sec in s.sections[0]:
        s.w_lost += s.water[sec]
        s.water[sec] = 0
    s.water[s.sections[0][0]] = water
    s.w_lost -= water
    s.stack = [{"k": "khadi", "seat": 0}]
    s._cache = None


def test_a_khadi_return_costs_three_water():
    """Khadi: returning a destroyed Khadi Hero costs 3 Water: with 2 it is not offered, with 3
    it is and all three are paid."""
    s = fresh(("khadi", "senpet"))
    b = make(s, 0, "bonepicker", "buried")
    _khadi_end(s, 2)
    assert legal(s, 0) == []
    _khadi_end(s, 3)
    assert f"khadi {b}" in legal(s, 0)
    act(s, f"khadi {b}", 0)
    assert water_of(s, 0) == 0 and b in s.heroes[0] and s.bowed[b] == 1


def test_a_unique_khadi_returns_only_if_its_name_is_not_in_play():
    """Khadi; Bringing Cards into Play (Unique): a Unique Khadi Hero cannot return while a card
    of its name is in play."""
    s = fresh(("khadi", "senpet"))
    m = make(s, 0, "mahir", "buried")
    other = make(s, 1, "mahir", "hero")
    _khadi_end(s, 5)
    assert f"khadi {m}" not in legal(s, 0)
    s.heroes[1].remove(other)
    s.buried[1].append(other)
    s._cache = None
    assert f"khadi {m}" in legal(s, 0)


def test_an_experienced_overlay_costs_two_copper():
    """Experienced Heroes: the overlay costs no Water and 2 Copper: 1 Copper is not enough,
    and the payment goes on until 2 are produced."""
    s = fresh(("moto", "senpet"))
    s.bowed[s.stronghold[0]] = 1
    make(s, 0, "kitai", "hero")
    e = make(s, 0, "kitai_exp", "hand")
    s1 = make(s, 0, "spice_stall", "home")
    w = water_of(s, 0)
    assert f"overlay {e}" not in legal(s)
    s2 = make(s, 0, "spice_stall", "home")
    s._cache = None
    act(s, f"overlay {e}")
    act(s, f"produce {s1}")
    assert asking(s)[0] == "overlay" and e in s.hand[0]  # 1 of 2 Copper
    act(s, f"produce {s2}")
    assert e in s.heroes[0] and water_of(s, 0) == w


# --- the Sultan's judgement (ruling R-16) -----------------------------------------------------
def _judge(s, water, stories, sections):
    from sandsofplay.games.burning_sands.cards import destroy
    for p in (0, 1):
        for sec in list(s.sections[p])[sections[p]:]:
            destroy(s, sec)
        for sec in s.sections[p]:
            s.w_lost += s.water[sec]
            s.water[sec] = 0
        s.water[s.sections[p][0]] = water[p]
        s.w_lost -= water[p]
        for _ in range(stories[p]):
            make(s, p, "tale_endless_rain", "home")  # 1 Story point each
    s.turn = s.limit
    s.stack = [{"k": "newturn", "seat": -1}]
    settle(s)
    return GAME.outcome(s).winners


def test_the_sultans_judgement_counts_water_first():
    """Ruling R-16 (the Sultan's judgement): most Water wins, before Story points and City
    Sections."""
    assert _judge(fresh(), (5, 4), (0, 2), (1, 3)) == (0,)


def test_the_sultans_judgement_then_counts_story_points():
    """Ruling R-16: with equal Water, most Story points win, before City Sections."""
    assert _judge(fresh(), (4, 4), (0, 2), (3, 1)) == (1,)


def test_the_sultans_judgement_then_counts_city_sections():
    """Ruling R-16: with equal Water and Story points, most City Sections win; a full tie is
    shared."""
    assert _judge(fresh(), (4, 4), (1, 1), (1, 2)) == (1,)
    assert _judge(fresh(), (4, 4), (1, 1), (2, 2)) == (0, 1)
