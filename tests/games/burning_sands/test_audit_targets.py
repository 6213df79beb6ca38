"""Targets, "this battle", Water paid away, traits and the End Phase Water, as the audit of
issue 25 read the book. Each test names its rulebook section."""

from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.cards import card, is_a, strength

from .helpers import act, asking, attack, fresh, legal, make, pay_all, settle


# --- Battle Action Segment: "this battle" -----------------------------------------------------
def test_a_card_about_this_battle_must_be_in_it():
    """Battle Action Segment (Battle and Open actions): a card whose text refers to "this
    battle" must itself be in the battle: the Priestess at home cannot help a Hero there."""
    s = fresh(("senpet", "moto"))
    fighter = make(s, 0, "sellsword", "hero")
    priestess = make(s, 0, "sun_priestess", "hero")
    foe = make(s, 1, "kitai", "hero")
    sec = s.sections[1][0]
    attack(s, sec, [fighter])
    act(s, "done", 0)
    act(s, f"assign {foe} {sec}", 1)
    while asking(s)[0] == "attack":
        act(s, "done")
    act(s, "pass", 1)
    assert asking(s) == ("battle", 0) and f"use {priestess} 0" not in legal(s, 0)


def test_a_card_in_the_battle_may_act_on_it():
    """Battle Action Segment: the Priestess in the battle may strengthen a Hero there."""
    s = fresh(("senpet", "moto"))
    fighter = make(s, 0, "sellsword", "hero")
    priestess = make(s, 0, "sun_priestess", "hero")
    foe = make(s, 1, "kitai", "hero")
    attack(s, s.sections[1][0], [fighter, priestess, foe])
    while asking(s)[0] == "attack":
        act(s, "done")
    act(s, "pass", 1)
    act(s, f"use {priestess} 0", 0)
    act(s, f"target {fighter}")
    while asking(s)[0] in ("play", "window"):
        act(s, legal(s)[-1])
    assert strength(s, fighter) == 3


# --- Paying Water Costs; Absorbing Damage: a 0-Strength section without Water -----------------
def _dry_only(s, water, keep_others=True):
    dry = next(x for x in s.sections[0] if card(s, x).id == "dry_cistern")
    for sec in s.sections[0]:
        s.w_lost += s.water[sec]
        s.water[sec] = 0
    s.water[dry] = water
    s.w_lost -= water
    if not keep_others:
        from sandsofplay.games.burning_sands.cards import destroy
        for sec in [x for x in s.sections[0] if x != dry]:
            destroy(s, sec)
    s._cache = None
    return dry


def test_a_zero_strength_section_paid_dry_is_destroyed_at_once():
    """Absorbing Damage in Battle; Paying Water Costs: a 0-Strength City Section with no Water
    is destroyed, also when its last Water pays a cost (Dry Cistern Quarter)."""
    s = fresh(("senpet", "moto"))
    dry = _dry_only(s, 1)
    hero = make(s, 0, "sellsword", "hand")
    make(s, 0, "spice_stall", "home")
    act(s, f"play {hero}")
    while asking(s)[0] == "play" and f"water {dry}" not in legal(s):
        act(s, [x for x in legal(s) if x.startswith("produce")][0])
    act(s, f"water {dry}")
    assert dry in s.buried[0] and dry not in s.sections[0]
    assert s.alive[0] and not GAME.check_invariants(s)


def test_paying_the_last_city_section_away_puts_a_player_out_at_once():
    """How to Win; Glossary (City Section); ruling R-19: a player whose last City Section goes
    when its last Water is paid is out at once."""
    s = fresh(("senpet", "moto", "khadi"))
    dry = _dry_only(s, 1, keep_others=False)
    hero = make(s, 0, "sellsword", "hand")
    make(s, 0, "spice_stall", "home")
    act(s, f"play {hero}")
    while f"water {dry}" not in legal(s):
        act(s, [x for x in legal(s) if x.startswith("produce")][0])
    act(s, f"water {dry}")
    assert s.alive == [0, 1, 1] and hero not in s.heroes[0]
    assert GAME.outcome(s) is None and GAME.to_act(s) == (1,)
    assert not GAME.check_invariants(s)


