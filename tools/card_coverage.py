"""Which Legend of the Burning Sands cards the rules tests name (issue 25).

Lists every card id in ``sandsofplay/resources/data/burning_sands/*.toml`` with the test files
that name it as a quoted string (``"kitai"`` or ``'kitai'``; ``kitai_exp`` is a different card),
then prints how many cards are covered. A card counts as covered when at least one test file
names it; naming is what this script can see, so a test that names a card without exercising
its effect still counts - read the tests for that.

    python tools/card_coverage.py             # every card, covered ones with their files
    python tools/card_coverage.py --missing   # only the cards no test names
    python tools/card_coverage.py --tests DIR # look in another folder of tests (recursively)
    python tools/card_coverage.py --only 'test_card_*.py'   # count only these test files

Exit status is 0; the last line is ``covered N of M cards``.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "sandsofplay" / "resources" / "data" / "burning_sands"
TESTS = ROOT / "tests" / "games" / "burning_sands"


def card_ids(folder: Path = DATA) -> list[tuple[str, str, str]]:
    """(id, type, data file name) of every card, in file order."""
    out = []
    for f in sorted(folder.glob("*.toml")):
        raw = tomllib.loads(f.read_text(encoding="utf-8"))
        for c in raw.get("card", ()):
            out.append((c["id"], c.get("type", "?"), f.name))
    return out


def coverage(ids, tests: Path = TESTS, only: str = "*.py") -> dict[str, list[str]]:
    """card id -> the test files (relative to ``tests``, names matching ``only``) naming it."""
    texts = {p.relative_to(tests).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted(tests.rglob(only))}
    out = {}
    for cid in ids:
        pat = re.compile(r"""["']""" + re.escape(cid) + r"""["']""")
        out[cid] = [name for name, text in texts.items() if pat.search(text)]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--missing", action="store_true", help="list only cards no test names")
    ap.add_argument("--tests", type=Path, default=TESTS, help="folder of test files")
    ap.add_argument("--only", default="*.py", help="file name pattern of the test files to read")
    args = ap.parse_args(argv)
    cards = card_ids()
    cov = coverage([c[0] for c in cards], args.tests, args.only)
    for cid, typ, fname in cards:
        files = cov[cid]
        if args.missing and files:
            continue
        print(f"{cid:28} {typ:10} {fname:15} {', '.join(files) or '-'}")
    n = sum(1 for c in cards if cov[c[0]])
    print(f"covered {n} of {len(cards)} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
