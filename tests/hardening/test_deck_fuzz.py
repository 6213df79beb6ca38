"""Issue 33, point 7: a fuzzer for the Burning Sands decks folder.

Each case puts one bad (or odd) entry into a decks folder that also holds a good deck, then
lists the folder (under a time guard, so a hang fails instead of blocking the run). Every case
must end in one of two ways: the entry loads as a deck whose name is one a deck may have, or it
is listed with a reason of one sentence naming the file. The entry is byte-identical afterwards
(special files and links are not even opened), and the good deck still loads and plays.

Families: special files (pipes, links to /dev/zero, to nothing, to a folder, ...), deep nesting,
NaN and Infinity, huge and odd numbers, broken bytes (invalid UTF-8, other encodings, cut
short), huge files, and names (inside the file and as the file's name) with characters of every
Unicode general category. The counts tried and failed are printed per family (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import random
import socket
import sys
import unicodedata

from sandsofplay import cli
from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.engine.savefile import validate
from sandsofplay.tables.burning_sands import decks as D
from tests.hardening.deck_support import (GAME, deck_file_text, good_deck, guarded, is_sentence,
                                          snapshot)

GOOD = "good.json"
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # Cf but the zero-width joiners


def good_text() -> str:
    return deck_file_text(good_deck("Good Deck"))


def deck_dict(**changes) -> dict:
    d = good_deck("Fuzzed").to_json()
    d.update(changes)
    return d


def check_case(folder, name: str, fifos=()) -> str:
    """List the folder with the entry ``name`` in it; '' when all is as it should be, else what
    went wrong."""
    before = snapshot(folder / name)
    try:
        listing = guarded(D.load_all, folder, unblock=fifos)
    except BaseException as exc:  # noqa: BLE001 - a failure of this case
        return f"{name}: {type(exc).__name__}: {exc}"
    found = {p.name: (d, why) for p, d, why in listing}
    problems = []
    if snapshot(folder / name) != before:
        problems.append("the entry was changed")
    good = found.get(GOOD, (None, "missing"))
    if good[0] is None or good[0].name != "Good Deck" or good[0].problems():
        problems.append(f"the good deck no longer loads ({good[1]})")
    if name not in found:
        if os.path.lexists(folder / name):
            problems.append("the entry is not listed")
    else:
        deck, why = found[name]
        if deck is None:
            if not is_sentence(why) or D.shown(name) not in why:
                problems.append(f"the reason is not one sentence naming the file: {why!r}")
        elif D.name_problem(deck.name) or why:
            problems.append(f"a deck with the name {deck.name!r} was accepted")
    return f"{name!r}: " + "; ".join(problems) if problems else ""


def run_family(folder, cases, fifos=()) -> tuple[int, list[str]]:
    """``cases``: (file name, writer(path)) pairs; each is made, checked and removed."""
    failures = []
    for name, make in cases:
        path = folder / name
        make(path)
        why = check_case(folder, name, fifos)
        if why:
            failures.append(why)
        if os.path.isdir(path) and not os.path.islink(path):
            os.rmdir(path)
        else:
            os.unlink(path)
    return len(cases), failures


def write(raw):
    def make(path):
        path.write_bytes(raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass"))
    return make


def report(name, tried, failures):
    print(f"\n[deck fuzz] {name}: {tried} tried, {len(failures)} failed", file=sys.stderr)
    assert not failures, f"{name}: {len(failures)} of {tried} failed:\n" + "\n".join(failures[:20])


def folder_with_good_deck(home):
    folder = D.decks_dir()
    (folder / GOOD).write_text(good_text(), encoding="utf-8")
    return folder


def still_playable(folder):
    """The good deck resolves from ``saved:good`` and a game starts with it."""
    setup = D.SavedDeckChoices(folder).resolve(Setup(
        "burning_sands", (SeatSpec.parse("human"), SeatSpec.parse("human")),
        (("deck1", "saved:good"),), 1))
    state = GAME.new_state(setup)
    assert GAME.to_act(state) == (0,)


# --- special files ------------------------------------------------------------------------------

def test_special_files_are_refused_without_opening_them(app, home, tmp_path):
    folder = folder_with_good_deck(home)
    target_dir = tmp_path / "a-folder"
    target_dir.mkdir()
    fifo_elsewhere = tmp_path / "elsewhere.fifo"
    os.mkfifo(fifo_elsewhere)
    fifos = [str(folder / "pipe.json"), str(fifo_elsewhere)]

    def sock(path):
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(str(path))
        except OSError:  # the path is too long for a socket here: a pipe stands in
            os.mkfifo(path)
        finally:
            s.close()
    cases = [
        ("pipe.json", os.mkfifo),
        ("zero.json", lambda p: os.symlink("/dev/zero", p)),
        ("null.json", lambda p: os.symlink("/dev/null", p)),
        ("urandom.json", lambda p: os.symlink("/dev/urandom", p)),
        ("nothing.json", lambda p: os.symlink(tmp_path / "missing.json", p)),
        ("folder-link.json", lambda p: os.symlink(target_dir, p)),
        ("pipe-link.json", lambda p: os.symlink(fifo_elsewhere, p)),
        ("loop.json", lambda p: os.symlink(p, p)),
        ("a-folder.json", os.mkdir),
        ("s.json", sock),
    ]
    tried, failures = run_family(folder, cases, fifos)
    # with a pipe in the folder: seat setup's choices, the deck scene and the command line
    os.mkfifo(folder / "pipe.json")
    try:
        from tests.hardening.test_deck_points import cli_exit
        src = D.SavedDeckChoices(folder)
        spec = GAME.options[0]
        labels = [c.label for c in guarded(src.choices, spec, unblock=fifos)]
        tried += 1
        if labels != ["Good Deck (saved)", "pipe (damaged)"]:
            failures.append(f"seat setup lists {labels}")
        code, err = guarded(cli_exit, ["--game", "burning_sands", "--seats", "human,human",
                                       "--option", "deck1=bogus"], unblock=fifos)
        tried += 1
        if code != 2 or "saved:good" not in err:
            failures.append(f"--option deck1=bogus: {code} {err!r}")
        from sandsofplay.tables.burning_sands.deck_scene import DeckScene

        def scene():
            s = DeckScene(app)
            app.push(s)
            app.apply_ops()
            app.frame(1 / 60)
            for _ in range(2):
                s.open_next_saved()
            return s
        s = guarded(scene, unblock=fifos)
        tried += 1
        if "pipe.json" not in s.message or "not an ordinary file" not in s.message:
            failures.append(f"the deck scene says {s.message!r}")
        args = guarded(cli.parse, ["--game", "burning_sands", "--seats", "human,human",
                                   "--option", "deck1=saved:good"], unblock=fifos)
        tried += 1
        if json.loads(dict(args.setup.options)["deck1"])["name"] != "Good Deck":
            failures.append("--option deck1=saved:good did not play the good deck")
    finally:
        os.unlink(folder / "pipe.json")
    still_playable(folder)
    report("special files", tried, failures)


# --- what the JSON holds ------------------------------------------------------------------------

def nested(depth: int, open_="[", close="]") -> str:
    return open_ * depth + close * depth


def test_deep_nesting_is_refused(home):
    folder = folder_with_good_deck(home)
    cases = []
    for depth in (50, 900, 1100, 5000, 30_000):
        arr, obj = nested(depth), '{"a":' * depth + "1" + "}" * depth
        for where in ("cards", "sections", "name", "stronghold"):
            cases.append((f"{where}-{depth}.json",
                          write(json.dumps(deck_dict(**{where: 0})).replace("0", arr, 1)
                                if where != "name" else
                                json.dumps(deck_dict(name=0)).replace('"name": 0',
                                                                      '"name": ' + obj))))
        cases.append((f"top-{depth}.json", write(arr)))
    tried, failures = run_family(folder, cases)
    still_playable(folder)
    report("deep nesting", tried, failures)


def test_nan_and_infinity_are_refused(home):
    folder = folder_with_good_deck(home)
    cases = []
    card = next(iter(good_deck().cards))
    for k, const in enumerate(("NaN", "Infinity", "-Infinity")):
        base = json.dumps(deck_dict())
        cases.append((f"count-{k}.json", write(base.replace(f'"{card}": 3', f'"{card}": {const}')
                                               .replace(f'"{card}": 2', f'"{card}": {const}')
                                               .replace(f'"{card}": 1', f'"{card}": {const}'))))
        for where in ("name", "stronghold", "sections", "cards", "game"):
            cases.append((f"{where}-{k}.json",
                          write(json.dumps(deck_dict(**{where: 0})).replace(": 0", ": " + const,
                                                                            1))))
    tried, failures = run_family(folder, cases)
    still_playable(folder)
    report("NaN and Infinity", tried, failures)


def test_huge_and_odd_numbers_are_refused_or_counted_right(home):
    folder = folder_with_good_deck(home)
    card = next(iter(good_deck().cards))
    values = ["9" * 19, "9" * 4300, "9" * 5000, "-" + "9" * 5000, "1e400", "-1e400", "2.5",
              "0", "-3", "100", "true", "null", "1e2", "0.0", "3.0000000000000001",
              '"3"', "[3]", "1" + "0" * 17]
    cases = []
    for k, v in enumerate(values):
        d = deck_dict()
        d["cards"][card] = "@"
        cases.append((f"count-{k}.json", write(json.dumps(d).replace('"@"', v))))
        cases.append((f"name-{k}.json", write(json.dumps(deck_dict(name="@"))
                                              .replace('"@"', v))))
    tried, failures = run_family(folder, cases)
    still_playable(folder)
    report("huge numbers", tried, failures)


def test_broken_bytes_are_refused(home):
    folder = folder_with_good_deck(home)
    raw = json.dumps(deck_dict(name="Dünen Wind"), indent=1, ensure_ascii=False).encode()
    rng = random.Random(33)
    cases = [("empty.json", write(b"")), ("nul.json", write(b"\0" * 100)),
             ("utf16.json", write(raw.decode().encode("utf-16"))),
             ("latin1.json", write(raw.decode().encode("latin-1"))),
             ("bom.json", write(b"\xef\xbb\xbf" + raw)),
             ("surrogate.json", write(raw.replace("Dünen".encode(), b"\xed\xa0\x80"))),
             ("overlong.json", write(raw.replace("ü".encode(), b"\xc0\xbc")))]
    for k in range(40):
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.choice([0x80, 0xff, 0xc3, 0xfe, 0x00,
                                                   rng.randrange(256)])
        cases.append((f"flip-{k}.json", write(bytes(b))))
    for k, cut in enumerate(sorted(rng.sample(range(1, len(raw)), 20))):
        cases.append((f"cut-{k}.json", write(raw[:cut])))
    tried, failures = run_family(folder, cases)
    still_playable(folder)
    report("invalid UTF-8 and broken bytes", tried, failures)


def test_huge_files_are_refused_without_reading_them(home):
    folder = folder_with_good_deck(home)

    def sparse(size):
        def make(path):
            with open(path, "wb") as fh:
                fh.truncate(size)
        return make
    good = good_text()
    cases = [("sparse-10mb.json", sparse(10 << 20)), ("sparse-4gb.json", sparse(4 << 30)),
             ("just-over.json", write(good + " " * (D.MAX_DECK_BYTES + 1 - len(good)))),
             ("long-name.json", write(json.dumps(deck_dict(name="x" * 60_000)))),
             ("many-cards.json", write(json.dumps(deck_dict(
                 cards={f"c{i}": 1 for i in range(5000)})))),
             ("many-sections.json", write(json.dumps(deck_dict(sections=["s"] * 1000))))]
    tried, failures = run_family(folder, cases)
    still_playable(folder)
    report("huge files", tried, failures)


# --- names with every Unicode category ----------------------------------------------------------

def by_category(per: int = 3) -> dict[str, list[str]]:
    """A few characters of every general category (the first, one further on, the last)."""
    seen: dict[str, list[int]] = {}
    for cp in range(sys.maxunicode + 1):
        seen.setdefault(unicodedata.category(chr(cp)), []).append(cp)
    return {cat: [chr(cps[0]), chr(cps[len(cps) // 2]), chr(cps[-1])][:per]
            for cat, cps in seen.items()}


def name_refused(name: str) -> bool:
    return any(unicodedata.category(ch) in REFUSED_CATEGORIES and ch not in "\u200c\u200d"
               for ch in name)


def test_names_with_every_unicode_category(home):
    folder = folder_with_good_deck(home)
    chars = by_category()
    assert len(chars) == 30
    tried, failures = 0, []
    for cat, sample in sorted(chars.items()):
        for k, ch in enumerate(sample):
            name = f"Deck {ch} {cat}"
            # in the file
            fname = f"in-{cat}-{k}.json"
            tried += 1
            (folder / fname).write_text(json.dumps(deck_dict(name=name)), encoding="utf-8")
            listing = {p.name: (d, w) for p, d, w in D.load_all(folder)}
            deck, why = listing[fname]
            if name_refused(name) != (deck is None):
                failures.append(f"{fname}: {'refused' if deck is None else 'accepted'} {why}")
            elif deck is None and not is_sentence(why):
                failures.append(f"{fname}: the reason is not a sentence: {why!r}")
            elif deck is not None and deck.name != name:
                failures.append(f"{fname}: the name came back as {deck.name!r}")
            os.unlink(folder / fname)
            # saved by the deck scene's code, then played and saved in a game
            tried += 1
            try:
                path = D.save(good_deck(name), folder)
            except D.DeckFileError as exc:
                if not name_refused(name) or not is_sentence(str(exc) + "."):
                    failures.append(f"save {name!r}: {exc}")
                continue
            if name_refused(name):
                failures.append(f"save {name!r} was accepted")
            try:
                setup = D.SavedDeckChoices(folder).resolve(Setup(
                    "burning_sands", (SeatSpec.parse("human"), SeatSpec.parse("human")),
                    (("deck1", "saved:" + path.stem),), 1))
                validate(json.loads(json.dumps(Match(GAME, setup).to_save())), "x")
            except Exception as exc:  # noqa: BLE001 - a failure of this case
                failures.append(f"play {name!r}: {type(exc).__name__}: {exc}")
            os.unlink(path)
            # as the file's own name
            tried += 1
            try:
                fname = f"file-{ch}-{cat}.json"
                os.fsencode(fname)
            except UnicodeEncodeError:  # a surrogate outside the escaped bytes: no such name
                fname = f"file-{cat}-{k}-".encode() + b"\xff\xfe.json"
                fname = os.fsdecode(fname)
            if "/" in fname or "\0" in fname:
                continue
            (folder / fname).write_text(good_text(), encoding="utf-8")
            src = D.SavedDeckChoices(folder)
            labels = [c.label for c in src.choices(GAME.options[0])]
            try:
                stem = fname[:-len(".json")]
                setup = src.resolve(Setup("burning_sands", (SeatSpec.parse("human"),
                                                            SeatSpec.parse("human")),
                                          (("deck1", "saved:" + stem),), 1))
                GAME.new_state(setup)
            except Exception as exc:  # noqa: BLE001
                failures.append(f"file {fname!r}: {type(exc).__name__}: {exc}")
            if not all(label.isprintable() for label in labels):
                failures.append(f"file {fname!r}: a label cannot be shown: {labels}")
            why = src.unknown(GAME.options[0], "saved:nope")
            if not why.isprintable():
                failures.append(f"file {fname!r}: the message cannot be shown: {why!r}")
            os.unlink(folder / fname)
    still_playable(folder)
    report("names with every Unicode category", tried, failures)
