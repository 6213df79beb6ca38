"""Issue 9, "Checks that keep it so": random and malformed command lines end with status 0 or 2
and a message, never a traceback. Run in-process (``cli.parse``, which does every check made
before a window opens); one run as a real program checks the same end to end."""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
import traceback

from sandsofplay import cli

FLAGS = ["--game", "--seats", "--seed", "--option", "--load", "--replay", "--fullscreen",
         "--windowed", "--kiosk", "--help", "-h", "--bogus", "--", "-", "--game=", "--seed=1"]
WORDS = ["sahwari", "sands_of_adventure", "tiny", "sand", "human", "bot:easy", "bot:hard",
         "human,bot:normal", "human,human,human,human,human", "bot:", "bot:godlike", ",", "",
         "7", "-1", "0", "99999999999999999999999999", "1e5", "nan", "inf", "9" * 5000,
         "sand=60", "char1=amira", "clock=2", "=", "clock=", "x=y=z", "clock=NaN",
         "/dev/zero", "/nonexistent/save.json", ".", "..", "\udcff", "\u202e", "é" * 300,
         " ", "\t", "--load", "human ,bot:easy", "HUMAN", "bot:EASY", "a" * 10000]


def run(argv) -> tuple[object, str]:
    """(exit status or None when parsing succeeded, stderr) - or raise what escaped."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            cli.parse(argv)
    except SystemExit as exc:
        return exc.code, err.getvalue()
    return None, err.getvalue()


def random_argv(rng: random.Random) -> list[str]:
    argv = []
    for _ in range(rng.randint(0, 6)):
        r = rng.random()
        if r < 0.55:
            argv.append(rng.choice(FLAGS))
            if rng.random() < 0.8:
                argv.append(rng.choice(WORDS))
        elif r < 0.85:
            argv.append(rng.choice(WORDS))
        else:
            argv.append("".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(0, 12))))
    return argv


def test_random_command_lines_exit_0_or_2_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("SANDSOFPLAY_HOME", str(tmp_path))
    (tmp_path / "junk.json").write_text("{junk")
    rng = random.Random(2024)
    lines = [random_argv(rng) for _ in range(260)]
    lines += [["--game", "sands_of_adventure", "--seats", "human,bot:easy", "--option",
               f"char1={c}", "--option", f"char2={c}"] for c in ("random", "marion")]
    lines += [["--load", str(tmp_path / "junk.json")], ["--replay", str(tmp_path)],
              ["--game", "sahwari", "--seats", "human," * 40], ["--seed", "3"],
              ["--game", "tiny", "--seats", "human,bot:easy", "--seed", "-" + "9" * 30]]
    problems = []
    for argv in lines:
        try:
            code, err = run(argv)
        except Exception:  # noqa: BLE001 - what this test looks for
            problems.append(f"{str(argv)[:300]}: {traceback.format_exc()[-600:]}")
            continue
        if code is None:
            continue  # a good command line: the app would start
        if code not in (0, 2):
            problems.append(f"{str(argv)[:300]}: exit status {code}")
        elif code == 2 and ("sandsofplay" not in err or "Traceback" in err or len(err) > 3000):
            problems.append(f"{str(argv)[:300]}: message {err[:300]!r}")
    assert not problems, "\n".join(problems[:6])


def test_a_damaged_save_on_the_real_command_line_is_one_sentence(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "sandsofplay-save", "version": 1, "game": ' + "[" * 1500 +
                   "]" * 1500 + "}")
    env = dict(os.environ, SANDSOFPLAY_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for flag in ("--load", "--replay"):
        proc = subprocess.run([sys.executable, "-m", "sandsofplay", flag, str(bad)], cwd=root,
                              env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert "bad.json" in proc.stderr and "Traceback" not in proc.stderr
    assert bad.read_text().startswith('{"format"')
