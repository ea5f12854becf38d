"""The engine names no piece kind of a variant (issue 30): what a kind of piece may do is the
notation's, the kinds' or a rule's. The one exception is `Unit.is_fleet` in
`gm/engine/position.py`, the standard game's own fleet, which the resolver asks of every piece.

Every string constant of gm/engine that is a piece kind (`A`, `F`, `G`, `A/F`, `L`) is found
by reading the modules' syntax trees, so neither a comparison nor a table keyed by kind
(`{"F": 0, "G": 2}`) slips through; docstrings and comments are not constants of the code.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "gm" / "engine"
PIECE_KINDS = {"A", "F", "G", "A/F", "L"}
ALLOWED = {("position.py", "is_fleet")}  # (module, function) that may name one


def _named_kinds(path: Path) -> list[tuple[str, int, str]]:
    """(the function it is in, line, the constant) for each piece kind the module names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    found = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where = node.name
        if isinstance(node, ast.Constant) and node.value in PIECE_KINDS \
                and id(node) not in docstrings:
            found.append((where, node.lineno, node.value))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(tree, "")
    return found


def test_no_engine_module_names_a_piece_kind():
    named = [(path.name, where, line, kind) for path in sorted(ENGINE.glob("*.py"))
             for where, line, kind in _named_kinds(path) if (path.name, where) not in ALLOWED]
    assert named == []


def test_the_check_sees_a_table_keyed_by_kind(tmp_path):
    """What the check looks for: the table civil disorder once kept in the engine."""
    planted = tmp_path / "planted.py"
    planted.write_text('"""A table."""\n_DISORDER_KIND = {"F": 0, "A": 1, "A/F": 1, "G": 2}\n'
                       'def far(unit):\n    return unit.kind == "F"\n', encoding="utf-8")
    assert [kind for _, _, kind in _named_kinds(planted)] == ["F", "A", "A/F", "G", "F"]
    assert [(where, kind) for where, _, kind in _named_kinds(ENGINE / "position.py")] == \
        [("is_fleet", "F")]
