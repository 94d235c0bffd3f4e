"""The package's exceptions: one hierarchy, each message one line for the user.

Every error pentomino raises on purpose is a :class:`PentominoError`; catch that to catch
them all. The command line prints its message and exits with status 2.

* :class:`PuzzleError` (also a ``ValueError``): bad input, a puzzle, a file or an argument.
  The message says where (file, line), what is wrong and how to fix it.

  * :class:`OptionError`: an argument of a verb (``jobs``, ``seed``, ``symmetry``, ...) out of
    its range, or two that do not go together.
  * :class:`CheckpointError`: a checkpoint file that cannot be used as asked.

* :class:`CountTooLarge` (also a ``MemoryError``): a memoised count would need more memory
  than it may take.
* :class:`ClusterError` (also a ``ConnectionError``): no Dask, or no scheduler to reach.
* :class:`InternalError` (also a ``RuntimeError``): a check inside pentomino failed: a bug,
  never the input's fault.

A message speaks of the library's own arguments and verbs (``max_memory``,
``resume('run.db')``); it keeps them apart as :class:`Term` values, so that the command line and
the page say them in their own words (``--max-memory``, ``pentomino resume run.db``) with
:meth:`PentominoError.said`, and the rule that raised the error is written once.

>>> from pentomino import Puzzle, PentominoError
>>> try:
...     Puzzle.load("7x9")
... except PentominoError as error:
...     print(type(error).__name__, isinstance(error, ValueError))
...     print(error)
PuzzleError True
7x9 has 63 cells, but the 12 pentominoes cover 60: use 6x10, 5x12, 4x15, 3x20 (or their transposes), or a puzzle file
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Term:
    """An argument or a verb of the library named in a message, with the value it is given
    there, if any."""

    name: str
    """The library's name: an argument (``"max_memory"``) or a verb (``"resume"``)."""
    kind: Literal["argument", "verb"] = "argument"
    value: object = None
    """The value the message gives it (a verb's: the file or address it is called on), or None."""
    spelled: str = ""
    """How the library's own message says it, where the default (from name and value) will not do."""


Words = Callable[[Term], str]
"""How a front end says a :class:`Term`."""


def library_words(term: Term) -> str:
    """A term as a Python programmer writes it: ``max_memory``, ``scheduler='local'``,
    ``pentomino.api.resume('run.db')``."""
    if term.spelled:
        return term.spelled
    if term.kind == "verb":
        return f"pentomino.api.{term.name}({'' if term.value is None else repr(term.value)})"
    return term.name if term.value is None else f"{term.name}={term.value!r}"


def literal(text: object) -> str:
    """``str(text)`` to stand in a message that has terms (its braces doubled)."""
    return str(text).replace("{", "{{").replace("}", "}}")


class PentominoError(Exception):
    """Base of every error pentomino raises on purpose.

    ``message`` may name terms in braces (``"raise {max_memory}"``), given as keywords
    (``max_memory=Term("max_memory")``); without terms it is taken as it is."""

    def __init__(self, message: str = "", **terms: Term) -> None:
        self.template = message
        self.terms = terms
        super().__init__(self.said(library_words))

    def said(self, words: Words) -> str:
        """The message with its terms in ``words``."""
        if not self.terms:
            return self.template
        return self.template.format_map({key: words(term) for key, term in self.terms.items()})

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled (from a worker process to its parent) whatever its ``__init__`` takes."""
        return (_restored, (type(self), self.args), self.__dict__)


def _restored(kind: type[PentominoError], args: tuple[object, ...]) -> PentominoError:
    error = kind.__new__(kind)
    Exception.__init__(error, *args)
    return error


class PuzzleError(PentominoError, ValueError):
    """Bad input: the message says where (file, line), what is wrong, and how to fix it."""


class OptionError(PuzzleError):
    """An argument of a verb out of its range, or arguments that do not go together: the
    library's names for them (``arguments``) and what is wrong (``problem``).

    >>> error = OptionError(("max", "checkpoint"), "do not go together: a checkpoint records a whole count")
    >>> print(error)
    max and checkpoint do not go together: a checkpoint records a whole count
    >>> print(error.said(lambda term: "--" + term.name.replace("_", "-")))
    --max and --checkpoint do not go together: a checkpoint records a whole count
    """

    def __init__(self, arguments: tuple[str, ...], problem: str, **terms: Term) -> None:
        """``terms``: other arguments the problem names in braces (``"needs {random}"``);
        without them the problem is taken as it is."""
        self.arguments = arguments
        self.problem = problem
        keys = [f"argument{i}" for i in range(len(arguments))]
        template = " and ".join(f"{{{k}}}" for k in keys) + " " + (problem if terms else literal(problem))
        super().__init__(template, **terms, **{k: Term(a) for k, a in zip(keys, arguments, strict=True)})


class CheckpointError(PuzzleError):
    """A checkpoint file that is missing, damaged, locked, or of another puzzle or version."""


class CountTooLarge(PentominoError, MemoryError):
    """A memoised count's tables of states would need more memory than allowed."""


class ClusterError(PentominoError, ConnectionError):
    """Dask is not installed, or its scheduler cannot be reached."""


class InternalError(PentominoError, RuntimeError):
    """A check of pentomino's own work failed: a bug to report, not a fault of the input."""
