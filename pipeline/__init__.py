"""The import pipeline: find hand-history files, parse and replay them, store them."""
