"""Deal fairness: statistical tests of the shuffle from the logs themselves (docs/FAIRNESS.md)."""
