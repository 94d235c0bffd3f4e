"""The one exception users see: a clear, one-line message about their input."""


class PuzzleError(ValueError):
    """Bad input: the message says where (file, line), what is wrong, and how to fix it."""
