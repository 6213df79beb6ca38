"""The game protocol: random playthroughs with invariants at every step, observations that leak
nothing and determinize consistently, JSON/clone/undo round trips, legality, text, purity."""

import json
import subprocess
import sys

import pytest

from sandsofplay.engine import A, IllegalAction, Match, RNG, state_hash
from sandsofplay.engine.playout import Raw, play_move, random_move
from sandsofplay.engine.store import canonical
from sandsofplay.games import get_game
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure.state import SandsOfAdventureState

from soa_support import COMP, add_gem, new_game, setup

CANDIDATES = ([A("draw"), A("roll"), A("pass"), A("roll_torch"), A("ignore"), A("side", "A"),
               A("villain", "left")] + [A("move", t) for t in range(6)] +
              [A(k, c) for k in ("play", "any", "interrupt", "bury", "keep", "give")
               for c in (0, 17, 40, 70, 90)] + [A("leader", 1), A("to", 0), A("upgrades", 2)])


def random_states(seed, players, max_steps=3000, pace=1):
    """Yield the state after every move of a random game on the shared random chooser
    (engine/playout.py): random legal actions by any acting seat, and now and then a random
    stretch of time (longer with a larger ``pace``)."""
    rng = RNG(seed * 101 + players)
    s = GAME.new_state(setup(players, seed))
    target = Raw(GAME, s)
    yield s
    for _ in range(max_steps):
        if GAME.outcome(s) is not None:
            return
        play_move(target, random_move(GAME, s, rng, max_wait=120 * pace))
        yield s
    raise AssertionError("a random game did not finish")


ENDINGS = set()


@pytest.mark.parametrize("seed, players, pace", [(1, 2, 1), (2, 3, 8), (3, 4, 1), (4, 2, 8),
                                                 (5, 3, 20)])
def test_random_playthrough_answers_legality_like_legal_actions(seed, players, pace):
    """The Timed Phase's direct legality check agrees with legal_actions (the protocol checks
    along random games - invariants, leaks, round trips, malformed actions - are in
    tests/conformance)."""
    finished = None
    for step, s in enumerate(random_states(seed, players, pace=pace)):
        if step % 7 == 0:
            for seat in range(players):
                legal = GAME.legal_actions(s, seat)
                for a in CANDIDATES + legal:
                    assert GAME.is_legal(s, seat, a) == (a in legal), (step, seat, a)
        finished = s
    assert GAME.outcome(finished) is not None
    ENDINGS.update(finished.results)


def test_random_playthroughs_reach_every_way_a_round_ends():
    """Rulebook: Ending the Round - the sand, the deck or the villain's defeat."""
    for seed, players, pace in [(2, 3, 8), (4, 2, 8), (5, 3, 20), (1, 2, 1)]:
        *_, s = random_states(seed, players, pace=pace)
        ENDINGS.update(s.results)
    assert {"sand", "defeated"} <= ENDINGS


def test_illegal_actions_never_change_the_state():
    for step, s in enumerate(random_states(9, 3)):
        if step % 5:
            continue
        before = canonical(GAME.state_to_json(s))
        for seat in range(3):
            legal = GAME.legal_actions(s, seat)
            for a in CANDIDATES:
                if a in legal:
                    continue
                with pytest.raises(IllegalAction) as exc:
                    GAME.apply(s, seat, a)
                assert exc.value.reason.endswith(".") and exc.value.rule
                assert canonical(GAME.state_to_json(s)) == before, (step, seat, a)


def test_the_same_seed_gives_the_same_game():
    a = [GAME.state_to_json(s) for s in random_states(5, 3)][-1]
    b = [GAME.state_to_json(s) for s in random_states(5, 3)][-1]
    assert a == b


def test_observations_show_every_hand_but_no_deck_order_rng_or_tipping_point():
    """Rulebook: How to Play - players may share information and keep cards face up."""
    s = new_game(3, seed=4)
    obs = GAME.observe(s, 1)
    assert [list(h) for h in obs["hands"]] == [sorted(h) for h in s.hands]
    assert obs["deck_count"] == len(s.deck) and obs["upgrade_count"] == len(s.updeck)
    text = json.dumps(obs)
    assert "tip" not in text and "rng" not in text
    assert repr(s.timer.tip_g) not in text
    assert canonical(json.loads(text)) == canonical(obs)  # JSON loses nothing
    assert GAME.observe(s, None)["hands"] == obs["hands"]


def test_check_observation_catches_leaks():
    s = new_game(3, seed=4)
    obs = GAME.observe(s, 0)
    assert GAME.check_observation(s, 0, obs) == []
    bad = dict(obs, deck=list(s.deck))
    assert any("hidden" in p for p in GAME.check_observation(s, 0, bad))
    bad = dict(obs, timer=dict(obs["timer"], secret=s.timer.tip_g))
    assert any("tipping point" in p for p in GAME.check_observation(s, 0, bad))
    bad = dict(obs, extra=list(s.updeck))
    assert any("order" in p for p in GAME.check_observation(s, 0, bad))


