"""The package's version, for the modules that record it (a checkpoint says which version
started its count); ``pentomino.__version__`` is the same."""

__version__ = "0.1.0"
