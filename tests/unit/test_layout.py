"""The package's layering (README "Layout"): layers import only downward, and no cycles;
and the tests' own layout: in folders by room and layer, no test module importing another.

An AST walk over ``omahahh/`` that sees every import: at module level, inside
functions and under ``TYPE_CHECKING``. A module may import its own layer and
the layers below it; the module graph (same layer included) has no cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers.paths import REPO

PACKAGE = REPO / "omahahh"

# Lowest first. The kernel is the flat modules; ``omahahh`` itself (the public
# API) and ``__main__`` sit on top because they gather the layers below.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "errors",
        "version",
        "compiled",
        "money",
        "cards",
        "collector",
        "action_table",
        "record_table",
        "hand_tables",
        "model",
        "house_rules",
    ),
    ("eval",),
    ("rules",),
    ("rooms",),
    ("rake",),
    ("parsers",),
    ("replay",),
    ("audit",),
    ("dataset",),
    ("stats",),
    ("fairness",),
    ("report",),
    ("export",),
    ("cli",),
    ("", "__main__"),
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _resolve(name: str) -> str:
    """The module an import names: ``omahahh.audit.hand`` or its package, as it exists."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _imports(module: str, path: Path) -> set[str]:
    """Every omahahh module ``module`` imports, wherever the import stands."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "omahahh")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            if base.split(".")[0] != "omahahh":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {_resolve(n) for n in found} - {module}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def test_every_module_belongs_to_a_layer() -> None:
    assert sorted(m for m in MODULES if _layer(m) not in RANK) == []


def test_layers_import_only_downward() -> None:
    upward = sorted(
        f"{m} -> {target}"
        for m, targets in GRAPH.items()
        for target in targets
        if RANK.get(_layer(target), -1) > RANK.get(_layer(m), -1)
    )
    assert upward == []


FORBIDDEN = {
    # The replay knows no room: what a room's habits change in the rules reaches it as
    # the house rules it is given (omahahh.audit.room_rules), as --rules does.
    "replay": {"rooms"},
}
"""Layers a layer must not import although they lie below it."""


def test_the_replay_imports_no_room_data() -> None:
    forbidden = sorted(
        f"{m} -> {target}"
        for m, targets in GRAPH.items()
        for target in targets
        if _layer(target) in FORBIDDEN.get(_layer(m), set())
    )
    assert forbidden == []
    assert FORBIDDEN["replay"] == {"rooms"} and any(_layer(m) == "replay" for m in GRAPH)


def _private_imports(path: Path) -> list[str]:
    """Names starting with ``_`` that a module imports from another omahahh module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("omahahh"):
            found += [
                f"{node.module}.{a.name}"
                for a in node.names
                if a.name.startswith("_") and not a.name.startswith("__")  # dunders are public
            ]
    return found


def test_no_module_imports_another_modules_private_names(tmp_path: Path) -> None:
    leaks = {m: names for m, p in MODULES.items() if (names := _private_imports(p))}
    assert leaks == {}
    probe = tmp_path / "probe.py"
    probe.write_text("from omahahh.cards import _secret, parse_cards\n", encoding="utf-8")
    assert _private_imports(probe) == ["omahahh.cards._secret"]


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, or None (depth-first search, three colours)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_cycle_between_modules() -> None:
    assert _cycle(GRAPH) is None


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("def f():\n    from omahahh.cli.app import app\n", ["omahahh.cli.app"]),
        ("from omahahh.audit import hand\n", ["omahahh.audit.hand"]),
        ("if TYPE_CHECKING:\n    import omahahh.report.show\n", ["omahahh.report.show"]),
    ],
)
def test_the_walk_sees_imports_in_functions_and_type_checking_blocks(
    tmp_path: Path, source: str, expected: list[str]
) -> None:
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert sorted(_imports("omahahh.money", path)) == expected


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


# -- the tests' own layout ----------------------------------------------------------------
# Test modules (``test_*.py``) and ``conftest.py`` are run by pytest, never imported: what
# tests share lives in ``tests/helpers``. A test importing another would run its peer's
# tests' module code on import and tie the two together.

TESTS = REPO / "tests"


def _test_imports(path: Path) -> list[str]:
    """The modules ``path`` imports that are test modules or a conftest."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base, *(f"{base}.{a.name}".replace("..", ".") for a in node.names)]
    return sorted(
        {
            name
            for name in names
            if (last := name.rsplit(".", 1)[-1]).startswith("test_") or last == "conftest"
        }
    )


def test_no_test_module_imports_another_test_module() -> None:
    found = {
        str(path.relative_to(REPO)): imports
        for path in sorted(TESTS.rglob("*.py"))
        if (imports := _test_imports(path))
    }
    assert found == {}


@pytest.mark.parametrize(
    "source",
    [
        "from tests.rooms.test_pokerstars import BASE\n",
        "def f():\n    from tests.conftest import CORPUS\n",
        "import tests.unit.cli.test_audit\n",
        "from tests.unit import test_layout\n",
        "from .test_audit import BAD\n",
    ],
)
def test_the_test_import_walk_sees_every_form(tmp_path: Path, source: str) -> None:
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert _test_imports(path) != []


def test_tests_sit_in_their_folders() -> None:
    """Room tests in ``rooms/``, unit tests by layer in ``unit/<layer>/`` (or ``unit/``
    for the project as a whole), end-to-end runs in ``integration/``."""
    layers = {"core", *(name for names in LAYERS[1:-1] for name in names)}  # the subpackages
    misplaced = []
    for path in sorted(TESTS.rglob("test_*.py")):
        parts = path.relative_to(TESTS).parts
        if parts[0] in ("rooms", "integration") and len(parts) == 2:
            continue
        if parts[0] == "unit" and (len(parts) == 2 or (len(parts) == 3 and parts[1] in layers)):
            continue
        misplaced.append("/".join(parts))
    assert misplaced == []
