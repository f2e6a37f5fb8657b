"""lexicon."""
