"""Layers that read top-down: the catalogue imports neither the importers nor the play app."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("above", ["importers", "play"])
def test_catalogue_imports_nothing_from_the_apps_above_it(above):
    offending = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported_modules(path) if name.split(".")[0] == above
        )
        for path in sorted((ROOT / "catalogue").rglob("*.py"))
    }
    assert {path: names for path, names in offending.items() if names} == {}
