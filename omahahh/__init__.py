"""omahahh: parse, replay, audit and report Omaha poker hand histories."""

from omahahh.version import __version__

__all__ = ["__version__"]
