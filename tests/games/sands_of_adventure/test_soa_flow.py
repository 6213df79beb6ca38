"""Sands of Adventure's flow (issue 27): every stage registered once as data, each with its
rulebook section; the questions of a settled state are decisions; refusals are sentences with a
section, the same whether asked through ``refusal`` or ``apply``; no class of mixins is left."""

import inspect

from sandsofplay.engine import A, IllegalAction
from sandsofplay.engine.flow import Flow, Stage
from sandsofplay.games.sands_of_adventure import GAME, common, stages
from sandsofplay.games.sands_of_adventure.game import SandsOfAdventure

from soa_support import new_game, random_states

PARTS = ("setup", "exploration", "timed", "rounds")


def test_every_stage_is_registered_once_with_its_section():
    flow = GAME.flow
    assert isinstance(flow, Flow)
    assert len(flow.stages) == 27
    for name, stage in flow.stages.items():
        assert isinstance(stage, Stage) and stage.name == name
        assert stage.rule and stage.reason is not None, name
        assert stage.apply is not None or stage.auto is not None, name


def test_the_game_class_is_protocol_glue_without_mixins():
    assert SandsOfAdventure.__mro__[1].__name__ == "Game"
    assert not [n for n, _ in inspect.getmembers(SandsOfAdventure, inspect.isfunction)
                if n.startswith("_do_")]


def test_settled_states_ask_decisions_and_refuse_with_sentences():
    """Along random games: each open question belongs to a seat in to_act and has answers; the
    automatic stages have always run; a refusal is a sentence with a section."""
    for seed in range(3):
        for s in random_states(new_game(2 + seed % 3, seed=seed), seed, 400):
            qs, seats = stages.open_now(GAME.tables, s)
            assert seats == GAME.to_act(s)
            for q in qs:
                st = GAME.flow.stages[q.stage]
                if q.seat >= 0:
                    assert GAME.legal_actions(s, q.seat), (q, s.phase)
                if st.auto is not None:
                    assert not st.auto(s.clone(), q, []), q  # nothing left to do by itself
            for seat in range(s.n):
                why = GAME.refusal(s, seat, A("no_such_action"))
                assert isinstance(why, IllegalAction) and why.reason.endswith(".") and why.rule
                for a in (A("draw"), A("roll"), A("pass"), A("leader", 0)):
                    if a in GAME.legal_actions(s, seat):
                        assert GAME.refusal(s, seat, a) is None
                        continue
                    why = GAME.refusal(s, seat, a)
                    assert why.reason and why.rule, (seat, a)
                    try:
                        GAME.apply(s.clone(), seat, a)
                    except IllegalAction as e:
                        assert (e.reason, e.rule) == (why.reason, why.rule)
                    else:
                        raise AssertionError(f"{a} was applied though refused")


def test_stages_are_data_rows_per_part_of_the_round():
    from sandsofplay.games.sands_of_adventure import exploration, rounds, setup, timed
    names = [row[0] for part in (setup, exploration, timed, rounds) for row in part.STAGES]
    assert sorted(names) == sorted(GAME.flow.stages)
    assert callable(common.bind)


def test_a_card_played_while_a_tile_asks_something_else_is_refused_with_that_question():
    """Adventure tiles (Raven Bar: give a card): a card offered while the tile asks whom to
    give it to is refused with the question asked ("choose who receives the card"), not with
    the general rule that cards are played in the Exploration Phase only when a tile says so
    (a new player pressed Enter on a hand card there)."""
    from sandsofplay.games.sands_of_adventure.exploration import HINTS
    seen = set()
    for seed in range(1, 40):
        for s in random_states(new_game(players=2, seed=seed), seed, 600):
            acting = GAME.to_act(s)
            asked = (s.prog[0][0] if s.prog else "") if s.stage == "step" else s.stage
            if acting and s.phase == "explore" and asked in HINTS and \
                    asked not in ("may_play", "move", "roll", "order"):
                seat = acting[0]
                card = next(iter(s.hands[seat]), None)
                if card is not None:
                    why = GAME.refusal(s, seat, A("play", card))
                    assert why is not None and why.reason == \
                        f"No card is played now: {HINTS[asked]}.", (why, asked)
                    seen.add(asked)
        if "give_to" in seen and len(seen) >= 2:
            break
    assert "give_to" in seen and len(seen) >= 2, seen
