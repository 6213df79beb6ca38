"""The undo barrier when ``Match.apply`` takes the seats to act and the RNG position before an
action from what the last action left (issue 28): time run on, a state edited by hand or put in
from outside since then is seen; and a match without undo says why nothing can be undone."""

import pytest

from sandsofplay.engine import A, Event, Game, IllegalAction, Match, Outcome, Setup
from sandsofplay.engine import match as match_module


class Rng:
    __slots__ = ("state",)


class Turns:
    __slots__ = ("seat", "tick", "rng", "moves", "flip_at")

    def clone(self):
        c = Turns()
        c.seat, c.tick, c.moves, c.flip_at = self.seat, self.tick, self.moves, self.flip_at
        c.rng = Rng()
        c.rng.state = self.rng.state
        return c


class TurnsGame(Game):
    """Two seats. ``wait`` changes nothing, ``pass`` hands the turn on, ``roll`` moves the RNG;
    time reaching ``flip_at`` hands the turn on with no event."""
    id = "turns_barrier"
    title = "Turns (test)"
    min_seats = 2
    max_seats = 2

    def new_state(self, setup):
        s = Turns()
        s.seat, s.tick, s.moves, s.flip_at = 0, 0, 0, 10
        s.rng = Rng()
        s.rng.state = 1
        return s

    def to_act(self, s):
        return (s.seat,) if s.moves < 1000 else ()

    def legal_actions(self, s, seat):
        return [A("wait"), A("pass"), A("roll")] if seat == s.seat else []

    def apply(self, s, seat, action):
        if seat != s.seat or action.kind not in ("wait", "pass", "roll"):
            raise IllegalAction("Not that.", "test")
        s.moves += 1
        if action.kind == "pass":
            s.seat = 1 - s.seat
        elif action.kind == "roll":
            s.rng.state += 1
        return [Event(action.kind, {}, "")]

    def advance(self, s, ticks):
        before = s.tick
        s.tick += ticks
        if before < s.flip_at <= s.tick:
            s.seat = 1 - s.seat  # quietly: no event
        return []

    def observe(self, s, seat):
        return self.state_to_json(s)

    def determinize(self, obs, rng):
        return self.state_from_json(obs)

    def outcome(self, s):
        return Outcome((0, 0), ()) if s.moves >= 1000 else None

    def state_to_json(self, s):
        return {"seat": s.seat, "tick": s.tick, "rng": s.rng.state, "moves": s.moves,
                "flip_at": s.flip_at}

    def state_from_json(self, d):
        s = Turns()
        s.seat, s.tick, s.moves, s.flip_at = d["seat"], d["tick"], d["moves"], d["flip_at"]
        s.rng = Rng()
        s.rng.state = d["rng"]
        return s


GAME = TurnsGame()


def new_match(**kw):
    return Match(GAME, Setup.make(GAME.id, ["human"] * 2, seed=1), **kw)


def test_quiet_action_undoable_and_turn_change_or_chance_is_a_barrier():
    m = new_match()
    m.apply(0, "wait")
    assert m.can_undo(0) == (True, "")
    m.apply(0, "roll")
    assert m.can_undo(0) == (False, "That action cannot be undone: it used chance (a shuffle, "
                                    "a draw or a roll).")
    m.apply(0, "wait")  # after a roll: the seats before it asked afresh
    assert m.can_undo(0) == (True, "")
    m.apply(0, "pass")
    assert m.can_undo(0) == (False, "That action cannot be undone: the turn passed on.")
    m.apply(1, "wait")
    assert m.can_undo(1) == (True, "")
    m.undo(1)
    assert m.state.moves == 4 and m.state.seat == 1


def test_time_that_hands_the_turn_on_quietly_is_seen_by_the_next_action():
    m = new_match()
    m.apply(0, "wait")
    m.advance(10)  # seat 1 to act now, with no event
    assert GAME.to_act(m.state) == (1,)
    m.apply(1, "wait")  # before and after: seat 1 - not a change of turn
    assert m.can_undo(1) == (True, "")


def test_a_state_edited_by_hand_is_seen_by_the_next_action():
    m = new_match()
    m.apply(0, "wait")
    m.state.seat = 1
    m.state_edited()
    m.apply(1, "wait")
    assert m.can_undo(1) == (True, "")


def test_a_state_put_in_from_outside_is_seen_by_the_next_action():
    m = new_match()
    m.apply(0, "roll")
    other = m.state.clone()
    other.seat, other.rng.state = 1, 7
    m.state = other
    m.apply(1, "wait")  # the RNG and the seat compared on the new state
    ok, why = m.can_undo(1)
    assert ok and why == ""


def test_a_refused_action_leaves_the_barrier_as_it_was():
    m = new_match()
    m.apply(0, "wait")
    with pytest.raises(IllegalAction):
        m.apply(1, "wait")
    m.apply(0, "wait")
    assert m.can_undo(0) == (True, "")


def test_a_match_without_undo_says_so_and_saves_the_same():
    kept, none = new_match(), new_match(keep_undo=False)
    for seat, act in ((0, "wait"), (0, "roll"), (0, "pass"), (1, "wait")):
        kept.apply(seat, act)
        none.apply(seat, act)
        assert none.can_undo(seat) == (False, "That action cannot be undone: "
                                              f"{match_module.NO_UNDO}.")
    assert str(kept.snapshot()).split('"saved_at"')[0] == \
        str(none.snapshot()).split('"saved_at"')[0]
