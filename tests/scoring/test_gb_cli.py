"""``mahjong-tally gb-fans``, run for real in a subprocess (contract: ``gb-fans --jsonl`` reads one
tiles object plus "id" per line and writes ``{"id", "total", "fans": [...]}`` or
``{"id", "error"}``; flowers are the fan 花牌 "Flower Tiles", 1 point, count = flowers)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "gb-fans", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_jsonl_batch_follows_the_contract() -> None:
    lines = [
        {"id": "a", "hand": "123m456p789s1122z", "win_tile": "2z", "seat_wind": "S",
         "prevalent_wind": "E", "flowers": 2},
        {"id": 7, "melds": [{"kind": "pung", "tiles": "555z", "claimed_from": "left"},
                            {"kind": "pung", "tiles": "666z"}, {"kind": "pung", "tiles": "777z"}],
         "hand": "2344m", "win_tile": "4m", "self_drawn": True, "seat_wind": "E",
         "prevalent_wind": "E"},
        {"id": "bad", "hand": "11111m456p789s12z", "win_tile": "2z", "seat_wind": "E",
         "prevalent_wind": "E"},
    ]  # fmt: skip
    text = "\n".join(json.dumps(x) for x in lines) + "\n\nnot json\n"
    proc = run("--jsonl", stdin=text)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 4
    # 花龙 8 + 门风刻 2 (南) + 门前清 2 + 花牌 2
    assert out[0]["id"] == "a" and out[0]["total"] == 14
    assert {f["id"]: f["count"] for f in out[0]["fans"]} == {
        "mixed_straight": 1, "seat_wind": 1, "concealed_hand": 1, "flower_tiles": 2,
    }  # fmt: skip
    flower = next(f for f in out[0]["fans"] if f["id"] == "flower_tiles")
    assert flower == {"id": "flower_tiles", "name_zh": "花牌", "name_en": "Flower Tiles",
                      "points": 1, "count": 2}  # fmt: skip
    for f in out[0]["fans"]:
        assert set(f) == {"id", "name_zh", "name_en", "points", "count"}
    # 大三元 88 + 混一色 6 + 自摸 1
    assert out[1]["id"] == 7 and out[1]["total"] == 95
    assert out[2] == {"id": "bad", "error": "tiles: 5 copies of 1m: there are only 4 of each tile"}
    assert out[3]["id"] is None and "not valid JSON" in out[3]["error"]


def test_one_hand_in_phone_notation() -> None:
    proc = run("[555z][666z][777z]2344m", "--win", "4m", "--self-drawn")
    assert proc.returncode == 0, proc.stderr
    assert "Big Three Dragons 大三元: 88" in proc.stdout
    assert "Two Dragon Pungs 双箭刻 not counted: implied by Big Three Dragons" in proc.stdout
    assert proc.stdout.rstrip().endswith("Total 95 fan")


def test_chinese_honours_and_json_output() -> None:
    proc = run("123m 456p 789s 东东 南南南", "--win", "东", "--json", "--seat", "S")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    # 花龙 8 + 门风刻 2 (南, seat S) + 门前清 2 + 单钓将 1
    assert data["total"] == 13
    assert data["reading"] == "123m 456p 789s 222z 11z"
    assert {"id": "pung_of_terminals_or_honors", "count": 1, "by": "seat_wind"} in data["excluded"]


def test_below_minimum_is_reported() -> None:
    proc = run("[123m][567p][345s]78m22z", "--win", "6m", "--last-tile", "--lang", "zh")
    assert proc.returncode == 0
    assert "和绝张: 4" in proc.stdout and "不够8番起和：4番" in proc.stdout


def test_typos_give_clear_errors() -> None:
    cases = {
        ("123m45x",): "unexpected character 'x'",
        ("[124m]456p789s11z22z",): "a chow (3 in a row), a pung (3 equal) or a kong",
        ("[123m456p789s11z22z",): "'[' at character 1 is not closed",
        ("123m456p789s11z8z",): "no tile 8z",
        ("123m456p789s11z",): "needs 13 tiles (or 14 with the winning tile), got 11",
        ("123m456p789s11z222z", "--win", "9p"): "no 9p (the --win tile)",
        ("11111m456p789s12z", "--win", "2z"): "5 copies of 1m",
        ("123m456p789s11z23z", "--win", "4z"): "not a winning hand",
    }
    for args, msg in cases.items():
        argv = list(args) if "--win" in args else [*args, "--win", "2z"]
        proc = run(*argv)
        assert proc.returncode == 2, (args, proc.stdout)
        assert msg in proc.stderr, (args, proc.stderr)
        assert proc.stderr.startswith("mahjong-tally gb-fans: error: ")
    proc = run("123m456p789s11z22z")
    assert proc.returncode == 2 and "--win TILE" in proc.stderr
