"""Export of the dataset's hands to other formats (PHH)."""
