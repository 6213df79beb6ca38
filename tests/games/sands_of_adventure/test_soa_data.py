"""Component data: the rulebook's numbers, provenance on every entry, and malformed files
rejected with the file, the entry and the problem named."""

import shutil
import tomllib
from pathlib import Path

import pytest

from sandsofplay.engine import DataError
from sandsofplay.engine.resources import resources_root
from sandsofplay.games.sands_of_adventure import data as D

from soa_support import COMP


def test_data_folder_is_found_from_the_package():
    assert D.DATA_DIR.is_dir()
    assert D.DATA_DIR == resources_root() / "data" / \
        "sands_of_adventure"


def test_twelve_gems_in_two_sizes():
    """Rulebook: Threat Dice - twelve gems, large and small."""
    assert COMP.gem_total == 12 and sum(COMP.gem_count.values()) == 12
    assert set(COMP.gem_count) == {"large", "small"}
    assert COMP.gem_mass["large"] > COMP.gem_mass["small"]


def test_setup_components_counts():
    """Rulebook: Game Setup - 32 Upgrade cards, six Power tokens in three stacks, seven Adventure
    tiles of which five are for round 1, three villain mats in round order."""
    assert len(COMP.upgrade_cards) == 32
    assert all(COMP.cards[c].upgrade for c in COMP.upgrade_cards)
    assert COMP.token_count == {"ignore": 2, "interrupt": 2, "any": 2}
    assert len(COMP.tiles) == 7 and sorted(t.round for t in COMP.tiles) == [1, 1, 1, 1, 1, 2, 3]
    assert [v.name for v in COMP.villains] == ["Colonel Dietrich", "Major Toht", "René Belloq"]
    assert [v.round for v in COMP.villains] == [1, 2, 3]


def test_card_kinds_and_symbols():
    """Rulebook: Cards - Basic cards have one of four colours and one of four objects; Upgrade
    cards one more colour or object; Attack cards match by the colour or object in the corner;
    Snakes cannot be matched."""
    for c in COMP.cards:
        n = len(c.colours) + len(c.objects)
        if c.snake:
            assert n == 0 and c.mask == 0
        elif c.kind == "basic" and not c.upgrade:
            assert len(c.colours) == 1 and len(c.objects) == 1
        elif c.kind == "basic":
            assert n == 3 and c.colours and c.objects
        elif c.attack and not c.upgrade:
            assert n == 1 and c.character in D.CHARACTERS
        else:
            assert n == 2  # upgraded Attack cards are easier to match
        assert c.mask == sum(D.symbol_bit(x) for x in c.colours + c.objects)
    action = [COMP.cards[i] for i in COMP.action_cards]
    assert {c.kind for c in action} == {"basic", "attack", "snake"}
    assert not any(c.upgrade for c in action)


def test_cards_named_in_the_examples_exist():
    """Rulebook examples (Playing Cards, Attack Cards, Timed Phase) name these cards."""
    names = {c.name for c in COMP.cards}
    for name in ("yellow book", "green and red book", "red Attack", "yellow Attack",
                 "red shovel Attack", "yellow hat", "green and yellow shovel", "green Attack"):
        assert name in names, name


def test_tiles_pinned_by_the_examples():
    """Rulebook examples: the Map Room draws two Action cards, lets you play one and rolls one
    Threat die; Peril in the Market lets you choose to draw Upgrade cards and buries them all
    when two show green."""
    mr = COMP.tile_by_id("map_room")
    assert mr.name == "Map Room" and mr.round == 1
    assert mr.a.steps == (("draw_action", 2), ("may_play", 1)) and mr.a.dice == 1
    pm = COMP.tile_by_id("market")
    assert pm.name == "Peril in the Market" and pm.round == 1
    assert pm.a.steps == (("risk_upgrades", 3, "green"),)


def test_villain_mats_pinned_by_the_examples():
    """Rulebook: Activate the Villain (example) - Major Toht's penalty is a small gem for each
    player on his tile; Damaging the Villain (example) - some health row costs two small gems;
    Preparing for the Next Round - one penalty row per health in rounds 1 and 2, none in round 3."""
    toht = COMP.villains[1]
    assert (toht.penalty, toht.penalty_size) == ("gem", "small")
    assert ("small", "small") in COMP.villains[0].rows
    for v in COMP.villains[:2]:
        assert len(v.rows) == v.health
        masses = [sum(COMP.gem_mass[g] for g in row) for row in v.rows]
        assert masses == sorted(masses)  # more health left, more gems
    assert COMP.villains[2].rows == ()


def test_penalty_rows_never_tip_the_timer_before_a_round():
    """Rulebook: Preparing for the Next Round - penalty gems go into the basket before the round
    starts, so no row may reach the lowest tipping point."""
    for v in COMP.villains:
        for row in v.rows:
            assert sum(COMP.gem_mass[g] for g in row) < COMP.timer.tip_min_g


