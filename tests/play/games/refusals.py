"""Every refusal an engine can give, read from its package's source (tests of the rule books)."""

from __future__ import annotations

import ast
from pathlib import Path


def raised_codes(package_dir: Path) -> set[str]:
    """Every string literal passed first to ``IllegalMove(...)`` in the package's modules."""
    codes = set()
    for path in Path(package_dir).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "IllegalMove"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                codes.add(node.args[0].value)
    return codes
