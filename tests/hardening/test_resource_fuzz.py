"""The app's own resources, damaged one file at a time in a copied tree: every reader answers with
a message naming the file (or, for a font or a help page, carries on without it and says so),
never hangs and never crashes.

Each family runs its cases in one child process (``resource_probe``) under a timeout, one line of
result a case, so a regression that hangs or segfaults fails the test, naming the case, instead of
hanging it. Families: data files of the four games, Tiled maps, fonts, rules help pages, and the
whole start-up under ``SANDSOFPLAY_RESOURCES`` for a few chosen cases. Each test prints how many
cases it tried and how many failed.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from tests.hardening import resource_damage as D

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("sands_of_adventure", "sahwari", "sand", "burning_sands")


def run_probe(family, cases, tmp_path, timeout, env_extra=None):
    """Rows by case id; a case with no row hung or crashed the child (named in ``lost``)."""
    f = tmp_path / f"{family}-{len(cases)}-{os.getpid()}.json"
    f.write_text(json.dumps(cases))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SANDSOFPLAY_HOME=str(tmp_path / "home"))
    env.update(env_extra or {})
    status = ""
    try:
        proc = subprocess.run([sys.executable, "-m", "tests.hardening.resource_probe", family,
                               str(f)], cwd=ROOT, env=env, capture_output=True, timeout=timeout)
        out, err = proc.stdout, proc.stderr
        if proc.returncode:
            status = f"exit status {proc.returncode}"
    except subprocess.TimeoutExpired as exc:
        out, err = exc.stdout or b"", exc.stderr or b""
        status = f"timed out after {timeout} s"
    rows = {}
    for line in out.decode("utf-8", "replace").splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            rows[row["id"]] = row
    lost = [c["id"] for c in cases if c["id"] not in rows]
    if lost:  # the first case without a row is the one that hung or crashed
        status += f"; no answer from {lost[0]} ({len(lost)} cases unanswered); stderr: " + \
            err.decode("utf-8", "replace")[-800:]
    return rows, status


def judge(cases, rows, status, check):
    """Failures as strings: a case with no row, an unexpected exception, or ``check`` failing."""
    failures = [f"the child process: {status}"] if status else []
    for case in cases:
        row = rows.get(case["id"])
        if row is None:
            failures.append(f"{case['id']}: no answer (hung or crashed)")
        elif row["result"] == "unexpected":
            failures.append(f"{case['id']}: unexpected exception\n{row['message']}")
        else:
            why = check(case, row)
            if why:
                failures.append(f"{case['id']}: {why}")
    return failures


def report(family, cases, failures):
    print(f"\nresource fuzz {family}: {len(cases)} tried, "
          f"{len({f.split(':')[0] for f in failures})} failed")
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:15])


def names_the_file(message: str, name: str) -> bool:
    return name in message and len(message) <= 1500 and "Traceback" not in message


# --- data files -----------------------------------------------------------------------------------

def _data_cases(tmp_path):
    rng = random.Random(9)
    cases = []
    n = 0
    for game in GAMES:
        src = D.resources_root() / "data" / game
        for f in sorted(src.glob("*.toml")):
            text = f.read_text(encoding="utf-8")
            damages = [(k, fn, None) for k, fn in D.BYTE_DAMAGE.items()]
            for site in D.sample(D.toml_number_sites(text), 2, rng):
                damages += [(f"{label}@{site[0]}", None, D.with_number(text, site, value))
                            for label, value in D.ABSURD.items()]
            for label, fn, new_text in damages:
                n += 1
                folder = tmp_path / f"d{n}"
                folder.mkdir()
                for g in src.glob("*.toml"):
                    (folder / g.name).write_bytes(g.read_bytes())
                target = folder / f.name
                if fn is not None:
                    fn(target, rng)
                else:
                    target.write_text(new_text, encoding="utf-8")
                cases.append({"id": f"{game}/{f.name} {label}", "game": game,
                              "folder": str(folder), "file": f.name, "damage": label})
    return cases


def _must_refuse(damage: str) -> bool:
    return damage in D.MUST_REFUSE or damage.split("@")[0] in D.ABSURD_MUST_REFUSE


def test_damaged_data_files_are_refused_with_a_message_naming_the_file(tmp_path):
    cases = _data_cases(tmp_path)

    def check(case, row):
        if row["result"] == "ok":
            return "was accepted" if _must_refuse(case["damage"]) or \
                case["damage"] == "random" else ""
        msg = row["message"]
        if _must_refuse(case["damage"]) and not names_the_file(msg, case["file"]):
            return f"the message does not name {case['file']}: {msg[:300]!r}"
        if not names_the_file(msg, ".toml") and case["file"] not in msg:
            return f"the message names no data file: {msg[:300]!r}"
        return ""

    rows, status = run_probe("data", cases, tmp_path, timeout=120)
    report("data", cases, judge(cases, rows, status, check))


def test_copies_1e26_in_the_cards_is_refused_at_once(tmp_path):
    """The outside run's hang: ``copies = 1e26`` in Sands of Adventure's cards.toml."""
    folder = tmp_path / "soa"
    src = D.resources_root() / "data" / "sands_of_adventure"
    folder.mkdir()
    for g in src.glob("*.toml"):
        (folder / g.name).write_bytes(g.read_bytes())
    cards = folder / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    cases = []
    for k, value in enumerate(("1e26", "100000", "10**5000", "-1", "2.0")):
        sub = tmp_path / f"soa{k}"
        sub.mkdir()
        for g in folder.glob("*.toml"):
            (sub / g.name).write_bytes(g.read_bytes())
        shown = "1" + "0" * 5000 if value == "10**5000" else value
        (sub / "cards.toml").write_text(text.replace("copies = 3", f"copies = {shown}", 1),
                                        encoding="utf-8")
        cases.append({"id": f"copies = {value}", "game": "sands_of_adventure",
                      "folder": str(sub)})
    rows, status = run_probe("data", cases, tmp_path, timeout=60)

    def check(case, row):
        if row["result"] != "refused":
            return f"{row['result']}, not refused"
        msg = row["message"]
        return "" if "cards.toml" in msg and "copies" in msg else f"unclear: {msg[:200]!r}"

    report("copies", cases, judge(cases, rows, status, check))


# --- maps -----------------------------------------------------------------------------------------

_MAP_STRUCTURE = {
    "entities": lambda t: t.replace('<?xml version="1.0" encoding="UTF-8"?>',
                                    '<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaaaaaa">'
                                    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>', 1),
    "tileset_fifo": lambda t: t.replace("<objectgroup", '<tileset firstgid="1" source="pipe.tsx"/>'
                                                      "<objectgroup", 1),
    "tile_layer_10**9": lambda t: t.replace("<objectgroup", '<layer name="x" width="100000" '
                                                          'height="100000"><data/></layer>'
                                                          "<objectgroup", 1),
    "map_width_10**9": lambda t: t.replace('width="', 'width="1000000000', 1),
    "template": lambda t: t.replace("<object ", '<object template="pipe.tx" ', 1),
    "deep": lambda t: t.replace("</map>", "<properties>" * 3000 + "</properties>" * 3000
                                + "</map>", 1),
}


def test_damaged_maps_are_refused_with_a_message_naming_the_map(tmp_path):
    rng = random.Random(4)
    tree = D.copy_tree(tmp_path / "res")
    maps = sorted((tree / "maps").glob("*.tmx"))
    cases = []
    n = 0
    for m in maps:
        text = m.read_text(encoding="utf-8")
        damages = [(k, fn, None) for k, fn in D.BYTE_DAMAGE.items()]
        for site in D.sample(D.map_number_sites(text), 3, rng):
            damages += [(f"{label}@{site[0]}", None, D.with_number(text, site, value))
                        for label, value in D.ABSURD.items()]
        damages += [(label, None, fn(text)) for label, fn in _MAP_STRUCTURE.items()]
        for label, fn, new_text in damages:
            n += 1
            folder = tmp_path / f"m{n}"
            folder.mkdir()
            os.mkfifo(folder / "pipe.tsx")
            os.mkfifo(folder / "pipe.tx")
            target = folder / m.name
            target.write_bytes(m.read_bytes())
            if fn is not None:
                fn(target, rng)
            else:
                target.write_text(new_text, encoding="utf-8")
            cases.append({"id": f"{m.name} {label}", "path": str(target), "file": m.name,
                          "damage": label})

    def check(case, row):
        d = case["damage"]
        strict = _must_refuse(d) or d in _MAP_STRUCTURE and d != "deep" or d in ("empty",
                                                                           "truncated")
        if row["result"] == "ok":
            return "was accepted" if strict else ""
        if not names_the_file(row["message"], case["file"]):
            return f"the message does not name the map: {row['message'][:300]!r}"
        return ""

    rows, status = run_probe("map", cases, tmp_path, timeout=120)
    report("map", cases, judge(cases, rows, status, check))


# --- fonts ----------------------------------------------------------------------------------------

def _bad_directory(path: Path, rng):
    raw = bytearray(path.read_bytes())
    raw[12 + 8:12 + 12] = (0x7FFFFFF0).to_bytes(4, "big")  # the first table's offset: past the end
    D._replace(path, bytes(raw))


def _scrambled_tables(path: Path, rng):
    raw = bytearray(path.read_bytes())
    at = len(raw) // 3
    raw[at:at + 8192] = bytes(rng.randrange(256) for _ in range(8192))
    D._replace(path, bytes(raw))


FONT_DAMAGE = dict(D.BYTE_DAMAGE, bad_directory=_bad_directory, scrambled=_scrambled_tables)
FONT_MAY_LOAD = ()  # the whole-file checksum catches even bytes inserted or scrambled


def test_damaged_fonts_fall_back_to_the_default_font_with_a_message(tmp_path):
    rng = random.Random(5)
    src = D.resources_root() / "fonts"
    cases = []
    for font in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        for label, fn in FONT_DAMAGE.items():
            folder = tmp_path / f"{label}-{font}"
            folder.mkdir()
            target = folder / font
            target.write_bytes((src / font).read_bytes())
            fn(target, rng)
            cases.append({"id": f"{font} {label}", "path": str(target), "file": font,
                          "damage": label})

    def check(case, row):
        if row.get("width", 0) <= 0:
            return "no text could be drawn afterwards"
        if row["result"] == "ok":
            return "" if case["damage"] in FONT_MAY_LOAD else "was accepted"
        if not names_the_file(row["message"], case["file"]):
            return f"the log does not name the font: {row['message'][:300]!r}"
        return ""

    rows, status = run_probe("font", cases, tmp_path, timeout=60)
    report("font", cases, judge(cases, rows, status, check))


# --- rules help -----------------------------------------------------------------------------------

HELP_EXTRA = {
    "nul_and_controls": lambda raw: raw.replace(b"<br>", b"\x00\x07<br>\x1b", 3),
    "odd_html": lambda raw: b'<font size=1e26 face="../../x">' + b"<b>" * 2000 + raw,
    "unclosed_tags": lambda raw: raw + b"<b><i><u><font color='#zz'><a href=",
    "long_word": lambda raw: b"W" * 30000,
}


def test_a_damaged_help_page_says_so_inside_the_help_and_the_game_goes_on(tmp_path):
    rng = random.Random(6)
    cases = []
    n = 0
    for game in GAMES:
        src = D.resources_root() / "help" / f"{game}.html"
        damages = [(k, fn) for k, fn in D.BYTE_DAMAGE.items()]
        if game == "sand":  # page-level damage on one page: each open costs pygame_gui's layout
            damages += [(k, lambda p, r, fn=fn: D._replace(p, fn(p.read_bytes())))
                        for k, fn in HELP_EXTRA.items()]
        for label, fn in damages:
            n += 1
            root = tmp_path / f"h{n}"
            (root / "help").mkdir(parents=True)
            target = root / "help" / f"{game}.html"
            target.write_bytes(src.read_bytes())
            fn(target, rng)
            cases.append({"id": f"{game}.html {label}", "root": str(root), "game": game,
                          "home": str(tmp_path / "home"), "damage": label})

    def check(case, row):
        if row["top"] != "rules help" or not row["table_kept"] or row["last_error"]:
            return (f"the help did not open over the game (top {row['top']!r}, table kept "
                    f"{row['table_kept']}, error {row['last_error'][:200]!r})")
        if case["damage"] in D.MUST_REFUSE + ("empty",) and \
                f"help/{case['game']}.html" not in row["message"]:
            return f"the help does not say the page is damaged: {row['message'][:300]!r}"
        return ""

    rows, status = run_probe("help", cases, tmp_path, timeout=120)
    report("help", cases, judge(cases, rows, status, check))


# --- the whole start-up ---------------------------------------------------------------------------

def _soa_copies(path: Path, rng):
    D._replace(path, path.read_bytes().replace(b"copies = 3", b"copies = 1e26", 1))


APP_CASES = [  # (resource, damage, game whose table and help are opened, name a message gives)
    ("data/sahwari/tiles.toml", D.fifo, "sahwari", "tiles.toml"),
    ("data/sands_of_adventure/cards.toml", _soa_copies, "sands_of_adventure", "cards.toml"),
    ("maps/sands_of_adventure.tmx", D.fifo, "sands_of_adventure", "sands_of_adventure.tmx"),
    ("fonts/NotoSans-Regular.ttf", D.empty, "sand", "NotoSans-Regular.ttf"),
    ("fonts/NotoSans-Bold.ttf", D.truncated, "sand", "NotoSans-Bold.ttf"),
    ("help/sahwari.html", D.huge, "sahwari", "help/sahwari.html"),
]


def test_the_app_starts_over_a_damaged_resource_and_names_it(tmp_path):
    rng = random.Random(7)
    results, failures = [], []
    for k, (rel, fn, game, name) in enumerate(APP_CASES):
        tree = D.copy_tree(tmp_path / f"res{k}")
        fn(tree / rel, rng)
        case = {"id": f"{rel} {fn.__name__}", "game": game, "home": str(tmp_path / f"home{k}")}
        rows, status = run_probe("app", [case], tmp_path, timeout=90,
                                 env_extra={"SANDSOFPLAY_RESOURCES": str(tree)})

        def check(case, row, name=name):
            if row["title"] != "the title screen":
                return f"the app did not reach the title ({row['title']!r})"
            said = " ".join((row["problem"], row["last_error"], row["help"], row["log"]))
            if name not in said:
                return f"nothing names {name}: {said[:400]!r}"
            if not row["problem"] and row["top"] != "the error screen" and \
                    row["help_top"] != "rules help":
                return f"the rules help did not open (top {row['help_top']!r})"
            return ""

        results.append(case)
        failures += judge([case], rows, status, check)
    report("app start-up", results, failures)
