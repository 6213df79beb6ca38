"""Rules the audit of issue 25 found departed from the book, or untested: the Saved pile, raids,
Copper, moving attachments, attacking once, the Khadi return, Experienced overlays and the
Sultan's judgement. Each test names its rulebook section."""

from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import card, draw, raid_mod, top_of_deck, water_of

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
