"""Full stories (issue 30, point 3): the story tells the whole game - round headings, a heading
where each turn begins (the Guildmaster's too), each action by what its events say (the Threat
dice's faces, the gems, the Guildmaster's moves), the time's own events (the timer coming to
rest, the Torch rolls), the sand running out and the villain escaping, and the end as the
results tell it: the winner in words and each score broken down by the book's categories."""

import json

from sandsofplay import cli
from sandsofplay.bots.driver import Driver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import Match, Setup
from sandsofplay.engine.replay import Replay
from sandsofplay.games import get_game
from sandsofplay.ui.results import breakdown
from sandsofplay.ui.story import full_story
from tests.replay.test_lost_on_time import lost_on_time


def bot_game(game_id, seats, seed, **options) -> dict:
    game = get_game(game_id)
    match = Match(game, Setup.make(game_id, ["bot:normal"] * seats, seed=seed, **options))
    Driver(match, {i: make_bot(game, "normal", i, seed * 31 + i) for i in range(seats)}).run()
    assert match.is_over()
    return match.to_save()


def told(data) -> tuple[str, list[str]]:
    text = full_story(Replay(data, get_game(data["game"])))
    return text, text.splitlines()


def test_a_solo_sahwari_story_names_the_guildmasters_moves_under_turn_headings():
    """[Solo Mode] the Guildmaster's turns (Game Turn, Guildmaster Abilities) and [End of the
    Game] the score by its categories."""
    data = bot_game("sahwari", 1, 5)
    text, lines = told(data)
    heads = [ln for ln in lines if ln.startswith("### ")]
    assert len(heads) > 10
    assert sum(h == "### The Guildmaster takes a turn." for h in heads) > 4
    assert sum(h.endswith("begins a turn.") for h in heads) > 4
    moves = [ln for ln in lines if ln.startswith("   The Guildmaster ")]
    assert len(moves) > 10
    assert any("sends a Guild camel" in ln for ln in moves)
    # one numbered line per action, still
    numbered = [ln for ln in lines if ln.split(". ", 1)[0].isdigit()]
    assert len(numbered) == len(data["log"])
    # the end: the winner in words and the breakdown, whose points add up to the score
    end = lines[lines.index("## The end"):]
    rep = Replay(data, get_game("sahwari"))
    state = rep.state_at(len(rep))
    bd = breakdown(rep.game, state)
    assert end[2] in ("The Guildmaster wins.", "Seat 1 wins!")
    for col in bd["columns"]:
        who = col["who"] or "Seat 1 (bot, normal)"
        at = end.index(f"### {who}: {col['total']} Influence")
        rows = end[at + 1:at + 1 + len(col["rows"])]
        assert [r.split(": ", 1)[0] for r in rows] == [f"- {c}" for c, _, _ in col["rows"]]
        assert sum(int(r.rsplit("(", 1)[1][:-1]) for r in rows) == col["total"]
    assert rep.outcome.scores[0] == bd["columns"][0]["total"]


def test_a_sands_of_adventure_story_has_the_dice_faces_gems_and_the_timer():
    """[Roll the Threat Dice] each face, [Add a Gem of the Size Shown], [The Sand Timer] its flip
    and its coming to rest, [Timed Phase] the Torch rolls, and each round's villain."""
    data = bot_game("sands_of_adventure", 2, 4, sand=45)
    text, lines = told(data)
    faces = set(get_game("sands_of_adventure").comp.threat_faces)
    numbered = [ln for ln in lines if ln.split(". ", 1)[0].isdigit()]
    assert len(numbered) == len(data["log"])
    rolls = [ln for ln, (_t, _s, act) in zip(numbered, data["log"]) if act == "roll"]
    assert len(rolls) > 10
    for ln in rolls:  # "Sallah rolls large and villain."
        said = ln.split(" rolls ", 1)[1].split(".")[0]
        assert set(said.split(" and ")) <= faces, ln
    assert "gem into the top basket" in text
    assert "The sand timer flips!" in text
    assert "The sand timer comes to rest upside down; the sand pours." in text
    assert "rolls a torch!" in text or "rolls no torch." in text
    for k in (1, 2, 3):
        assert f"## Round {k}" in lines
    assert any(ln.startswith("### ") and ln.endswith("'s turn.") for ln in lines)
    end = lines[lines.index("## The end"):]
    assert end[2].startswith(("Victory!", "Defeat:"))
    assert "### The team: " + ("1" if "Victory" in end[2] else "0") in end
    assert sum(ln.startswith("- Round ") for ln in end) == 3


def test_a_game_lost_on_time_tells_the_sand_running_out_and_the_villain_escaping(tmp_path,
                                                                                 capsys):
    """[The Sand Timer] the sand runs out; [Object] the villain escapes with the Ark - told by
    --story too."""
    data = lost_on_time()
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(data))
    assert cli.main(["--story", str(path)]) == 0
    text = capsys.readouterr().out
    assert "The sand runs out!" in text and "escapes with the Ark" in text
    end = text[text.index("## The end"):]
    assert "Defeat: " in end and "escapes with the Ark." in end
    assert "### The team: 0" in end
