"""City Sections are not bought blind (issue 31): each Buy button says its cost, Strength and the
Water it holds; pointing at one reads it large; the prompt says the City Points left; a card's
Influence is said as a value where it is one (Rulebook: Stronghold; City Section; Game setup;
Influence)."""

import pygame

from sandsofplay.engine import A
from sandsofplay.games.burning_sands import cards as C
from sandsofplay.tables.burning_sands.faces import kind_and_cost
from tests.tables.helpers import make_table as _make


def make_table(app, seats, seed):
    return _make(app, "burning_sands", seats, seed)


def test_buy_buttons_say_cost_strength_and_water_and_the_prompt_the_points_left(app):
    table = make_table(app, ("human", "bot:easy"), seed=3)
    app.frame(1 / 60)
    buys = [(b, a) for b, _s, a, _n in table.action_buttons if a.kind == "buy"]
    assert buys
    for b, a in buys:
        c = C.D.by_id[a.args[0]]
        assert b.text == f"{c.name}: {c.cp_cost} CP, Str {c.strength}, Water {c.capacity}"
    st = table.seen()
    strong = C.card(st, st.stronghold[0])
    assert f"{st.stack[-1]['cp']} of {strong.cp} City Points left" in table.prompt.text(
        table.observation())
    desc = table.game.describe(st, 0, buys[0][1])
    c = C.D.by_id[buys[0][1].args[0]]
    assert f"Strength {c.strength}" in desc and f"holds {c.capacity} Water" in desc


def test_pointing_at_a_buy_button_reads_the_section_large(app):
    table = make_table(app, ("human", "bot:easy"), seed=3)
    app.frame(1 / 60)
    b, a = next((b, a) for b, _s, a, _n in table.action_buttons if a.kind == "buy")
    table.pointer.pos = b.rect.center
    assert table.side.offered_section() is C.D.by_id[a.args[0]]
    table.pointer.pos = (5, 700)
    assert table.side.offered_section() is None
    surf = pygame.Surface((1280, 720))
    table.pointer.pos = b.rect.center
    assert table.side.draw_section_offer(surf)


def test_influence_is_a_value_on_strongholds_heroes_and_followers_a_cost_elsewhere():
    strong = next(c for c in C.CARDS if c.type == "stronghold" and c.influence)
    lines = kind_and_cost(strong)
    assert f"City Points {strong.cp}" in lines and f"Influence {strong.influence}" in lines
    assert not any(line.startswith("Cost:") and "Influence" in line for line in lines)
    council = [c for c in C.CARDS if c.type == "action" and c.influence]
    for c in council[:3]:
        assert any(line.startswith("Cost:") and "Influence" in line for line in kind_and_cost(c))
