"""Sand's guided first game (issue 32), played by the gestures the coach points at."""

from sandsofplay.games import get_game
from sandsofplay.ui.coach import load_tutorial
from tests.support.guided import open_guided, play_guided
from tests.tables.contract import same_as_headless


def test_the_guided_game_covers_the_core_of_sand():
    """[Game Turns] [Travel] [Load Plants] [Delivery of Goods] [Care for Your Worm]
    [The Missions] [The Upkeep Phase]: tokens and dice, Travel and its costs, loading and
    delivering, care of the Worm, Missions and the Upkeep."""
    tut = load_tutorial("sand", game=get_game("sand"))
    expected = {s.expect for s in tut.steps}
    assert {"place", "travel", "load", "deliver", "care", "end", "pick"} <= expected
    sections = " ".join(s.section for s in tut.steps)
    for name in ("Game Turns", "Travel", "Load Plants", "Delivery of Goods",
                 "Care for Your Worm", "The Missions", "The Upkeep Phase", "End of the Game"):
        assert name in sections


def test_the_whole_guided_game_is_played_by_the_coachs_gestures(app):
    """[Game Turns] Every step but the optional Prayer top-up comes up in this seed, points
    at a region on screen, and is done by the gesture the coach suggests."""
    table = open_guided(app, "sand")
    stats = play_guided(app, table)
    coach = table.coach.coach
    assert coach.done, f"stopped at step {coach.index + 1} of {len(coach.steps)}"
    needed = [i for i, s in enumerate(coach.steps) if not s.optional]
    assert set(needed) <= set(stats["steps"])
    assert stats["off"] == 0 and not stats["problems"], stats["problems"]
    assert same_as_headless(table.match)
