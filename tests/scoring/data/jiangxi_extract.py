"""Regenerate ``jiangxi_examples.json`` from the spec's §5.1–§5.6 tables (a one-off tool).

    .venv/bin/python tests/scoring/data/jiangxi_extract.py /work/shared/rules/jiangxi-chongguan.md

Each row keeps the example id, the seed line, the verbatim seed text, the situation (parsed into
winner / how / shape / flags) and, per preset column (XG, TH, NC, NCT), what that preset is
expected to give: the seed's own numbers (✓), the other preset's numbers (—), or the formula's
numbers where the seed is wrong (✗). The tests rebuild hand records from these rows.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SHAPES = {
    "平胡": "plain_win",
    "小七对": "small_seven_pairs",
    "大七对": "big_seven_pairs",
    "十三烂": "thirteen_rotten",
    "七星十三烂": "seven_star_thirteen_rotten",
}
FLAGS = {
    "德国": "no_wild",
    "精吊": "wild_single_wait",
    "杠开": "kong_bloom",
    "德中德": "no_wild_anywhere",
}
COLUMNS = ("xingguo", "taihe", "nanchang", "nanchang_table")
PAYER = re.compile(r"^(庄|闲)(\(炮\))? (\d+)$")


def parse_payers(text: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for part in text.split(","):
        m = PAYER.match(part.strip())
        if not m:
            raise ValueError(f"cannot read payer {part!r} in {text!r}")
        out.append(
            {"dealer": m.group(1) == "庄", "discarder": bool(m.group(2)), "pays": int(m.group(3))}
        )
    return out


def parse_situation(text: str) -> dict[str, object]:
    m = re.match(r"^(庄 dealer|闲 non-dealer) wins, (自摸|点炮 by 闲|点炮 by 庄), (.+)$", text)
    if not m:
        raise ValueError(f"cannot read situation {text!r}")
    hand = m.group(3).split(" + ")
    shape = SHAPES[hand[0].strip()]
    flags = [FLAGS[f.strip()] for f in hand[1].split("+")] if len(hand) > 1 else []
    how = {
        "自摸": "self_drawn",
        "点炮 by 闲": "discard_by_non_dealer",
        "点炮 by 庄": "discard_by_dealer",
    }
    return {
        "winner_dealer": m.group(1).startswith("庄"),
        "how": how[m.group(2)],
        "shape": shape,
        "flags": flags,
    }


def main(spec: Path, out: Path) -> None:
    rows = []
    section = ""
    for line in spec.read_text(encoding="utf-8").splitlines():
        if line.startswith("### 5."):
            section = line[4:7]
            continue
        if section not in {"5.1", "5.2", "5.3", "5.4", "5.5", "5.6"} or not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 12 or cells[0] == "ID" or cells[0].startswith("---"):
            continue
        ex_id, seed_line, seed_text, situation, expected, winner_plus, seed_total = cells[:7]
        presets: dict[str, object] = {}
        for name, cell in zip(COLUMNS, cells[7:11], strict=True):
            if cell == "✓":
                presets[name] = {"kind": "seed", "payers": parse_payers(expected)}
            elif cell.startswith("—"):
                presets[name] = {"kind": "other", "payers": parse_payers(cell[1:])}
            elif cell.startswith("✗"):
                presets[name] = {"kind": "seed_error", "payers": parse_payers(cell[1:])}
            elif cell == "n/a":
                continue
            else:
                raise ValueError(f"{ex_id}: cannot read cell {cell!r}")
        if not presets:
            continue  # QQB-06d: garbled, not a test
        rows.append(
            {
                "id": ex_id,
                "section": section,
                "seed_line": seed_line,
                "seed_text": seed_text,
                "situation": parse_situation(situation),
                "expected": parse_payers(expected),
                "winner_plus": int(winner_plus.lstrip("+")),
                "seed_total": seed_total.replace("**", ""),
                "presets": presets,
                "note": cells[11],
            }
        )
    out.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(__file__).with_name("jiangxi_examples.json"))
