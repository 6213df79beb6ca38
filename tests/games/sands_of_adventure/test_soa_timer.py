"""The sand timer as a physical model: load, torque and lean; the flip at the tipping point; the
thirteenth gem; the fall to inverted; the sand's constant flow; penalty gems; determinism."""

import math

import pytest

from sandsofplay.engine import A, Match, RNG, TICKS_PER_SECOND
from sandsofplay.games.sands_of_adventure import timer

from soa_support import (COMP, GAME, add_gem, check, flip_now, kinds, load, new_game,
                         rolled_before_a_flip, run_to, setup)

SPEC = COMP.timer


def test_torque_and_lean_grow_with_the_load():
    """Rulebook: The Sand Timer - gems in the top basket push it; below the tipping point it only
    leans, more with more load."""
    loads = [0.0, 3.0, 6.0, 12.0, 24.0, 36.0, 48.0]
    torques = [timer.torque(x, SPEC) for x in loads]
    leans = [timer.lean(x, SPEC) for x in loads]
    assert torques == sorted(torques) and len(set(torques)) == len(torques)
    assert leans == sorted(leans) and leans[0] == 0.0
    assert leans[-1] < 0.3  # a lean, a few degrees, not a tip
    assert math.isclose(timer.lean(24.0, SPEC), 2 * timer.lean(12.0, SPEC))


def test_gems_lean_the_standing_timer_in_the_observation():
    """Rulebook: Add a Gem - each gem goes into the top basket; the table shows the lean."""
    s = new_game(2)
    s.timer.tip_g = 49.0
    seen = []
    for size in ("small", "large", "small"):
        add_gem(s, size, 0, [])
        obs = GAME.observe(s, 0)
        seen.append(obs["timer"]["lean"])
        assert obs["timer"]["angle"] == pytest.approx(obs["timer"]["lean"])
        assert obs["timer"]["mode"] == "upright"
    assert seen == sorted(seen) and seen[0] > 0
    assert list(GAME.observe(s, 0)["timer"]["gems"]) == ["small", "large", "small"]


def test_the_flip_happens_exactly_when_the_tipping_point_is_crossed():
    """Rulebook: The Sand Timer - as soon as the timer flips, the Timed Phase starts."""
    s = new_game(2)
    s.timer.tip_g = 16.5  # between 15 g and 18 g of load
    for i in range(5):
        add_gem(s, "small", 0, [])  # 3, 6, 9, 12, 15 g: held
        assert s.phase == "explore" and s.timer.mode == timer.UPRIGHT, i
    events = []
    add_gem(s, "small", 0, events)  # 18 g > 16.5 g: over it goes
    assert "timer_flipped" in kinds(events)
    assert s.phase == "timed" and s.timer.mode == timer.FALLING
    assert s.timer.released_tick == s.tick and s.timer.flipped_by == "tipping"
    check(s)


def test_a_load_exactly_at_the_tipping_point_is_held():
    """Rulebook: The Sand Timer - it flips only when the tipping point is crossed."""
    s = new_game(2)
    s.timer.tip_g = 6.0
    add_gem(s, "large", 0, [])
    assert s.phase == "explore"
    add_gem(s, "small", 0, [])
    assert s.phase == "timed"


def test_the_other_size_when_that_size_is_all_in_the_basket():
    """Rulebook: Add a Gem of the Size Shown - if all of that size are in the basket, add a gem
    of the other size."""
    s = new_game(2)
    s.timer.tip_g = 49.4
    for _ in range(COMP.gem_count["large"]):
        add_gem(s, "large", 0, [])
    events = []
    add_gem(s, "large", 0, events)
    added = [e for e in events if e.kind == "gem_added"][0]
    assert (added.data["asked"], added.data["size"]) == ("large", "small")
    assert s.timer.gems.count("large") == COMP.gem_count["large"]
    assert s.timer.gems[-1] == "small"


def test_a_thirteenth_gem_flips_the_timer_by_hand():
    """Rulebook: Add a Gem of the Size Shown - needing a gem with all 12 in the basket, you must
    flip the timer by hand, and the Timed Phase starts."""
    s = new_game(2)
    s.timer.tip_g = SPEC.tip_max_g  # above all twelve gems: it never tips by itself
    for _ in range(12):
        add_gem(s, "small", 0, [])
    assert len(s.timer.gems) == 12 and s.phase == "explore"
    events = []
    add_gem(s, "small", 0, events)
    assert kinds(events)[:2] == ["gem_needed", "timer_flipped"]
    assert s.phase == "timed" and s.timer.flipped_by == "hand" and len(s.timer.gems) == 12
    check(s)