# --- Targeting and Redirection ------------------------------------------------------------------
def test_a_strength_limited_action_offers_only_such_heroes():
    """Targeting and Redirection: an action that destroys "a Hero with 2 Strength or less"
    (the Silent Knife) can target only such Heroes; Mahir's 3 likewise."""
    s = fresh(("assassin", "khadi"), ph="night")
    knife = make(s, 0, "silent_knife", "hero")
    weak = make(s, 1, "bonepicker", "hero")  # 2
    strong = make(s, 1, "scarab_guardian", "hero")  # 3
    act(s, f"use {knife} 0")
    assert legal(s) == [f"target {weak}"]
    s2 = fresh(("khadi", "senpet"), ph="night")
    mahir = make(s2, 0, "mahir", "hero")
    three = make(s2, 1, "arhgoun", "hero")
    four = make(s2, 1, "wandering_giant", "hero")
    act(s2, f"use {mahir} 0")
    assert legal(s2) == [f"target {three}"] and four in s2.heroes[1] and strong in s.heroes[1]


def test_a_redirected_action_can_be_redirected_again():
    """Targeting and Redirection; Reactions: the new target's controller may react to the
    redirected action, and redirect it once more."""
    s = fresh(("khadi", "moto"))
    tak = make(s, 0, "takiyah", "hero")
    t1 = make(s, 1, "arhgoun", "hero")
    other = make(s, 0, "sellsword", "hero")
    blade1 = make(s, 1, "turn_the_blade", "hand")
    blade0 = make(s, 0, "turn_the_blade", "hand")
    make(s, 1, "copper_mine", "home")
    make(s, 0, "copper_mine", "home")
    act(s, f"use {tak} 0")
    act(s, f"target {t1}")
    act(s, f"react {blade1} 0")
    pay_all(s)
    act(s, f"target {other}")
    assert asking(s) == ("window", 0) and f"react {blade0} 0" in legal(s)
    act(s, f"react {blade0} 0")
    pay_all(s)
    act(s, f"target {t1}")
    while asking(s)[0] == "window":
        act(s, "pass")
    assert strength(s, t1) == 2 and strength(s, other) == 2


# --- Traits and Abilities ---------------------------------------------------------------------
def test_reserved_game_terms_are_not_traits():
    """Traits and Abilities: reserved game terms (Day, Night, Battle, Stronghold ...) in a title
    or trait text do not count as traits; other title words do."""
    s = fresh(("moto", "senpet"))
    rider = card(s, make(s, 0, "night_rider", "hero"))
    assert not is_a(rider, "Night") and is_a(rider, "Rider") and is_a(rider, "Moto")
    assert not is_a(card(s, s.stronghold[1]), "Stronghold")


# --- End Phase: redistributing Water ---------------------------------------------------------
def test_end_phase_water_may_be_redistributed_without_a_limit():
    """End Phase: Water may be redistributed among City Sections as the player sees fit: one
    section may give all its tokens, more moves than there are sections (ruling R-15 bounds
    the moves - a section gives or receives, not both - never the distributions)."""
    s = fresh()
    a, b, c = s.sections[0][:3]
    s.w_lost += s.water[b]
    s.water[b] = 0
    s.stack = [{"k": "endwater", "seat": 0, "pool": -1}]
    settle(s)
    wa = s.water[a]
    assert wa > len(s.sections[0])
    for _ in range(wa):
        act(s, f"shift {a} {b}")
    assert s.water[a] == 0 and s.water[b] == wa
    opts = legal(s)
    assert f"shift {c} {b}" in opts  # another section may still give to b
    assert f"shift {b} {c}" not in opts and f"shift {c} {a}" not in opts  # no Water back
    act(s, "done")
