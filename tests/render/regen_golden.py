"""Rewrite the golden images deliberately, after a reviewed change of the renderer:

    .venv/bin/python tests/render/regen_golden.py            # all of tests/render/cases.GOLDEN
    .venv/bin/python tests/render/regen_golden.py NAME ...   # only these

Look at every rewritten PNG (git diff shows which) before committing them.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.render.cases import GOLDEN, all_cases  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def main(names: list[str]) -> None:
    cases = all_cases()
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in names or list(GOLDEN):
        if name not in GOLDEN:
            sys.exit(f"{name} is not in cases.GOLDEN")
        path = GOLDEN_DIR / f"{name}.png"
        data = cases[name]()
        old = path.read_bytes() if path.exists() else None
        path.write_bytes(data)
        print(f"{'same' if old == data else 'NEW ' if old is None else 'changed'}  {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