def test_the_fall_ends_inverted_and_at_rest():
    """Rulebook: The Sand Timer - released, it falls under gravity against damping to rest
    upside down."""
    s = new_game(2)
    flip_now(s, tip_g=40.0)
    angles = [s.timer.angle]
    while s.timer.mode == timer.FALLING:
        GAME.advance(s, 1)
        angles.append(s.timer.angle)
    assert s.tick == s.timer.fall_end_tick == s.timer.inverted_tick
    assert s.timer.mode == timer.INVERTED and s.timer.angle == math.pi and s.timer.omega == 0.0
    assert angles == sorted(angles)  # it falls one way
    assert 0.3 * TICKS_PER_SECOND < len(angles) - 1 < 2 * TICKS_PER_SECOND  # well under 2 s


def test_the_fall_is_physical():
    """Heavier loads start from a bigger lean and fall faster; a damped fall is slower."""
    light = timer.fall_trajectory(36.0, SPEC)
    heavy = timer.fall_trajectory(48.0, SPEC)
    assert len(heavy) < len(light)
    assert light[-1] == heavy[-1] == (math.pi, 0.0)
    import dataclasses
    damped = timer.fall_trajectory(48.0, dataclasses.replace(SPEC, damping=SPEC.damping * 3))
    assert len(damped) > len(heavy)
    # the angular speed grows while the load is above the pivot
    speeds = [w for _, w in heavy[:-1]]
    assert speeds[:len(speeds) // 2] == sorted(speeds[:len(speeds) // 2])


@pytest.mark.parametrize("seconds", COMP.sand_seconds)
def test_the_sand_empties_after_exactly_the_configured_time_at_a_constant_rate(seconds):
    """Rulebook: Ending the Round - the sand runs out; the designed flow is constant."""
    s = new_game(2, sand=seconds)
    flip_now(s, tip_g=20.0)
    GAME.advance(s, s.timer.fall_end_tick - s.tick)
    start = s.tick
    total = seconds * TICKS_PER_SECOND
    assert GAME.next_event_tick(s) == start + total
    fractions = []
    for k in (0, total // 4, total // 2, 3 * total // 4, total - 1):
        run_to(s, start + k)
        obs = GAME.observe(s, 0)["timer"]
        fractions.append(obs["sand_upper"])
        assert obs["sand_upper"] + obs["sand_lower"] == pytest.approx(1.0)
        assert obs["sand_upper"] == pytest.approx(1 - k / total)
        assert s.phase == "timed"
    steps = [a - b for a, b in zip(fractions, fractions[1:3])]
    assert steps[0] == pytest.approx(steps[1])  # constant rate
    events = GAME.advance(s, 1)
    assert s.tick == start + total and "sand_out" in kinds(events)
    assert s.results == ["sand"]


def test_relaxed_sand_setting_exists():
    """The sand's running time is an option with a relaxed setting."""
    spec = {o.key: o for o in GAME.options}["sand"]
    assert spec.default == 60 and max(spec.choices) > spec.default
    assert any("elaxed" in lab for lab in spec.labels)


def _to_timed_phase(seed=3):
    s = new_game(2, seed=seed)
    flip_now(s, tip_g=30.0)
    return s


def test_stepping_tick_by_tick_and_jumping_give_identical_states():
    """Headless runs jump from event to event; the app steps every tick: same states."""
    a = _to_timed_phase()
    b = a.clone()
    end = a.timer.fall_end_tick + a.sand_ticks + 5
    marks = [a.tick + 7, a.timer.fall_end_tick, a.timer.fall_end_tick + 100, end]
    for mark in marks:
        while a.tick < mark:
            GAME.advance(a, 1)
        while b.tick < mark:
            nxt = GAME.next_event_tick(b)
            GAME.advance(b, (nxt if nxt is not None and nxt <= mark else mark) - b.tick)
        assert GAME.state_to_json(a) == GAME.state_to_json(b), mark


def test_jumping_mid_fall_matches_stepping():
    """Rulebook: The Sand Timer - the fall is the same however time is advanced."""
    a = _to_timed_phase()
    b = a.clone()
    for _ in range(11):
        GAME.advance(a, 1)
    GAME.advance(b, 11)
    assert (a.timer.angle, a.timer.omega) == (b.timer.angle, b.timer.omega)
    assert 0 < a.timer.angle < math.pi


def test_the_tipping_point_varies_from_round_to_round_and_comes_from_the_rng():
    """Rulebook: How to Play - you never know when the timer will flip."""
    tips = {new_game(2, seed=k).timer.tip_g for k in range(12)}
    assert len(tips) == 12
    assert all(SPEC.tip_min_g <= t <= SPEC.tip_max_g for t in tips)
    assert new_game(2, seed=5).timer.tip_g == new_game(2, seed=5).timer.tip_g
    rng = RNG(9)
    draws = [timer.draw_tipping_point(rng, SPEC) for _ in range(200)]
    assert min(draws) < SPEC.tip_min_g + 2 and max(draws) > SPEC.tip_max_g - 2


def test_the_tipping_point_is_redrawn_for_each_round():
    """Rulebook: How to Play - you never know when it will flip, round after round."""
    s = new_game(2)
    first = s.timer.tip_g
    flip_now(s, tip_g=first)
    run_to(s, s.timer.fall_end_tick + s.sand_ticks)
    assert s.phase == "prep"
    assert s.timer.tip_g != first and SPEC.tip_min_g <= s.timer.tip_g <= SPEC.tip_max_g


def test_penalty_gems_carry_over_into_the_next_round():
    """Rulebook: Defeating the Villain / Reset Sand Timer - remove the gems, then add the row
    where the Health cube ended."""
    for health in range(1, COMP.villains[0].health + 1):
        s = new_game(2)
        flip_now(s, tip_g=30.0)
        s.health = health
        run_to(s, s.timer.fall_end_tick + s.sand_ticks)
        assert s.phase == "prep" and s.timer.mode == timer.UPRIGHT
        assert s.timer.gems == list(COMP.villains[0].rows[health - 1])
        assert load(s) < s.timer.tip_g
        check(s)


def test_no_penalty_gems_after_a_defeat():
    """Rulebook: Reset Sand Timer - no penalty gems when the villain was defeated."""
    s = new_game(2)
    flip_now(s, tip_g=30.0)
    s.health = 1
    from soa_support import empty_hand, give
    empty_hand(s, 0)
    atk, = give(s, 0, "blue Attack")
    GAME.apply(s, 0, A("play", atk))
    assert s.phase == "prep" and s.timer.gems == [] and s.results == ["defeated"]


def test_only_gems_touch_the_timer():
    """Rulebook: The Sand Timer - nothing but adding gems (and resetting between rounds) moves it:
    card play, draws and passing turns leave the basket and the angle alone."""
    s = new_game(2)
    s.timer.tip_g = 49.0
    before = s.timer.to_json()
    seat = s.current
    GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])  # a move and a tile
    while s.stage not in ("roll", "move") and s.phase == "explore":
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[-1])
    assert s.timer.to_json() == before


