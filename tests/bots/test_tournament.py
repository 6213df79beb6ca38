"""tools/tournament.py (issue 29): a tiny tournament through the tool's own entry point; the
JSON it prints has the documented shape and its counts add up. Only a few games each (the
measured tables are in the issue's report, not in tests)."""

from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import tournament  # noqa: E402


def _last_json(capsys):
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_a_swapped_pairing_prints_win_rates_that_add_up(capsys):
    status = tournament.main(["--game", "tiny", "--levels", "random,normal", "--games", "4",
                              "--swap", "--workers", "1", "--json"])
    res = _last_json(capsys)
    assert status == 0 and res["errors"] == 0 and res["mode"] == "pairing"
    (rep,) = res["pairings"]
    assert rep["games"] == rep["played"] == 4 and rep["levels"] == ["random", "normal"]
    per = rep["per_level"]
    assert set(per) == {"random", "normal"}
    # every game had a winner, or a tie shared between the tied seats, or no winner
    wins = per["random"]["wins"] + per["normal"]["wins"]
    assert wins == pytest.approx(rep["played"] - rep["no_winner"])
    for d in per.values():
        assert d["games"] == 4 and d["even"] == 0.5
        lo, hi = d["ci95"]
        assert 0.0 <= lo <= d["share"] <= hi <= 1.0
        ms = d["decision_ms"]
        assert ms["n"] > 0 and 0.0 <= ms["p50"] <= ms["p95"] <= ms["max"]
    assert rep["length"]["mean"] > 0 and rep["length"]["p50"] <= rep["length"]["max"]


def test_swap_seats_each_level_in_each_seat_on_the_same_seed():
    jobs = tournament.seatings(["easy", "hard"], 2, 4, True, 10)
    assert jobs == [(10, ["easy", "hard"]), (10, ["hard", "easy"]),
                    (11, ["easy", "hard"]), (11, ["hard", "easy"])]
    assert tournament.seatings(["easy", "hard"], 2, 2, False, 10) == [
        (10, ["easy", "hard"]), (11, ["easy", "hard"])]


def test_wilson_interval():
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    lo, hi = tournament.wilson(20, 40)
    assert lo == pytest.approx(0.352, abs=1e-3) and hi == pytest.approx(0.648, abs=1e-3)
    assert tournament.wilson(0, 10)[0] == 0.0 and tournament.wilson(10, 10)[1] == 1.0


def test_solo_mode_plays_each_rival_difficulty(capsys):
    status, res = tournament.run(["--game", "sahwari", "--solo", "--levels", "easy",
                                  "--games", "1", "--workers", "1", "--json"])
    assert status == 0 and res["mode"] == "solo" and res["players"] == 1
    assert [p["rival"] for p in res["pairings"]] == [
        "solo_difficulty=recruit", "solo_difficulty=merc", "solo_difficulty=clan_leader"]
    for rep in res["pairings"]:
        d = rep["per_level"]["easy"]
        assert rep["played"] == d["games"] == 1 and d["wins"] in (0, 1)
        assert isinstance(rep["rival_score"], (int, float))
    assert _last_json(capsys)["pairings"][0]["rival"] == "solo_difficulty=recruit"


def test_ladder_pairs_skip_random_where_easy_is_random():
    class Levels:
        def __init__(self, easy):
            self.bot_levels = {"easy": easy, "normal": {"bot": "greedy", "params": {}},
                               "hard": {"bot": "ismcts", "params": {}}}

    assert tournament.ladder_pairs(Levels({"bot": "random", "params": {}})) == [
        ("easy", "normal"), ("normal", "hard")]
    assert tournament.ladder_pairs(Levels({"bot": "greedy", "params": {"noise": 4.0}})) == [
        ("random", "easy"), ("easy", "normal"), ("normal", "hard")]


def test_solo_mode_plays_only_the_rival_named_by_option(capsys):
    status, res = tournament.run(["--game", "sahwari", "--solo", "--levels", "easy",
                                  "--option", "solo_difficulty=merc",
                                  "--games", "1", "--workers", "1", "--json"])
    assert status == 0
    assert [p["rival"] for p in res["pairings"]] == ["solo_difficulty=merc"]


def test_each_level_says_how_it_won(capsys):
    """Issue 29 asks that Burning Sands' ``normal`` pursue both Story and Military Victory: the
    report counts each level's wins by how the game ended (``Game.results``' "how")."""
    status, res = tournament.run(["--game", "burning_sands", "--levels", "normal,random",
                                  "--games", "2", "--swap", "--workers", "1", "--json"])
    assert status == 0
    (rep,) = res["pairings"]
    kinds = {"Military Victory", "Story Victory", "Alternate Victory", "The Sultan's judgement"}
    assert sum(rep["endings"].values()) == rep["played"] == 2
    assert set(rep["endings"]) <= kinds
    won = sum(sum(d["won_by"].values()) for d in rep["per_level"].values())
    assert won == pytest.approx(rep["played"] - rep["no_winner"])
    for d in rep["per_level"].values():
        assert sum(d["won_by"].values()) == pytest.approx(d["wins"])


def test_endings_add_up_ties_as_shares():
    recs = [{"levels": ["a", "b"], "options": {}, "seed": 1, "winners": [0], "scores": [3, 1],
             "team": None, "actions": 10, "turn": 2, "rival": None, "how": "Story Victory",
             "decisions": [[1.0], [1.0]]},
            {"levels": ["b", "a"], "options": {}, "seed": 1, "winners": [0, 1],
             "scores": [2, 2], "team": None, "actions": 12, "turn": 3, "rival": None,
             "how": "The Sultan's judgement", "decisions": [[1.0], [1.0]]}]

    class Game:
        id = "x"

    rep = tournament.summarize(Game(), recs, ["a", "b"], 2)
    assert rep["endings"] == {"Story Victory": 1.0, "The Sultan's judgement": 1.0}
    assert rep["per_level"]["a"]["won_by"] == {"Story Victory": 1.0,
                                               "The Sultan's judgement": 0.5}
    assert rep["per_level"]["b"]["won_by"] == {"The Sultan's judgement": 0.5}
