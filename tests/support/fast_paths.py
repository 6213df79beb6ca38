"""Shared checks of a game's fast paths (issue 28: ``legal_actions`` and ``apply`` answered
straight from the state where the flow would ask again): an action applied both ways leaves the
same events and check form, and right after a listing anything else is refused with the flow's
own refusal."""

import pytest

from sandsofplay.engine import A, Setup
from sandsofplay.engine.errors import IllegalAction


def assert_same_play(events, other_events, form, s, other):
    """The fast ``apply`` (``events``, state ``s``) and the flow's (``other_events``, ``other``)
    did the same: the same events, the same check form."""
    assert [(e.kind, e.text) for e in events] == [(e.kind, e.text) for e in other_events]
    assert form(s) == form(other)


def assert_refuses_as_the_flow(game, flow, form):
    """Right after a seat's answers are listed, anything else is refused with the flow's own
    refusal (another seat, an action not listed, a plain tuple equal to a listed action, a seat
    out of range, a bool for a seat), and the state is untouched."""
    s = game.new_state(Setup.make(game.id, ["human"] * 2, seed=3))
    seat = game.to_act(s)[0]
    legal = game.legal_actions(s, seat)
    before = form(s)
    for who, action in ((1 - seat, legal[0]), (seat, A("fly", 9)), (seat, tuple(legal[0])),
                        (2, legal[0]), (True, legal[0])):
        game.legal_actions(s, seat)
        want = flow.refusal(s, who, action)
        assert want is not None
        with pytest.raises(IllegalAction) as got:
            game.apply(s, who, action)
        assert (got.value.reason, got.value.rule) == (want.reason, want.rule)
    assert form(s) == before
