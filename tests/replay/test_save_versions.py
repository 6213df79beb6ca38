"""A replay of a save from an earlier version of the save format either plays or says clearly
why it cannot (issue 18, Done means), for every game with a table."""

import json

import pytest

from sandsofplay.engine import Match, SaveError, Setup
from sandsofplay.engine.game import Action
from sandsofplay.engine.replay import Replay
from sandsofplay.engine.savefile import CHECK_HASH, SAVE_VERSION
from sandsofplay.games import get_game
from sandsofplay.ui.table import open_replay, open_replay_data
from tests.replay.support import whole_game
from tests.tables.contract import registered_tables


def as_version_1(data: dict) -> dict:
    """The same game saved as save version 1 wrote it (its own check hashes)."""
    game = get_game(data["game"])
    match = Match(game, Setup.from_json(data["setup"]), save_version=1)
    for tick, seat, text in data["log"]:
        if tick > match.tick:
            match.advance(tick - match.tick)
        match.apply(seat, Action.parse(text))
    old = match.to_save()
    assert old["version"] == 1
    return old


@pytest.mark.parametrize("game_id", registered_tables())
def test_a_version_1_save_replays_and_its_marks_show_its_own_hashes(app, game_id):
    old = as_version_1(whole_game(game_id))
    game = get_game(game_id)
    rep = Replay(old, game)
    assert rep.check_hash is CHECK_HASH[1] and CHECK_HASH[1] is not CHECK_HASH[SAVE_VERSION]
    for m in rep.marks[::max(1, len(rep.marks) // 6)]:
        assert CHECK_HASH[1](game, rep.state_at(m.index)) == \
            (old["hashes"][m.index - 1] if m.index else rep.hash_at(0))
    table = open_replay_data(app, old, at=len(old["log"]) // 2)
    app.apply_ops()
    assert app.top is table
    assert table.match.check_hash() == old["hashes"][len(old["log"]) // 2 - 1]


@pytest.mark.parametrize("game_id", registered_tables())
@pytest.mark.parametrize("version,expect", [(0, "reads versions 1 to"),
                                            (SAVE_VERSION + 1, "newer sandsofplay")])
def test_a_save_of_an_unknown_version_says_why(app, tmp_path, game_id, version, expect):
    data = whole_game(game_id)
    data["version"] = version
    with pytest.raises(SaveError, match=expect):
        Replay(data, get_game(game_id))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    open_replay(app, str(path))
    app.apply_ops()
    from sandsofplay.ui.scenes.message import MessageScene
    assert isinstance(app.top, MessageScene)
    assert f"version {version}" in app.top.message
    assert json.loads(path.read_text())["version"] == version  # left untouched
