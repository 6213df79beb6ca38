"""Golden playthroughs (seed + actions + the hash after every action): three whole bot games,
recorded before the package was split by part of the round, replay to the same states. Any change
to the rules or the data shows up here; re-record only for an intended change."""

import json
from pathlib import Path

import pytest

from sandsofplay.engine import Match, state_hash
from sandsofplay.games.sands_of_adventure import GAME

GOLDEN = Path(__file__).parent / "golden"
FINAL = {"p2_hard": "c13d98a8862bc8d49256", "p3_mixed": "03906ebd059de678b24b",
         "p4_normal": "0aa3f7ed2ab13d0da31a"}


@pytest.mark.parametrize("name", sorted(FINAL))
def test_golden_playthrough_replays_hash_for_hash(name):
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    m = Match.from_save(data, GAME, name=name, verify=True)  # checks the hash after each action
    assert len(m.hashes) == len(data["log"]) == len(data["hashes"])
    assert m.is_over()
    assert state_hash(GAME, m.state) == FINAL[name]
