"""``tools/soak.py --slow-frames FILE``: each frame over the threshold is one JSON line saying
what was on screen and where the frame's time went; the probe leaves pygame as it found it."""

from __future__ import annotations

import json
import os
import sys

import pygame

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))


def test_slow_frames_name_the_scene_the_game_and_the_parts(home, tmp_path):
    import soak
    out = tmp_path / "slow.jsonl"
    flip, get = pygame.display.flip, pygame.event.get
    # a threshold below zero: every frame is written
    result = soak.soak(0.0035, False, 1, 15.0, str(home), report=lambda s: None,
                       slow_frames=str(out), slow_ms=-1.0)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert result["errors"] == 0 and result["slow_frames"] == len(rows) > 60
    first = rows[0]
    assert {"frame", "clock_s", "cpu_ms", "wall_ms", "before", "after", "ops", "gc",
            "parts", "usage"} <= set(first)
    assert {"user_ms", "sys_ms", "minflt", "majflt", "nivcsw"} == set(first["usage"])
    assert first["before"]["stage"] == "wait"  # the card's job in that frame
    assert first["before"]["stack"] == ["TitleCard"] and first["before"]["mode"] == "attract"
    assert "draw" in first["parts"] and "TitleCard.draw" in first["parts"]
    assert any("updating:TitleCard.update" in r["parts"] for r in rows)
    # a table's frames say which of its drawing parts the time went to
    table_rows = [r for r in rows if r["before"]["game"] and r["before"]["stack"][-1].endswith(
        "Table")]
    assert table_rows and any(k.endswith(".draw_table") for r in table_rows for k in r["parts"])
    assert [r["frame"] for r in rows] == sorted(r["frame"] for r in rows)
    assert pygame.display.flip is flip and pygame.event.get is get


def test_machine_noise_times_a_fixed_block_of_work_at_frame_pace():
    """The real-time report reads frames against what the machine did to a fixed amount of work
    (a shared virtual machine can make the same work take several times longer)."""
    import soak
    noise = soak.machine_noise(0.3)
    assert 3 <= noise["blocks"] <= 20  # once every 1/60 s, no faster
    assert 0 < noise["block_cpu_p50_ms"] <= noise["block_cpu_p99_ms"] <= noise["block_cpu_max_ms"]
    assert 0 <= noise["blocks_over_3x_p50"] < noise["blocks"]
    assert soak.machine_noise(0) == {"blocks": 0}
