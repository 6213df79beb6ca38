"""Issue 9, "Checks that keep it so": a few hundred damaged saves made from real ones, each fed
to every reader (Match.load, the schema, the Load list, the title's Continue line, --load and
--replay, the app's open-save and replay). Each loads or gives one clear message; no exception
escapes; no error screen; the file is byte-identical afterwards."""

from __future__ import annotations

import json
import os
import random
import signal

import pytest

from sandsofplay.engine import Match, SaveError, Setup
from sandsofplay.engine.savefile import MAX_BYTES, read_save
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from tests.hardening.mutations import byte_mutations, json_mutations, log_mutations
from tests.hardening.readers import read_everywhere


def real_save(game_id, seats, seed, actions, **options) -> str:
    """The text of a save of a game played by random legal actions."""
    game = get_game(game_id)
    m = Match(game, Setup.make(game_id, seats, seed=seed, **options))
    rng = random.Random(seed)
    while len(m.log) < actions and not m.is_over():
        acting = game.to_act(m.state)
        if not acting:
            m.advance(1)
            continue
        seat = acting[0]
        m.apply(seat, rng.choice(game.legal_actions(m.state, seat)))
    m.advance(7)
    return json.dumps(m.to_save(), indent=1)


@pytest.fixture
def failures(app, monkeypatch):
    seen = []
    real_fail = app.fail

    def fail(exc, where=""):
        seen.append(f"{type(exc).__name__}: {exc} {where}")
        real_fail(exc, where)
    monkeypatch.setattr(app, "fail", fail)
    return seen


def run_cases(app, failures, cases, with_ui_every=1):
    folder = paths.saves_dir()
    report = []
    for k, (name, content) in enumerate(cases):
        path = os.path.join(folder, f"case-{k}.json")
        with open(path, "wb") as fh:
            fh.write(content if isinstance(content, bytes) else
                     content.encode("utf-8", "surrogatepass"))
        problems = read_everywhere(app, path, failures, with_ui=k % with_ui_every == 0)
        if problems:
            report.append(f"#{k} {name}:\n  " + "\n  ".join(problems))
        os.remove(path)
    assert not report, "\n".join(report[:8])


def test_the_snapshot_text_is_the_save(tmp_path):
    text = real_save("tiny", ["human", "bot:easy", "human"], 4, 25)
    data = json.loads(text)
    game = get_game("tiny")
    m = Match.from_save(data, game)
    saved = m.to_save()
    del saved["saved_at"]
    assert {k: v for k, v in data.items() if k != "saved_at"} == saved


def test_damaged_saves_of_the_test_game_give_one_clear_message_everywhere(app, failures):
    rng = random.Random(9)
    base = real_save("tiny", ["human", "bot:easy", "human"], 4, 30)
    clocked = real_save("tiny", ["human", "human"], 8, 20, clock=2)
    data = json.loads(base)
    cases = [("the good save", base), ("a real-time save", clocked)]
    cases += log_mutations(data, rng)
    cases += json_mutations(data, rng, 110)
    cases += json_mutations(json.loads(clocked), rng, 30)
    cases += byte_mutations(base.encode(), rng, 90)
    assert len(cases) >= 250
    run_cases(app, failures, cases, with_ui_every=3)


def test_damaged_saves_of_sands_of_adventure_give_one_clear_message(app, failures):
    rng = random.Random(3)
    base = real_save("sands_of_adventure", ["human", "bot:easy", "bot:easy"], 6, 40)
    data = json.loads(base)
    cases = [("the good save", base)] + log_mutations(data, rng)[:12]
    cases += json_mutations(data, rng, 25) + byte_mutations(base.encode(), rng, 12)
    run_cases(app, failures, cases, with_ui_every=4)


def test_special_files_are_refused_without_blocking(app, failures, tmp_path):
    """Issue 9 point 5: a device, a named pipe, a folder, a link to /dev/zero and a file larger
    than a save can be are refused at once with a message; nothing is read from them."""
    folder = paths.saves_dir()
    fifo = os.path.join(folder, "pipe.json")
    os.mkfifo(fifo)
    os.mkdir(os.path.join(folder, "folder.json"))
    big = os.path.join(folder, "big.json")
    with open(big, "wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    specials = [fifo, os.path.join(folder, "folder.json"), big]
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", os.path.join(folder, "zero.json"))
        specials += ["/dev/zero", os.path.join(folder, "zero.json")]
    old = signal.signal(signal.SIGALRM, lambda *a: (_ for _ in ()).throw(TimeoutError("blocked")))
    signal.alarm(20)
    try:
        for path in specials:
            with pytest.raises(SaveError) as exc:
                read_save(path)
            assert "not an ordinary file" in str(exc.value) or "folder" in str(exc.value) or \
                "too large" in str(exc.value)
            problems = read_everywhere(app, path, failures)
            assert not problems, problems
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_one_bad_file_in_the_saves_folder_leaves_the_load_list_usable(app, ui, failures):
    """Issue 9 point 4: a save whose log is null, one nested deep, and a good one: the list opens,
    labels the bad ones as damaged and opens the good one."""
    folder = paths.saves_dir()
    good = real_save("tiny", ["human", "bot:easy"], 2, 6)
    data = json.loads(good)
    (folder / "a-good.json").write_text(good)
    (folder / "b-null.json").write_text(json.dumps(dict(data, log=None)))
    (folder / "c-deep.json").write_text('{"format": "sandsofplay-save", "x": ' + "[" * 2000 +
                                        "]" * 2000 + "}")
    from sandsofplay.ui.scenes.load import LoadScene
    from sandsofplay.ui.table import TableScene
    app.push(LoadScene(app))
    app.apply_ops()
    ui.frames(1)
    scene = app.top
    assert isinstance(scene, LoadScene)
    labels = {os.path.basename(p): lab for p, lab in scene.entries()}
    assert "damaged" in labels["b-null.json"] and "damaged" in labels["c-deep.json"]
    assert "6 moves" in labels["a-good.json"]
    k = [os.path.basename(p) for p, _ in scene.entries()].index("a-good.json")
    ui.click_button(f"save:{k}")
    assert isinstance(app.top, TableScene) and len(app.top.match.log) >= 6  # a bot may act
    assert not failures