def test_same_seed_same_actions_same_ticks_same_flip_and_outcome():
    """Determinism: a replay of the same actions at the same ticks gives the same flip tick and
    the same result."""
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    m = Match(GAME, setup(3, seed=21), track_hashes=True)
    flips = []
    m.listeners.append(lambda evs: flips.extend(e.data["tick"] for e in evs
                                                if e.kind == "timer_flipped"))
    Driver(m, {i: make_bot(GAME, "normal", i, 4) for i in range(3)}).run()
    assert m.is_over() and flips
    again = Match.from_save(m.to_save(), GAME)
    assert again.fingerprint() == m.fingerprint()
    replay_flips = []
    m2 = Match(GAME, setup(3, seed=21), track_hashes=False)
    m2.listeners.append(lambda evs: replay_flips.extend(e.data["tick"] for e in evs
                                                        if e.kind == "timer_flipped"))
    for entry in m.log:
        m2.advance(entry.tick - m2.tick)
        m2.apply(entry.seat, entry.action)
    m2.advance(m.tick - m2.tick)
    assert replay_flips == flips
    assert GAME.outcome(m2.state) == GAME.outcome(m.state)


def test_threat_die_gem_flips_and_remaining_dice_are_ignored():
    """Rulebook: Threat Dice (note) - if the timer flips, ignore the dice not yet done."""
    s = rolled_before_a_flip("large", "villain", ("indiana", "marion"))
    vpos = s.vpos
    events = GAME.apply(s, 0, A("die", "large"))  # 36 g > 34.6 g: flip; the villain die is lost
    assert s.phase == "timed" and s.vpos == vpos and "villain_moved" not in kinds(events)
    assert s.current == 0 and s.stage == "turn"
