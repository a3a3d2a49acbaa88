"""Hand variants: real hands of each room rewritten with the room's grammar alternatives.

A *seed* is a hand a room wrote (:mod:`.seeds`; a structured room's, XML or JSON, is a
document of its own: :mod:`.document`); a *rewrite* changes its text into another shape
the room's grammar allows, naming the grammar row it exercises (:mod:`.rewrite`); each
room is one table of rewrites (:mod:`.rooms`). A *variant* is a
seed with a few rewrites applied, chosen by a seeded random generator
(:mod:`.generate`), and :mod:`.verdict` says what is wrong with it: it must parse to
one hand, replay zero-sum, raise no audit error or warning, and mean what the seed
meant, less the changes its rewrites declare (:mod:`.fingerprint`).

The tests are in ``tests/integration/test_variants.py``.
"""
