"""Issue 31: counts agree with their nouns in the tables' and games' sentences ("1 coin", not
"1 coins"), through the one helper ``engine.describe.plural``."""

from types import SimpleNamespace

from sandsofplay.engine import A
from sandsofplay.engine.describe import plural
from sandsofplay.games.sand.core import D
from sandsofplay.games.sand.describe import describe as sand_describe
from sandsofplay.tables.sand.labels import reward_words
from sandsofplay.tables.sand.view import mission_text


def test_plural_agrees_with_the_count():
    assert [plural(n, "coin") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert plural(1, "Hero", "Heroes") == "1 Hero" and plural(3, "Hero", "Heroes") == "3 Heroes"


def test_sand_sentences_say_one_coin_and_one_prayer():
    """Sand, Record spaces and paying with Prayers: a reward or payment of one says one."""
    k = next(k for k, v in D.records.items() for opts in v if ("coins", 1) in opts)
    j = next(j for j, opts in enumerate(D.records[k]) if ("coins", 1) in opts)
    i = D.records[k][j].index(("coins", 1))
    assert reward_words((None, None, k, j), i) == "1 coin"
    s = SimpleNamespace(pending=[(None, None, 2)])  # 2 to pay: 1 with Prayers, 1 with coins
    assert sand_describe(s, 0, A("prayers", 1)) == "Pay 1 Prayer and 1 coin."
    assert sand_describe(s, 0, A("prayers", 2)) == "Pay 2 Prayers and 0 coins."
    for m in D.missions:
        text = mission_text(m)
        assert " 1 coins" not in text and "#" in text, text
