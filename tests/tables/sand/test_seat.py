"""The Sand table reads the observation of the seat it shows, never the full state (issue 27,
Tables; DESIGN.md, "The shape of a table"): the source reads no ``.state`` but in the declared
exceptions, and the rules' answers it asks of a state rebuilt from the observation
(``seat.SeatRules``) are those of the real state, along whole games (Rulebook: Setup step 2 -
the decks' order is hidden; nothing else a seat decides with is)."""

import ast
from pathlib import Path

import pytest

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import A, Match, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.games.sand.describe import why_illegal
from sandsofplay.tables.sand import seat as seat_mod
from sandsofplay.tables.sand.labels import short_label

GAME = get_game("sand")
TABLE_DIR = Path(seat_mod.__file__).parent
# (module, class) where the full state may be read: the replay's face-up view, and the
# sequences' second run of the rules (it needs the decks' order and the RNG; only observations
# come out of it)
EXCEPTIONS = {("face_up.py", None), ("sequence.py", "ActionReplay")}


def state_reads(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    out = []

    def walk(node, cls):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.ClassDef) else cls
            if isinstance(child, ast.Attribute) and child.attr == "state" and \
                    (path.name, None) not in EXCEPTIONS and (path.name, cls) not in EXCEPTIONS:
                out.append(f"{path.name}:{child.lineno} reads {ast.unparse(child)}")
            walk(child, inner)
    walk(tree, None)
    return out


def test_the_table_reads_no_full_state_outside_the_declared_exceptions():
    problems = [p for f in sorted(TABLE_DIR.glob("*.py")) for p in state_reads(f)]
    assert problems == []
    # the check sees what it is meant to
    probe = TABLE_DIR / "pacing.py"
    assert not state_reads(probe)
    src = "class X:\n    def f(self):\n        return self.match.state.players\n"
    tmp = Path(__file__).with_name("_probe_state_read.py")
    try:
        tmp.write_text(src)
        assert state_reads(tmp) == ["_probe_state_read.py:3 reads self.match.state"]
    finally:
        tmp.unlink()


def answers(state, seat):
    legal = GAME.legal_actions(state, seat)
    return (legal, [GAME.describe(state, seat, a) for a in legal],
            [short_label(state, seat, a) for a in legal],
            why_illegal(state, seat, A("load", 0)), list(GAME.to_act(state)))


@pytest.mark.parametrize("seats,options,seed", [(2, (), 4), (1, (("alhazred", "expert"),), 5),
                                                (3, (), 8)])
def test_the_rules_answer_the_same_from_the_observation(seats, options, seed):
    specs = tuple(SeatSpec("bot", "easy", f"P{i}", "") for i in range(seats))
    match = Match(GAME, Setup("sand", specs, options, seed), track_hashes=False,
                  keep_undo=False)
    bots = {i: make_bot(GAME, "easy", i, seed + i) for i in range(seats)}
    seen = {}
    rules = seat_mod.SeatRules(GAME, lambda: (seen["key"], seen["obs"]))
    checked = 0
    while not match.is_over() and checked < 400:
        seat = GAME.to_act(match.state)[0]
        seen["key"], seen["obs"] = match.version, GAME.observe(match.state, seat)
        assert answers(rules.world(), seat) == answers(match.state, seat)
        checked += 1
        action = bots[seat].decide(seen["obs"], GAME.legal_actions(match.state, seat))
        match.apply(seat, action)
    assert checked > 100
