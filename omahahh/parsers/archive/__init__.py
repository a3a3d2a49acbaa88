"""Readers for the rooms whose logs live on in archives (Full Tilt, Entraction, Everleaf, ...).

Each format is a table of line shapes (:mod:`omahahh.parsers.archive.shapes`):
a regular expression per kind of line and what the line records, read by one
shared engine; a format's module adds only its header and the code its quirks
need. The grammar of each is in ``docs/SITES.md``.
"""
