"""Opening a save asks before replacing the autosave only when something would be lost (issue 33:
nothing a player does loses their game): a save of the same game holding every autosaved action
opens at once, even when the two files were written in different seconds; a save from earlier
in the game, while the autosave holds later moves, asks first."""

import json

from sandsofplay.ui.autosave import _nothing_lost


def _save(path, log, saved_at="2026-12-02 01:00:00", game="sand", setup=None):
    data = {"format": "sandsofplay-save", "version": 3, "game": game,
            "setup": setup or {"game": game, "seats": ["human", "bot:normal"], "seed": 4},
            "log": log, "hashes": [], "final_tick": 0, "finished": False, "saved_at": saved_at}
    path.write_text(json.dumps(data))
    return path


def _log(n):
    return [[i % 2, "act", [i]] for i in range(n)]


def test_the_autosave_itself_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr("sandsofplay.engine.Match.read_save", lambda p: json.loads(open(p).read()))
    a = _save(tmp_path / "autosave.json", _log(5))
    assert _nothing_lost(a, a)


def test_a_save_of_the_same_moment_written_a_second_apart_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr("sandsofplay.engine.Match.read_save", lambda p: json.loads(open(p).read()))
    auto = _save(tmp_path / "autosave.json", _log(6), saved_at="2026-12-02 01:00:00")
    mine = _save(tmp_path / "mine.json", _log(6), saved_at="2026-12-02 01:00:01")
    assert _nothing_lost(mine, auto)
    longer = _save(tmp_path / "longer.json", _log(9))
    assert _nothing_lost(longer, auto)


def test_an_earlier_save_or_another_game_would_lose_the_autosaved_moves(tmp_path, monkeypatch):
    monkeypatch.setattr("sandsofplay.engine.Match.read_save", lambda p: json.loads(open(p).read()))
    auto = _save(tmp_path / "autosave.json", _log(6))
    earlier = _save(tmp_path / "earlier.json", _log(4))
    assert not _nothing_lost(earlier, auto)
    other_seed = _save(tmp_path / "other.json", _log(6),
                       setup={"game": "sand", "seats": ["human", "bot:normal"], "seed": 5})
    assert not _nothing_lost(other_seed, auto)
    other_game = _save(tmp_path / "g.json", _log(6), game="sahwari")
    assert not _nothing_lost(other_game, auto)
    assert not _nothing_lost(tmp_path / "missing.json", auto)
