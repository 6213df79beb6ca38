"""Burning Sands' flow (issue 27; Sequence of Play): every frame kind registered once as a stage
with its rulebook section and a reason; the question of a settled state is a decision; a
refusal is a sentence naming a player, the same whether asked through ``refusal`` or
``apply``, and it changes nothing."""

import pathlib

from sandsofplay.engine import A, RNG, IllegalAction, Setup
from sandsofplay.engine.flow import Flow, Stage
from sandsofplay.games.burning_sands import GAME, stages

RULEBOOK = pathlib.Path("/work/shared/rulebooks/burning_sands.txt")
SECTIONS = {line.strip() for line in RULEBOOK.read_text().splitlines()} \
    if RULEBOOK.exists() else set()


def test_every_frame_kind_is_one_stage_with_its_section():
    flow = stages.FLOW
    assert isinstance(flow, Flow)
    names = [row[0] for part in stages.PARTS for row in part.STAGES]
    assert sorted(names) == sorted(flow.stages) and len(names) == len(set(names)) == 23
    for name, st in flow.stages.items():
        assert isinstance(st, Stage) and st.name == name
        assert st.rule and st.reason is not None and st.auto is not None, name
        if SECTIONS:
            assert st.rule in SECTIONS, (name, st.rule)


def test_settled_states_ask_decisions_and_refuse_with_sentences():
    """Along random games: the top frame asks a seat in to_act that has answers; its automatic
    step has run; a refusal is a sentence with a section and naming a player."""
    for seed in range(3):
        n = 2 + seed
        s = GAME.new_state(Setup.make("burning_sands", ["human"] * n, seed=seed))
        rng = RNG(seed)
        for step in range(300):
            if GAME.outcome(s) is not None:
                break
            (q,) = stages.questions(s)
            assert GAME.to_act(s) == (q.seat,)
            legal = GAME.legal_actions(s, q.seat)
            assert legal and legal == stages.answers(s, q.seat)
            c = s.clone()
            assert not stages.FLOW.stages[q.stage].auto(c, stages.questions(c)[0], [])
            if step % 7 == 0:
                before = GAME.state_to_json(s)
                for seat in range(n):
                    for a in (A("frobnicate"), A("abandon"), A("pass"), A("attack"), A("done")):
                        if a in legal and seat == q.seat:
                            assert GAME.refusal(s, seat, a) is None
                            continue
                        why = GAME.refusal(s, seat, a)
                        assert isinstance(why, IllegalAction), (seat, a)
                        assert why.reason.endswith(".") and "Player " in why.reason and why.rule
                        assert "not allowed now" not in why.reason  # no machine text
                        try:
                            GAME.apply(s, seat, a)
                        except IllegalAction as e:
                            assert (e.reason, e.rule) == (why.reason, why.rule)
                        else:
                            raise AssertionError(f"{a} was applied though refused")
                assert GAME.state_to_json(s) == before
            GAME.apply(s, q.seat, legal[rng.randrange(len(legal))])


def test_another_seat_is_told_whose_turn_it_is():
    s = GAME.new_state(Setup.make("burning_sands", ["human"] * 2, seed=1))
    (q,) = stages.questions(s)
    other = 1 - q.seat
    why = GAME.refusal(s, other, A("pass"))
    assert why.reason.startswith(f"It is Player {q.seat + 1}'s turn to ")
