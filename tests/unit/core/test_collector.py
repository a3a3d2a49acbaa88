"""``collector_paused``: the cyclic collector off inside, back as it was afterwards."""

from __future__ import annotations

import gc

import pytest

from omahahh.collector import collector_paused


def test_collector_is_off_inside_and_on_again_after_an_error() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        assert not gc.isenabled()
        raise ValueError("a batch that fails")
    assert gc.isenabled()


def test_a_collector_already_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
