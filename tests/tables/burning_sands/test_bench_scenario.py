"""The Burning Sands bench scenario (tools/bench.py --only scenes) measures a 4-player table late
in a game while the human decides: its table must really reach that moment, with the human still
in, or the bench would time an ended game (it once drew no frames at all)."""

from sandsofplay.tables.burning_sands.bench import _late_table


def test_the_bench_table_reaches_turn_8_with_the_human_to_act(app):
    table, _stand_in = _late_table(app)
    st = table.match.state
    assert not table.match.is_over()
    assert st.turn >= 8
    assert table.game.to_act(st)[0] == 0
    assert st.stack[-1]["k"] == "prio"
