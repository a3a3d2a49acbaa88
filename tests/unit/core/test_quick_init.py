"""quick_init: the faster __init__ of the model's records behaves as the dataclass's own.

The oracle is a twin class that keeps the ``__init__`` dataclasses generates.
"""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from omahahh import model
from omahahh.quick_init import quick_factory, quick_init


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


make_quick = quick_factory(Quick)
BUILDERS = pytest.mark.parametrize("build", [Quick, make_quick], ids=["class", "quick_factory"])
"""The class call (quick_init's ``__init__``) and quick_factory's function, held to the same
oracle."""


@BUILDERS
@pytest.mark.parametrize("kwargs", CASES)
def test_quick_init_builds_what_the_dataclass_init_builds(
    build: Callable[..., Quick], kwargs: dict[str, object]
) -> None:
    quick, plain = build(**kwargs), Plain(**kwargs)
    assert type(quick) is Quick
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert repr(quick).replace("Quick", "Plain") == repr(plain)
    assert quick == Quick(**kwargs)  # type: ignore[arg-type]


@BUILDERS
def test_default_factories_run_per_instance(build: Callable[..., Quick]) -> None:
    one, two = build(a=1, c=2), build(a=1, c=2)
    assert one.e == [] and one.e is not two.e


@BUILDERS
@pytest.mark.parametrize(
    "kwargs",
    [{"a": 1}, {"a": 1, "c": 2, "z": 3}],
    ids=["missing", "unknown"],
)
def test_wrong_arguments_raise_the_same_type_error(
    build: Callable[..., Quick], kwargs: dict[str, object]
) -> None:
    with pytest.raises(TypeError) as quick_error:
        build(**kwargs)
    with pytest.raises(TypeError) as plain_error:
        Plain(**kwargs)  # type: ignore[arg-type]
    assert str(quick_error.value).split("() ", 1)[1] == str(plain_error.value).split("() ", 1)[1]


@BUILDERS
def test_positional_arguments_are_refused(build: Callable[..., Quick]) -> None:
    with pytest.raises(TypeError):
        build(1, "x", 2)


@BUILDERS
def test_records_stay_frozen_and_replace_and_pickle_work(build: Callable[..., Quick]) -> None:
    q = build(a=1, c=2, d=(1,))
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


def test_quick_factory_refuses_what_it_cannot_serve() -> None:
    with pytest.raises(TypeError, match="frozen, slotted"):
        quick_factory(
            dataclass(slots=True, kw_only=True)(type("Loose", (), {"__annotations__": {"a": int}}))
        )

    class Base:
        __slots__ = ()

    @dataclass(frozen=True, slots=True, kw_only=True)
    class Derived(Base):
        a: int

    with pytest.raises(TypeError, match="no base but object"):
        quick_factory(Derived)


MODEL_FACTORIES = {
    name: value
    for name, value in vars(model).items()
    if name.startswith("make_") and callable(value)
}


def test_the_model_factories_are_the_hot_records() -> None:
    assert set(MODEL_FACTORIES) == {
        "make_action",
        "make_show",
        "make_collection",
        "make_uncalled_return",
        "make_seat",
        "make_summary_seat",
        "make_hand_record",
    }


def _other_factories() -> list[tuple[Callable[..., object], type]]:
    from omahahh.audit.awards import AwardRow, make_award_row
    from omahahh.audit.hand import AuditedHand, make_audited_hand
    from omahahh.audit.reconcile import Reconciled, make_reconciled
    from omahahh.parsers.pokerstars_header import Header, make_header
    from omahahh.replay.allin import AllinRow, make_allin_row
    from omahahh.replay.engine import (
        PlayerResult,
        ReplayResult,
        make_player_result,
        make_replay_result,
    )
    from omahahh.replay.showdown import (
        DerivedAward,
        DerivedPot,
        ShowdownOutcome,
        make_derived_award,
        make_derived_pot,
        make_showdown_outcome,
    )

    return [
        (make_header, Header),
        (make_replay_result, ReplayResult),
        (make_player_result, PlayerResult),
        (make_derived_pot, DerivedPot),
        (make_derived_award, DerivedAward),
        (make_award_row, AwardRow),
        (make_showdown_outcome, ShowdownOutcome),
        (make_reconciled, Reconciled),
        (make_audited_hand, AuditedHand),
        (make_allin_row, AllinRow),
    ]


def _model_factories() -> list[tuple[Callable[..., object], type]]:
    by_name = {f"make_{c.__name__}": c for c in MODEL_RECORDS}
    return [(factory, by_name[factory.__name__]) for factory in MODEL_FACTORIES.values()]


@pytest.mark.parametrize(
    "factory, cls", _model_factories() + _other_factories(), ids=lambda x: x.__name__
)
def test_every_factory_takes_its_class_arguments_and_builds_its_records(
    factory: Callable[..., object], cls: type
) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert list(inspect.signature(factory).parameters.values()) == params
    # every field given a value of its own, so a field the factory forgot would differ
    sample = {p.name: (p.name, i) for i, p in enumerate(params)}
    made = factory(**sample)
    assert type(made) is cls
    assert made == cls(**sample) and hash(made) == hash(cls(**sample))
