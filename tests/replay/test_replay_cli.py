"""``--replay FILE --at N`` on the command line."""

import json

import pytest

from sandsofplay import cli
from tests.replay.support import whole_game


def test_at_starts_a_replay_at_an_action(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(whole_game("sands_of_adventure")))
    args = cli.parse(["--replay", str(path), "--at", "12"])
    assert args.replay == str(path) and args.at == 12


@pytest.mark.parametrize("argv,expect", [
    (["--at", "3"], "--at goes with --replay"),
    (["--replay", "{path}", "--at", "-1"], "0 or more"),
    (["--replay", "{path}", "--at", "99999"], "holds only"),
])
def test_at_is_checked(tmp_path, capsys, argv, expect):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(whole_game("sands_of_adventure")))
    with pytest.raises(SystemExit) as exc:
        cli.parse([a.format(path=path) for a in argv])
    assert exc.value.code == 2
    assert expect in capsys.readouterr().err
