"""Version-3 saves written before the check forms were sped up (issue 28) still load and verify:
``fixtures/<game>_v3.json`` are 4-player (Sahwari 4, Sand 4, Sands of Adventure 4, Burning Sands
4) random games of 134-150 actions saved by the code of that time. Their check hashes are the
version-3 function's; a faster form that changed one byte would refuse them here.

The saves are replays: a rules change that makes one of them play differently breaks this test
as it breaks the golden playthroughs; remake the file with that rules change (the hashes come
from the check form, which must not change)."""

import json
import os

import pytest

from sandsofplay.engine import Match
from sandsofplay.engine.savefile import CHECK_HASH
from sandsofplay.games import get_game

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
GAMES = ("sand", "sahwari", "burning_sands", "sands_of_adventure")


@pytest.mark.parametrize("gid", GAMES)
def test_a_version_3_save_from_before_loads_and_verifies(gid):
    path = os.path.join(HERE, f"{gid}_v3.json")
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    assert raw["version"] == 3 and len(raw["hashes"]) == len(raw["log"]) >= 100
    m = Match.load(path, get_game)  # verifies every hash as it replays
    assert m.save_version == 3 and m.hashes == raw["hashes"]
    assert CHECK_HASH[3](m.game, m.state) == raw["hashes"][-1]
    # and a match continued from it writes the same pieces again
    assert json.loads(str(m.snapshot()))["hashes"] == raw["hashes"]


@pytest.mark.parametrize("gid", GAMES)
def test_version_3_hashes_of_states_from_before_are_unchanged(gid):
    """``fixtures/states_v3.json``: states of random 2- and 4-player games (their JSON form) with
    the version-3 check hash the code before issue 28 gave them. Independent of the rules: only
    the state's form and the check function count."""
    with open(os.path.join(HERE, "states_v3.json"), encoding="utf-8") as fh:
        rows = json.load(fh)[gid]
    game = get_game(gid)
    assert len(rows) == 8
    for row in rows:
        state = game.state_from_json(row["state"])
        assert CHECK_HASH[3](game, state) == row["hash"], (row["players"], row["seed"], row["step"])
        assert CHECK_HASH[3](game, game.clone(state)) == row["hash"]
