"""Pieces, piece sets and puzzles: the user's words, as plain validated values."""
