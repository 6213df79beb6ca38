"""The game's fast paths (issue 28) answer as the definitions they stand for: ``stages.to_act``,
``legal``, ``apply`` and ``settle`` as the generic ``FLOW``; ``player_static`` as the sum over
``statics``; a clone as a copy sharing no list with its original. Along random games at 2, 3
and 4 players, each action is played both ways, on two equal states."""

import pytest

from sandsofplay.engine import A, RNG, IllegalAction, Setup
from sandsofplay.games.burning_sands import GAME, cards, stages
from sandsofplay.games.burning_sands.state import FIELDS, KIND, plain_problems

OPS = ("hand", "draw_end", "raid", "carry", "str", "ka", "alt_win", "section_str",
       "no_water_elim")


def player_static_defined(s, p, op):
    return sum(st.get("n", 0) for src, ctrl, st in cards.statics(s) if ctrl == p and
               st["op"] == op and st.get("scope", "self") in ("self", "your_heroes"))


def events(ev):
    return [(e.kind, e.data, e.text, e.reveal) for e in ev]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_fast_protocol_plays_as_the_generic_flow(n):
    flow = stages.FLOW
    steps = 0
    for seed in range(1, 4):
        fast = GAME.new_state(Setup.make("burning_sands", ["human"] * n, seed=seed))
        slow = fast.clone()
        rng = RNG(seed)
        while GAME.outcome(fast) is None:
            assert GAME.to_act(fast) == flow.to_act(slow)
            for seat in (None, -1, *range(n), n):
                assert GAME.legal_actions(fast, seat) == list(flow.legal(slow, seat)), seat
            seat = GAME.to_act(fast)[0]
            legal = GAME.legal_actions(fast, seat)
            if steps % 11 == 0:  # refused the same way, changing nothing
                for who, a in ((seat, A("frobnicate")), ((seat + 1) % n, legal[0]), (n, legal[0]),
                               (seat, "pass")):
                    with pytest.raises(IllegalAction) as got:
                        GAME.apply(fast, who, a)
                    assert (got.value.reason, got.value.rule) == \
                        (flow.refusal(slow, who, a).reason, flow.refusal(slow, who, a).rule)
            if steps % 5 == 0:
                for p in range(n):
                    for op in OPS:
                        assert cards.player_static(fast, p, op) == \
                            player_static_defined(fast, p, op), (p, op)
            a = legal[rng.randrange(len(legal))]
            assert events(GAME.apply(fast, seat, a)) == events(flow.apply(slow, seat, a))
            slow.actions += 1  # what the game's apply adds to the flow's
            assert GAME.state_to_json(fast) == GAME.state_to_json(slow), (seed, steps, str(a))
            assert not plain_problems(fast)
            steps += 1
    assert steps > 300


def test_settle_runs_the_steps_the_flow_runs():
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 3, seed=5))
    rng = RNG(5)
    for _ in range(120):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.randrange(len(legal))])
    a, b = s.clone(), s.clone()
    # a step arranged by hand: a new turn begins on both copies, then each settles its own way
    for c in (a, b):
        c.stack.append({"k": "dawn", "seat": -1})
        c._cache = None
    ev_a, ev_b = [], []
    stages.settle(a, ev_a)
    stages.FLOW.settle(b, ev_b)
    assert events(ev_a) == events(ev_b)
    assert GAME.state_to_json(a) == GAME.state_to_json(b)
    assert a.stack[-1]["k"] != "dawn" and len(a.stack) <= len(s.stack)  # it ran and was dropped
    assert a._cache == b._cache


def test_a_clone_shares_no_list_with_its_state():
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 4, seed=2))
    c = s.clone()
    assert GAME.state_to_json(c) == GAME.state_to_json(s)
    for k in FIELDS:
        v, w = getattr(s, k), getattr(c, k)
        if KIND.get(k) == "=":
            assert v is w  # the deck definitions are shared, never edited
        elif isinstance(v, (list, dict)):
            assert v is not w, k
            if KIND.get(k) == "ll":
                assert all(x is not y for x, y in zip(v, w)), k
    before = GAME.state_to_json(s)
    c.att[0].append(99)
    c.deck[0].pop()
    c.stack[-1]["seat"] = 7
    c.rng.next64()
    assert GAME.state_to_json(s) == before


def test_a_state_that_is_not_plain_data_is_reported():
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=3))
    assert not plain_problems(s) and not GAME.check_invariants(s)
    s.stack[-1]["pair"] = (1, 2)
    s.stack[-1][3] = "x"
    s.bowed[0] = True
    found = " ".join(GAME.check_invariants(s))
    assert "tuple" in found and "key 3" in found and "bowed" in found
