"""The layers of DESIGN.md: import-linter contracts hold, and the pure layers never load pygame."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_import_linter_contracts_hold():
    exe = os.path.join(os.path.dirname(sys.executable), "lint-imports")
    cmd = [exe] if os.path.exists(exe) else [sys.executable, "-m", "importlinter.cli"]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert "broken" not in res.stdout.lower().replace("0 broken", "")


def test_pure_modules_never_load_pygame():
    code = r"""
import importlib, pkgutil, sys
names = []
for layer in ("sandsofplay.engine", "sandsofplay.games", "sandsofplay.bots"):
    pkg = importlib.import_module(layer)
    names.append(layer)
    for m in pkgutil.walk_packages(pkg.__path__, layer + "."):
        importlib.import_module(m.name)
        names.append(m.name)
bad = [n for n in ("pygame", "pygame_gui", "pytmx") if n in sys.modules]
print(len(names), ",".join(bad))
"""
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    count, bad = res.stdout.strip().split(" ") if " " in res.stdout.strip() else \
        (res.stdout.strip(), "")
    assert int(count) >= 10
    assert bad == "", f"pure layers loaded {bad}"
