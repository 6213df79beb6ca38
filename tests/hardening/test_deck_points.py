"""Issue 33, points 7, 8, 11 and 12: Burning Sands deck files and the files the app writes.

7. one bad file in the decks folder (a pipe, a link to /dev/zero, deep nesting, Infinity, a
   5,000-digit count) is listed with its reason; nothing hangs and the other decks still work;
8. a save whose options carry a damaged deck gives one sentence and status 2 for --load, --replay
   and --story;
11. deck names map to unique, stable file names; a deck of the same name is replaced only when
   asked, a damaged file never; names are capped so the deck always fits in a save;
12. writes never follow a symbolic link or replace a special file (deck save, errors.log,
   --story --out, ``engine.store.atomic_write_text``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os

import pytest

from sandsofplay import cli
from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.engine.savefile import MAX_OPTION_TEXT, read_save
from sandsofplay.engine.store import atomic_write_text
from sandsofplay.games import get_game
from sandsofplay.games.burning_sands import data as bsdata
from sandsofplay.games.burning_sands.decklist import MAX_DECK_NAME, deck_text, register
from sandsofplay.tables.burning_sands import decks as D
from sandsofplay.tables.burning_sands.deck_scene import DeckScene
from sandsofplay.ui import paths
from tests.hardening.deck_support import (GAME, bs_save, deck_file_text, good_deck, guarded,
                                          is_sentence, snapshot)


def cli_exit(argv) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = cli.main(argv) if "--story" in argv else cli.parse(argv) and 0
        except SystemExit as exc:
            code = exc.code
    return code, err.getvalue()


# --- point 7: one bad file does not break the decks folder -------------------------------------

BAD_FILES = {
    "nested.json": b'{"game": "burning_sands", "name": "N", "stronghold": "", "sections": [], '
                   b'"cards": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",
    "infinity.json": b'{"game": "burning_sands", "name": "I", "stronghold": "", "sections": [], '
                     b'"cards": {"x": Infinity}}',
    "digits.json": b'{"game": "burning_sands", "name": "D", "stronghold": "", "sections": [], '
                   b'"cards": {"x": ' + b"9" * 5000 + b"}}",
}


def bad_folder(folder):
    """A decks folder with one good deck, a pipe, a link to /dev/zero and the files above."""
    D.save(good_deck(), folder)
    os.mkfifo(folder / "pipe.json")
    os.symlink("/dev/zero", folder / "zero.json")
    for name, raw in BAD_FILES.items():
        (folder / name).write_bytes(raw)
    return [str(folder / "pipe.json")]


def test_a_pipe_a_link_to_dev_zero_and_malformed_numbers_are_listed_with_their_reasons(home):
    folder = D.decks_dir()
    fifos = bad_folder(folder)
    before = {p.name: snapshot(p) for p in folder.iterdir()}
    found = {p.name: (d, why) for p, d, why in guarded(D.load_all, folder, unblock=fifos)}
    assert found["good-deck.json"][0].name == "Good Deck" and found["good-deck.json"][1] == ""
    reasons = {name: why for name, (d, why) in found.items() if d is None}
    assert set(reasons) == {"pipe.json", "zero.json", *BAD_FILES}
    assert all(is_sentence(w) and name in w for name, w in reasons.items()), reasons
    assert "not an ordinary file" in reasons["pipe.json"]
    assert "not an ordinary file" in reasons["zero.json"]
    assert "nested far too deeply" in reasons["nested.json"]
    assert "Infinity" in reasons["infinity.json"]
    assert "too large" in reasons["digits.json"]
    assert {p.name: snapshot(p) for p in folder.iterdir()} == before


def test_seat_setup_the_deck_scene_and_the_command_line_work_beside_a_pipe(app, home):
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    fifos = bad_folder(D.decks_dir())

    def seat_setup():
        app.push(SeatSetupScene(app, "burning_sands"))
        app.apply_ops()
        app.frame(1 / 60)
        return [c.label for c in app.top.extra["deck1"]]
    labels = guarded(seat_setup, unblock=fifos)
    assert "Good Deck (saved)" in labels and "pipe (damaged)" in labels

    def scene():
        s = DeckScene(app)
        app.push(s)
        app.apply_ops()
        app.frame(1 / 60)
        return s
    s = guarded(scene, unblock=fifos)
    assert len(s.saved) == 6
    code, err = guarded(cli_exit, ["--game", "burning_sands", "--seats", "human,human",
                                   "--option", "deck1=bogus"], unblock=fifos)
    assert code == 2 and "saved:good-deck" in err
    code, err = guarded(cli_exit, ["--game", "burning_sands", "--seats", "human,human",
                                   "--option", "deck1=saved:pipe"], unblock=fifos)
    assert code == 2 and "not an ordinary file" in err
    args = guarded(cli.parse, ["--game", "burning_sands", "--seats", "human,human",
                               "--option", "deck1=saved:good-deck"], unblock=fifos)
    assert json.loads(dict(args.setup.options)["deck1"])["name"] == "Good Deck"


# --- point 8: a damaged deck inside a save ----------------------------------------------------

DAMAGED_DECK_TEXTS = {
    "infinity": '{"cards":{"khadi_x":Infinity},"name":"x","sections":[],"stronghold":"k"}',
    "nan": '{"cards":{"a":NaN},"name":"x","sections":[],"stronghold":"k"}',
    "huge float": '{"cards":{"a":1e400},"name":"x","sections":[],"stronghold":"k"}',
    "long count": '{"cards":{"a":' + "9" * 4000 + '},"name":"x","sections":[],"stronghold":"k"}',
    "nested": "{" + '"a":' + "[" * 1900 + "]" * 1900 + "}",
    "not a deck": '{"cards":[1,2],"name":{},"sections":"x","stronghold":7}',
    "cut short": '{"cards":{"a":',
    "bool count": '{"cards":{"a":true},"name":"x","sections":[],"stronghold":"k"}',
}


@pytest.mark.parametrize("kind", sorted(DAMAGED_DECK_TEXTS))
def test_a_save_with_a_damaged_deck_gives_one_sentence_for_load_replay_and_story(tmp_path, home,
                                                                                 kind):
    path = bs_save(tmp_path / "game.json", DAMAGED_DECK_TEXTS[kind])
    before = snapshot(path)
    for argv in (["--load", path], ["--replay", path], ["--story", path],
                 ["--story", path, "--out", str(tmp_path / "story.txt")]):
        code, err = cli_exit(argv)
        assert code == 2, (argv, err)
        line = err.strip()
        assert line.startswith("sandsofplay: ") and is_sentence(line), err
        assert "deck" in line
    assert snapshot(path) == before and not (tmp_path / "story.txt").exists()


def test_register_refuses_deck_text_longer_than_a_save_can_hold():
    deck = good_deck()
    text = deck_text("x" * (MAX_OPTION_TEXT + 1), deck.stronghold, deck.sections, deck.cards)
    with pytest.raises(ValueError, match="more than a game can save"):
        register(text, "Player 2")


# --- point 11: unique, stable file names ------------------------------------------------------

def test_names_without_latin_letters_and_names_with_the_same_slug_get_files_of_their_own(home):
    names = ["Пустыня", "砂漠", "🔥🔥", "رمال", "Desert Wind", "desert wind!", "DESERT-WIND"]
    paths_ = [D.save(good_deck(n)) for n in names]
    assert len(set(paths_)) == len(names)
    assert paths_[4].name == "desert-wind.json"
    assert all(p.name.startswith("deck-") for p in paths_[:4])
    found = {p: d.name for p, d, _w in D.load_all()}
    assert [found[p] for p in paths_] == names
    # stable: the same exact name finds its file again, and replaces it only when asked
    with pytest.raises(D.DeckExists) as exc:
        D.save(good_deck("desert wind!"))
    assert exc.value.path == paths_[5]
    changed = good_deck("desert wind!")
    changed.cards.pop(next(iter(changed.cards)))
    assert D.save(changed, replace=True) == paths_[5]
    assert D.read_deck(paths_[5]).to_json() == changed.to_json()
    assert D.read_deck(paths_[4]).name == "Desert Wind"


def test_a_damaged_file_of_the_deck_s_name_is_kept_and_the_deck_saved_beside_it(home):
    folder = D.decks_dir()
    damaged = folder / "desert-wind.json"
    damaged.write_bytes(b'{"game": "burning_sands", "name": "Desert Wind", "car')
    path = D.save(good_deck("Desert Wind"))
    assert path != damaged and path.name.startswith("desert-wind-")
    assert damaged.read_bytes() == b'{"game": "burning_sands", "name": "Desert Wind", "car'
    assert D.read_deck(path).name == "Desert Wind"
    # a file of another kind in the slug's place is never replaced either
    os.mkfifo(folder / "sun-host.json")
    assert D.save(good_deck("Sun Host")).name.startswith("sun-host-")
    assert snapshot(folder / "sun-host.json")[0] == "special"


def test_the_deck_scene_asks_before_replacing_a_deck_of_the_same_name(app, home):
    D.save(good_deck("Desert Wind"))
    before = (D.decks_dir() / "desert-wind.json").read_bytes()
    scene = DeckScene(app)
    app.push(scene)
    app.apply_ops()
    assert scene.name_field.length_limit == MAX_DECK_NAME
    scene.name_field.set_text("Desert Wind")
    scene.save()
    assert "saved already" in scene.message and scene.buttons["save"].text == "Replace"
    assert (D.decks_dir() / "desert-wind.json").read_bytes() == before
    scene.save()
    assert scene.message.startswith("Saved as desert-wind.json")
    assert D.read_deck(D.decks_dir() / "desert-wind.json").to_json() == scene.deck.to_json()
    scene.name_field.set_text("x" * 50 + "\u0007")
    scene.save()
    assert scene.message.startswith("The deck was not saved") and is_sentence(scene.message)
    app.frame(1 / 60)


def test_deck_names_are_capped_in_the_file_and_at_save(home):
    with pytest.raises(D.DeckFileError, match="at most 60"):
        D.save(good_deck("n" * (MAX_DECK_NAME + 1)))
    long_one = good_deck("n" * 3300).to_json()
    (D.decks_dir() / "long.json").write_text(json.dumps(long_one), encoding="utf-8")
    [(_p, deck, why)] = D.load_all()
    assert deck is None and "3,300 characters" in why and is_sentence(why)


def longest_legal_deck(name: str):
    """Every card of the pool at its most copies, as many City Sections (the longest ids) as a
    Stronghold's City Points buy, and the Stronghold with the longest id."""
    d = bsdata.get()
    cards = {c.id: 1 if c.type == "pantheon" else 3 for c in d.cards
             if c.type in bsdata.DECK_TYPES}
    stronghold = max((c for c in d.cards if c.type == "stronghold"), key=lambda c: len(c.id))
    sections, cp = [], 0
    for s in sorted((c for c in d.cards if c.type == "section"),
                    key=lambda c: (c.cp_cost, -len(c.id))):
        if cp + s.cp_cost <= stronghold.cp:
            sections.append(s.id)
            cp += s.cp_cost
    return D.DeckList(name, stronghold.id, sections, cards)


