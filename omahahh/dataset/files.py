"""Files written whole or not at all, with the permissions any new file gets.

:func:`write_atomically` hands the writer a temporary path beside the target
and renames it over the target only when the writer returns, so a reader (or a
failed run) never sees half a file. The temporary file is created with mode
0666 less the process's umask, as ``open()`` creates any file, so the result
has the mode a user expects (0644 under umask 022), never the 0600 of
:func:`tempfile.mkstemp`.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path

NEW_FILE_MODE = 0o666
"""Asked for when creating a file; the kernel takes the umask off it."""


def temporary_beside(path: Path) -> Path:
    """A new, empty file in ``path``'s folder, named after it (hidden), created with
    :data:`NEW_FILE_MODE` less the umask."""
    while True:
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp


def write_atomically(path: str | os.PathLike[str], write: Callable[[Path], object]) -> Path:
    """``write(tmp)`` into a temporary file beside ``path``, then rename it over ``path``.

    The folder must exist. When ``write`` raises, ``path`` is left as it was and the
    temporary file is removed.
    """
    target = Path(path)
    tmp = temporary_beside(target)
    try:
        write(tmp)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def write_text_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """:func:`write_atomically` of UTF-8 text."""
    return write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
