"""Flow as data: a game's stages in one registry, and the checks every game shares done once.

The shape follows boardgame.io's phase/stage configuration (flow as data) and its reducer's order
of checks. A game describes each point where its rules stop and ask a question as one ``Stage``:

* ``legal(s, q) -> list[Action]`` - every answer to the question ``q``, in a deterministic order;
* ``apply(s, q, action, events)`` - perform one legal answer, appending ``Event``s;
* ``auto(s, q, events) -> bool`` - optional: a stage that can move on by itself (an automatic
  step of the rules) does so and returns True; it returns False, changing nothing, when a
  decision is due;
* ``reason(s, q, seat, action) -> str | (str, str)`` - why ``seat`` may not take ``action`` while
  ``q`` is open: a sentence a player reads. A plain sentence cites the stage's ``rule``; a
  ``(sentence, section)`` pair cites a more precise rulebook section. ``seat`` may be a seat the
  question is not for (it is not that seat's turn): the sentence should say so. Optional: without
  it (or when it answers ""), the flow says "It is not <seat>'s turn." or "'<action>' is not
  possible now." with the stage's section;
* ``rule`` - the rulebook section of the stage, cited by its refusals;
* ``allows(s, q, action) -> bool`` - optional: ``action in legal(s, q)`` answered faster;
* ``prompt`` - optional: a short line for a table ("Choose a tile to move to").

The pending question
--------------------
One shape in every game: ``Question(stage, seat, data)``, a frozen value. ``stage`` names the
registered stage that asks, ``seat`` is the seat that answers, ``data`` is whatever the stage
needs to know about this particular question (an Adventure tile's step, a frame dict of a stack
of decisions, or None). A game tells the flow which questions are open with one function,
``questions(s) -> tuple[Question, ...]``: one question per seat that may act now, in the order of
``to_act``; empty when the game is over. A real-time phase may have several seats, each with
its own question, open at once. A question for ``NOBODY`` (seat -1) says where the rules stand
while no seat may answer (a die still rolling, an automatic step): it is not in ``to_act``, but
its stage runs its ``auto`` and answers refusals. Where the rules keep their decisions on a stack
(Burning Sands), ``questions`` reads the top frame; where the state's phase and stage fields say
where the rules stand (Sands of Adventure), it reads those.

The generic checks
------------------
``Flow.apply(s, seat, action)`` refuses, with ``IllegalAction(reason, rule)`` and without changing
anything, in this order: the game is over ("The game is over.", the game's end-of-game section);
there is no such seat ("There is no seat N.", "turn order"); the action is not an ``Action``
("... is not an action.", "action format"); the game's ``shape`` check (an unknown kind, wrong
arguments - optional); and then, asked of the stage, an action that is not among the seat's legal
answers (including a seat that is not asked anything): the stage's ``reason``. Only then does
the state change: ``changing(s)`` (optional: forget caches worked out from the state), the
stage's ``apply``, and ``settle``, which runs automatic stages until a decision is due (calling
``changing`` again after each automatic step that moved things on).

A tiny flow (a counter that the seat whose turn it is raises by one or two, to ten):

>>> from sandsofplay.engine import A
>>> class S:
...     def __init__(self): self.n, self.total, self.turn = 2, 0, 0
>>> flow = Flow("Count", questions=lambda s: () if s.total >= 10 else (Question("add", s.turn),),
...             over=lambda s: s.total >= 10, over_rule="End")
>>> def add(s, q, a, events):
...     s.total += a.args[0]
...     s.turn = 1 - s.turn
>>> _ = flow.stage("add", legal=lambda s, q: [A("add", 1), A("add", 2)], apply=add,
...                rule="Your Turn")
>>> s = S()
>>> flow.apply(s, 0, A("add", 2))
[]
>>> flow.to_act(s), s.total
((1,), 2)
>>> flow.apply(s, 0, A("add", 1))
Traceback (most recent call last):
...
sandsofplay.engine.errors.IllegalAction: It is not seat 0's turn. (Your Turn)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import IllegalAction
from .game import Action

_SETTLE_LIMIT = 100_000
NOBODY = -1  # the seat of a question no seat answers now


@dataclass(frozen=True, slots=True)
class Question:
    """A question the rules are waiting on: ``stage`` asks it, ``seat`` answers it, ``data`` is
    what the stage needs to know about it (see the module docstring)."""

    stage: str
    seat: int
    data: Any = None


@dataclass(frozen=True, slots=True)
class Stage:
    """One point of a game's flow (see the module docstring for each field)."""

    name: str
    legal: Callable
    apply: Callable
    rule: str
    reason: Callable | None = None
    auto: Callable | None = None
    allows: Callable | None = None
    prompt: str = ""

    def permits(self, s, q: Question, action) -> bool:
        if self.allows is not None:
            return self.allows(s, q, action)
        return action in self.legal(s, q)

    def refusal(self, s, q: Question, seat: int, action) -> IllegalAction:
        """The stage's refusal of ``action`` by ``seat`` while ``q`` is open."""
        said = self.reason(s, q, seat, action) if self.reason is not None else ""
        if isinstance(said, tuple):
            return IllegalAction(*said)
        if said:
            return IllegalAction(said, self.rule)
        if seat != q.seat:
            return IllegalAction(f"It is not seat {seat}'s turn.", self.rule)
        return IllegalAction(f"'{action}' is not possible now.", self.rule)


