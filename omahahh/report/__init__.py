"""What users read: rendered tables, the audit report, one hand shown, the graph."""