def test_tipping_range_allows_the_thirteenth_gem_case():
    """Rulebook: Threat Dice - with all 12 gems in the basket and no flip, a 13th gem flips the
    timer by hand; the designed range makes that possible but rare."""
    total = sum(COMP.gem_count[g] * COMP.gem_mass[g] for g in D.GEM_SIZES)
    assert COMP.timer.tip_min_g < total <= COMP.timer.tip_max_g
    mid = (COMP.timer.tip_min_g + COMP.timer.tip_max_g) / 2
    assert COMP.timer.tip_max_g - COMP.timer.tip_min_g <= 0.4 * mid  # it varies a little


def test_characters_as_the_rulebook_gives_them():
    """Rulebook: Game Setup and On Your Turn - Marion draws six; Marcus takes a Power token at
    setup; Sallah always rolls one Threat die; Indiana may enter the villain's tile."""
    ch = COMP.characters
    assert {k: c.hand for k, c in ch.items()} == {"indiana": 4, "marion": 6, "sallah": 4,
                                                  "marcus": 4}
    assert ch["marcus"].setup_tokens == 1 and ch["sallah"].threat_dice == 1
    assert [k for k, c in ch.items() if c.enter_villain_tile] == ["indiana"]


def _all_entries(doc):
    for key, value in doc.items():
        if isinstance(value, list) and value and all(isinstance(e, dict) for e in value):
            for i, e in enumerate(value):
                yield f"[[{key}]] #{i + 1}", e
        elif isinstance(value, dict):
            yield f"[{key}]", value


@pytest.mark.parametrize("name", ["cards.toml", "components.toml", "tiles.toml", "villains.toml"])
def test_every_entry_has_provenance(name):
    """Project rule: every data entry says source = rulebook or designed (with a why)."""
    with open(D.DATA_DIR / name, "rb") as fh:
        doc = tomllib.load(fh)
    entries = list(_all_entries(doc))
    assert entries
    for where, e in entries:
        assert e.get("source") in ("rulebook", "designed"), (name, where)
        if e["source"] == "designed":
            assert e.get("why", "").strip(), (name, where)


@pytest.fixture
def data_copy(tmp_path):
    folder = tmp_path / "soa"
    shutil.copytree(D.DATA_DIR, folder)
    return folder


def _edit(folder, name, old, new):
    p = folder / name
    text = p.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {name}"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("name, old, new, expect", [
    ("cards.toml", 'colour = "blue"', 'colour = "purple"', ["cards.toml", "[[basic]] #1", "colour"]),
    ("cards.toml", 'source = "designed"\nwhy = "every colour-object',
     'source = "guessed"\nwhy = "every colour-object', ["cards.toml", "[[basic]] #1", "source"]),
    ("cards.toml", '[[upgrade]]\ncolours = ["blue", "green"]\nobjects = ["book"]',
     '[[upgrade]]\ncolours = ["blue"]\nobjects = ["book"]', ["cards.toml", "[[upgrade]] #1"]),
    ("components.toml", "total = 12", "total = 13", ["components.toml", "[[gem]]", "13"]),
    ("components.toml", 'faces = ["small", "small", "small", "large", "large", "villain"]',
     'faces = ["small", "small", "small", "large", "large", "blank"]',
     ["components.toml", "[threat_die]", "faces"]),
    ("tiles.toml", '"draw_action 2", "may_play 1"', '"draw_action two", "may_play 1"',
     ["tiles.toml", "[[tile]] map_room", "draw_action two"]),
    ("tiles.toml", '"draw_action 2", "may_play 1"', '"dig 2"', ["tiles.toml", "map_room", "dig"]),
    ("villains.toml", 'health = 6', 'health = 7', ["villains.toml", "[[villain]] dietrich", "row"]),
    ("villains.toml", '["large", "large", "small", "small"],\n]',
     '["large", "large", "large", "large", "small", "small", "small", "small", "small", "small"],\n]',
     ["villains.toml", "dietrich", "tip"]),
    ("villains.toml", "[[villain]]\nid = \"dietrich\"", "[[villain]\nid = \"dietrich\"",
     ["villains.toml", "TOML"]),
])
def test_malformed_data_is_rejected_with_file_entry_and_problem(data_copy, name, old, new, expect):
    _edit(data_copy, name, old, new)
    with pytest.raises(DataError) as exc:
        D.load(data_copy)
    msg = str(exc.value)
    for part in expect:
        assert part in msg, (part, msg)


def test_missing_file_is_named(data_copy):
    (data_copy / "tiles.toml").unlink()
    with pytest.raises(DataError) as exc:
        D.load(data_copy)
    assert "tiles.toml" in str(exc.value) and "missing" in str(exc.value)


def test_unmodified_copy_loads_identically(data_copy):
    assert D.load(data_copy) == COMP
