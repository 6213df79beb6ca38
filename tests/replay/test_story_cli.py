"""``sandsofplay --story SAVE [--out FILE]``: a save's story as text, without a window (issue 18,
"a game's story"); wrong flags and bad saves say why and write nothing."""

import json

import pytest

from sandsofplay import cli
from sandsofplay.engine.replay import Replay, rounds_of
from sandsofplay.games import get_game
from tests.replay.support import whole_game
from tests.tables.contract import registered_tables


def save(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("game_id", registered_tables())
def test_the_story_is_printed_with_headings_sentences_and_the_scores(tmp_path, capsys, game_id):
    data = whole_game(game_id)
    assert cli.main(["--story", save(tmp_path, data)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    numbered = [ln for ln in lines if ln.split(". ", 1)[0].isdigit()]
    assert len(numbered) == len(data["log"])
    assert all(ln.endswith((".", "!", "?")) for ln in numbered)
    # a heading where each turn begins (the game's own turn sentence, or "X's turn")
    assert any(ln.startswith("### ") and "turn" in ln for ln in lines)
    word = rounds_of(get_game(game_id))[1]
    rep = Replay(data, get_game(game_id))
    if any(m.kind == "round" for m in rep.marks):
        assert f"## {word} " in text
    table = lines[lines.index("## Final scores") + 2:]
    assert table[0].startswith("| Player") and table[1].startswith("|--")
    assert len([ln for ln in table[2:] if ln.startswith("| ")]) == len(data["setup"]["seats"])


def test_sand_and_burning_sands_head_their_rounds_in_their_own_words(tmp_path, capsys):
    cli.main(["--story", save(tmp_path, whole_game("sand"))])
    assert "## Workday 1" in capsys.readouterr().out
    cli.main(["--story", save(tmp_path, whole_game("burning_sands"))])
    assert "## Turn 1" in capsys.readouterr().out


def test_out_writes_the_same_story_to_a_file(tmp_path, capsys):
    path = save(tmp_path, whole_game("sahwari"))
    cli.main(["--story", path])
    printed = capsys.readouterr().out
    out = tmp_path / "story.txt"
    assert cli.main(["--story", path, "--out", str(out)]) == 0
    assert out.read_text() == printed
    assert "story.txt" in capsys.readouterr().out


@pytest.mark.parametrize("content,expect", [
    ('{"version": 2, "game":', "damaged"),
    (None, "No save file"),
])
def test_a_bad_save_says_why_and_writes_nothing(tmp_path, capsys, content, expect):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    out = tmp_path / "story.txt"
    assert cli.main(["--story", str(path), "--out", str(out)]) == 2
    assert expect in capsys.readouterr().err
    assert not out.exists()


def test_a_save_that_no_longer_replays_says_where(tmp_path, capsys):
    data = whole_game("sands_of_adventure")
    data["hashes"][9] = "0" * 20
    assert cli.main(["--story", save(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "does not replay" in err and "action #10" in err


def test_out_to_a_folder_is_refused(tmp_path, capsys):
    assert cli.main(["--story", save(tmp_path, whole_game("sand")), "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize("argv,expect", [
    (["--out", "x.txt"], "--out goes with --story"),
    (["--story", "{path}", "--at", "3"], "--story goes alone"),
    (["--story", "{path}", "--replay", "{path}"], "--story goes alone"),
    (["--story", "{path}", "--kiosk"], "--story goes alone"),
    (["--story"], "expected one argument"),
])
def test_wrong_flags_are_named(tmp_path, capsys, argv, expect):
    path = save(tmp_path, whole_game("sand"))
    with pytest.raises(SystemExit) as exc:
        cli.parse([a.format(path=path) for a in argv])
    assert exc.value.code == 2
    assert expect in capsys.readouterr().err