def test_a_full_legal_deck_with_the_longest_name_fits_in_a_save(home, tmp_path):
    """The name: MAX_DECK_NAME characters outside the Basic Plane, each written as a 12-character
    escape in the option text (the worst case)."""
    deck = longest_legal_deck("\U0001F525" * MAX_DECK_NAME)
    assert deck.problems() == [] and D.name_problem(deck.name) == ""
    path = D.save(deck)
    assert D.read_deck(path).to_json() == deck.to_json()
    setup = D.SavedDeckChoices().resolve(Setup(
        "burning_sands", (SeatSpec.parse("bot:easy"), SeatSpec.parse("bot:easy")),
        (("deck1", "saved:" + path.stem),), 3))
    assert len(dict(setup.options)["deck1"]) <= MAX_OPTION_TEXT
    match = Match(GAME, setup)
    seat = GAME.to_act(match.state)[0]
    match.apply(seat, GAME.legal_actions(match.state, seat)[0])
    save_path = tmp_path / "full.json"
    match.save(str(save_path))
    again = Match.from_save(read_save(save_path, get_game), GAME)
    assert again.fingerprint() == match.fingerprint()


# --- point 12: writes never follow links nor replace special files -----------------------------

def test_the_deck_save_never_writes_through_a_planted_link(home, tmp_path):
    folder = D.decks_dir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    os.symlink(victim, folder / "desert-wind.tmp")  # where the old save put its temp file
    path = D.save(good_deck("Desert Wind"))
    assert victim.read_text(encoding="utf-8") == "precious"
    assert os.path.islink(folder / "desert-wind.tmp") and not path.is_symlink()
    # a deck file that is a link: replaced by a file of its own, the link's target untouched
    target = tmp_path / "elsewhere.json"
    target.write_text(deck_file_text(good_deck("Linked")), encoding="utf-8")
    os.symlink(target, folder / "linked.json")
    D.save(good_deck("Linked"), replace=True)
    assert not (folder / "linked.json").is_symlink()
    assert json.loads(target.read_text(encoding="utf-8"))["name"] == "Linked"
    assert target.read_text(encoding="utf-8") == deck_file_text(good_deck("Linked"))
    assert not [n for n in os.listdir(folder) if n.startswith(".tmp-")]


