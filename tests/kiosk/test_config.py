"""The kiosk configuration (issue 17): TOML in the user folder or --kiosk-config; a malformed
file gives a clear message and the defaults for the broken keys."""

from __future__ import annotations

from sandsofplay.kiosk.config import KioskConfig, load


def test_a_good_file_is_read(tmp_path):
    f = tmp_path / "k.toml"
    f.write_text('games = ["sands_of_adventure"]\nidle_seconds = 45\npin = "1357"\n'
                 'pace = "slow"\nsound = false\nquiet_hours = "21:30-08:00"\n'
                 '[options.sands_of_adventure]\nsides = "mixed"\n')
    cfg, problems = load(f)
    assert problems == []
    assert cfg.games == ["sands_of_adventure"] and cfg.idle_seconds == 45 and cfg.pin == "1357"
    assert cfg.bot_delay_s == 1.6 and cfg.sound is False
    assert cfg.options == {"sands_of_adventure": {"sides": "mixed"}}
    assert cfg.is_quiet(22 * 60) and cfg.is_quiet(7 * 60) and not cfg.is_quiet(12 * 60)


def test_broken_keys_get_their_defaults_and_a_sentence_each(tmp_path):
    f = tmp_path / "k.toml"
    f.write_text('idle_seconds = "soon"\npin = "12"\npace = "warp"\nvolume = 60\n'
                 'quiet_hours = "late"\ngames = ["chess"]\ncolour = "red"\n')
    cfg, problems = load(f)
    d = KioskConfig()
    assert cfg.idle_seconds == d.idle_seconds and cfg.pin == d.pin and cfg.pace == d.pace
    assert cfg.quiet_hours == "" and cfg.games == [] and cfg.volume == 60
    text = "\n".join(problems)
    for key in ("idle_seconds", "pin", "pace", "quiet_hours", "games", "colour"):
        assert f"'{key}'" in text
    assert all(p.startswith("k.toml:") for p in problems) and len(problems) == 6


def test_a_file_that_is_not_toml_gives_one_message_and_every_default(tmp_path):
    f = tmp_path / "k.toml"
    f.write_text("idle_seconds = = 3\n[[[")
    cfg, problems = load(f)
    assert cfg == KioskConfig(source=str(f)) and len(problems) == 1
    assert "cannot be read" in problems[0] and "defaults" in problems[0]


def test_a_named_file_that_does_not_exist_is_said(tmp_path):
    cfg, problems = load(tmp_path / "none.toml")
    assert cfg == KioskConfig() and "does not exist" in problems[0]
