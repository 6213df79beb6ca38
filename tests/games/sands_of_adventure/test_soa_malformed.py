"""Malformed actions are refused, never crash (issue 8, point 9): any action text - an unknown
kind, the wrong number of arguments, an argument of the wrong type or out of range - gives
``IllegalAction`` with a reason and a rulebook section, and the state does not change. Rulebook
sections named in the refusals: Playing Cards, Power Tokens, Exploration Phase, Preparing for the
Next Round, How to Play."""

import json

import pytest

from sandsofplay.engine import A, Action, IllegalAction, Match, RNG, SaveError, state_hash
from sandsofplay.games.sands_of_adventure import GAME
from sandsofplay.games.sands_of_adventure.reasons import SHAPES, arg_ok

from soa_support import flip_now, give, new_game, setup


def raw(kind, *args):
    """An Action built without the engine's text checks (as a damaged save or a future, faster
    constructor could hand the rules): any kind, any argument values."""
    return Action(kind, tuple(args))  # the constructor trusts its caller and checks nothing


def malformed(s, rng):
    """Actions that no state can accept."""
    n_cards = len(GAME.comp.cards)
    bad_values = [-1, 5, 99, n_cards, 10**9, "x", "A", "left", 1.5, None, True, [1], ""]
    out = [A("fly"), A("play2", 3), A("PLAY", 3), raw("", 1), raw(None), raw(3, 1)]
    for kind, (spec, _rule) in SHAPES.items():
        good = [0 if k in ("tile", "card", "seat", "count") else
                {"token": "any", "dir": "left", "face": "villain", "side": "A"}[k] for k in spec]
        out.append(A(kind, *(good + [1])))  # one argument too many
        out.append(A(kind, *(good + ["x", 2])))
        if spec:
            out.append(A(kind))  # too few
            for v in bad_values:
                args = list(good)
                args[rng.randrange(len(args))] = v
                a = raw(kind, *args)
                if not arg_ok(GAME.tables, s, spec[0], args[0]) or len(args) > 1:
                    out.append(a)
        else:
            out.append(raw(kind, rng.choice(bad_values)))
    # every legal action with an extra argument
    for seat in range(s.n):
        for a in GAME.legal_actions(s, seat):
            out.append(raw(a.kind, *(a.args + (1,))))
            if a.args:
                out.append(raw(a.kind, *a.args[:-1]))
                out.append(raw(a.kind, str(a.args[0]) + "x", *a.args[1:]))
    return out


def refuse_all(s, actions):
    before = state_hash(GAME, s)
    for seat in range(s.n):
        for a in actions:
            with pytest.raises(IllegalAction) as exc:
                GAME.apply(s, seat, a)
            assert exc.value.reason and exc.value.rule, a
    assert state_hash(GAME, s) == before


def test_play_or_interrupt_with_an_extra_number_on_an_empty_pile_is_refused():
    """Playing Cards / Power Tokens: ``play CARD 1`` or ``interrupt CARD 1`` with an empty play
    pile used to read the top of the pile and crash (IndexError)."""
    s = new_game(2, seed=3, chars=("indiana", "marion"))
    flip_now(s)
    assert s.phase == "timed" and not s.pile
    s.tokens[1].append(("interrupt", True))
    s.stacks["interrupt"] -= 1
    card0, card1 = s.hands[0][0], s.hands[1][0]
    before = state_hash(GAME, s)
    for seat, a in ((0, A("play", card0, 1)), (0, A("any", card0, 1)),
                    (1, A("interrupt", card1, 1)), (0, A("play", card0, "x")),
                    (0, A("play")), (1, A("interrupt"))):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, seat, a)
        assert exc.value.rule in ("Playing Cards", "Power Tokens")
    assert state_hash(GAME, s) == before
    # the well-formed actions are still legal
    assert A("play", card0) in GAME.legal_actions(s, 0)
    assert A("interrupt", card1) in GAME.legal_actions(s, 1)


def test_out_of_range_numbers_and_wrong_types_are_refused_with_a_reason():
    """Exploration Phase: Move - tiles are numbered 0 to 4; other arguments likewise."""
    s = new_game(3, seed=4)
    seat = GAME.to_act(s)[0]
    for a, words in ((A("move", 5), "0 to 4"), (A("move", -1), "0 to 4"),
                     (A("move", "left"), "0 to 4"), (A("move", 1, 2), "takes"),
                     (A("token", "shield"), "Power token"), (A("leader", 7), "seat"),
                     (A("side", "C"), "A or B"), (A("roll", 2), "no arguments"),
                     (A("play", 10**6), "card number"), (A("fly", 1), "not an action")):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, seat, a)
        assert words in exc.value.reason, (a, exc.value.reason)


def test_a_seat_that_does_not_exist_is_refused():
    s = new_game(2, seed=5)
    for seat in (-1, 2, 9, True, "0", None):
        with pytest.raises(IllegalAction):
            GAME.apply(s, seat, A("move", 1))


@pytest.mark.parametrize("seed, players", [(21, 2), (22, 3), (23, 4)])
def test_malformed_actions_at_random_points_of_random_games_are_refused(seed, players):
    """How to Play: at random points of random games (every phase and stage), every malformed
    action by every seat is refused and changes nothing."""
    rng = RNG(seed)
    s = GAME.new_state(setup(players, seed))
    steps = 0
    while GAME.outcome(s) is None and steps < 4000:
        if rng.random() < 0.08:
            refuse_all(s, malformed(s, rng))
        acting = GAME.to_act(s)
        nxt = GAME.next_event_tick(s)
        if acting and (nxt is None or rng.random() < 0.85):
            seat = rng.choice(acting)
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        else:
            GAME.advance(s, min(rng.randint(1, 120), nxt - s.tick) if nxt is not None else 1)
        steps += 1
    assert GAME.outcome(s) is not None


def test_malformed_text_through_the_match_and_a_damaged_save():
    """How to Play: a malformed action from the command line or a damaged save is refused with a
    clear message; the save does not load instead of crashing."""
    m = Match(GAME, setup(2, 6))
    while m.state.phase == "setup":
        seat = GAME.to_act(m.state)[0]
        m.apply(seat, GAME.legal_actions(m.state, seat)[0])
    n = len(m.log)
    for text in ("play 3 1", "move", "move 9", "interrupt 4 1", "token", "fly away"):
        with pytest.raises(IllegalAction):
            m.apply(m.state.current, text)
    assert len(m.log) == n
    data = m.to_save()
    data["log"].append([m.tick, 0, "play 3 1"])
    with pytest.raises(SaveError) as exc:
        Match.from_save(json.loads(json.dumps(data)), GAME, verify=True)
    assert "refused" in str(exc.value)