def test_atomic_write_text_creates_its_temp_file_exclusively_without_following_links(
        tmp_path, monkeypatch):
    opened = []
    real_open = os.open

    def spy(path, flags, *a, **kw):
        if os.path.basename(os.fspath(path)).startswith(".tmp-"):
            opened.append(flags)
        return real_open(path, flags, *a, **kw)
    monkeypatch.setattr(os, "open", spy)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    os.symlink(victim, tmp_path / "out.txt")
    atomic_write_text(str(tmp_path / "out.txt"), "new")
    assert opened and all(f & os.O_EXCL and f & os.O_CREAT and f & os.O_NOFOLLOW
                          for f in opened)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "new"
    assert not (tmp_path / "out.txt").is_symlink()


def test_the_error_log_is_appended_but_never_through_a_link_or_into_a_pipe(home, tmp_path,
                                                                             capsys):
    log = paths.error_log_path()
    assert paths.append_error_log("one\n") and paths.append_error_log("two\n")
    assert log.read_text(encoding="utf-8") == "one\ntwo\n"
    log.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    os.symlink(victim, log)
    assert paths.append_error_log("three\n") is False
    assert victim.read_text(encoding="utf-8") == "precious"
    assert "symbolic link" in capsys.readouterr().err
    log.unlink()
    os.mkfifo(log)
    assert guarded(paths.append_error_log, "four\n", unblock=[str(log)]) is False
    assert snapshot(log)[0] == "special" and "not written" in capsys.readouterr().err


