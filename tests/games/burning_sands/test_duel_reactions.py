"""Reactions to each thrust and parry of a duel (Challenges and Duels: "give your opponent a chance
to play a Reaction to each of your actions (like thrusting or parrying) before playing a Reaction
of your own"; Reactions). Also the engaging Hero of an engagement Reaction (Engaging the Enemy)."""

import pytest

from sandsofplay.games.burning_sands import GAME, duel as duelmod
from sandsofplay.games.burning_sands.cards import ka, strength
from sandsofplay.games.burning_sands.data import DataError, _card

from .helpers import act, asking, attack, fresh, legal, make, phase, play_out, settle

DUELLISTS = ("assassin", "moto")


def start_duel(s, a, b):
    """a (seat 0) challenges b (seat 1); b accepts. b's player thrusts first."""
    duelmod.challenge(s, a, b, "destroy", [])
    settle(s)
    act(s, "accept")
    return s.stack[-1]


def duel_round(s, a, b, thr, par):
    """``start_duel``, then b's player thrusts ``thr`` and a's player parries with ``par``."""
    start_duel(s, a, b)
    act(s, f"thrust {thr}")
    act(s, f"parry {par}")


def duel_frame(s):
    return next(f for f in reversed(s.stack) if f["k"] == "duel")


def test_opponent_may_react_to_a_thrust_before_the_parry():
    """Challenges and Duels; Reactions: after a thrust the opponent is offered its Reactions
    (Sidestep) before parrying; the thrust stays face down to it; Sidestep makes a 5 count 3,
    so a parry of 3 takes no Ka."""
    s = fresh(DUELLISTS)
    a = make(s, 0, "veiled_sister", "hero")  # Ka 3, Duelist
    b = make(s, 1, "arhgoun", "hero")  # Ka 2
    step = make(s, 0, "sidestep", "hand")
    par = make(s, 0, "matter_of_honor", "hand")  # Fate 3
    thr = make(s, 1, "ghazi_khan", "hand")  # Fate 5
    start_duel(s, a, b)
    act(s, f"thrust {thr}")
    assert asking(s) == ("window", 0)
    obs = GAME.observe(s, 0)
    assert obs["cdef"][thr] == -1  # still face down for the defender
    assert f"react {step} 0" in legal(s)
    act(s, f"react {step} 0")
    assert duel_frame(s)["mod"] == [-2, 0]
    assert asking(s) == ("duel", 0)
    act(s, f"parry {par}")
    assert duel_frame(s)["loss"] == [0, 0]
    assert thr in s.saved[1] and par in s.saved[0] and step in s.saved[0]


def test_thruster_reacts_only_after_the_opponent_had_its_chance():
    """Reactions: after a parry the parrying player's opponent (the thruster) is asked first;
    Press the Attack makes the revealed thrust count 1 more."""
    s = fresh(DUELLISTS)
    a = make(s, 0, "veiled_sister", "hero")  # Ka 3; its player parries below
    b = make(s, 1, "arhgoun", "hero")  # Ka 2
    press = make(s, 1, "press_the_attack", "hand")
    make(s, 1, "spice_stall", "home")
    thr = make(s, 1, "matter_of_honor", "hand")  # Fate 3
    par = make(s, 0, "copper_mine", "hand")  # Fate 1
    duel_round(s, a, b, thr, par)
    # the parry is placed and the thrust revealed; the thruster (seat 1) is asked first
    assert asking(s) == ("window", 1)
    assert GAME.observe(s, 0)["cdef"][thr] >= 0
    act(s, f"react {press} 0")
    play_out(s)
    # thrust 3 + 1 = 4 against parry 1, Duelist makes it 2: Veiled Sister loses 2 Ka
    assert duel_frame(s)["loss"] == [2, 0]
    assert ka(s, a) - duel_frame(s)["loss"][0] == 1


def test_riposte_raises_the_parry_and_wounds_the_thruster():
    """Challenges and Duels (Resolving a Dueling Round); Reactions: Riposte, played after the
    parry is revealed, makes the parry count 1 more and takes 1 Ka from the thrusting Hero."""
    s = fresh(DUELLISTS)
    a = make(s, 0, "master_of_whispers", "hero")  # Ka 4, not a Duelist
    b = make(s, 1, "jana_barakah", "hero")  # Ka 3
    rip = make(s, 0, "riposte", "hand")
    make(s, 0, "spice_stall", "home")
    thr = make(s, 1, "matter_of_honor", "hand")  # Fate 3
    par = make(s, 0, "sellsword", "hand")  # Fate 2
    duel_round(s, a, b, thr, par)
    assert asking(s) == ("window", 0)  # seat 1 holds no Reaction: passes unasked
    act(s, f"react {rip} 0")
    act(s, f"target {b}")
    play_out(s)
    f = duel_frame(s)
    assert f["loss"] == [0, 1]  # 3 against 2+1: no damage; Jana loses 1 Ka to the Riposte
    assert rip in s.saved[0]


def test_a_wound_to_zero_ka_ends_the_duel_at_once():
    """Challenges and Duels: a Hero reduced to 0 Ka loses the duel, even mid-round (Hex of the
    Trembling Hand after a thrust); the round's cards leave the duel (every card in one zone)."""
    s = fresh(("khadi", "assassin"))
    a = make(s, 0, "takiyah", "hero")  # Sahir, Ka 3
    b = make(s, 1, "silent_knife", "hero")  # Ka 2
    hex_ = make(s, 0, "trembling_hand", "hand")
    make(s, 0, "spice_stall", "home")
    thr = make(s, 1, "matter_of_honor", "hand")
    start_duel(s, a, b)
    duel_frame(s)["loss"][1] = 1  # the Silent Knife already lost 1 Ka in an earlier round
    act(s, f"thrust {thr}")
    assert asking(s) == ("window", 0)
    act(s, f"react {hex_} 0")
    act(s, f"target {b}")
    play_out(s)  # the spell is cast by bowing Takiyah (a Sahir)
    assert s.bowed[a] == 1
    assert b in s.buried[1] and a in s.heroes[0]
    assert thr in s.saved[1] and not s.duel
    assert not GAME.check_invariants(s)


