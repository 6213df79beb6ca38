"""Save versions: versions 2 and 3 check each action with a cheap exact hash (3 also uses the
check forms games gained later: Sands of Adventure's); version-1 saves (canonical JSON hashes) and
version-2 saves still load and verify with their own function; the hashes do not depend on the
process (string hash seed)."""

import json
import os
import subprocess
import sys

import pytest

from sandsofplay.engine import RNG, Match, SaveError, Setup, state_hash
from sandsofplay.engine.playout import random_chooser, run
from sandsofplay.engine.savefile import CHECK_HASH, SAVE_VERSION, check_form
from sandsofplay.games import get_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = ("sahwari", "sands_of_adventure", "burning_sands", "sand")


def random_match(gid, seed=4, steps=60, **kw):
    game = get_game(gid)
    n = max(game.min_seats, min(2, game.max_seats))
    m = Match(game, Setup.make(gid, ["human"] * n, seed=seed), **kw)
    count = {"n": 0}

    def stop(target, step, move):
        count["n"] += 1
        if count["n"] >= steps:
            raise StopIteration

    try:
        run(m, random_chooser(RNG(seed)), after=stop)
    except StopIteration:
        pass
    return m


# the hash an old save version kept after each action
OLD_HASH = {
    1: state_hash,  # canonical JSON
    2: CHECK_HASH[2],  # the cheap hash, before Sands of Adventure had a check form
}


def old_save(m, version) -> dict:
    """The save as an old version wrote it: its own hash after each replayed action."""
    data = m.to_save()
    replay = Match.from_save(data, m.game, verify=False, upto=0)
    hashes = []
    for tick, seat, text in data["log"]:
        replay.advance(tick - replay.tick)
        replay.apply(seat, text)
        hashes.append(OLD_HASH[version](m.game, replay.state))
    return dict(data, version=version, hashes=hashes)


def test_new_saves_are_version_3_with_the_cheap_hash():
    m = random_match("sahwari")
    assert m.to_save()["version"] == SAVE_VERSION == 3
    assert json.loads(str(m.snapshot()))["version"] == 3
    assert m.hashes[-1] == CHECK_HASH[3](m.game, m.state) != state_hash(m.game, m.state)
    # Sahwari's check form is the same in versions 2 and 3
    assert CHECK_HASH[2](m.game, m.state) == CHECK_HASH[3](m.game, m.state)


def test_sands_of_adventure_hashes_its_own_check_form_from_version_3():
    m = random_match("sands_of_adventure")
    game = m.game
    assert check_form(game, m.state, 3) == m.state.check_form()
    assert check_form(game, m.state, 2) != check_form(game, m.state, 3)
    assert m.hashes[-1] == CHECK_HASH[3](game, m.state) != CHECK_HASH[2](game, m.state)


@pytest.mark.parametrize("version", sorted(OLD_HASH))
@pytest.mark.parametrize("gid", ["sahwari", "sands_of_adventure"])
def test_old_save_verifies_with_its_own_hash_and_keeps_its_version(gid, version, tmp_path):
    m = random_match(gid)
    data = old_save(m, version)
    loaded = Match.from_save(data, m.game)
    assert loaded.fingerprint() == m.fingerprint()
    assert loaded.save_version == version and loaded.hashes == data["hashes"]
    # continuing an old game writes its version, hashes all of one function
    path = tmp_path / "cont.json"
    loaded.save(str(path))
    again = json.loads(path.read_text())
    assert again["version"] == version and again["hashes"] == data["hashes"]
    reloaded = Match.load(str(path), get_game)
    assert reloaded.hashes == data["hashes"] and reloaded.fingerprint() == m.fingerprint()


def test_version_1_save_with_a_wrong_hash_is_refused():
    m = random_match("sahwari")
    data = old_save(m, 1)
    data["hashes"][5] = CHECK_HASH[3](m.game, m.state)  # a version-3 hash in a version-1 save
    with pytest.raises(SaveError, match="after action #6"):
        Match.from_save(data, m.game)


def test_version_3_save_with_a_version_1_hash_is_refused():
    m = random_match("sahwari")
    data = m.to_save()
    data["hashes"] = old_save(m, 1)["hashes"]
    with pytest.raises(SaveError, match="after action #1 "):
        Match.from_save(data, m.game)


def test_check_form_tells_states_apart_and_matches_clones():
    game = get_game("sahwari")
    m = random_match("sahwari", steps=30)
    clone = game.clone(m.state)
    assert check_form(game, clone) == check_form(game, m.state)
    back = game.state_from_json(game.state_to_json(m.state))
    assert check_form(game, back) == check_form(game, m.state)
    clone.track[0] += 1
    assert check_form(game, clone) != check_form(game, m.state)


CHILD = r"""
import json, sys
sys.path.insert(0, {root!r})
from tests.engine.test_save_versions import random_match
print(json.dumps(random_match({gid!r}, seed=7, steps=80).to_save()))
"""


@pytest.mark.parametrize("gid", GAMES)
def test_hashes_do_not_depend_on_the_process(gid):
    """A save written by a process with another string-hash seed verifies here."""
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", CHILD.format(root=ROOT, gid=gid)], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT)
    data = json.loads(out.stdout)
    assert data["version"] == 3 and data["hashes"]
    here = Match.from_save(data, get_game(gid))
    assert here.hashes == data["hashes"]


def test_sands_of_adventure_check_form_tells_states_apart_and_matches_clones():
    game = get_game("sands_of_adventure")
    m = random_match("sands_of_adventure", steps=40)
    clone = game.clone(m.state)
    assert clone.check_form() == m.state.check_form()
    back = game.state_from_json(game.state_to_json(m.state))
    assert back.check_form() == m.state.check_form()
    for change in (lambda s: s.deck.reverse(), lambda s: s.hands[0].append(0),
                   lambda s: setattr(s.timer, "tip_g", s.timer.tip_g + 1.0),
                   lambda s: s.stacks.update({next(iter(s.stacks)): 99})):
        other = game.clone(m.state)
        change(other)
        assert other.check_form() != m.state.check_form()
