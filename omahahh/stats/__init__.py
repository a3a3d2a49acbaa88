"""Player statistics from the dataset's tables."""