class Flow:
    """A game's stages, and the protocol built on them: ``to_act``, ``legal``, ``is_legal``,
    ``refusal``, ``apply`` and ``settle``.

    ``questions(s)``: the open questions (see the module docstring). ``over(s)``: whether the game
    is over; ``over_rule`` is the section cited when an action comes after the end.
    ``seat_count(s)``: how many seats (default ``s.n``). ``shape(s, action)``: optional, a
    ``(reason, rule)`` pair for an action malformed whatever the state, else None.
    ``changing(s)``: optional, called before the state changes (forget cached views)."""

    def __init__(self, game: str, *, questions: Callable, over: Callable, over_rule: str,
                 seat_count: Callable | None = None, shape: Callable | None = None,
                 changing: Callable | None = None):
        self.game = game
        self.questions = questions
        self.over = over
        self.over_rule = over_rule
        self.seat_count = seat_count or (lambda s: s.n)
        self.shape = shape
        self.changing = changing
        self.stages: dict[str, Stage] = {}

    # --- the registry -----------------------------------------------------------------------------
    def stage(self, name: str, legal: Callable, apply: Callable, rule: str, *,
              reason: Callable | None = None, auto: Callable | None = None,
              allows: Callable | None = None, prompt: str = "") -> Stage:
        """Register a stage; a name is registered once."""
        return self.add(Stage(name, legal, apply, rule, reason, auto, allows, prompt))

    def add(self, stage: Stage) -> Stage:
        if stage.name in self.stages:
            raise ValueError(f"{self.game}: the stage {stage.name!r} is registered twice")
        if not stage.rule:
            raise ValueError(f"{self.game}: the stage {stage.name!r} names no rulebook section")
        self.stages[stage.name] = stage
        return stage

    # --- reading ----------------------------------------------------------------------------------
    def question(self, s, seat) -> Question | None:
        """The question ``seat`` answers now, or None."""
        if seat is None or seat < 0:
            return None
        for q in self.questions(s):
            if q.seat == seat:
                return q
        return None

    def to_act(self, s) -> tuple[int, ...]:
        return tuple(q.seat for q in self.questions(s) if q.seat != NOBODY)

    def legal(self, s, seat) -> list:
        q = self.question(s, seat)
        if q is None:
            return []
        return self.stages[q.stage].legal(s, q)

    def is_legal(self, s, seat, action) -> bool:
        q = self.question(s, seat)
        return q is not None and self.stages[q.stage].permits(s, q, action)

    def refusal(self, s, seat, action) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` now, as the ``IllegalAction`` that ``apply`` would
        raise; None when the action is legal. Changes nothing."""
        try:
            self.check(s, seat, action)
        except IllegalAction as e:
            return e
        return None

    def check(self, s, seat, action) -> Question:
        """The generic checks, then the stage's: the question ``action`` answers, or
        ``IllegalAction``. Changes nothing."""
        if self.over(s):
            raise IllegalAction("The game is over.", self.over_rule)
        if type(seat) is not int or not 0 <= seat < self.seat_count(s):
            raise IllegalAction(f"There is no seat {seat}.", "turn order")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action.", "action format")
        if self.shape is not None:
            bad = self.shape(s, action)
            if bad is not None:
                raise IllegalAction(*bad)
        open_now = self.questions(s)
        for q in open_now:
            if q.seat == seat:
                stage = self.stages[q.stage]
                if stage.permits(s, q, action):
                    return q
                raise stage.refusal(s, q, seat, action)
        if not open_now:
            raise IllegalAction("Nothing can be done now.", self.over_rule)
        q = open_now[0]  # not this seat's turn: the question open for the others says why
        raise self.stages[q.stage].refusal(s, q, seat, action)

    # --- changing ---------------------------------------------------------------------------------
    def apply(self, s, seat, action) -> list:
        """Check (see ``check``), then answer the question and settle; returns the events."""
        q = self.check(s, seat, action)
        events: list = []
        if self.changing is not None:
            self.changing(s)
        self.stages[q.stage].apply(s, q, action, events)
        self.settle(s, events)
        return events

    def settle(self, s, events: list) -> None:
        """Run automatic stages until every open question waits for a decision."""
        stages = self.stages
        changing = self.changing
        for _ in range(_SETTLE_LIMIT):
            for q in self.questions(s):
                auto = stages[q.stage].auto
                if auto is not None and auto(s, q, events):
                    if changing is not None:
                        changing(s)
                    break
            else:
                return
        raise RuntimeError(f"{self.game}: the rules did not settle")


__all__ = ["NOBODY", "Flow", "Question", "Stage"]
