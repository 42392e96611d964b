"""docs/ledger-api.md stays true: it lists every public method of ``Ledger`` (no more, no
fewer), each with the signature the code has, in the block of the module that defines it."""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from pathlib import Path

from storage.service import Ledger

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ledger-api.md"
BLOCK = re.compile(r"```python\n(class Ledger:[^\n]*\n.*?)```", re.S)
MODULE = re.compile(r"^class Ledger:\s*#\s*(\S+\.py)")


def documented() -> dict[str, tuple[str, ast.FunctionDef]]:
    """name → (the module the block names, the documented def)."""
    out: dict[str, tuple[str, ast.FunctionDef]] = {}
    blocks = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert blocks, "no ```python class Ledger: blocks in docs/ledger-api.md"
    for block in blocks:
        m = MODULE.match(block)
        assert m, f"a block does not name its module: {block.splitlines()[0]!r}"
        cls = ast.parse(block).body[0]
        assert isinstance(cls, ast.ClassDef)
        for node in cls.body:
            assert isinstance(node, ast.FunctionDef), ast.dump(node)[:80]
            assert node.name not in out, f"{node.name} is documented twice"
            out[node.name] = (m.group(1), node)
    return out


def public() -> dict[str, type]:
    """name → the class of Ledger's MRO that defines the method."""
    names = [n for n in dir(Ledger) if not n.startswith("_") and callable(getattr(Ledger, n))]
    names.append("__init__")
    return {n: next(c for c in Ledger.__mro__ if n in c.__dict__) for n in names}


def _norm(node: ast.AST | None) -> str:
    """Source of a signature part, without module prefixes (``season_store.FeeSettings``)."""
    return "" if node is None else re.sub(r"\b\w+\.(?=[A-Z])", "", ast.unparse(node))


def test_the_doc_lists_exactly_the_public_methods() -> None:
    doc, code = set(documented()), set(public())
    assert not code - doc, f"not in docs/ledger-api.md: {sorted(code - doc)}"
    assert not doc - code, f"documented but Ledger has none: {sorted(doc - code)}"


def test_each_method_is_in_the_block_of_its_module_with_its_signature() -> None:
    owners = public()
    for name, (module, node) in documented().items():
        owner = owners[name]
        path = Path(inspect.getfile(owner)).resolve().relative_to(ROOT).as_posix()
        assert path == module, f"{name} is defined in {path}, documented under {module}"
        src = textwrap.dedent(inspect.getsource(owner.__dict__[name]))
        real = next(n for n in ast.parse(src).body if isinstance(n, ast.FunctionDef))
        assert _norm(node.args) == _norm(real.args), f"{name}: the parameters differ"
        assert _norm(node.returns) == _norm(real.returns), f"{name}: the return type differs"


def test_the_checks_see_a_drift() -> None:
    """The parser is not vacuous: it finds the blocks and a changed signature is caught."""
    methods = documented()
    assert len(methods) == len(public()) >= 50
    _module, node = methods["history"]
    assert [a.arg for a in node.args.kwonlyargs] == ["page", "page_size", "include_voided"]
    changed = ast.parse("def history(self, table_id: int, *, page: int = 0) -> None: ...")
    fd = changed.body[0]
    assert isinstance(fd, ast.FunctionDef)
    assert _norm(fd.args) != _norm(node.args)


def test_every_area_of_storage_ledger_is_in_the_facade() -> None:
    """An area class added to storage/ledger/ but not to Ledger's bases would be unreachable."""
    import importlib
    import pkgutil

    import storage.ledger
    from storage.ledger._base import LedgerBase

    areas = []
    for info in pkgutil.iter_modules(storage.ledger.__path__):
        module = importlib.import_module(f"storage.ledger.{info.name}")
        areas += [
            obj
            for obj in vars(module).values()
            if isinstance(obj, type)
            and issubclass(obj, LedgerBase)
            and obj.__module__ == module.__name__
        ]
    assert len(areas) >= 8  # the base and seven areas
    missing = [a.__qualname__ for a in areas if not issubclass(Ledger, a)]
    assert not missing, f"not a base class of Ledger: {missing}"
