"""The replay machinery on its own (engine.replay): positions rebuilt from snapshots, marks,
Play from here, the story, and saves of another version."""

import pytest

from sandsofplay.engine import SaveError
from sandsofplay.engine.replay import Replay, story
from sandsofplay.games import get_game
from tests.replay.support import GAMES, whole_game


@pytest.mark.parametrize("game_id", GAMES)
def test_every_position_back_then_forward_matches_the_save(game_id):
    """At every step of a whole game: one back (from snapshots) then the action again gives the
    hash the save recorded, and so does the position itself."""
    data = whole_game(game_id)
    game = get_game(game_id)
    rep = Replay(data, game)
    assert len(rep) == len(data["log"]) > 20
    for i in range(len(rep), 0, -1):
        state = rep.state_at(i - 1)  # one back
        assert rep.check_hash(game, state) == (data["hashes"][i - 2] if i > 1 else rep.hash_at(0))
        tick, seat, text = data["log"][i - 1]
        if tick > game.now(state):
            game.advance(state, tick - game.now(state))
        game.apply(state, seat, rep.entries[i - 1].action)  # and forward again
        assert rep.check_hash(game, state) == data["hashes"][i - 1]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_jump_to_each_mark_shows_the_recorded_state(game_id):
    data = whole_game(game_id)
    game = get_game(game_id)
    rep = Replay(data, game)
    kinds = {m.kind for m in rep.marks}
    assert "turn" in kinds
    for m in rep.marks:
        h = rep.check_hash(game, rep.state_at(m.index))
        assert h == (data["hashes"][m.index - 1] if m.index else rep.hash_at(0)), m


def test_sands_of_adventure_names_its_big_moments():
    """The sand timer flips and a villain defeated are marks of their own."""
    data = whole_game("sands_of_adventure")
    rep = Replay(data, get_game("sands_of_adventure"))
    labels = " ".join(m.label for m in rep.marks if m.kind == "moment")
    assert "timer" in labels and "defeated" in labels
    assert any(m.kind == "round" for m in rep.marks)


def test_a_game_may_name_its_moments_itself():
    game = get_game("tiny")
    data = whole_game("tiny")
    game.replay_moments = {"draw": "Card drawn"}
    try:
        rep = Replay(data, game)
    finally:
        del game.replay_moments
    assert any(m.kind == "moment" for m in rep.marks)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_from_here_continues_from_the_chosen_state(game_id):
    data = whole_game(game_id)
    game = get_game(game_id)
    rep = Replay(data, game)
    i = len(rep) // 2
    match = rep.match_at(i)
    assert match.check_hash() == data["hashes"][i - 1]
    assert [str(e.action) for e in match.log] == [e[2] for e in data["log"][:i]]
    # its first action continues from there: the one the save played next is legal and gives
    # the recorded state
    tick, seat, text = data["log"][i]
    match.advance(tick - match.tick)
    match.apply(seat, text)
    assert match.check_hash() == data["hashes"][i]


def test_the_story_has_headings_a_sentence_per_action_and_the_scores():
    data = whole_game("sands_of_adventure")
    rep = Replay(data, get_game("sands_of_adventure"))
    text = story(rep)
    numbered = [ln for ln in text.splitlines() if ln.split(". ", 1)[0].isdigit()]
    assert len(numbered) == len(rep)
    assert all(ln.endswith((".", "!", "?")) for ln in numbered)
    assert "## Round 1" in text and "'s turn" in text
    assert "## Final scores" in text and "| Player" in text


def test_a_save_of_another_version_says_why_it_cannot_play():
    data = whole_game("tiny")
    data["version"] = 0
    with pytest.raises(SaveError, match="save version 0.*reads versions? 1"):
        Replay(data, get_game("tiny"))


def test_an_older_save_without_check_hashes_still_plays():
    data = whole_game("tiny")
    full = Replay(data, get_game("tiny"))
    data.pop("hashes")
    data.pop("final_tick")
    rep = Replay(data, get_game("tiny"))
    assert rep.hashes == full.hashes


def test_a_save_the_rules_no_longer_accept_says_where():
    data = whole_game("tiny")
    data["hashes"][5] = "0" * 20
    with pytest.raises(SaveError, match="after action #6"):
        Replay(data, get_game("tiny"))
