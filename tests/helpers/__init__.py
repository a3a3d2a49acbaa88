"""What the tests share: paths, hand builders, crafted hands and reference code.

Test modules import from here and never from one another (tests/unit/test_layout.py).
"""
