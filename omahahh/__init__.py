"""omahahh: parse, replay, audit and report Omaha poker hand histories."""

__version__ = "0.1.0"
