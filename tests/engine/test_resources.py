"""The app's resources travel inside the package and are found the same way in every install.

Issue 24: a wheel, ``pip install .`` and pipx carried no data because ``resources/`` sat beside the
package. (CI also builds the real wheel and runs ``tools/smoke_installed.py`` in a fresh virtual
environment; these tests hold the lookup itself.)
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import sandsofplay
from sandsofplay.engine import resources as R

ROOT = Path(__file__).resolve().parents[2]
PKG = Path(sandsofplay.__file__).resolve().parent


def _package_data_globs() -> list[str]:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return conf["tool"]["setuptools"]["package-data"]["sandsofplay"]


def _carried(rel: str, globs: list[str]) -> bool:
    # setuptools matches each glob against the path below the package, '*' not crossing '/'
    parts = rel.split("/")
    return any(len(g.split("/")) == len(parts) and
               all(fnmatch.fnmatchcase(p, q) for p, q in zip(parts, g.split("/")))
               for g in globs)


def test_the_resources_are_inside_the_package_in_a_checkout():
    root = R.resources_root().resolve()
    assert root == PKG / "resources"
    for part in ("data", "maps", "fonts", "help"):
        assert (root / part).is_dir(), part
    assert R.resource("fonts", "NotoSans-Regular.ttf").is_file()
    assert not (ROOT / "resources").exists(), "resources/ beside the package is not installed"


def test_every_resource_file_is_declared_as_package_data():
    globs = _package_data_globs()
    files = [p.relative_to(PKG).as_posix() for p in (PKG / "resources").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    assert len(files) > 20
    missing = [f for f in files if not _carried(f, globs)]
    assert missing == [], f"not carried by a wheel: {missing}"
    # and a file that is not a resource is not swept in by the globs
    assert not _carried("engine/resources.py", globs)


def test_an_override_names_another_tree(monkeypatch, tmp_path):
    monkeypatch.setenv(R.ENV, str(tmp_path))
    assert R.resources_root() == tmp_path
    assert R.resource("data", "sand") == tmp_path / "data" / "sand"
    monkeypatch.delenv(R.ENV)
    assert R.resources_root().resolve() == PKG / "resources"


def _install_like_a_wheel(dest: Path) -> Path:
    """What a wheel puts in site-packages: the modules and the declared package data only."""
    globs = _package_data_globs()
    site = dest / "site-packages"
    for p in PKG.rglob("*"):
        if not p.is_file() or "__pycache__" in p.parts:
            continue
        rel = p.relative_to(PKG).as_posix()
        if p.suffix == ".py" or _carried(rel, globs):
            target = site / "sandsofplay" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, target)
    return site


def test_an_installed_copy_finds_its_own_data_away_from_the_checkout(tmp_path):
    site = _install_like_a_wheel(tmp_path)
    code = (
        "import sandsofplay, sys\n"
        "from sandsofplay.engine.resources import resources_root\n"
        "from sandsofplay.games import CATALOG, get_game\n"
        "from sandsofplay.engine import SeatSpec, Setup\n"
        "for gi in CATALOG:\n"
        "    g = get_game(gi.id)\n"
        "    seats = tuple(SeatSpec('bot', 'easy', n, '') for n in ('A', 'B'))\n"
        "    g.new_state(Setup(g.id, seats, (), 1))\n"
        "print(sandsofplay.__file__)\n"
        "print(resources_root())\n"
        "print(len(CATALOG))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != R.ENV}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    pkg_file, root, count = out.stdout.split()
    assert Path(pkg_file).resolve().is_relative_to(site.resolve())
    assert Path(root).resolve() == (site / "sandsofplay" / "resources").resolve()
    assert int(count) == 4


def test_version_is_printed(capsys):
    import pytest
    from sandsofplay import cli
    with pytest.raises(SystemExit) as stop:
        cli.parse(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"sandsofplay {sandsofplay.__version__}"
