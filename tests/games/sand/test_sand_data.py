"""Sand: component data (Rulebook: Components, and the numbers its examples pin), the board's
topology against the Tiled map, and clear errors for damaged data files."""

import shutil
import xml.etree.ElementTree as ET

import pytest

from sandsofplay.engine import DataError
from sandsofplay.games.sand.data import DATA_DIR, RESOURCES, SandData, get

D = get()
MAP = RESOURCES / "maps" / "sand_board.tmx"


def test_components_counts():
    """Components: 115 Boxes (20 of each plant, 5 of each craft and relic, 5 Iwakura), 40
    Missions in five workdays of 8, 8 Codex cards, 6 camps, 8 Travelers."""
    assert sum(D.counts.values()) == 115
    assert [D.counts[c] for c in ("blue", "red", "white", "black")] == [20] * 4
    assert len(D.of_type["craft"]) == 3 and len(D.of_type["relic"]) == 3
    assert len(D.missions) == 40 and len(D.codex) == 8 and len(D.camps) == 6
    assert len(D.travelers) == 8


def test_board_has_port_ten_cities_oases_and_six_camps():
    """Locations: the port, ten cities (seven named in the rulebook), oases and six camps."""
    kinds = [l.kind for l in D.locations.values()]
    assert kinds.count("port") == 1 and kinds.count("city") == 10 and kinds.count("camp") == 6
    assert kinds.count("oasis") >= 1
    names = {l.name for l in D.locations.values()}
    for n in ("Okh-ham", "K'her-Txack", "Nez-hm", "Shin-T'hahalash", "Toron-t'bosh", "K'ha-pah",
              "Ugdru-Rashaar"):
        assert n in names
    assert {r.kind for r in D.routes.values()} == {"green", "gray", "orange"}


def test_board_routes_connect_everything():
    """The Routes: every location is reachable; shortcuts only join the port, cities and camps,
    each of which has a compass for Alhazred."""
    seen, todo = {"port"}, ["port"]
    while todo:
        x = todo.pop()
        for rid in D.routes_at[x]:
            y = D.routes[rid].other(x)
            if y not in seen:
                seen.add(y)
                todo.append(y)
    assert seen == set(D.loc_ids)
    for r in D.routes.values():
        if r.kind == "orange":
            assert D.locations[r.a].kind != "oasis" and D.locations[r.b].kind != "oasis"
    for l in D.locations.values():
        if l.kind != "oasis":
            assert len(l.compass) >= 2


def test_example_numbers():
    """Travel example and Delivery Rates example: gray path die 5 costing 2/1/1, shortcut die 6
    costing 1/3/2 on the basic Worm; a craft in a city pays 4; white+red gives orange, white+blue
    gives yellow with red+black as the minor tribe; the Shelter on the third plant space."""
    assert D.route_cost(0, "gray") == (5, (2, 1, 1))
    assert D.route_cost(0, "orange") == (6, (1, 3, 2))
    assert D.rates["craft"]["city"] == 4
    gives = {tuple(sorted(c.main)): c.gives for c in D.camps.values()}
    assert gives[("red", "white")] == "orange"
    assert gives[("blue", "white")] == "yellow"
    yellow = [c for c in D.camps.values() if c.gives == "yellow"][0]
    assert sorted(yellow.minor) == ["black", "red"]
    assert D.records["plant"][2] == (("shelter", 0),)
    assert D.chest == 5


def test_data_entries_have_provenance():
    """Data and provenance: every entry says where it comes from."""
    import tomllib
    for f in DATA_DIR.glob("*.toml"):
        data = tomllib.loads(f.read_text())
        for key, val in data.items():
            if isinstance(val, list):
                for e in val:
                    assert "source" in e, f"{f.name} {key} entry without source"


def test_tiled_map_matches_board_data():
    """The board geometry (Tiled map) names the same locations and routes as board.toml."""
    root = ET.parse(MAP).getroot()
    layers = {g.get("name"): g for g in root.iter("objectgroup")}
    locs = {o.get("name"): o for o in layers["locations"].iter("object")}
    assert set(locs) == set(D.loc_ids)
    routes = {}
    for o in layers["routes"].iter("object"):
        props = {p.get("name"): p.get("value") for p in o.iter("property")}
        routes[o.get("name")] = props
    assert set(routes) == set(D.routes)
    for rid, r in D.routes.items():
        assert {routes[rid]["a"], routes[rid]["b"]} == {r.a, r.b}
        assert routes[rid]["kind"] == r.kind
    for lid, o in locs.items():
        kind = [p.get("value") for p in o.iter("property") if p.get("name") == "kind"][0]
        assert kind == D.locations[lid].kind


def test_tiled_map_loads_with_the_ui_adapter(monkeypatch):
    """The board map is a valid Tiled map for the table (read with pytmx)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from sandsofplay.ui.tiled import load_layout
    lay = load_layout(MAP, required=D.loc_ids)
    assert "ugdru_rashaar" in lay


def _copy(tmp_path):
    dst = tmp_path / "sand"
    shutil.copytree(DATA_DIR, dst)
    return dst


@pytest.mark.parametrize("name,old,new,words", [
    ("camps.toml", 'main = ["white", "red"]', 'main = ["white", "white"]',
     ["camps.toml", "orange"]),
    ("components.toml", "count = 20", "count = 21", ["components.toml", "115"]),
    ("missions.toml", 'kind = "sets"', 'kind = "bogus"', ["missions.toml", "mission 1", "bogus"]),
    ("board.toml", 'b = "okh_ham"', 'b = "atlantis"', ["board.toml", "atlantis"]),
    ("codex.toml", 'dir = "cw"', 'dir = "up"', ["codex.toml", "codex #1"]),
    ("components.toml", '"coins:1", "coins:2", "shelter"', '"coins:1", "gold", "shelter"',
     ["components.toml", "records.plant", "gold"]),
    # Player Log: Prestige has no top in the book, so a data file cannot give it one
    ("components.toml", "prestige = { start = 0,", "prestige = { start = 0, max = 20,",
     ["components.toml", "tracks.prestige", "no top"]),
])
def test_bad_data_is_reported_with_file_entry_and_problem(tmp_path, name, old, new, words):
    """Data and provenance: a malformed file raises an error naming file, entry and problem."""
    d = _copy(tmp_path)
    f = d / name
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        SandData(d)
    for w in words:
        assert w in str(e.value)


def test_missing_and_broken_files(tmp_path):
    """A missing or non-TOML file is named in the error."""
    d = _copy(tmp_path)
    (d / "codex.toml").unlink()
    with pytest.raises(DataError, match="codex.toml"):
        SandData(d)
    d2 = _copy(tmp_path / "x")
    (d2 / "camps.toml").write_text("[[camp]\n")
    with pytest.raises(DataError, match="camps.toml"):
        SandData(d2)


def test_worm_costs_fit_the_care_examples():
    """Hydration example (a three-leg route needing 8 Hydration) and Health example (a route
    costing 6 Health) fit the basic Worm: green + gray + green and three shortcuts."""
    g, y, o = (D.route_cost(0, k)[1] for k in ("green", "gray", "orange"))
    assert g[0] + y[0] + g[0] == 8
    assert 3 * o[2] == 6
    for level in (1, 2):  # each evolution is no worse on any route
        for k in ("green", "gray", "orange"):
            die, cost = D.route_cost(level, k)
            die0, cost0 = D.route_cost(level - 1, k)
            assert die <= die0 and all(a <= b for a, b in zip(cost, cost0))
