#!/usr/bin/env python3
"""Build the desktop bundle: one folder that runs Sands of Play without a Python installed.

    python tools/bundle.py [--out DIR] [--env DIR] [--keep-build]

PyInstaller comes from the package registry into a build environment of its own (``--env``,
default ``build/bundle-env``: a virtual environment with PyInstaller and this project installed
from the checkout, never a runtime dependency of the app). The bundle (``--out``, default
``dist/sandsofplay``) holds:

* ``sandsofplay`` - the executable: the title screen, and every flag of the installed command
  (``--kiosk``, ``--replay FILE``, ``--game ID --seats ...``, ``--version`` ...);
* ``_internal/`` - Python, pygame-ce, pygame_gui, pytmx and the game's own resources (component
  data, maps, fonts and their licences, help pages);
* ``sandsofplay.desktop`` and ``sandsofplay.png`` - a freedesktop entry and the app's icon, drawn
  by our own code (``sandsofplay/ui/icon.py``). ``install-desktop-entry.sh`` copies both into
  ``~/.local/share`` with the entry pointing at this folder.

The last line printed is one JSON object: the bundle's path, size in MB, file count and build
time in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYINSTALLER = "pyinstaller>=6.10"

LAUNCHER = '''"""The bundle's entry point: the installed app's command line."""
import sys

from sandsofplay.cli import main

if __name__ == "__main__":
    sys.exit(main())
'''

DESKTOP = """[Desktop Entry]
Type=Application
Version=1.5
Name=Sands of Play
GenericName=Tabletop games
Comment=Four sand-themed tabletop games: hot-seat, against bots, or as a kiosk demo
Exec={exe}
Icon={icon}
Terminal=false
Categories=Game;BoardGame;
Keywords=board game;card game;Sand;Sahwari;Burning Sands;Sands of Adventure;
StartupWMClass=sandsofplay
"""

INSTALL_SH = """#!/bin/sh
# Put Sands of Play in the desktop's application menu (for this user), pointing at this folder.
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/sandsofplay.png" "$icons/sandsofplay.png"
sed "s|^Exec=.*|Exec=$here/sandsofplay|; s|^Icon=.*|Icon=sandsofplay|" \\
    "$here/sandsofplay.desktop" > "$apps/sandsofplay.desktop"
echo "Added Sands of Play to $apps"
"""


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def build_env(env: Path) -> Path:
    """The build environment's Python, with PyInstaller and this checkout installed in it."""
    py = env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not py.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
    run([py, "-m", "pip", "install", "-q", "--upgrade", PYINSTALLER])
    # a real (not editable) install: the bundle must carry what a wheel carries
    run([py, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", str(ROOT)])
    run([py, "-m", "pip", "install", "-q", str(ROOT)])
    return py


def write_icon(path: Path, py: Path) -> None:
    code = ("import os, sys\n"
            "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
            "os.environ['SDL_AUDIODRIVER'] = 'dummy'\n"
            "import pygame\n"
            "from sandsofplay.ui.icon import draw_icon\n"
            "pygame.display.init()\n"
            "pygame.image.save(draw_icon(256), sys.argv[1])\n")
    run([py, "-c", code, path])


def folder_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "dist" / "sandsofplay",
                   help="the bundle's folder (replaced)")
    p.add_argument("--env", type=Path, default=ROOT / "build" / "bundle-env",
                   help="the build environment (PyInstaller and the app)")
    p.add_argument("--keep-build", action="store_true", help="keep PyInstaller's work folder")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    py = build_env(args.env)
    work = ROOT / "build" / "bundle-work"
    work.mkdir(parents=True, exist_ok=True)
    launcher = work / "sandsofplay_launcher.py"
    launcher.write_text(LAUNCHER)
    icon = work / "sandsofplay.png"
    write_icon(icon, py)
    out = args.out.resolve()
    run([py, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir", "--windowed",
         "--name", "sandsofplay", "--distpath", out.parent, "--workpath", work / "pyi",
         "--specpath", work,
         # the games, tables and kiosk are imported by name at run time
         "--collect-submodules", "sandsofplay",
         # the game's resources (data, maps, fonts, help) and pygame_gui's own theme data
         "--collect-data", "sandsofplay", "--collect-data", "pygame_gui",
         "--copy-metadata", "sandsofplay",
         launcher])
    built = out.parent / "sandsofplay"
    if built != out:
        if out.exists():
            shutil.rmtree(out)
        built.rename(out)
    shutil.copyfile(icon, out / "sandsofplay.png")
    (out / "sandsofplay.desktop").write_text(
        DESKTOP.format(exe=out / "sandsofplay", icon=out / "sandsofplay.png"))
    sh = out / "install-desktop-entry.sh"
    sh.write_text(INSTALL_SH)
    sh.chmod(0o755)
    for name in ("LICENSE",):
        shutil.copyfile(ROOT / name, out / name)
    if not args.keep_build:
        shutil.rmtree(work / "pyi", ignore_errors=True)
    size, count = folder_size(out)
    took = time.perf_counter() - t0
    print(f"bundle: {out} ({size / 1e6:.1f} MB, {count} files) in {took:.0f} s")
    print(json.dumps({"bundle": str(out), "size_mb": round(size / 1e6, 1), "files": count,
                      "build_s": round(took, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
