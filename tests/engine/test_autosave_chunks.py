"""Autosave text kept in frozen chunks (issue 28): a snapshot copies O(length / CHUNK + CHUNK)
references, and its text is the save ``to_save()`` describes - after long games, undo at and
across chunk boundaries, and play going on after an undo."""

import json
import random

import pytest

from sandsofplay.engine import A, Event, Game, IllegalAction, Match, Outcome, Setup
from sandsofplay.engine import match as match_module
from sandsofplay.games import get_game


class Counter:
    __slots__ = ("total", "count", "length")

    def clone(self):
        c = Counter()
        c.total, c.count, c.length = self.total, self.count, self.length
        return c


class CountGame(Game):
    """One seat adds 1, 2 or 3 until ``length`` actions: every action may be undone."""
    id = "count_chunks"
    title = "Count (test)"
    min_seats = 1
    max_seats = 1

    def new_state(self, setup):
        s = Counter()
        s.total, s.count, s.length = 0, 0, 100_000
        return s

    def to_act(self, s):
        return (0,) if s.count < s.length else ()

    def legal_actions(self, s, seat):
        return [A("add", k) for k in (1, 2, 3)] if s.count < s.length else []

    def apply(self, s, seat, action):
        if action.kind != "add" or action.args[0] not in (1, 2, 3):
            raise IllegalAction("Not that.", "test")
        s.total += action.args[0]
        s.count += 1
        return [Event("add", {}, "")]

    def observe(self, s, seat):
        return {"total": s.total, "count": s.count}

    def determinize(self, obs, rng):
        # nothing is hidden: the observation is the whole state
        s = Counter()
        s.total, s.count, s.length = obs["total"], obs["count"], 100_000
        return s

    def outcome(self, s):
        return Outcome((s.total,), (0,)) if s.count >= s.length else None

    def state_to_json(self, s):
        return {"total": s.total, "count": s.count}

    def state_from_json(self, d):
        s = Counter()
        s.total, s.count, s.length = d["total"], d["count"], 100_000
        return s


def same_save(m):
    """The snapshot's text against ``to_save()`` (all but the time of saving) and against the
    pieces joined one by one."""
    text = str(m.snapshot())
    got, want = json.loads(text), m.to_save()
    got.pop("saved_at"), want.pop("saved_at")
    assert got == want
    snap = m.snapshot()
    plain = match_module.SaveSnapshot(snap.head, tuple(m._entry_text.items),
                                      tuple(m._hash_text.items), snap.final_tick, snap.finished,
                                      snap.saved_at)
    assert str(snap) == str(plain)


@pytest.mark.parametrize("chunk", [1, 3, 128])
def test_snapshot_text_equals_to_save_through_undo_and_redo(monkeypatch, chunk):
    monkeypatch.setattr(match_module, "CHUNK", chunk)
    game = CountGame()
    m = Match(game, Setup.make(game.id, ["human"], seed=1))
    m.hash_as_played = True  # as the app: each hash made as played
    rng = random.Random(chunk)
    steps = 900 if chunk == 128 else 200
    undone = 0
    for i in range(steps):
        if m.log and rng.random() < 0.3:
            for _ in range(rng.randrange(1, 2 * chunk + 3)):
                if not m.can_undo(0)[0]:
                    break
                m.undo(0)
                undone += 1
        else:
            m.apply(0, A("add", rng.randrange(1, 4)))
        if i % 7 == 0 or rng.random() < 0.05:
            same_save(m)
    same_save(m)
    assert undone > steps // 10
    # the frozen part is most of a long log: a snapshot copies few references
    if chunk == 128 and len(m.log) > 4 * chunk:
        assert len(m.snapshot().entries) <= len(m.log) // chunk + 2 * chunk


def test_snapshot_of_a_real_game_with_undo_equals_to_save(monkeypatch, tmp_path):
    monkeypatch.setattr(match_module, "CHUNK", 5)
    game = get_game("sahwari")
    m = Match(game, Setup.make("sahwari", ["human"] * 2, seed=3),
              autosave_path=str(tmp_path / "auto.json"))
    rng = random.Random(3)
    while not m.is_over() and len(m.log) < 250:
        seat = game.to_act(m.state)[0]
        m.apply(seat, rng.choice(game.legal_actions(m.state, seat)))
        if m.can_undo(seat)[0] and rng.random() < 0.4:
            m.undo(seat)
            m.apply(seat, rng.choice(game.legal_actions(m.state, seat)))
        if rng.random() < 0.1:
            same_save(m)
    same_save(m)
    loaded = json.loads((tmp_path / "auto.json").read_text())
    assert loaded["log"] == m.to_save()["log"] and loaded["hashes"] == m.hashes
