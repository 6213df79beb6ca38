"""``engine.describe.Phrases``: one action-to-sentence table shape for every game (issue 27:
the action-to-sentence chains written once)."""

import doctest

import pytest

from sandsofplay.engine import A, Setup
from sandsofplay.engine import describe as describe_module
from sandsofplay.engine.describe import Phrases, plain


def test_module_docstring_example_runs():
    result = doctest.testmod(describe_module)
    assert result.attempted > 0 and result.failed == 0


SAY = {"go": ("Go to {} with {}.", None, plain(str.upper)), "take": {"cube": "Take a cube."}}


def test_a_malformed_action_raises_in_a_strict_table():
    with pytest.raises(IndexError):
        Phrases(SAY)(None, 0, A("go", 3))
    with pytest.raises(KeyError):
        Phrases(SAY)(None, 0, A("take", "pawn"))


def test_a_malformed_action_reads_as_its_text_in_a_lenient_table():
    say = Phrases(SAY, lenient=True)
    assert say(None, 0, A("go", 3)) == "go 3"
    assert say(None, 0, A("take", "pawn")) == "take pawn"
    assert say(None, 0, A("go", 3, "ab")) == "Go to 3 with AB."


def test_every_game_describes_through_a_table_of_phrases():
    """Each game's ``describe`` is a ``Phrases`` table (Sand, Burning Sands and Sands of
    Adventure lenient, as their describe always was: a malformed action reads as its text)."""
    from sandsofplay.games import get_game
    from sandsofplay.games.burning_sands import describe as burning_sands
    from sandsofplay.games.sahwari import describe as sahwari
    from sandsofplay.games.sand import describe as sand
    assert isinstance(sand.PHRASES, Phrases) and sand.PHRASES.lenient
    assert isinstance(burning_sands.PHRASES, Phrases) and burning_sands.PHRASES.lenient
    assert isinstance(sahwari.PHRASES, Phrases) and not sahwari.PHRASES.lenient
    assert sand.describe(None, 0, A("travel")) == "travel"
    assert burning_sands.describe(None, 0, A("assign", 1)) == "assign 1"
    soa = get_game("sands_of_adventure")
    assert isinstance(soa._said, Phrases)
    state = soa.new_state(Setup.make("sands_of_adventure", ["human"] * 2, seed=1))
    name = soa.tables.name(state, 0)
    assert soa.describe(state, 0, A("move")) == f"{name}: move"
    assert soa.describe(state, 0, A("pass")) == f"{name} passes."


def test_otherwise_says_an_unknown_kind():
    say = Phrases(SAY, otherwise=lambda s, seat, a: f"Seat {seat}: {a}")
    assert say(None, 2, A("wait", 1)) == "Seat 2: wait 1"
