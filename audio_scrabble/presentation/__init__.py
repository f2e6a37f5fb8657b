"""presentation."""
