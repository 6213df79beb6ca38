"""engine.flow: stages as data and the generic checks done once, on a tiny flow (a race to ten:
the seat whose turn it is adds one or two; reaching a multiple of five adds a bonus point by
itself; a seat may 'shout' while the other thinks)."""

import doctest

import pytest

from sandsofplay.engine import A, Event, IllegalAction
from sandsofplay.engine import flow as flow_module
from sandsofplay.engine.flow import Flow, Question, Stage


class S:
    def __init__(self):
        self.n = 2
        self.total = 0
        self.turn = 0
        self.bonus_due = False
        self.shouts = 0
        self.changed = 0


def questions(s):
    if s.total >= 10:
        return ()
    if s.bonus_due:
        return (Question("bonus", -1),)
    qs = [Question("add", s.turn, data=s.total)]
    if s.shouts < 1:
        qs.append(Question("shout", 1 - s.turn))
    return tuple(sorted(qs, key=lambda q: q.seat))


def add(s, q, a, events):
    s.total += a.args[0]
    s.turn = 1 - s.turn
    s.bonus_due = s.total % 5 == 0
    events.append(Event("added", {"by": q.seat, "n": a.args[0]}))


def bonus(s, q, events):
    s.total += 1
    s.bonus_due = False
    events.append(Event("bonus"))
    return True


def add_reason(s, q, seat, a):
    if seat != q.seat:
        return f"Seat {q.seat} is adding."
    return ("Add one or two.", "Adding")


def shout(s, q, a, events):
    s.shouts += 1


def changing(s):
    s.changed += 1


def shape(s, a):
    if a.kind not in ("add", "shout"):
        return (f"'{a}' is no action of Count.", "How to Play")
    return None


def make():
    f = Flow("Count", questions=questions, over=lambda s: s.total >= 10, over_rule="The End",
             shape=shape, changing=changing)
    f.stage("add", legal=lambda s, q: [A("add", 1), A("add", 2)], apply=add, rule="Your Turn",
            reason=add_reason, prompt="Add one or two")
    f.stage("bonus", legal=lambda s, q: [], apply=None, auto=bonus, rule="Bonus")
    f.stage("shout", legal=lambda s, q: [A("shout")], apply=shout, rule="Shouting",
            allows=lambda s, q, a: a == A("shout"))
    return f


def test_registry_holds_each_stage_once_with_its_section():
    f = make()
    assert set(f.stages) == {"add", "bonus", "shout"}
    assert isinstance(f.stages["add"], Stage) and f.stages["add"].prompt == "Add one or two"
    with pytest.raises(ValueError, match="twice"):
        f.stage("add", legal=lambda s, q: [], apply=add, rule="Again")
    with pytest.raises(ValueError, match="section"):
        f.stage("nameless", legal=lambda s, q: [], apply=add, rule="")


def test_questions_give_to_act_legal_and_is_legal():
    f, s = make(), S()
    assert f.to_act(s) == (0, 1)
    assert f.question(s, 0) == Question("add", 0, 0)
    assert f.legal(s, 0) == [A("add", 1), A("add", 2)]
    assert f.legal(s, 1) == [A("shout")]
    assert f.is_legal(s, 0, A("add", 2)) and not f.is_legal(s, 0, A("add", 3))
    assert f.is_legal(s, 1, A("shout")) and not f.is_legal(s, 0, A("shout"))


def test_apply_changes_then_settles_automatic_stages():
    f, s = make(), S()
    events = f.apply(s, 0, A("add", 2))
    assert [e.kind for e in events] == ["added"] and s.turn == 1 and s.changed == 1
    events = f.apply(s, 1, A("add", 2))
    assert s.total == 4
    events = f.apply(s, 0, A("add", 1))  # 5: the bonus stage runs by itself
    assert [e.kind for e in events] == ["added", "bonus"] and s.total == 6
    assert s.changed == 4  # before the answer, and after the automatic step
    assert f.to_act(s) == (0, 1)


def refusal(f, s, seat, action):
    before = vars(s).copy()
    with pytest.raises(IllegalAction) as e:
        f.apply(s, seat, action)
    assert vars(s) == before  # nothing changed
    assert f.refusal(s, seat, action).args == e.value.args
    return e.value.reason, e.value.rule


def test_generic_checks_in_order_with_fixed_labels():
    f, s = make(), S()
    assert refusal(f, s, 5, A("add", 1)) == ("There is no seat 5.", "turn order")
    assert refusal(f, s, True, A("add", 1)) == ("There is no seat True.", "turn order")
    assert refusal(f, s, 0, ("add", 1))[1] == "action format"
    assert refusal(f, s, 0, A("jump")) == ("'jump' is no action of Count.", "How to Play")
    s.total = 10
    assert refusal(f, s, 0, A("add", 1)) == ("The game is over.", "The End")


def test_refusals_come_from_the_stage_with_its_section():
    f, s = make(), S()
    # a sentence alone cites the stage's section; a pair names its own
    assert refusal(f, s, 0, A("add", 3)) == ("Add one or two.", "Adding")
    # a seat with another question: its own stage answers (no reason given: the default)
    assert refusal(f, s, 1, A("add", 1)) == ("'add 1' is not possible now.", "Shouting")
    s.shouts = 1  # seat 1 is asked nothing now: the open question's stage says why
    assert refusal(f, s, 1, A("add", 1)) == ("Seat 0 is adding.", "Your Turn")
    assert f.refusal(s, 0, A("add", 1)) is None


def test_default_sentence_for_a_seat_not_asked():
    f = Flow("Solo", questions=lambda s: (Question("go", 0),), over=lambda s: False,
             over_rule="End")
    f.stage("go", legal=lambda s, q: [A("go")], apply=lambda s, q, a, e: None, rule="Going")
    s = S()
    assert f.refusal(s, 1, A("go")).args == ("It is not seat 1's turn. (Going)",)
    assert (f.refusal(s, 1, A("go")).reason, f.refusal(s, 1, A("go")).rule) == \
        ("It is not seat 1's turn.", "Going")


def test_a_flow_that_never_settles_is_reported():
    f = Flow("Loop", questions=lambda s: (Question("spin", 0),), over=lambda s: False,
             over_rule="End")
    f.stage("spin", legal=lambda s, q: [], apply=None, auto=lambda s, q, e: True, rule="Spin")
    with pytest.raises(RuntimeError, match="did not settle"):
        f.settle(S(), [])


def test_module_docstring_example_runs():
    result = doctest.testmod(flow_module)
    assert result.attempted > 0 and result.failed == 0


def test_a_question_for_nobody_is_not_in_to_act_but_answers_refusals():
    from sandsofplay.engine.flow import NOBODY
    f = Flow("Dice", questions=lambda s: (Question("rolling", NOBODY),), over=lambda s: False,
             over_rule="End")
    f.stage("rolling", legal=lambda s, q: [], apply=None, rule="Rolling",
            reason=lambda s, q, seat, a: "The die is still rolling.")
    s = S()
    assert f.to_act(s) == () and f.legal(s, 0) == [] and f.question(s, NOBODY) is None
    assert refusal(f, s, 0, A("go")) == ("The die is still rolling.", "Rolling")
