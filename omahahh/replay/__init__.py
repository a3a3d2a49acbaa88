"""Replay: walk a parsed hand under the rules and derive what should have happened."""
