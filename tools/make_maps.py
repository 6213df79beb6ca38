#!/usr/bin/env python3
"""Generate the table layout maps in resources/maps (Tiled TMX files with named object layers).

    python tools/make_maps.py

The maps can be edited in Tiled afterwards; the tables read whatever the map says.
"""

from __future__ import annotations

import os

import _common
from tmx import write_tmx

MAPS = os.path.join(_common.ROOT, "sandsofplay", "resources", "maps")


def sands_of_adventure():
    tiles = [(f"tile{i}", 322 + i * 190, 12, 178, 204, {"index": i}) for i in range(5)]
    timer = [
        ("timer", 20, 12, 280, 440, {}),
        ("timer_pivot", 160, 226, 0, 0, {}),
        ("remaining", 20, 454, 280, 30, {}),
    ] + [(f"round{i}", 90 + i * 74, 488, 40, 40, {"index": i}) for i in range(3)]
    table = [
        ("action_deck", 322, 246, 88, 124, {}),
        ("play_pile", 426, 230, 116, 164, {}),
        ("snake_pile", 558, 246, 88, 124, {}),
        ("upgrade_deck", 662, 246, 88, 124, {}),
        ("stack_ignore", 766, 230, 54, 52, {}),
        ("stack_interrupt", 766, 286, 54, 52, {}),
        ("stack_any", 766, 342, 54, 52, {}),
        ("dice", 832, 230, 116, 164, {}),
        ("villain_mat", 958, 226, 302, 190, {}),
    ]
    ui = [
        ("prompt", 322, 420, 938, 52, {}),
        ("menu_button", 10, 536, 146, 36, {}),
        ("hint_button", 164, 536, 146, 36, {}),
        ("log", 10, 578, 300, 136, {}),
    ]
    mats = [(f"mat{i}", 322 + i * 237, 478, 229, 236, {"index": i}) for i in range(4)]
    write_tmx(os.path.join(MAPS, "sands_of_adventure.tmx"), 1280, 720,
              {"adventure_tiles": tiles, "timer": timer, "table": table, "ui": ui,
               "player_mats": mats})


def sahwari():
    """The Sahwari table: the 5x5 desert on the left, the Recruitment area and one clan area per
    player on the right (in solo the Guildmaster's panel takes the lower clan places)."""
    board = [("board", 12, 44, 470, 470, {"cells": 5})]
    table = [
        ("status", 12, 6, 1256, 32, {}),
        ("recruit", 494, 44, 774, 124, {}),
        ("gm", 494, 297, 774, 355, {}),
    ]
    clans = [(f"clan{i}", 494, 176 + i * 121, 774, 113, {"index": i}) for i in range(4)]
    ui = [
        ("prompt", 12, 664, 1256, 50, {}),
        ("log", 12, 522, 300, 136, {}),
        ("menu_button", 320, 522, 162, 40, {}),
        ("hint_button", 320, 570, 162, 40, {}),
        ("undo_button", 320, 618, 162, 40, {}),
    ]
    write_tmx(os.path.join(MAPS, "sahwari.tmx"), 1280, 720,
              {"board": board, "table": table, "clans": clans, "ui": ui})


def main():
    os.makedirs(MAPS, exist_ok=True)
    sands_of_adventure()
    sahwari()
    print("wrote", os.listdir(MAPS))


if __name__ == "__main__":
    main()
