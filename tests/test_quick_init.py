"""quick_init: the faster __init__ of the model's records behaves as the dataclass's own.

The oracle is a twin class that keeps the ``__init__`` dataclasses generates.
"""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from omahahh import model
from omahahh.quick_init import quick_init


@quick_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Quick:
    a: int
    b: str = "x"
    c: int  # required after a default: legal for keyword-only fields
    d: tuple[int, ...] = field(default_factory=tuple)
    e: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class Plain:
    a: int
    b: str = "x"
    c: int
    d: tuple[int, ...] = field(default_factory=tuple)
    e: list[int] = field(default_factory=list)


CASES: list[dict[str, object]] = [
    {"a": 1, "c": 2},
    {"a": 1, "b": "y", "c": 2},
    {"a": 1, "c": 2, "d": (3, 4), "e": [5]},
    {"c": 0, "a": -1, "e": []},
]


@pytest.mark.parametrize("kwargs", CASES)
def test_quick_init_builds_what_the_dataclass_init_builds(kwargs: dict[str, object]) -> None:
    quick, plain = Quick(**kwargs), Plain(**kwargs)  # type: ignore[arg-type]
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert repr(quick).replace("Quick", "Plain") == repr(plain)
    assert quick == Quick(**kwargs)  # type: ignore[arg-type]


def test_default_factories_run_per_instance() -> None:
    one, two = Quick(a=1, c=2), Quick(a=1, c=2)
    assert one.e == [] and one.e is not two.e


@pytest.mark.parametrize(
    "kwargs",
    [{"a": 1}, {"a": 1, "c": 2, "z": 3}],
    ids=["missing", "unknown"],
)
def test_wrong_arguments_raise_the_same_type_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError) as quick_error:
        Quick(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError) as plain_error:
        Plain(**kwargs)  # type: ignore[arg-type]
    assert str(quick_error.value).split("() ", 1)[1] == str(plain_error.value).split("() ", 1)[1]


def test_positional_arguments_are_refused() -> None:
    with pytest.raises(TypeError):
        Quick(1, "x", 2)  # type: ignore[misc]


def test_records_stay_frozen_and_replace_and_pickle_work() -> None:
    q = Quick(a=1, c=2, d=(1,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = 5  # type: ignore[misc]
    assert dataclasses.replace(q, b="z") == Quick(a=1, b="z", c=2, d=(1,))
    assert pickle.loads(pickle.dumps(q)) == q


def test_classes_it_cannot_serve_are_refused_when_defined() -> None:
    with pytest.raises(TypeError, match="frozen, slotted"):

        @quick_init
        @dataclass(slots=True, kw_only=True)
        class NotFrozen:
            a: int

    with pytest.raises(TypeError, match="__post_init__"):

        @quick_init
        @dataclass(frozen=True, slots=True, kw_only=True)
        class WithPostInit:
            a: int

            def __post_init__(self) -> None:
                pass

    with pytest.raises(TypeError, match="keyword-only"):

        @quick_init
        @dataclass(frozen=True, slots=True)
        class Positional:
            a: int


MODEL_RECORDS = [
    c
    for c in vars(model).values()
    if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == model.__name__
]


@pytest.mark.parametrize("cls", MODEL_RECORDS, ids=lambda c: c.__name__)
def test_every_model_record_takes_its_fields_with_their_defaults(cls: type) -> None:
    names = cls.__init__.__code__.co_names
    assert any(n.startswith("_set_") for n in names), "not quick_init's __init__"
    params = inspect.signature(cls.__init__).parameters
    fields = dataclasses.fields(cls)
    assert list(params)[1:] == [f.name for f in fields]
    for f in fields:
        p = params[f.name]
        assert p.kind is inspect.Parameter.KEYWORD_ONLY
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default
        elif f.default_factory is dataclasses.MISSING:
            assert p.default is inspect.Parameter.empty