def test_check_invariants_catches_broken_states():
    s = new_game(2)
    s.hands[0].append(s.deck[-1])  # a card in two places
    assert any("both" in p for p in GAME.check_invariants(s))
    s = new_game(2)
    s.timer.gems = ["large"] * 5
    assert any("large gems" in p for p in GAME.check_invariants(s))
    s = new_game(2)
    s.stacks["any"] += 1
    assert any("tokens" in p for p in GAME.check_invariants(s))


def test_determinize_reshuffles_only_what_is_hidden():
    s = new_game(3, seed=8)
    for _ in range(3):  # some gems in the basket
        add_gem(s, "small", 0, [])
    obs = GAME.observe(s, 2)
    worlds = [GAME.determinize(obs, RNG(k)) for k in range(5)]
    assert len({tuple(w.deck) for w in worlds}) > 1
    for w in worlds:
        assert w.hands == s.hands and sorted(w.deck) == sorted(s.deck)
        assert w.timer.tip_g > 9.0  # still standing: the tipping point is above the load
        assert GAME.check_invariants(w) == []


def test_json_version_is_checked():
    data = GAME.state_to_json(new_game(2))
    data["v"] = 99
    with pytest.raises(ValueError):
        SandsOfAdventureState.from_json(data)


def test_undo_of_a_quiet_exploration_choice():
    """BGA undo: a choice that reveals nothing can be taken back, even after time ran on."""
    m = Match(GAME, setup(3, seed=6, chars=("indiana", "marion", "sallah")))
    while m.state.phase == "setup":
        seat = GAME.to_act(m.state)[0]
        m.apply(seat, GAME.legal_actions(m.state, seat)[0])
    s = m.state
    from soa_support import put_tile
    put_tile(s, 1, "raven", "A")
    m.state_edited()  # the scenario changed the match's state by hand
    m.apply(s.current, A("move", 1))
    before = state_hash(GAME, m.state)
    card = m.state.hands[m.state.current][0]
    m.apply(m.state.current, A("give", card))
    m.advance(90)  # a human thinks for a second and a half
    assert m.can_undo(m.state.current) == (True, "")
    m.undo(m.state.current)
    assert m.tick == 90  # the clock is not taken back
    restored = GAME.state_to_json(m.state)
    restored["tick"] = 0
    assert state_hash(GAME, GAME.state_from_json(restored)) == before


def test_a_draw_is_an_undo_barrier():
    m = Match(GAME, setup(2, seed=6, chars=("indiana", "marion")))
    while m.state.phase == "setup":
        seat = GAME.to_act(m.state)[0]
        m.apply(seat, GAME.legal_actions(m.state, seat)[0])
    from soa_support import put_tile
    put_tile(m.state, 1, "map_room", "A")
    m.apply(m.state.current, A("move", 1))  # draws two cards: hidden information revealed
    assert not m.can_undo(m.log[-1].seat)[0]


def test_describe_and_event_texts_name_players_never_you():
    seen = 0
    for step, s in enumerate(random_states(12, 3)):
        if step > 400:
            break
        for seat in GAME.to_act(s):
            for a in GAME.legal_actions(s, seat):
                text = GAME.describe(s, seat, a)
                assert text.endswith(".") and " you " not in f" {text.lower()} "
                seen += 1
    assert seen > 100
    s = new_game(3, seed=3)
    events = []
    while GAME.outcome(s) is None and len(events) < 2000:
        acting = GAME.to_act(s)
        if acting:
            events += GAME.apply(s, acting[0], GAME.legal_actions(s, acting[0])[-1])
        else:
            events += GAME.advance(s, GAME.next_event_tick(s) - s.tick)
    for e in events:
        assert e.text and " you " not in f" {e.text.lower()} ", e.text
        json.dumps(e.data)


def test_the_game_is_in_the_catalog():
    assert get_game("sands_of_adventure") is GAME
    assert GAME.realtime and GAME.cooperative and (GAME.min_seats, GAME.max_seats) == (2, 4)


def test_the_rules_package_never_imports_pygame():
    code = ("import sys; import sandsofplay.games.sands_of_adventure as g; "
            "g.GAME.new_state; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_static_components_for_the_table():
    data = COMP.to_json()
    assert len(data["cards"]) == len(COMP.cards) and len(data["tiles"]) == 7
    json.dumps(data)


def test_the_observation_carries_what_the_table_draws():
    """The table animates from the observation alone: timer, basket, sand, turn, cards, tokens,
    villain, tiles, dice and the decision being asked."""
    s = new_game(3, seed=2, chars=("indiana", "marcus", "marion"), token="ignore")
    obs = GAME.observe(s, None)
    for key in ("round", "phase", "stage", "pending", "current", "leader", "to_act", "hands",
                "pile", "top", "snakes", "deck_count", "upgrade_count", "tokens", "stacks",
                "villain", "villain_pos", "health", "max_health", "penalty_row", "row",
                "figures", "characters", "turn", "snake", "results", "result"):
        assert key in obs, key
    for key in ("angle", "omega", "lean", "gems", "supply", "sand_upper", "sand_lower", "mode",
                "sand_end_tick", "fall_end_tick"):
        assert key in obs["timer"], key
    assert obs["pending"] == "move" and obs["tokens"][1] == (("ignore", True),)
    assert obs["timer"]["supply"] == {"large": 4, "small": 8}
