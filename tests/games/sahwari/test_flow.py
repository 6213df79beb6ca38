"""Sahwari on ``engine.flow`` (issue 27; Design guide, The game protocol: IllegalAction carries a
sentence a player reads and its rulebook section): one stage per point where the rules ask,
the generic checks done once by the flow, the stage saying why an action is refused."""

import json

import pytest

from sandsofplay.engine import RNG, A, Setup
from sandsofplay.games.sahwari import GAME, stages
from sandsofplay.games.sahwari.pieces import who
from sandsofplay.games.sahwari.state import to_json

MODES = [(1, {}), (2, {}), (4, {}), (3, {"variant": "three_player_variant"})]
ODD = [A("end_turn"), A("strike"), A("stop"), A("skip"), A("move", 9, 3), A("move", 2, 7),
       A("guild", 0, 24), A("take", "pawn"), A("caravan", 5), A("pawns", "storm"), A("clan", "spy"),
       A("colour", "green"), A("place", 12), A("space", 40), A("lock", 3), A("blocked", 1)]


def games(n, opts, seeds=(3, 8)):
    """Every state of random games, with the seat to act."""
    for seed in seeds:
        s = GAME.new_state(Setup.make("sahwari", ["human"] * n, seed=seed, **opts))
        rng = RNG(seed)
        while GAME.outcome(s) is None:
            seat = GAME.to_act(s)[0]
            yield s, seat
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_every_stage_cites_its_rulebook_section():
    """Each stage of the flow names the section of the rulebook its refusals cite."""
    assert {"clan", "colour", "place_guild", "place", "reenter", "move", "move2", "guild", "end",
            "collect", "cube", "card", "edge", "caravan", "icons", "spy", "storm", "storm_to",
            "theft", "rally", "attack", "lock", "push"} == set(stages.FLOW.stages)
    for st in stages.FLOW.stages.values():
        assert st.rule and st.rule[0].isupper() or st.rule[0].isdigit()


@pytest.mark.parametrize("n,opts", MODES)
def test_the_question_is_the_seat_to_act_and_the_answers_are_its_legal_actions(n, opts):
    """Game Turn: one player acts at a time; the open question is theirs, and its answers are
    what is legal (``is_legal`` and ``refusal`` agree with the list)."""
    for s, seat in games(n, opts, seeds=(5,)):
        (q,) = stages.questions(s)
        assert q.seat == seat == s.cur and q.stage in stages.FLOW.stages
        legal = GAME.legal_actions(s, seat)
        assert legal and all(GAME.is_legal(s, seat, a) and GAME.refusal(s, seat, a) is None
                             for a in legal)


@pytest.mark.parametrize("n,opts", MODES)
def test_refusals_are_sentences_with_a_section_and_change_nothing(n, opts):
    """Every refused action gets a sentence and a section, the same from ``refusal`` as from
    ``apply``, which leaves the state untouched; a seat whose turn it is not is told whose it
    is, by name."""
    checked = 0
    for s, seat in games(n, opts):
        legal = GAME.legal_actions(s, seat)
        for a in ODD:
            if a in legal:
                continue
            r = GAME.refusal(s, seat, a)
            assert r is not None and r.rule and r.reason[0].isupper() and r.reason.endswith(".")
            before = json.dumps(to_json(s), sort_keys=True)
            with pytest.raises(type(r)) as exc:
                GAME.apply(s, seat, a)
            assert (exc.value.reason, exc.value.rule) == (r.reason, r.rule)
            assert json.dumps(to_json(s), sort_keys=True) == before
            checked += 1
        if n > 1:
            other = (seat + 1) % n
            r = GAME.refusal(s, other, legal[0])
            assert r.reason == f"It is {who(s, seat)}'s turn, not {who(s, other)}'s."
    assert checked > 100


def test_a_refused_move_says_why_in_the_words_of_the_rules():
    """Rulebook 1. Move: a move that breaks the rules of movement is refused with the reason
    ``board.why_not_move`` gives, naming the rule; a camel of another player is not yours to
    move."""
    for s, seat in games(2, {}, seeds=(2,)):
        if s.step == "move" and not s.pending:
            break
    mine = [k for k in range(6) if s.camel_owner[k] == seat and s.camel_cell[k] >= 0]
    theirs = [k for k in range(6) if s.camel_owner[k] == 1 - seat and s.camel_cell[k] >= 0]
    k = mine[0]
    at = s.camel_cell[k]
    diagonal = at + 6 if at % 5 < 4 and at < 19 else at - 6
    r = GAME.refusal(s, seat, A("move", k, diagonal))
    assert "one straight line" in r.reason and r.rule == "1. Move"
    r = GAME.refusal(s, seat, A("move", theirs[0], s.camel_cell[theirs[0]]))
    assert r.reason.startswith(who(s, seat)) and "only their own camels" in r.reason
