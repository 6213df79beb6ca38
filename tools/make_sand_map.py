#!/usr/bin/env python3
"""Generate Sand's board: sandsofplay/resources/data/sand/board.toml (topology, with the Alhazred compass
order of each location's shortcuts) and sandsofplay/resources/maps/sand_board.tmx (geometry, same ids).

The board layout is designed (the rulebook names seven of the ten cities and describes the port,
the oases and the six camps but prints no map): the sea is to the west, the mountains to the east.
Run from the repository root: ``python tools/make_sand_map.py``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from tmx import write_tmx  # noqa: E402

# id: (kind, name, x, y, extra)   cities carry their replenish order and acolyte colours
LOCATIONS = {
    "port": ("port", "The Port", 60, 300, {}),
    "okh_ham": ("city", "Okh-ham", 190, 90, {"order": 1, "sea": True, "acolytes": ["blue"]}),
    "zhal_oom": ("city", "Zhal-Oom", 200, 250, {"order": 2, "sea": True, "acolytes": ["red"]}),
    "nez_hm": ("city", "Nez-hm", 190, 420, {"order": 3, "sea": True, "acolytes": ["black"]}),
    "mer_khaddu": ("city", "Mer-Khaddu", 210, 560, {"order": 4, "sea": True,
                                                     "acolytes": ["white"]}),
    "kher_txack": ("city", "K'her-Txack", 580, 170, {"order": 5, "acolytes": ["red", "black"]}),
    "shin_thahalash": ("city", "Shin-T'hahalash", 590, 370, {"order": 6,
                                                            "acolytes": ["blue", "white"]}),
    "toron_tbosh": ("city", "Toron-t'bosh", 600, 560, {"order": 7, "acolytes": ["black"]}),
    "kha_pah": ("city", "K'ha-pah", 880, 120, {"order": 8, "acolytes": ["white"]}),
    "ugdru_rashaar": ("city", "Ugdru-Rashaar", 900, 300, {"order": 9, "acolytes": ["red"]}),
    "tash_vireen": ("city", "Tash-Vireen", 880, 520, {"order": 10, "acolytes": ["blue"]}),
    "camp_s1": ("camp", "Sea camp (north)", 340, 160, {"side": "sea"}),
    "camp_s2": ("camp", "Sea camp (centre)", 340, 340, {"side": "sea"}),
    "camp_s3": ("camp", "Sea camp (south)", 340, 520, {"side": "sea"}),
    "camp_m1": ("camp", "Mountain camp (north)", 720, 100, {"side": "mountain"}),
    "camp_m2": ("camp", "Mountain camp (centre)", 730, 300, {"side": "mountain"}),
    "camp_m3": ("camp", "Mountain camp (south)", 720, 500, {"side": "mountain"}),
    "oasis_1": ("oasis", "Oasis of the North Wind", 470, 80, {}),
    "oasis_2": ("oasis", "Oasis of Bit-O'kuu", 460, 270, {}),
    "oasis_3": ("oasis", "Oasis of the Still Palms", 470, 450, {}),
    "oasis_4": ("oasis", "Oasis of the Red Rocks", 820, 420, {}),
}

ESTABLISHED = [
    ("port", "okh_ham", "green"), ("port", "zhal_oom", "green"), ("port", "nez_hm", "green"),
    ("port", "mer_khaddu", "gray"), ("okh_ham", "camp_s1", "green"),
    ("zhal_oom", "camp_s1", "gray"),
    ("zhal_oom", "camp_s2", "green"), ("nez_hm", "camp_s2", "gray"), ("nez_hm", "camp_s3", "green"),
    ("mer_khaddu", "camp_s3", "green"), ("camp_s1", "oasis_1", "green"),
    ("camp_s1", "oasis_2", "gray"), ("camp_s2", "oasis_2", "green"), ("camp_s2", "oasis_3", "gray"),
    ("camp_s3", "oasis_3", "green"), ("oasis_1", "kher_txack", "green"),
    ("oasis_2", "kher_txack", "gray"), ("oasis_2", "shin_thahalash", "green"),
    ("oasis_3", "shin_thahalash", "gray"), ("oasis_3", "toron_tbosh", "green"),
    ("kher_txack", "camp_m1", "green"), ("kher_txack", "camp_m2", "gray"),
    ("shin_thahalash", "camp_m2", "green"), ("shin_thahalash", "oasis_4", "gray"),
    ("toron_tbosh", "camp_m3", "green"), ("toron_tbosh", "oasis_4", "green"),
    ("camp_m1", "kha_pah", "green"), ("camp_m2", "ugdru_rashaar", "green"),
    ("camp_m2", "kha_pah", "gray"), ("oasis_4", "camp_m3", "gray"),
    ("oasis_4", "ugdru_rashaar", "gray"), ("camp_m3", "tash_vireen", "green"),
    ("oasis_4", "tash_vireen", "green"),
]

SHORTCUTS = [
    ("port", "camp_s1"), ("port", "camp_s3"), ("okh_ham", "kher_txack"), ("okh_ham", "camp_s2"),
    ("zhal_oom", "shin_thahalash"), ("zhal_oom", "camp_s3"), ("nez_hm", "camp_s1"),
    ("nez_hm", "toron_tbosh"), ("mer_khaddu", "camp_s2"), ("mer_khaddu", "toron_tbosh"),
    ("camp_s1", "kher_txack"), ("camp_s2", "shin_thahalash"), ("camp_s3", "shin_thahalash"),
    ("kher_txack", "kha_pah"), ("kher_txack", "ugdru_rashaar"), ("shin_thahalash", "camp_m1"),
    ("shin_thahalash", "camp_m3"), ("toron_tbosh", "camp_m2"), ("toron_tbosh", "tash_vireen"),
    ("camp_m1", "camp_m2"), ("camp_m2", "tash_vireen"), ("camp_m3", "ugdru_rashaar"),
    ("kha_pah", "ugdru_rashaar"),
]


def edges():
    out = []
    for i, (a, b, kind) in enumerate(ESTABLISHED + [(a, b, "orange") for a, b in SHORTCUTS], 1):
        out.append((f"r{i:02d}", a, b, kind))
    return out


def bearing(frm, to):
    """Clockwise angle from north (screen y grows downwards)."""
    _, _, x1, y1, _ = LOCATIONS[frm]
    _, _, x2, y2, _ = LOCATIONS[to]
    return math.degrees(math.atan2(x2 - x1, -(y2 - y1))) % 360


def compass(loc, es):
    mine = [(bearing(loc, b if a == loc else a), rid) for rid, a, b, k in es
            if k == "orange" and loc in (a, b)]
    return [rid for _, rid in sorted(mine)]


def toml_list(xs):
    return "[" + ", ".join(f'"{x}"' for x in xs) + "]"


def write_board(path):
    es = edges()
    lines = ["# Sand: the board. Written by tools/make_sand_map.py (geometry in "
             "resources/maps/sand_board.tmx).",
             "# The rulebook prints no map: it names seven of the ten cities and describes the "
             "port, oases, camps",
             "# and route colours. Everything else here is designed (source below).", ""]
    for lid, (kind, name, _x, _y, extra) in LOCATIONS.items():
        lines += ["[[location]]", f'id = "{lid}"', f'kind = "{kind}"', f'name = "{name}"']
        if kind == "city":
            lines.append(f"order = {extra['order']}")
            lines.append(f"sea = {'true' if extra.get('sea') else 'false'}")
            lines.append(f"acolytes = {toml_list(extra['acolytes'])}")
        if kind == "camp":
            lines.append(f'side = "{extra["side"]}"')
        if kind != "oasis":
            lines.append(f"compass = {toml_list(compass(lid, es))}")
        named = name in ("Okh-ham", "K'her-Txack", "Nez-hm", "Shin-T'hahalash", "Toron-t'bosh",
                         "K'ha-pah", "Ugdru-Rashaar")
        lines.append('source = "rulebook (name); designed (place, links)"' if named
                     else 'source = "designed"')
        lines.append('why = "no printed map in the rulebook; compass = shortcuts clockwise from '
                     'north"')
        lines.append("")
    for rid, a, b, kind in es:
        lines += ["[[route]]", f'id = "{rid}"', f'a = "{a}"', f'b = "{b}"', f'kind = "{kind}"',
                  'source = "designed"', ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def write_map(path):
    locs = []
    for lid, (kind, name, x, y, _e) in LOCATIONS.items():
        locs.append((lid, x - 24, y - 24, 48, 48, {"kind": kind, "label": name}))
    routes = []
    for rid, a, b, kind in edges():
        _, _, x1, y1, _ = LOCATIONS[a]
        _, _, x2, y2, _ = LOCATIONS[b]
        routes.append((rid, min(x1, x2), min(y1, y2), abs(x2 - x1) or 1, abs(y2 - y1) or 1,
                       {"a": a, "b": b, "kind": kind}))
    write_tmx(path, 960, 640, {"locations": locs, "routes": routes})


if __name__ == "__main__":
    write_board(ROOT / "sandsofplay" / "resources" / "data" / "sand" / "board.toml")
    write_map(ROOT / "sandsofplay" / "resources" / "maps" / "sand_board.tmx")
    print("wrote board.toml and sand_board.tmx")
