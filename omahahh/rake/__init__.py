"""Rake schedules as data: loading, inference, reconciliation and attribution."""
