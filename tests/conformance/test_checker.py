"""The conformance checks themselves catch what they are for: a game that crashes on a malformed
action, accepts an illegal one, leaks, or whose clone or JSON copy drifts from the original, or
whose Hint reason or bot words fail or change the game."""

import pytest

from sandsofplay.engine import RNG, IllegalAction, Match, Setup
from sandsofplay.engine.playout import Checker, random_chooser, run
from tests.support.tinygame import TinyGame


class Crashing(TinyGame):
    def apply(self, s, seat, action):
        if action.kind == "play" and len(action.args) == 2:
            raise IndexError("list index out of range")
        return super().apply(s, seat, action)


class Lenient(TinyGame):
    def apply(self, s, seat, action):
        if action.kind == "draw" and action.args:
            s.scores[seat] += 1  # accepts "draw 0" and changes the state
            return []
        return super().apply(s, seat, action)


class Leaky(TinyGame):
    def check_observation(self, s, seat, obs):
        return ["hand of another seat shown"] if seat == 1 else []


class Forgetful(TinyGame):
    def clone(self, s):
        c = s.clone()
        c.scores = [0] * s.n  # the clone forgets the scores
        return c


class Meddling(TinyGame):
    def hint_why(self, s, seat, action):
        s.scores[seat] += 1  # working out a reason changes the game
        return "Why: it scores."


class TongueTied(TinyGame):
    def bot_why(self, s, seat, action):
        raise KeyError("no words")


def failures(game, every_step_fuzz=True):
    m = Match(game, Setup.make("tiny", ["human"] * 3, seed=4))
    checker = Checker(game, 4)

    def after(target, step, move):
        checker.after_move(target, step, move)
        checker.state(m.state, step)
        if every_step_fuzz and game.outcome(m.state) is None:
            checker.malformed(m.state, step)
            checker.malformed_text(m, step)

    run(m, random_chooser(RNG(4)), before=checker.before_move, after=after)
    return checker.failures


def test_a_sound_game_passes():
    assert failures(TinyGame()) == []


def test_a_crash_on_a_malformed_action_is_caught():
    assert any("IndexError" in f and "instead of IllegalAction" in f for f in failures(Crashing()))


def test_an_accepted_malformed_action_is_caught():
    found = failures(Lenient())
    assert any("was accepted" in f for f in found)
    assert any("changed" in f for f in found)


def test_a_leak_is_caught():
    assert any("seat 1: observation leak" in f for f in failures(Leaky(), False))


def test_a_clone_that_drifts_is_caught():
    assert any("clone" in f for f in failures(Forgetful(), False))


def test_a_hint_reason_that_changes_the_state_or_bot_words_that_raise_are_caught():
    assert any("changed the state" in f for f in failures(Meddling(), False))
    assert any("bot_why" in f and "KeyError" in f for f in failures(TongueTied(), False))


def test_match_apply_refuses_damaged_text():
    m = Match(TinyGame(), Setup.make("tiny", ["human"] * 2, seed=1))
    checker = Checker(m.game, 1)
    checker.state(m.state, 0)
    assert checker.malformed_text(m, 0) > 10 and checker.failures == []
    with pytest.raises(IllegalAction) as exc:
        m.apply(0, "play ?")
    assert "not an action" in exc.value.reason and m.log == []


class Sloppy(TinyGame):
    def apply(self, s, seat, action):
        if action.kind == "draw" and action.args:
            s.scores[seat] += 1  # changes the state, then refuses
            raise IllegalAction("Draw takes nothing.", "draw")
        return super().apply(s, seat, action)


def test_a_refusal_through_the_match_that_changes_the_state_is_caught():
    """``malformed_text`` compares the state's exact form after every refused text: a refusal
    that changed anything is named."""
    m = Match(Sloppy(), Setup.make("tiny", ["human"] * 2, seed=1))
    checker = Checker(m.game, 1)
    checker.kinds["draw"] = (0,)  # damaged "draw" texts are among those fed
    checker.malformed_text(m, 0)
    assert any("changed the match" in f for f in checker.failures), checker.failures