def test_the_app_s_error_screen_does_not_write_through_a_linked_log(app, home, tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    os.symlink(victim, paths.error_log_path())
    app.fail(RuntimeError("boom"), "in a test")
    app.apply_ops()
    assert victim.read_text(encoding="utf-8") == "precious"
    assert "symbolic link" in capsys.readouterr().err
    assert "could not be written" in app.top.message


@pytest.mark.parametrize("kind", ["fifo", "link", "device", "dangling link", "folder"])
def test_story_out_refuses_anything_but_a_regular_file_or_a_new_path(tmp_path, home, kind):
    deck = good_deck("Sun Host")
    save = bs_save(tmp_path / "game.json",
                   deck_text(deck.name, deck.stronghold, deck.sections, deck.cards))
    out = tmp_path / "story.txt"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "link":
        os.symlink(victim, out)
    elif kind == "device":
        out = "/dev/null"
    elif kind == "dangling link":
        os.symlink(tmp_path / "nowhere.txt", out)
    else:
        out.mkdir()
    before = snapshot(out)
    code, err = guarded(cli_exit, ["--story", save, "--out", str(out)])
    assert code == 2 and is_sentence(err.strip()) and "not a regular file" in err
    assert snapshot(out) == before and victim.read_text(encoding="utf-8") == "precious"
    assert not (tmp_path / "nowhere.txt").exists()
    fresh = tmp_path / "new.txt"
    assert cli_exit(["--story", save, "--out", str(fresh)])[0] == 0
    assert "## Turn 1" in fresh.read_text(encoding="utf-8")
