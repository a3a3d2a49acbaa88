"""Hand evaluation: Omaha hands (exactly 2+3, 8-or-better low), equity, starting hands."""
