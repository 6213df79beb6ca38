"""Sahwari's guided first game (issue 32), played by the gestures the coach points at."""

from sandsofplay.ui.coach import load_tutorial
from sandsofplay.games import get_game
from tests.support.guided import open_guided, play_guided
from tests.tables.contract import same_as_headless


def test_the_guided_game_covers_the_core_of_sahwari():
    """[Game Turn] [1. Move] [2. Collect] [3. Move the Guild] [4. Activate Abilities]
    [5. End of the Turn] [End of the Game]: the steps teach moving, collecting (recruiting,
    a caravan), the Guild, abilities and the end."""
    tut = load_tutorial("sahwari", game=get_game("sahwari"))
    expected = {s.expect for s in tut.steps}
    assert {"move", "take", "card", "edge", "guild", "pawns", "end_turn"} <= expected
    sections = " ".join(s.section for s in tut.steps)
    for name in ("1. Move", "2. Collect", "B. Recruiting", "C. Rallying a Caravan",
                 "3. Move the Guild", "4. Activate Abilities", "5. End of the Turn",
                 "End of the Game"):
        assert name in sections


def test_the_whole_guided_game_is_played_by_the_coachs_gestures(app):
    """[Game Turn] Every step comes up, points at a region on screen, and is done by the
    gesture of the action it expects; the game is a normal one, the same replayed headless."""
    table = open_guided(app, "sahwari")
    stats = play_guided(app, table)
    coach = table.coach.coach
    assert coach.done, f"stopped at step {coach.index + 1} of {len(coach.steps)}"
    assert sorted(stats["steps"]) == list(range(len(coach.steps)))
    assert not stats["problems"], stats["problems"]
    assert same_as_headless(table.match)
