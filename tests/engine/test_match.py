"""Match: the action log, BGA undo policy, save = replay with hashes, autosave, real time."""

import json
import os

import pytest

from sandsofplay.engine import A, IllegalAction, Match, SaveError, Setup, state_hash
from sandsofplay.engine import match as match_module
from sandsofplay.games import get_game
from tests.support.tinygame import GAME


def new_match(n=2, seed=3, **opts):
    return Match(GAME, Setup.make("tiny", ["human"] * n, seed=seed, **opts))


def play_some(m, k=12):
    for _ in range(k):
        if m.is_over():
            break
        seat = GAME.to_act(m.state)[0]
        legal = [a for a in GAME.legal_actions(m.state, seat) if a.kind != "lucky"]
        m.apply(seat, legal[0])


def test_illegal_action_raises_with_reason_and_changes_nothing():
    m = new_match()
    before = state_hash(GAME, m.state)
    with pytest.raises(IllegalAction) as exc:
        m.apply(1, A("draw"))  # not seat 1's turn
    assert "turn" in exc.value.reason
    with pytest.raises(IllegalAction):
        m.apply(0, A("play", 99))
    with pytest.raises(IllegalAction):
        m.apply(0, "not an action !!")
    assert state_hash(GAME, m.state) == before and m.log == []


def test_undo_allowed_for_own_quiet_action_only():
    m = new_match()
    ok, why = m.can_undo(0)
    assert not ok and "Nothing" in why
    before = state_hash(GAME, m.state)
    m.apply(0, A("lucky", 2))
    assert m.can_undo(0) == (True, "")
    ok, why = m.can_undo(1)
    assert not ok and "Another player" in why
    m.undo(0)
    assert state_hash(GAME, m.state) == before and m.log == []


def test_undo_refused_after_hidden_information_or_turn_change():
    m = new_match()
    m.apply(0, A("draw"))  # reveals a card to seat 0 and ends the turn
    ok, why = m.can_undo(0)
    assert not ok and "hidden information" in why
    with pytest.raises(IllegalAction):
        m.undo(0)


def test_undo_vetoed_by_running_clock():
    m = new_match(clock=2)
    m.apply(0, A("lucky", 1))
    ok, why = m.can_undo(0)
    assert not ok and "clock" in why


def play_until_lucky_is_open(m, seed=0):
    """Random plays (never "lucky") until the seat to act may name a lucky number."""
    import random
    rng = random.Random(seed)
    while not m.is_over():
        seat = GAME.to_act(m.state)[0]
        legal = GAME.legal_actions(m.state, seat)
        if any(a.kind == "lucky" for a in legal) and len(m.log) >= 8:
            return seat
        m.apply(seat, rng.choice([a for a in legal if a.kind != "lucky"]))
    raise AssertionError("the game ended first")


def test_undo_rebuilds_the_state_by_replay_from_far_back(monkeypatch):
    """Undo replays the log from a copy taken many actions before (no copy per action): the
    state comes back exactly, with its hash, and the redo gives the same state again."""
    monkeypatch.setattr(match_module, "UNDO_EVERY", 10**6)  # the only base: the start
    m = new_match(n=3, seed=5)
    seat = play_until_lucky_is_open(m)
    before = state_hash(GAME, m.state)
    m.apply(seat, A("lucky", 1))
    after = state_hash(GAME, m.state)
    assert m._base[1] == 0 < len(m.log) - 1  # the base is the start
    m.undo(seat)
    assert state_hash(GAME, m.state) == before
    assert m.check_hash() == m.hashes[-1]
    m.apply(seat, A("lucky", 1))
    assert state_hash(GAME, m.state) == after


def test_a_state_put_in_from_outside_is_not_undone_past():
    m = new_match(n=3, seed=5)
    seat = play_until_lucky_is_open(m)
    m.apply(seat, A("lucky", 1))
    m.state = GAME.clone(m.state)  # e.g. a replay jump
    ok, why = m.can_undo(seat)
    assert not ok and "cannot be undone" in why


def test_a_state_changed_in_place_without_saying_so_is_refused_not_undone_wrongly(monkeypatch):
    monkeypatch.setattr(match_module, "UNDO_EVERY", 10**6)  # the base is older than the edit
    m = new_match(n=3, seed=5)
    seat = play_until_lucky_is_open(m)
    m.state.scores[0] += 5  # a hand edit the match was not told of, then play goes on
    m.apply(seat, next(a for a in GAME.legal_actions(m.state, seat) if a.kind != "lucky"))
    seat = play_until_lucky_is_open(m)
    m.apply(seat, A("lucky", 1))
    with pytest.raises(IllegalAction, match="changed outside play"):
        m.undo(seat)
    assert m.log[-1].action == A("lucky", 1)  # nothing was taken back


