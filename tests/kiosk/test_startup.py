"""Issue 33, point 15: the kiosk starts whatever its configuration file is (nested 500 deep or
more, a FIFO, a link to /dev/zero, huge, not UTF-8, wrong types) and whatever its data folder
allows (read-only: the records go to a temporary folder, or stay in memory, and it says so on
the console and in the log); crash reports fall back the same way."""

from __future__ import annotations

import logging
import os
import tempfile

import pytest

from sandsofplay.kiosk import config, healing
from sandsofplay.kiosk.config import KioskConfig
from sandsofplay.kiosk.scenes import RecoverCard, TitleCard

from . import config_fuzz

DT = 1 / 60


@pytest.fixture(autouse=True)
def own_temp(tmp_path, monkeypatch):
    """The temporary folder the kiosk falls back on is this test's."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    yield temp
    healing.stop_logging()


def start(config_path=None, frames=30):
    import sandsofplay.tables  # noqa: F401
    import tests.support.tinytable  # noqa: F401
    from sandsofplay.kiosk.app import make_kiosk
    cfg, problems = config.load(config_path)
    cfg.games = ["tiny"]
    app = make_kiosk(cfg=cfg, problems=problems, seed=2, fullscreen=False)
    app.start()
    for _ in range(frames):
        app.frame(DT)
    return app


@pytest.mark.parametrize("depth", [500, 1000, 100_000])
def test_a_configuration_nested_deeply_gives_the_defaults_and_one_sentence(home, depth):
    f = home / "kiosk.toml"
    f.write_text("games = " + "[" * depth + "]" * depth + "\nidle_seconds = 30\n")
    cfg, problems = config.load(f)
    assert cfg == KioskConfig(source=str(f))
    assert problems == ["The kiosk configuration kiosk.toml cannot be read (it is nested too "
                        "deeply); the defaults are used for every key."]
    app = start(f)  # and the kiosk starts on it
    try:
        assert app.running and isinstance(app.top, TitleCard)
        assert app.config_problems == problems
    finally:
        app.quit()


def test_a_fifo_is_not_read(home):
    fifo = home / "kiosk.toml"
    os.mkfifo(fifo)
    cfg, problems = config.load()  # the default place: would block for ever if opened
    assert cfg == KioskConfig(source=str(fifo)) and len(problems) == 1
    assert "not an ordinary file" in problems[0] and "defaults" in problems[0]
    app = start()
    try:
        assert app.running and isinstance(app.top, TitleCard)
    finally:
        app.quit()


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_a_device_is_not_read(tmp_path, target):
    link = tmp_path / "k.toml"
    os.symlink(target, link)
    cfg, problems = config.load(link)
    assert cfg == KioskConfig(source=str(link))
    assert "not an ordinary file" in problems[0]


def test_a_huge_file_is_refused_unread(tmp_path):
    f = tmp_path / "k.toml"
    f.write_bytes(b"#" * (config.MAX_BYTES * 8))
    cfg, problems = config.load(f)
    assert cfg == KioskConfig(source=str(f)) and "too large" in problems[0]


def test_a_file_that_is_not_utf8_says_where(tmp_path):
    f = tmp_path / "k.toml"
    f.write_bytes(b'pace = "fast"\npin = "\xff"\n')
    cfg, problems = config.load(f)
    assert cfg == KioskConfig(source=str(f))
    assert "not UTF-8 text (byte 21)" in problems[0]


def test_wrong_types_and_odd_keys_get_defaults_and_sentences(tmp_path):
    f = tmp_path / "k.toml"
    f.write_text('volume = 10.5\nsound = "yes"\nplayers = [true]\n"bell\\u0007" = 1\n'
                 'options = [1]\npace = "fast"\n')
    cfg, problems = config.load(f)
    assert cfg.pace == "fast" and cfg.volume == 60 and cfg.sound is True
    assert len(problems) == 5 and "'bell?'" in problems[3]


def test_the_configuration_fuzzer_finds_nothing(tmp_path):
    tried, failed = config_fuzz.run(n=260, seed=33, folder=tmp_path)
    assert tried == 260 and failed == []


@pytest.mark.parametrize("text", [
    "options." + ".".join(["a"] * 50000) + " = 1\n",
    "[" + ".".join(["t"] * 50000) + "]\nx = 1\n",
])
def test_a_key_of_thousands_of_parts_is_refused_before_the_parser_spends_seconds(tmp_path,
                                                                                   text):
    """Python's TOML parser takes time that grows with the square of a dotted key's parts: such
    a file is refused at once as nested too deeply, the defaults kept."""
    f = tmp_path / "kiosk.toml"
    f.write_text(text)
    cfg, problems = config.load(f)
    assert cfg == KioskConfig(source=str(f))
    assert len(problems) == 1 and "nested too deeply" in problems[0]


def test_dots_in_values_and_short_dotted_keys_still_read(tmp_path):
    f = tmp_path / "kiosk.toml"
    f.write_text('pace = "fast" # ' + "." * 500 + "\n[options.sand]\nalhazred = \"expert\"\n")
    cfg, problems = config.load(f)
    assert cfg.pace == "fast" and problems == []
    assert config._too_deep("games = [" + ", ".join(['"a.b"'] * 200) + "]") is False


def test_a_read_only_kiosk_folder_sends_the_records_to_a_temporary_folder(home, own_temp,
                                                                          capsys):
    (home / "kiosk").write_text("")  # the kiosk folder cannot be made (as on a read-only disk)
    app = start()
    try:
        assert app.running and isinstance(app.top, TitleCard)
        temp = own_temp / f"sandsofplay-kiosk-{os.getuid()}"
        assert healing.records_dir() == temp
        out = capsys.readouterr().out
        assert f"its log and crash reports go to {temp} for this run" in out
        assert any("go to" in line and str(temp) in line for line in healing.memory_log())
        assert str(temp) in (temp / "kiosk.log").read_text()
        app.fail(RuntimeError("injected"), "in a test")
        assert isinstance(app.top, RecoverCard)
        assert len(list((temp / "crashes").glob("crash-*.json"))) == 1
    finally:
        app.quit()


def test_with_nothing_writable_the_records_stay_in_memory(home, own_temp, monkeypatch,
                                                          capsys, caplog):
    (home / "kiosk").write_text("")
    blocked = own_temp / "blocked"
    blocked.write_text("")  # the temporary folder is no folder either
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))
    app = start()
    try:
        assert app.running and healing.records_dir() is None
        assert "kept in memory for this run" in capsys.readouterr().out
        assert any("kept in memory for this run" in line for line in healing.memory_log())
        with caplog.at_level(logging.INFO, logger="sandsofplay"):
            app.fail(RuntimeError("injected"), "in a test")
        assert healing.memory_crashes[-1]["error"] == "RuntimeError: injected"
        assert "(report kept in memory)" in caplog.text and app.running
        for _ in range(240):  # the loop goes on after the calm card
            app.frame(DT)
        assert isinstance(app.top, TitleCard) and healing.disk_use() == 0
    finally:
        app.quit()


def test_no_user_data_folder_at_all(tmp_path, monkeypatch, capsys):
    """SANDSOFPLAY_HOME names something that cannot be a folder: the configuration is not
    looked for, the records go to the temporary folder, the kiosk runs."""
    not_a_folder = tmp_path / "home-file"
    not_a_folder.write_text("")
    monkeypatch.setenv("SANDSOFPLAY_HOME", str(not_a_folder))
    cfg, problems = config.load()
    assert cfg == KioskConfig() and "cannot be looked for" in problems[0]
    app = start()
    try:
        assert app.running and isinstance(app.top, TitleCard)
        assert "the user data folder" in capsys.readouterr().out
    finally:
        app.quit()
