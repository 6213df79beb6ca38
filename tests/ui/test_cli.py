"""The command line: clear messages and a non-zero exit for anything wrong."""

import subprocess
import sys

import pytest

from sandsofplay import cli


def parse_error(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        cli.parse(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


def test_unknown_game_lists_the_games(capsys):
    err = parse_error(capsys, ["--game", "chess"])
    assert "unknown game 'chess'" in err
    for gid in ("sand", "sahwari", "burning_sands", "sands_of_adventure"):
        assert gid in err


def test_wrong_flag_is_reported(capsys):
    err = parse_error(capsys, ["--colour", "blue"])
    assert "unrecognized arguments: --colour" in err and "--help" in err


def test_game_without_a_table_says_so(capsys, monkeypatch):
    import sandsofplay.tables  # noqa: F401 - the built tables register themselves
    from sandsofplay.ui import table as table_registry
    # every game has a table now: take one out of the registry to see a game without one
    monkeypatch.delitem(table_registry._TABLES, "burning_sands")
    err = parse_error(capsys, ["--game", "burning_sands"])
    assert "not playable yet" in err and "sands_of_adventure" in err


@pytest.mark.parametrize("seats,expect", [
    ("human,robot", "neither 'human' nor 'bot:LEVEL'"),
    ("human,bot:genius", "unknown bot level 'genius'"),
    ("human", "takes 2 to 4 seats"),
])
def test_bad_seats(capsys, seats, expect):
    err = parse_error(capsys, ["--game", "sands_of_adventure", "--seats", seats])
    assert expect in err


def test_bad_option(capsys):
    err = parse_error(capsys, ["--game", "sands_of_adventure", "--seats", "human,bot:easy",
                               "--option", "sand=7"])
    assert "sand" in err and "60" in err


def test_seats_and_seed_make_a_setup():
    args = cli.parse(["--game", "sands_of_adventure", "--seats", "human,bot:hard", "--seed",
                      "7", "--option", "sides=mixed"])
    s = args.setup
    assert s.game == "sands_of_adventure" and s.seed == 7 and s.players == 2
    assert s.seats[1].is_bot and s.seats[1].level == "hard"
    assert s.option("sides") == "mixed"


def test_seed_without_seats_and_missing_file(capsys, tmp_path):
    assert "--seed goes with --seats" in parse_error(capsys, ["--game", "sands_of_adventure",
                                                               "--seed", "3"])
    assert "No save file at" in parse_error(capsys, ["--load", str(tmp_path / "none.json")])


def test_kiosk_parses_alone_and_its_config_goes_with_it(capsys):
    args = cli.parse(["--kiosk", "--kiosk-config", "x.toml"])
    assert args.kiosk and args.kiosk_config == "x.toml"
    assert "--kiosk-config goes with --kiosk" in parse_error(capsys, ["--kiosk-config", "x.toml"])
    assert "--kiosk goes alone" in parse_error(capsys, ["--kiosk", "--game", "sahwari"])


def test_help_runs_as_a_program():
    res = subprocess.run([sys.executable, "-m", "sandsofplay", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0 and "--replay" in res.stdout and "--seats" in res.stdout


def test_a_save_named_with_load_is_replayed_once(app, tmp_path, monkeypatch):
    """``--load`` checks the save before any window opens (a bad one exits with a sentence);
    the match that check rebuilt is the one the table opens, not a second replay (issue 28)."""
    from sandsofplay.bots.driver import Driver
    from sandsofplay.bots.levels import make_bot
    from sandsofplay.engine import Match, Setup
    from sandsofplay.games import get_game
    from sandsofplay.ui import table_open

    game = get_game("sahwari")
    match = Match(game, Setup.make("sahwari", ["human", "bot:easy"], seed=3))
    driver = Driver(match, {i: make_bot(game, "random", i, i) for i in range(2)})
    for _ in range(30):
        move = driver.next_move()
        if move[0] == "act":
            match.apply(move[1], move[2])
    path = tmp_path / "g.json"
    match.save(str(path))

    args = cli.parse(["--load", str(path)])
    assert len(args.loaded.log) == len(match.log)
    assert args.loaded.fingerprint() == match.fingerprint()
    replays = []
    real = Match.from_save_steps
    monkeypatch.setattr(Match, "from_save_steps",
                        lambda *a, **k: (replays.append(1), (yield from real(*a, **k)))[1])
    opened = table_open.open_save(app, str(path), ask=False, ready=args.loaded)
    app.apply_ops()
    assert opened is args.loaded and not replays
    assert any(getattr(s, "match", None) is args.loaded for s in app.stack)