def test_state_edited_starts_undo_again_from_the_edit():
    m = new_match(n=3, seed=5)
    seat = play_until_lucky_is_open(m)
    m.state.scores[0] += 5
    m.state_edited()
    before = state_hash(GAME, m.state)
    m.apply(seat, A("lucky", 1))
    m.undo(seat)
    assert state_hash(GAME, m.state) == before


def test_save_load_round_trip_verifies_hashes(tmp_path):
    m = new_match()
    play_some(m)
    path = tmp_path / "s.json"
    m.save(str(path))
    m2 = Match.load(str(path), get_game)
    assert m2.fingerprint() == m.fingerprint()
    assert [str(e.action) for e in m2.log] == [str(e.action) for e in m.log]


def test_tampered_save_reports_first_mismatch_and_file_unchanged(tmp_path):
    m = new_match()
    play_some(m)
    data = m.to_save()
    data["hashes"][3] = "0" * 20
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as exc:
        Match.load(str(path), get_game)
    assert "after action #4" in str(exc.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("content,expect", [
    ("{not json", "damaged"),
    ('{"format": "other"}', "not a sandsofplay save"),
    ('{"format": "sandsofplay-save", "version": 99}', "version 99"),
    ('{"format": "sandsofplay-save", "version": 1, "game": "tiny", "setup": {}, "log": [], '
     '"hashes": []}', "set-up is for nothing"),
    ('{"format": "sandsofplay-save", "version": 1, "game": "nope", "setup": {"game": "nope", '
     '"seats": [{"kind": "human"}]}, "log": [], "hashes": []}', "a game this sandsofplay does not"),
])
def test_corrupt_save_gives_clear_message_and_changes_no_file(tmp_path, content, expect):
    path = tmp_path / "bad.json"
    path.write_text(content)
    listing = sorted(os.listdir(tmp_path))
    with pytest.raises(SaveError) as exc:
        Match.load(str(path), get_game)
    assert expect in str(exc.value)
    assert path.read_text() == content and sorted(os.listdir(tmp_path)) == listing


def test_illegal_action_in_save_is_reported(tmp_path):
    m = new_match()
    play_some(m, 3)
    data = m.to_save()
    data["log"][1][2] = "play 99"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as exc:
        Match.load(str(path), get_game)
    assert "action #2" in str(exc.value) and "refused" in str(exc.value)


def test_autosave_after_every_action_is_atomic_and_resumable(tmp_path):
    path = tmp_path / "auto.json"
    m = Match(GAME, Setup.make("tiny", ["human", "human"], seed=1), autosave_path=str(path))
    play_some(m, 5)
    saved = json.loads(path.read_text())
    assert len(saved["log"]) == len(m.log) and not saved["finished"]
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".tmp-")]
    resumed = Match.load(str(path), get_game)
    assert resumed.fingerprint() == m.fingerprint()


def test_real_time_clock_replays_exactly(tmp_path):
    m = new_match(clock=2)
    assert GAME.next_event_tick(m.state) == 120
    events = m.advance(130)  # seat 0 times out at tick 120 and draws
    assert [e.kind for e in events] == ["timeout"]
    assert GAME.to_act(m.state) == (1,)
    m.advance(20)
    m.apply(1, GAME.legal_actions(m.state, 1)[0])
    m.advance(500)
    path = tmp_path / "rt.json"
    m.save(str(path))
    m2 = Match.load(str(path), get_game)
    assert m2.tick == m.tick == 650
    assert m2.fingerprint() == m.fingerprint()


def test_background_autosave_writes_the_latest_state(tmp_path):
    """The app autosaves on a worker thread; after a flush the file holds the newest log."""
    path = tmp_path / "bg.json"
    m = Match(GAME, Setup.make("tiny", ["human", "human"], seed=2), autosave_path=str(path))
    m.autosave_async = True
    play_some(m, 6)
    Match.flush_autosave()
    saved = json.loads(path.read_text())
    assert [e[2] for e in saved["log"]] == [str(e.action) for e in m.log]
    assert Match.load(str(path), get_game).fingerprint() == m.fingerprint()
