"""The package version (a kernel module, so every layer may read it)."""

__version__ = "0.1.0"
