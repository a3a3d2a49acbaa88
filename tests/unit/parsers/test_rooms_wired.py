"""Every room is wired where the package needs it (CONTRIBUTING.md, "Adding a room"):
a format in the registry and its habits in ``rooms/conventions.py``."""

from __future__ import annotations

from omahahh.model import Site
from omahahh.parsers.registry import BY_NAME, FORMATS
from omahahh.rooms.conventions import ROOMS


def test_every_site_has_a_format_in_the_registry() -> None:
    assert set(Site) - {f.site for f in FORMATS} == set()


def test_every_site_has_its_conventions() -> None:
    missing = [s.value for s in Site if s not in ROOMS]
    assert missing == []
    assert all(room.site is site for site, room in ROOMS.items())


def test_format_names_are_unique() -> None:
    assert len(BY_NAME) == len(FORMATS) > 30
