"""Sands of Adventure's guided first game (issue 32), played by the gestures the coach points
at, in real time (the coach holds the clock while a step is open)."""

from sandsofplay.games import get_game
from sandsofplay.ui.coach import load_tutorial
from tests.support.guided import open_guided, play_guided
from tests.tables.contract import same_as_headless


def test_the_guided_game_covers_the_core_of_sands_of_adventure():
    """[Exploration Phase] [The Sand Timer] [Timed Phase] [Snakes] [Damaging the Villain]
    [Preparing for the Next Round]: exploration, gems and the timer, the flip, the Timed Phase,
    Snakes and the Torch, villains."""
    tut = load_tutorial("sands_of_adventure", game=get_game("sands_of_adventure"))
    triggers = {s.trigger for s in tut.steps}
    assert {"stage:move", "stage:roll", "event:gem_added", "event:timer_flipped",
            "stage:turn", "event:snake_drawn", "event:villain_damaged",
            "event:round_ended"} <= triggers
    sections = " ".join(s.section for s in tut.steps)
    for name in ("Exploration Phase", "The Sand Timer", "Timed Phase", "Snakes",
                 "Damaging the Villain", "Power Tokens"):
        assert name in sections


def test_the_whole_guided_game_is_played_by_the_coachs_gestures(app):
    """[Timed Phase] Every step comes up (the optional ones in this seed too), points at a
    region on screen, and is done by a gesture; the game replays the same headless."""
    table = open_guided(app, "sands_of_adventure")
    stats = play_guided(app, table)
    coach = table.coach.coach
    assert coach.done, f"stopped at step {coach.index + 1} of {len(coach.steps)}"
    needed = [i for i, s in enumerate(coach.steps) if not s.optional]
    assert set(needed) <= set(stats["steps"])
    assert len(stats["steps"]) >= len(coach.steps) - 2  # at most two optional ones passed by
    assert not stats["problems"], stats["problems"]
    assert same_as_headless(table.match)


def test_the_clock_waits_while_a_step_is_open(app):
    """[The Sand Timer] While the coach explains (and the person may act), no time passes;
    hiding the explanation lets it run."""
    from sandsofplay.ui.coach_view import KEY_EXPLAIN
    from tests.support.guided import key
    table = open_guided(app, "sands_of_adventure")
    play_guided(app, table, until=lambda t: t.coach.coach.step is not None and
                t.coach.coach.step.trigger == "event:timer_flipped" and t.coach.coach.showing
                and t.human_to_act() == 0)
    assert table.coach.holds()
    tick = table.match.tick
    for _ in range(30):
        app.frame(1 / 60)
    assert table.match.tick == tick
    key(app, KEY_EXPLAIN)
    assert not table.coach.holds()
    for _ in range(30):
        app.frame(1 / 60)
    assert table.match.tick > tick
