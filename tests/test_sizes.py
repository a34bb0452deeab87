"""The code stays readable in pieces: no module over 500 lines, no function over 50 of its own
(a function defined inside another counts for itself, not for the one around it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MODULES = sorted(PACKAGE.rglob("*.py"))
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def own_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of `function` from its `def` to its end, less those of functions in it."""
    assert function.end_lineno is not None
    inner = sum(node.end_lineno - node.lineno + 1 for node in ast.walk(function)
                if isinstance(node, FUNCTIONS) and node is not function
                and node.end_lineno is not None and _directly_in(node, function))
    return function.end_lineno - function.lineno + 1 - inner


def _directly_in(node: ast.AST, function: ast.AST) -> bool:
    """Whether `node` is a function in `function` with no other function between them."""
    for child in ast.iter_child_nodes(function):
        if child is node:
            return True
        if not isinstance(child, FUNCTIONS) and _directly_in(node, child):
            return True
    return False


def too_long(source: str) -> list[str]:
    return [f"{node.name} ({own_lines(node)} lines)" for node in ast.walk(ast.parse(source))
            if isinstance(node, FUNCTIONS) and own_lines(node) > 50]


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_is_at_most_500_lines_and_a_function_50(module: Path) -> None:
    source = module.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 500
    assert too_long(source) == []


def test_the_measure_counts_what_it_should() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(49))
    assert too_long(f"def f():\n{body}\n") == []                       # 50 lines
    assert too_long(f"def f():\n{body}\n    return 1\n") == ["f (51 lines)"]
    nested = f"def outer():\n    def inner():\n{body.replace('    ', '        ')}\n" \
             "        return 1\n    return inner\n"
    assert too_long(nested) == ["inner (51 lines)"]                   # outer is 3 of its own
