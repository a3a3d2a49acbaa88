"""Audit: where the text disagrees with the rules (the replay) or with itself."""
