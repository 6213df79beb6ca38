"""Issue 9, "Checks that keep it so": a UI monkey in CI. A few thousand random events (clicks,
drags, keys incl. Escape, Tab, Enter, Ctrl+Z, F11, H and P, wheel turns, touches, typing) across
every scene and every built table, with bots and with humans: the error screen never shows and no
exception escapes. The longer run is ``python tools/monkey.py --events 50000``."""

from __future__ import annotations

import logging

from tools.monkey import Monkey, prepare_home


def test_a_few_thousand_random_events_never_reach_the_error_screen(app, home, caplog):
    caplog.set_level(logging.CRITICAL, logger="sandsofplay")
    prepare_home(str(home))
    from sandsofplay.ui.table import _TABLES
    tables = sorted(_TABLES)
    assert "sands_of_adventure" in tables and "tiny" in tables
    monkey = Monkey(app, seed=1, table_ids=tables)
    failures = monkey.run(3000, hop_every=50)
    assert not failures, "\n\n".join(failures[:3])
    seen = set(monkey.visited)
    for scene in ("TitleScene", "SettingsScene", "LoadScene", "SeatSetupScene", "PauseScene",
                  "RulesHelpScene", "ResultsScene", "MessageScene", "SandsOfAdventureTable",
                  "SahwariTable", "SandTable", "BurningSandsTable", "DeckScene", "TinyTable"):
        assert scene in seen, (scene, sorted(seen))
    assert all(monkey.entered[name] for name, _ in monkey.entrances), monkey.entered
