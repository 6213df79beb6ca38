"""Issue 31: a Recruit card taken from the Recruitment area leaves its place empty until the
refill deals a new card into that very place (the row never closes up under the pointer)."""

from sandsofplay.bots.levels import make_bot

from .helpers import GAME, frames, make_table
from .test_table import stand_in_until


def _empty(table, rect) -> bool:
    """Nothing but the table's fixed picture is drawn at ``rect`` of the frame's layer."""
    layer = table.layer(table.obs())
    a = layer.subsurface(rect).copy()
    b = table._static.subsurface(rect).copy()
    return a.get_view("2").raw == b.get_view("2").raw


def test_a_taken_card_leaves_a_gap_that_the_refill_fills(app):
    """Rulebook 2. Collect B (take one of the 4 cards) and 5. End of the Turn (fill up the
    Recruitment area): the other cards stay where they were, the taken card's place stays
    empty, and the new card slides from the deck into that place."""
    table = make_table(app, ["human", "bot:normal"], seed=3, fast=False)
    stand_in_until(app, table, lambda s: s.pending and s.pending[-1][0] == "card" and
                   len(s.area) == 4)
    seat = table.match.state.cur
    before = dict(table.geo.area_rects(table.obs()))
    taken = table.match.state.area[1]  # a card with neighbours on both sides
    gap = before[taken]
    assert table.perform(seat, next(a for a in GAME.legal_actions(table.match.state, seat)
                                    if a.kind == "card" and a.args[0] == taken))
    table.settle()
    after = dict(table.geo.area_rects(table.obs()))
    assert taken not in after and len(after) == 3
    assert all(after[c] == before[c] for c in after)  # nobody moved up into the gap
    assert gap not in after.values() and _empty(table, gap)
    # the rest of the turn, played by a stand-in, until the area is filled up again
    bot = make_bot(GAME, "normal", seat, 5)
    dealt = None
    for _ in range(60):
        st = table.match.state
        if len(st.area) == 4:
            break
        assert seat in GAME.to_act(st), "the turn passed without a refill"
        table.perform(seat, bot.decide(GAME.observe(st, seat), GAME.legal_actions(st, seat)))
        if table.timeline.busy:
            dealt = next((s for s in table.timeline.steps if s.kind == "deal"), dealt)
        # the gap stays empty while the refill waits its turn in the timeline
        if dealt is None:
            assert _empty(table, gap)
    assert dealt is not None and len(dealt.cards) == 1
    new = dealt.cards[0]
    assert dict(table.geo.area_rects(table.obs()))[new] == gap
    # until its deal plays, the new card is not drawn in the gap; then it slides in from the deck
    xs = []
    for _ in range(400):
        cur = table.timeline.current
        if cur is dealt and cur.t > 0:
            xs.append(cur.progress)
        if not table.timeline.busy:
            break
        if dealt in table.timeline.steps:
            assert _empty(table, gap)
        frames(app)
    assert xs and xs[-1] > xs[0]
    assert not _empty(table, gap)  # dealt: the new card lies in the taken card's place
    assert all(dict(table.geo.area_rects(table.obs()))[c] == before[c]
               for c in before if c != taken and c in table.match.state.area)
