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


# --- issue 33: names from every Unicode category, huge numbers ---------------------------------

def category_samples(per: int = 6, seed: int = 33) -> dict:
    """``per`` code points of each Unicode general category (all 30), drawn with a fixed seed."""
    import sys
    import unicodedata
    by_cat: dict = {}
    for cp in range(sys.maxunicode + 1):
        by_cat.setdefault(unicodedata.category(chr(cp)), []).append(cp)
    rng = random.Random(seed)
    return {cat: [chr(cp) for cp in rng.sample(cps, min(per, len(cps)))]
            for cat, cps in sorted(by_cat.items())}


def name_variants(ch: str) -> list[str]:
    return [ch, ch * 3, "Ab" + ch, ch + "Ab", "A" + ch + "b", " " + ch + "\t" + ch + " "]


def test_names_from_every_unicode_category_keep_one_rule(app):
    """Every name the seat setup's field can give (``field_name``) is kept by the save's check,
    is a fixed point of the rule, shows something and can be drawn; a raw name in a save is
    either accepted or refused by the check, never anything else."""
    from sandsofplay.engine.names import field_name, name_ok, normalise, visible
    from sandsofplay.engine.savefile import validate
    samples = category_samples()
    assert len(samples) == 30
    data = json.loads(real_save("tiny", ["human", "human"], 3, 3))
    tried, failed = {}, []
    for cat, chars in samples.items():
        for ch in chars:
            for typed in name_variants(ch):
                tried[cat] = tried.get(cat, 0) + 1
                name, _note = field_name(typed, "Amira")
                try:
                    assert name_ok(name) and normalise(name) == name and visible(name)
                    app.text.render(name, 20)  # the table draws it
                    data["setup"]["seats"][0]["name"] = name
                    validate(json.loads(json.dumps(data)))
                    data["setup"]["seats"][0]["name"] = typed
                    try:
                        validate(json.loads(json.dumps(data)))
                    except SaveError:
                        pass
                except Exception as exc:  # noqa: BLE001 - what the test looks for
                    failed.append(f"{cat} {typed!r}: {type(exc).__name__}: {exc}")
    print(f"names: {sum(tried.values())} tried over {len(tried)} categories, "
          f"{len(failed)} failed")
    assert not failed, "\n".join(failed[:10])


def test_saves_with_raw_names_of_every_category_load_or_say_why_everywhere(app, failures):
    """One raw (not normalised) name per category in a save, fed to every reader."""
    samples = category_samples(per=1, seed=7)
    data = json.loads(real_save("tiny", ["human", "bot:easy"], 2, 5))
    cases = []
    for cat, (ch,) in samples.items():
        d = json.loads(json.dumps(data))
        d["setup"]["seats"][0]["name"] = "Ab" + ch
        d["setup"]["seats"][1]["name"] = ch * 2
        # (a lone surrogate can only be in the file as a JSON escape)
        cases.append((f"name of category {cat}", json.dumps(d, ensure_ascii=cat == "Cs")))
    run_cases(app, failures, cases, with_ui_every=1)


def test_names_the_normaliser_gives_are_fixed_points_it_keeps():
    from hypothesis import given, settings, strategies as st
    from sandsofplay.engine.names import name_ok, normalise

    @settings(max_examples=400, deadline=None, derandomize=True)
    @given(st.text(st.characters(blacklist_categories=()), max_size=60))
    def check(text):
        name = normalise(text)
        assert normalise(name) == name and name_ok(name)
        if len(text) <= 40 and text.isprintable():
            assert name_ok(text)  # what the earlier rule accepted stays valid
    check()


HUGE = [10 ** 18 - 1, 10 ** 18, -(10 ** 18), 2 ** 63, 10 ** 40, 10 ** 400]


def test_huge_numbers_in_a_save_load_or_say_why_everywhere(app, failures):
    """Seeds, ticks, seats, counts and options of every size: each save loads or gives one clear
    message in every reader (19 digits and more are refused by the reader itself)."""
    base = json.loads(real_save("tiny", ["human", "human"], 8, 6, clock=2))

    def with_(path, value):
        d = json.loads(json.dumps(base))
        target = d
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = value
        return d
    places = [("setup", "seed"), ("final_tick",), ("log", 0, 0), ("log", 5, 0), ("log", 2, 1),
              ("version",), ("setup", "options", "clock")]
    cases = []
    for place in places:
        for value in HUGE + [-1]:
            cases.append((f"{place}={value}", json.dumps(with_(place, value))))
    for value in ("1e308", "-1e308", "1e999", "123456789012345678901234567890.5"):
        cases.append((f"clock={value}", json.dumps(with_(("setup", "options", "clock"), 0))
                      .replace('"clock": 0', f'"clock": {value}')))
    from sandsofplay.engine.savefile import MAX_LOG
    cases.append(("more actions than a save holds",
                  json.dumps(dict(base, log=[base["log"][0]] * (MAX_LOG + 1), hashes=[]))))
    run_cases(app, failures, cases, with_ui_every=2)
    print(f"huge numbers: {len(cases)} cases, 0 failed")
