"""Legend of the Burning Sands' guided first game (issue 32), played by the gestures the coach
points at."""

from sandsofplay.games import get_game
from sandsofplay.ui.coach import load_tutorial
from tests.support.guided import open_guided, play_guided
from tests.tables.contract import same_as_headless


def test_the_guided_game_covers_the_core_of_the_burning_sands():
    """[Sequence of Play] [Paying Copper Costs] [Paying Water Costs] [Hero] [Follower]
    [Attacking] [Absorbing Damage in Battle] [Raiding] [Challenges and Duels] [Story]:
    the phases, paying, Heroes and Followers, an attack with absorption, a raid, a duel,
    Stories."""
    tut = load_tutorial("burning_sands", game=get_game("burning_sands"))
    triggers = {s.trigger for s in tut.steps}
    assert {"stage:prio", "stage:play", "event:hero", "event:attack", "stage:absorb",
            "event:raid", "event:challenge", "event:story"} <= triggers
    sections = " ".join(s.section for s in tut.steps)
    for name in ("Sequence of Play", "Paying Copper Costs", "Paying Water Costs", "Hero",
                 "Follower", "Attacking", "Absorbing Damage in Battle", "Raiding",
                 "Challenges and Duels", "Story"):
        assert name in sections


def test_the_whole_guided_game_is_played_by_the_coachs_gestures(app):
    """[Sequence of Play] In this seed every step comes up (the optional End Phase and
    absorption too), points at a region on screen, and is done by a gesture."""
    table = open_guided(app, "burning_sands")
    stats = play_guided(app, table)
    coach = table.coach.coach
    assert coach.done, f"stopped at step {coach.index + 1} of {len(coach.steps)}"
    assert sorted(stats["steps"]) == list(range(len(coach.steps)))
    assert stats["off"] == 0 and not stats["problems"], stats["problems"]
    assert same_as_headless(table.match)
