"""Table layouts from Tiled maps (pytmx): the shipped map has every region the table needs, and a
broken map is reported with the file and the problem."""

import pytest

from sandsofplay.engine import DataError
from sandsofplay.tables.sands_of_adventure.table import REQUIRED
from sandsofplay.ui.tiled import load_layout, map_path


def test_sands_of_adventure_map_has_every_region_inside_the_screen():
    layout = load_layout(map_path("sands_of_adventure"), REQUIRED)
    assert layout.size == (1280, 720)
    assert len(layout.series("tile")) == 5 and len(layout.series("mat")) == 4
    for name in REQUIRED:
        r = layout.rect(name)
        assert 0 <= r.x and r.right <= 1280 and 0 <= r.y and r.bottom <= 720, name
    tiles = layout.series("tile")
    assert all(a.right < b.x for a, b in zip(tiles, tiles[1:]))  # left to right, no overlap


@pytest.mark.parametrize("content,expect", [
    ("<map", "not valid XML"),
    ('<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="80" height="45" '
     'tilewidth="16" tileheight="16"><objectgroup name="a"><object id="1" x="0" y="0" width="5" '
     'height="5"/></objectgroup></map>', "has no name"),
    ('<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="80" height="45" '
     'tilewidth="16" tileheight="16"><objectgroup name="a"><object id="1" name="x" x="2000" '
     'y="0" width="5" height="5"/></objectgroup></map>', "outside"),
    ('<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="80" height="45" '
     'tilewidth="16" tileheight="16"><objectgroup name="a"><object id="1" name="x" x="1" y="0" '
     'width="5" height="5"/></objectgroup></map>', "lacks timer"),
])
def test_broken_map_is_reported(tmp_path, content, expect):
    path = tmp_path / "broken.tmx"
    path.write_text(content)
    with pytest.raises(DataError) as exc:
        load_layout(path, ["timer"])
    assert "broken.tmx" in str(exc.value) and expect in str(exc.value)


def test_missing_map_is_reported(tmp_path):
    with pytest.raises(DataError) as exc:
        load_layout(tmp_path / "none.tmx")
    assert "missing" in str(exc.value)
