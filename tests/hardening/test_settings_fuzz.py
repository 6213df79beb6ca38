"""Issue 9, "Checks that keep it so", for the settings file: a few hundred damaged settings
files; each gives the defaults and one message in plain words with the file's path; nothing
escapes; the file is byte-identical afterwards; the app opens over any of them."""

from __future__ import annotations

import json
import os
import random
from dataclasses import asdict

from sandsofplay.ui import settings as S
from sandsofplay.ui.scenes.error import ErrorScene
from sandsofplay.ui.scenes.message import MessageScene
from tests.hardening.mutations import byte_mutations, json_mutations


def cases():
    rng = random.Random(11)
    good = S.Settings(volume=40, bot_speed="fast", animation_speed=1.5)
    data = asdict(good)
    text = json.dumps(data, indent=1)
    out = json_mutations(data, rng, 160) + byte_mutations(text.encode(), rng, 100)
    out += [("empty", b""), ("null", "null"), ("a list", "[1, 2]"), ("huge", "{" * 100_000),
            ("volume True", json.dumps(dict(data, volume=True))),
            ("speed NaN", text.replace("1.5", "NaN")), ("speed 1e999", text.replace("1.5", "1e999"))]
    return out


def test_damaged_settings_files_give_defaults_and_a_plain_message(home):
    path = home / "settings.json"
    problems = []
    for name, content in cases():
        raw = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
        path.write_bytes(raw)
        try:
            settings, problem = S.load(path)
        except Exception as exc:  # noqa: BLE001 - what the test looks for
            problems.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if path.read_bytes() != raw:
            problems.append(f"{name}: the file was changed")
        if problem:
            if settings != S.Settings():
                problems.append(f"{name}: not the defaults")
            if str(path) not in problem or len(problem) > 600 or any(
                    w in problem for w in ("Unterminated", "Expecting", "Error", "line 1 column")):
                problems.append(f"{name}: message {problem[:200]!r}")
        else:
            settings.validate()
    assert not problems, "\n".join(problems[:8])


def test_the_app_opens_over_damaged_settings(home):
    from sandsofplay.ui.app import make_app
    path = home / "settings.json"
    for content in ('{"volume": "lou', '[' * 5000, '{"volume": 1e999}', "\udcff"):
        path.write_bytes(content.encode("utf-8", "surrogatepass"))
        a = make_app()
        try:
            a.reset(a.home_factory(a))
            a.apply_ops()
            a.frame(1 / 60)
            assert isinstance(a.top, MessageScene) and not isinstance(a.top, ErrorScene)
            assert str(path) in a.top.message
        finally:
            a.quit()
        assert os.path.exists(path)


def test_settings_with_text_of_every_unicode_category_and_huge_numbers(home):
    """Issue 33: every string setting and key drawn from each Unicode general category (and a
    lone surrogate as a JSON escape), and huge numbers in every number setting: defaults and one
    plain message, or (for a valid value) the value itself; the file is never changed; saving
    over each keeps the damaged file aside."""
    from tests.hardening.test_save_fuzz import category_samples
    path = home / "settings.json"
    data = asdict(S.Settings())
    cases = []
    for cat, chars in category_samples(per=4, seed=5).items():
        for ch in chars:
            for key in ("bot_speed", "stop_reactions"):
                cases.append((f"{key} {cat} U+{ord(ch):04X}", dict(data, **{key: "fast" + ch})))
            cases.append((f"key {cat} U+{ord(ch):04X}", dict(data, **{"vol" + ch: 1})))
    huge = [10 ** 18 - 1, 10 ** 18, -(10 ** 18), 2 ** 63, 10 ** 400, 1e308, -1e308]
    for key in ("volume", "animation_speed"):
        for v in huge:
            cases.append((f"{key}={v}", dict(data, **{key: v})))
    texts = [(name, json.dumps(d, ensure_ascii=" Cs " in f" {name} ")) for name, d in cases]
    texts += [("volume 1e999", json.dumps(data).replace('"volume": 70', '"volume": 1e999'))]
    problems = []
    for name, text in texts:
        raw = text.encode("utf-8", "surrogatepass")
        path.write_bytes(raw)
        try:
            settings, problem = S.load(path)
            if path.read_bytes() != raw:
                problems.append(f"{name}: the file was changed")
            if not problem or settings != S.Settings() or str(path) not in problem:
                problems.append(f"{name}: {problem[:120]!r}")
            S.save(S.Settings(volume=5), path)
            assert S.load(path) == (S.Settings(volume=5), "")
        except Exception as exc:  # noqa: BLE001 - what the test looks for
            problems.append(f"{name}: {type(exc).__name__}: {exc}")
    kept = list(home.glob("settings.json.damaged*"))
    print(f"settings: {len(texts)} tried, {len(problems)} failed")
    assert not problems, "\n".join(problems[:8])
    assert len(kept) == S.KEEP_DAMAGED