def test_a_follower_reacts_only_in_its_own_heros_duel():
    """Reactions; Followers: the Fencing Master bows to lower a thrust against its own Hero, and
    is not offered when another of its controller's Heroes duels."""
    s = fresh(DUELLISTS)
    a = make(s, 0, "master_of_whispers", "hero")  # Ka 4, not a Duelist
    other = make(s, 0, "silent_knife", "hero")
    fm = make(s, 0, "fencing_master", "attach", to=a)
    assert ka(s, a) == 5  # +1K from the Follower
    b = make(s, 1, "arhgoun", "hero")
    thr = make(s, 1, "ghazi_khan", "hand")
    par = make(s, 0, "matter_of_honor", "hand")
    # not its Hero's duel: no window question at all
    start_duel(s, other, b)
    act(s, f"thrust {thr}")
    assert asking(s) == ("duel", 0)
    act(s, f"parry {par}")  # 5 against 3: the Silent Knife (Ka 2) falls
    assert other in s.buried[0]
    phase(s, "day", 0)
    thr2 = make(s, 1, "insult_at_the_bazaar", "hand")  # Fate 3
    par2 = make(s, 0, "sellsword", "hand")  # Fate 2
    start_duel(s, a, b)
    act(s, f"thrust {thr2}")
    assert asking(s) == ("window", 0) and legal(s) == [f"react {fm} 0", "pass"]
    act(s, f"react {fm} 0")
    assert s.bowed[fm] == 1 and duel_frame(s)["mod"][0] == -1
    act(s, f"parry {par2}")
    assert duel_frame(s)["loss"] == [0, 0]  # 3 - 1 = 2 against 2


def test_no_thrust_or_parry_window_for_players_outside_the_duel():
    """Reactions (Challenges and Duels): only the duellists' players may answer a thrust with these
    Reactions; a third player holding Sidestep is not asked."""
    s = fresh(("assassin", "moto", "khadi"))
    a = make(s, 0, "veiled_sister", "hero")
    b = make(s, 1, "arhgoun", "hero")
    make(s, 2, "sidestep", "hand")
    thr = make(s, 1, "matter_of_honor", "hand")
    start_duel(s, a, b)
    act(s, f"thrust {thr}")
    assert asking(s) == ("duel", 0)


def test_shield_wall_weakens_only_the_engaging_hero():
    """Engaging the Enemy; Reactions: the Wall of Shields' target is the Hero whose engagement
    triggered it, not another bowed opposing Hero."""
    s = fresh(("senpet", "khadi"))
    a1 = make(s, 0, "arhgoun", "hero")
    a2 = make(s, 0, "sellsword", "hero")
    d = make(s, 1, "eye_of_night", "hero")
    sec = s.sections[1][0]
    attack(s, sec, (a1, a2, d))
    while asking(s)[0] == "attack":
        act(s, "done")
    act(s, "pass", 1)
    act(s, f"engage {a2}", 0)  # Sellsword engages first (no Reaction in hand yet)
    while asking(s)[0] == "absorb":
        act(s, legal(s)[0])
    wall = make(s, 1, "shield_wall", "hand")
    make(s, 1, "spice_stall", "home")
    act(s, "pass", 1) if asking(s) == ("battle", 1) else None
    s._cache = None
    act(s, f"engage {a1}", 0)
    assert asking(s) == ("window", 1)
    act(s, f"react {wall} 0")
    assert legal(s) == [f"target {a1}"]  # the bowed Sellsword is not a choice
    act(s, f"target {a1}")
    play_out(s)
    assert strength(s, a1) == 1


def test_duel_effects_need_a_duel_trigger():
    """Card data: a duel_value effect outside a thrust/parry Reaction is refused with the reason."""
    bad = {"id": "x", "type": "action", "source": "designed", "abilities": [
        {"when": "day", "do": [{"op": "duel_value", "card": "thrust", "n": 1}]}]}
    with pytest.raises(DataError, match="duel_value"):
        _card("t.toml", bad, 0)
    bad["abilities"] = [{"when": "reaction", "trigger": {"on": "thrust", "whose": "mine"},
                         "do": [{"op": "duel_value", "card": "thrust", "n": 1}]}]
    with pytest.raises(DataError, match="whose"):
        _card("t.toml", bad, 0)


def test_a_summoned_jinn_counts_as_a_hero_brought_into_play():
    """Spell ("treat it like any other Hero"); Story: a Jinn summoned while its caster has four
    or more Heroes offers the Tale of a Thousand Courtiers (a Hero brought into play)."""
    from .helpers import pay_all
    s = fresh(("khadi", "senpet"))
    tale = make(s, 0, "tale_thousand_courtiers", "hand")
    jinn = make(s, 0, "jinn_of_ash", "hand")
    make(s, 0, "takiyah", "hero")  # the Sahir
    for _ in range(3):
        make(s, 0, "sellsword", "hero")
    for _ in range(4):
        make(s, 0, "spice_stall", "home")
    s._cache = None
    act(s, f"play {jinn}")
    pay_all(s)
    assert jinn in s.heroes[0]
    assert asking(s) == ("window", 0) and f"react {tale} 0" in legal(s)
