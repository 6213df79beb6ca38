"""Component data: every number the rulebook gives (Rulebook: Components), provenance, and a
malformed file rejected with a clear message."""

import shutil
from pathlib import Path

import pytest

from sandsofplay.engine import DataError
from sandsofplay.games.sahwari import data as datamod

from .helpers import D


def test_components_counts_match_the_rulebook():
    """Rulebook: Components - 24 tiles + Guild, 36 Recruit cards (6 Clan Ability cards), 8 small
    and 11 guarded caravans, six clans, 11 Guildmaster cards, 12 pawns on the tiles."""
    assert len(D.tiles) == 24
    assert len(D.cards) == 36
    assert sorted(c.clan for c in D.cards if c.clan) == sorted(
        ["merchant", "diplomat", "thief", "spy", "dealer", "raider"])
    assert sum(c.kind == "small" for c in D.caravans) == 8
    assert sum(c.kind == "guarded" for c in D.caravans) == 11
    assert set(D.clans) == {"merchant", "diplomat", "thief", "spy", "dealer", "explorer"}
    assert len(D.gm_cards) == 11
    assert sum(t.pawns for t in D.tiles) == datamod.TOTAL_PAWNS == 12
    assert sum(t.one for t in D.tiles) == 4
    # two caravans are left over at setup: one small and one guarded shape fewer than tokens
    assert sum(t.small for t in D.tiles) == 7 and sum(t.guarded for t in D.tiles) == 10


def test_small_caravans_are_never_negative_and_some_guarded_are():
    """Rulebook: C. Rallying a Caravan - small tokens always positive, guarded can be negative."""
    assert all(c.influence >= 0 for c in D.caravans if c.kind == "small")
    assert any(c.influence < 0 for c in D.caravans if c.kind == "guarded")


def test_diplomat_storage_is_four_and_aurore_values():
    """Rulebook: Example 1 - the Diplomat stores four cubes; the second space carries Spying and
    two cubes show 2 Influence."""
    dip = D.clans["diplomat"]
    assert dip.capacity == 4
    assert dip.storage_abilities[1] == "spy"
    assert dip.storage_value(2) == 2


def test_cube_budget_fits_thirty_for_four_players():
    """Rulebook: Components (30 cubes) and Setup A.5, B.8, B.10 - tiles, corners, "1" tiles and
    four storages all fit, with cubes left in the supply."""
    on_tiles = sum(t.artifacts for t in D.tiles) + 4 + 4
    assert on_tiles + 4 < datamod.TOTAL_CUBES


def test_every_entry_has_provenance():
    """Design guide: every designed entry says so and why."""
    import tomllib
    for f in Path(datamod.DATA_DIR).glob("*.toml"):
        raw = tomllib.loads(f.read_text())
        for key, val in raw.items():
            entries = val if isinstance(val, list) else [val]
            for e in entries:
                assert e.get("source") in ("designed", "rulebook"), (f.name, key, e)
                if e["source"] == "designed":
                    assert e.get("why"), (f.name, key, e)


@pytest.mark.parametrize("file,old,new,words", [
    ("recruits.toml", 'left = "green spy"', 'left = "purple spy"', ["recruits.toml", "card #1", "purple"]),
    ("caravans.toml", "influence = 2\n", "influence = -2\n", ["caravans.toml", "caravan #1", "positive"]),
    ("tiles.toml", "pawns = 2", "pawns = 3", ["tiles.toml", "12 Recruit pawns"]),
    ("clans.toml", "storage = [0, 1, 2, 4]", "storage = [0, 1, 2, 4, 5]", ["clans.toml", "Diplomat"]),
    ("guildmaster.toml", 'want = "pawn"', 'want = "camel"', ["guildmaster.toml", "card #1", "want"]),
    ("recruits.toml", 'source = "designed"\nwhy', 'whence = "designed"\nwhy', ["recruits.toml", "card #1", "source"]),
])
def test_malformed_file_is_rejected_naming_file_entry_problem(tmp_path, file, old, new, words):
    """Design guide, Data and provenance: a bad file names the file, the entry and the problem."""
    for f in Path(datamod.DATA_DIR).glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as exc:
        datamod.load(tmp_path)
    for w in words:
        assert w in str(exc.value)


def test_broken_toml_syntax_is_a_data_error(tmp_path):
    """Design guide, Data and provenance: a file that is not TOML is named in the error."""
    for f in Path(datamod.DATA_DIR).glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "clans.toml").write_text("[[clan]\nname = ")
    with pytest.raises(DataError, match="clans.toml"):
        datamod.load(tmp_path)
