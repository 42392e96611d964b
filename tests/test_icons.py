"""One icon per meaning, defined once (issue 25.3: "today 🀄 marks the winner and, in the kong
picker, the dealer, who is 🎲 elsewhere"): bot/terms.py names each icon; no other module of the
bot writes one of them in a string (docstrings and comments may name one), so a meaning
cannot drift to another icon."""

from __future__ import annotations

import ast
from pathlib import Path

from bot import terms

BOT = Path(__file__).resolve().parents[1] / "bot"
ICONS = {terms.ICON_WINNER, terms.ICON_DEALER, terms.ICON_TITLE, terms.ICON_TILES}


def strings(tree: ast.AST) -> list[ast.Constant]:
    """The string constants of ``tree`` that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docs.add(id(body[0].value))
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_each_meaning_has_its_own_icon() -> None:
    assert len(ICONS) == 4


def test_no_module_but_terms_writes_an_icon() -> None:
    found = []
    for path in sorted(BOT.rglob("*.py")):
        if path.name == "terms.py" or "fonts" in path.parts:  # the font subset lists 🀄
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [
            f"{path.relative_to(BOT)}:{s.lineno}: {i}"
            for s in strings(tree)
            for i in ICONS
            if i in s.value
        ]
    assert not found, found


def test_the_check_sees_a_literal() -> None:
    tree = ast.parse('"""A 🀄 doc."""\nx = "🀄 " + name\n')
    assert [s.value for s in strings(tree)] == ["🀄 "]
