"""One icon per meaning, defined once (issue 25.3: "today 🀄 marks the winner and, in the kong
picker, the dealer, who is 🎲 elsewhere"): bot/terms.py names each icon; no other module of the
bot writes one of them as a literal, so a meaning cannot drift to another icon."""

from __future__ import annotations

from pathlib import Path

from bot import terms

BOT = Path(__file__).resolve().parents[1] / "bot"
ICONS = {terms.ICON_WINNER, terms.ICON_DEALER, terms.ICON_TITLE, terms.ICON_TILES}


def test_each_meaning_has_its_own_icon() -> None:
    assert len(ICONS) == 4


def test_no_module_but_terms_writes_an_icon() -> None:
    found = []
    for path in sorted(BOT.rglob("*.py")):
        if path.name == "terms.py" or "fonts" in path.parts:  # the font subset lists 🀄
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if '"""' in line or (line.lstrip().startswith(("#", '"', "'")) and "(" not in line):
                continue  # docstrings and comments may name an icon
            found += [f"{path.relative_to(BOT)}:{no}: {i}" for i in ICONS if i in code]
    assert not found, found
