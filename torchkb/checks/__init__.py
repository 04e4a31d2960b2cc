"""Checks over the sources: the author's words, translation parity, raw-note coverage."""
