"""Layers that read top-down: ``core`` at the bottom, then ``catalogue``, ``importers``, ``play``,
the librarians' desk (``desk``, which reads them all) and the project (``ludotheque``) on top.
A lower layer never names a higher one — not in its imports, not in its models' relations, not
in its migrations' dependencies."""

import ast
from pathlib import Path

import pytest
from django.apps import apps
from django.db.migrations.loader import MigrationLoader

ROOT = Path(__file__).resolve().parent.parent
#: Bottom to top. ``core`` (the shared infrastructure) may not exist yet: it is skipped then.
LAYERS = ["core", "catalogue", "importers", "play", "desk", "ludotheque"]
PRESENT = [name for name in LAYERS if (ROOT / name).is_dir()]
APPS = [name for name in PRESENT if name != "ludotheque"]


def above(layer: str) -> list[str]:
    return PRESENT[PRESENT.index(layer) + 1 :]


def below_and_above(names: list[str]) -> list[tuple[str, str]]:
    return [(lower, higher) for lower in names for higher in above(lower) if higher in names]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(("lower", "higher"), below_and_above(PRESENT))
def test_no_layer_imports_a_layer_above_it(lower, higher):
    offending = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported_modules(path) if name.split(".")[0] == higher
        )
        for path in sorted((ROOT / lower).rglob("*.py"))
    }
    assert {path: names for path, names in offending.items() if names} == {}


def relations_upwards(lower: str, higher: str) -> list[str]:
    """``model.field → model`` for each relation of a model of ``lower`` to one of ``higher``
    (foreign keys, one-to-one, many-to-many, and the latter's through models)."""
    found = []
    for model in apps.get_app_config(lower).get_models():
        for field in model._meta.get_fields(include_hidden=True):
            if not field.is_relation or field.auto_created or field.related_model is None:
                continue
            target = field.related_model
            if isinstance(target, str):
                target = apps.get_model(target)
            if target._meta.app_label == higher:
                found.append(f"{model._meta.label}.{field.name} → {target._meta.label}")
            through = getattr(field.remote_field, "through", None)
            if through is not None and through._meta.app_label == higher:
                found.append(f"{model._meta.label}.{field.name} through {through._meta.label}")
    return found


@pytest.mark.parametrize(("lower", "higher"), below_and_above(APPS))
def test_no_model_relates_to_a_model_of_a_layer_above(lower, higher):
    assert relations_upwards(lower, higher) == []


def test_relations_upwards_are_found():
    """The check sees a relation that goes the allowed way, read the other way round."""
    assert "importers.ImportedGame.game → catalogue.Game" in relations_upwards(
        "importers", "catalogue"
    )


@pytest.fixture(scope="module")
def migrations():
    """Every migration on disk, squashed ones and those they replace alike."""
    loader = MigrationLoader(None, ignore_no_migrations=True, replace_migrations=False)
    return loader.disk_migrations


def dependencies_upwards(disk_migrations, lower: str, higher: str) -> list[str]:
    """``migration → dependency`` for each migration of ``lower`` that depends on one of
    ``higher``, apart from the migrations a squash of ``lower`` replaces (kept for the
    databases that applied them; a new database never runs them)."""
    replaced = {
        key
        for migration in disk_migrations.values()
        for key in migration.replaces
        if migration.app_label == lower
    }
    found = []
    for (app_label, name), migration in sorted(disk_migrations.items()):
        if app_label != lower or (app_label, name) in replaced:
            continue
        for dependency_app, dependency in migration.dependencies:
            if dependency_app == higher:
                found.append(f"{app_label}.{name} → {dependency_app}.{dependency}")
    return found


@pytest.mark.parametrize(("lower", "higher"), below_and_above(APPS))
def test_no_migration_depends_on_a_migration_of_a_layer_above(migrations, lower, higher):
    assert dependencies_upwards(migrations, lower, higher) == []


def test_upward_dependencies_are_found_unless_replaced(migrations):
    """The check sees a dependency that goes the allowed way, read the other way round; the
    catalogue's old 0001, which depended on the importers, is replaced by its squash."""
    assert dependencies_upwards(migrations, "importers", "catalogue")
    assert ("catalogue", "0001_initial") in migrations
    assert dependencies_upwards(migrations, "catalogue", "importers") == []
