"""A puzzle and its solutions, as values; and the verbs they lend from the layers above.

:class:`Puzzle` is a board, the pieces to place (with numbers of copies) and pieces already
placed, checked once when it is made (:mod:`~pentomino.model.validity`); :class:`Solution` is
one tiling of it. Both are plain values: making, comparing, pickling and saving them needs no
search.

The verbs. Solving and counting a puzzle is the search's business (:mod:`pentomino.search`,
whose public face is :mod:`pentomino.api`), drawing a solution the renderers'
(:mod:`pentomino.render`); both stand above this layer, and nothing here imports them. So that
``puzzle.count()`` and a notebook's picture of a solution still work, those layers lend their
verbs when :mod:`pentomino` is imported (:func:`lend_search`, :func:`lend_drawing`), and a
puzzle's and a solution's methods call what was lent. Every verb is also a function of
:mod:`pentomino.api` (or :mod:`pentomino.render`), under the same name.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pentomino.errors import InternalError, PuzzleError
from pentomino.geometry.wrap import WRAP_NOUNS, WrapKind
from pentomino.lazy import lazy
from pentomino.model import library, options
from pentomino.model.fields import PuzzleFields
from pentomino.model.fileformat import parse_puzzle, suggest, write_puzzle
from pentomino.model.options import CountMethod, Progress
from pentomino.model.piece import Piece
from pentomino.model.placement import Placement
from pentomino.model.results import Check, Count, Estimate, Proof
from pentomino.model.rules import rule_names
from pentomino.model.symmetry import (
    GroupElement,
    PuzzleSymmetry,
    SymmetryMode,
    group_elements,
    mode_group,
    symmetry_group,
)
from pentomino.model.validity import puzzle_fault


@dataclass(frozen=True)
class Puzzle(PuzzleFields):
    """A tiling puzzle. Build one with :meth:`load`, :meth:`from_toml` or directly from its
    fields (:class:`~pentomino.model.fields.PuzzleFields`: board, pieces, preplaced, one_sided,
    name, grid); a puzzle that is not well formed is refused with a
    :class:`~pentomino.errors.PuzzleError`."""

    def __post_init__(self) -> None:
        fault = puzzle_fault(self.board, self.pieces, self.preplaced, self.one_sided, self.grid, self.labels,
                             self.opened, self.wrap, self.rules)
        if fault is not None:
            raise PuzzleError(fault.message)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def of(cls, fields: PuzzleFields) -> Puzzle:
        """The puzzle of these fields (checked)."""
        return fields if isinstance(fields, Puzzle) else cls(
            fields.board, fields.pieces, fields.preplaced, fields.one_sided, fields.name, fields.grid,
            fields.labels, fields.opened, fields.wrap, fields.rules)

    def open(self, *labels: str) -> Puzzle:
        """This puzzle with the cells of ``labels`` left open (and those left open before
        covered again): ``puzzle.open("Nov", "26")``. Labels are matched in any case; any
        labels may be left open, two months or 31 February included.

        >>> p = Puzzle.load("a-puzzle-a-day").open("Jan", "1")
        >>> p.opened, p.area
        (('Jan', '1'), 41)
        """
        if self.labels is None:
            raise PuzzleError("this puzzle's board has no labels: there are no cells to leave open by name")
        names = tuple(self.labels.canonical(label) for label in labels)
        board = (self.board | self.opened_cells) - {self.labels.cell(label) for label in names}
        return dataclasses.replace(self, board=frozenset(board), opened=names)

    def wrapped(self, wrap: WrapKind | None) -> Puzzle:
        """This puzzle on its board with edges glued as ``wrap`` says (``"columns"``: a tube,
        ``"rows"``, ``"both"``: a torus, ``"moebius"``; None: edges), see
        :mod:`pentomino.geometry.wrap`.

        >>> Puzzle.load("3x20").wrapped("columns").symmetry_group_order()
        80
        """
        if wrap == self.wrap:
            return self
        name = self.name.removesuffix(f" ({WRAP_NOUNS[self.wrap]})") if self.wrap is not None else self.name
        if wrap is not None and name:
            name = f"{name} ({WRAP_NOUNS[wrap]})"
        return dataclasses.replace(self, wrap=wrap, name=name)

    def with_rules(self, *rules: str) -> Puzzle:
        """This puzzle whose solutions keep ``rules`` (none: every tiling), see
        :mod:`pentomino.model.rules`: ``"no-four-corners"`` (no point where four pieces meet),
        ``"fault-free"`` (no grid line across the board that cuts no piece). A rule this board
        cannot have (another grid, a board that wraps) is refused with a
        :class:`~pentomino.errors.PuzzleError`.

        >>> Puzzle.load("6x10").with_rules("fault-free").rules
        ('fault-free',)
        """
        return dataclasses.replace(self, rules=rule_names(rules))

    def on_date(self, date: datetime.date) -> Puzzle:
        """This calendar puzzle with the labels of ``date`` left open (its month and day, and
        its weekday where the board has them: :meth:`Labels.for_date
        <pentomino.model.labels.Labels.for_date>`)."""
        if self.labels is None:
            raise PuzzleError("this puzzle is not a calendar: its board has no labels")
        return self.open(*self.labels.for_date(date))

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str]) -> Puzzle:
        """A built-in puzzle by name (``"6x10"``, ``"8x8"``, ...) or a puzzle file (TOML); a
        path object is always read as a file."""
        return cls.of(library.load_puzzle(name_or_path))

    @classmethod
    def builtin(cls, name: str) -> Puzzle:
        """A built-in puzzle or an ``RxC`` rectangle of the 12 pentominoes; never a file."""
        return cls.of(library.load_builtin(name))

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>") -> Puzzle:
        """A puzzle from the text of a puzzle file (``source`` names it in messages)."""
        return cls.of(parse_puzzle(text, source))

    def to_toml(self) -> str:
        """The text of a puzzle file that :meth:`from_toml` reads back to an equal puzzle.

        >>> p = Puzzle.load("scott-finish")
        >>> Puzzle.from_toml(p.to_toml()) == p
        True
        """
        return write_puzzle(self)

    def __reduce__(self) -> tuple[Callable[[str], Puzzle], tuple[str]]:
        """Pickled as the text of its puzzle file (a grid keeps functions, which do not pickle),
        read back once per process however many tasks carry it."""
        return (_from_pickled_text, (self.to_toml(),))

    # -- facts ------------------------------------------------------------------------------
    @lazy
    def symmetry_group(self) -> tuple[PuzzleSymmetry, ...]:
        """G: the symmetries of the board that map the pieces placed in advance (and, for
        one-sided pieces, the piece set) onto themselves, identity first; found once. A count
        with ``symmetry="full"`` is taken up to G, with ``"rotations"`` up to its proper part."""
        return symmetry_group(self, self._group_elements)

    @lazy
    def _group_elements(self) -> tuple[GroupElement, ...]:
        return group_elements(self)

    def symmetry_group_order(self, symmetry: SymmetryMode = "full") -> int:
        """The order of the group a count in mode ``symmetry`` is taken up to (1 for ``"none"``),
        as in :attr:`Count.group_order <pentomino.model.results.Count.group_order>`. Found
        without G's cell maps: in a second or two for a board of millions of cells."""
        return len(mode_group(self._group_elements, options.symmetry_mode(symmetry)))

    @lazy
    def fingerprint(self) -> str:
        """A short stable identity of what is to be solved (board, pieces, copies, pre-placed
        pieces, one-sidedness; not the name): the same in every process and every run."""
        data = {
            "grid": self.grid.name,
            "board": sorted(self.board),
            "pieces": sorted((pc.piece.name, sorted(pc.piece.cells), pc.min, pc.max) for pc in self.pieces),
            "preplaced": sorted((p.piece, list(p.cells)) for p in self.preplaced),
            "one_sided": self.one_sided,
        }
        turns = {pc.piece.name: pc.turns for pc in self.pieces if pc.turns is not None}
        if turns:  # a puzzle of pieces turned as the puzzle says keeps the fingerprint it had
            data["turns"] = sorted(turns.items())
        if self.wrap is not None:  # so does a board with edges
            data["wrap"] = self.wrap
        if self.rules:  # and a puzzle that counts every tiling
            data["rules"] = list(self.rules)
        import hashlib  # a puzzle's first fingerprint loads it (2-3 ms of every start-up otherwise)

        return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()[:16]

    def piece(self, name: str) -> Piece:
        """The puzzle's piece called ``name``; :class:`PuzzleError` if it has none.

        >>> Puzzle.load("6x10").piece("X").size
        5
        """
        for pc in self.pieces:
            if pc.piece.name == name:
                return pc.piece
        names = [pc.piece.name for pc in self.pieces]
        shown = " ".join(names) if len(names) <= 20 else f"{names[0]} .. {names[-1]}"
        raise PuzzleError(f"{name!r} is not one of the puzzle's pieces{suggest(name, names)}; its pieces are {shown}")

    def __str__(self) -> str:
        return self.name or "puzzle"

    # -- the verbs, lent by the search (see pentomino.api, which documents each in full) ----
    def solutions(self, *, limit: int | None = None, symmetry: SymmetryMode = "full", random: bool = False,
                  seed: int | None = None, jobs: int = 1, progress: Progress | None = None) -> Iterator[Solution]:
        """Solutions, lazily: the first ``limit`` found (None: every one), one per orbit under
        the mode ``symmetry``'s group; in a random order (the same for the same ``seed``) with
        ``random``; on ``jobs`` processes for a whole listing; ``progress(found, nodes,
        parts_done, parts_known)`` as it goes. See :func:`pentomino.api.solutions`."""
        return _lent().solutions(self, limit=limit, symmetry=symmetry, random=random, seed=seed, jobs=jobs,
                                 progress=progress)

    def solve(self, *, random: bool = False, seed: int | None = None) -> Solution | None:
        """The first solution found, or None if there is none."""
        return _lent().solve(self, random=random, seed=seed)

    def count(self, symmetry: SymmetryMode = "full", *, max: int | None = None) -> int:
        """The number of solutions: orbits under the symmetry group, or every tiling with ``"none"``.
        0 for a puzzle with no solution (:meth:`count_detail` says why, when it can).

        >>> Puzzle.load("4x15").count()
        368
        """
        return self.count_detail(symmetry, max=max).count

    def count_detail(self, symmetry: SymmetryMode = "full", *, max: int | None = None,
                     method: CountMethod = "auto", jobs: int | None = 1, max_memory: int | None = None,
                     progress: Progress | None = None, checkpoint: str | os.PathLike[str] | None = None,
                     scheduler: str | None = None, prove: bool = False) -> Count:
        """:meth:`count` with what the count cost: nodes, seconds, the group's order, every
        symmetry mode's count when one search gave them. ``max`` stops at that many;
        ``method`` ``"search"``, ``"memo"`` or ``"auto"``; ``jobs`` processes (None: every core
        once the count proves long); ``max_memory`` bytes for the memo method's tables;
        ``checkpoint`` a file that records the count as it goes; ``scheduler`` a Dask
        scheduler's address (or ``"local"``); ``prove`` tries the quick proofs of no solution
        first. See :func:`pentomino.api.count`."""
        return _lent().count(self, symmetry, max=max, method=method, jobs=jobs, max_memory=max_memory,
                             progress=progress, checkpoint=checkpoint, scheduler=scheduler, prove=prove)

    def counting_method(self, symmetry: SymmetryMode = "full", *, max: int | None = None,
                        method: CountMethod = "auto", max_memory: int | None = None,
                        checkpoint: str | os.PathLike[str] | None = None,
                        scheduler: str | None = None) -> Literal["search", "memo"]:
        """The method :meth:`count_detail` takes with these arguments. See
        :func:`pentomino.api.counting_method`."""
        return _lent().counting_method(self, symmetry, max=max, method=method, max_memory=max_memory,
                                       checkpoint=checkpoint, scheduler=scheduler)

    def placement_count(self, symmetry: SymmetryMode = "full") -> int:
        """How many placements :meth:`solutions` in mode ``symmetry`` chooses from. See
        :func:`pentomino.api.placement_count`."""
        return _lent().placement_count(self, symmetry)

    def no_solution_proof(self) -> Proof | None:
        """A quick proof that the puzzle has no solution, in words, or None when no quick
        argument applies (which proves nothing); found once. See
        :func:`pentomino.api.prove_no_solution`.

        >>> print(Puzzle.load("tetrominoes-4x5").no_solution_proof().reason)  # doctest: +ELLIPSIS
        a checkerboard coloring: the board has 10 dark + 10 light cells; ...
        """
        return self._no_solution_proof

    @lazy
    def _no_solution_proof(self) -> Proof | None:
        return _lent().prove_no_solution(self)

    def check(self, *, count: bool = False, method: CountMethod = "auto", jobs: int | None = 1,
              progress: Progress | None = None) -> Check:
        """Can the puzzle be solved, and is its solution unique? See :func:`pentomino.api.check`.

        >>> c = Puzzle.load("scott-finish").check()
        >>> c.solvable, c.unique, c.solutions
        (True, True, 1)
        """
        return _lent().check(self, count=count, method=method, jobs=jobs, progress=progress)

    def estimate(self, *, samples: int | None = None, seed: int | None = None,
                 method: CountMethod = "auto") -> Estimate:
        """What :meth:`count_detail` would find and cost, each with a 95% interval, from random
        probes of the search tree, and the time of the method it would take. See
        :func:`pentomino.api.estimate`."""
        return _lent().estimate(self, samples=samples, seed=seed, method=method)


@dataclass(frozen=True)
class Solution:
    """One tiling: every placement, the pre-placed pieces included."""

    puzzle: Puzzle = field(repr=False, compare=False)
    placements: tuple[Placement, ...]
    """The placements, sorted by piece name then cells."""
    order: tuple[int, ...] = field(default=(), compare=False)
    """Indices into ``placements`` in the order the search put them down (pre-placed pieces
    first); empty if not known."""

    @property
    def in_search_order(self) -> tuple[Placement, ...]:
        """The placements in the order the search put them down (sorted if that is not known)."""
        return tuple(self.placements[i] for i in self.order) if self.order else self.placements

    def to_text(self) -> str:
        """One character a cell, as a puzzle file draws the board (see :mod:`pentomino.render.text`)."""
        return _drawing().draw_text(self.puzzle, self.placements)

    def to_svg(self, **drawing_options: Any) -> str:
        """An SVG picture (see :func:`pentomino.render.svg.render_svg` for the options)."""
        return _drawing().draw_svg(self.puzzle, self.placements, **drawing_options)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_json(self) -> dict[str, Any]:
        opened = {"open": list(self.puzzle.opened)} if self.puzzle.opened else {}
        return {"placements": [p.to_json() for p in self.placements], **opened}

    def __str__(self) -> str:
        return self.to_text()


# -- what the layers above lend ------------------------------------------------------------------
class Search(Protocol):
    """The verbs the search lends a puzzle (:mod:`pentomino.api` is one, which documents them):
    each takes the puzzle first, then the method's arguments."""

    def solutions(self, puzzle: Puzzle, *, limit: int | None = ..., symmetry: SymmetryMode = ...,
                  random: bool = ..., seed: int | None = ..., jobs: int = ...,
                  progress: Progress | None = ...) -> Iterator[Solution]: ...

    def solve(self, puzzle: Puzzle, *, random: bool = ..., seed: int | None = ...) -> Solution | None: ...

    def count(self, puzzle: Puzzle, symmetry: SymmetryMode = ..., *, max: int | None = ...,
              method: CountMethod = ..., jobs: int | None = ..., max_memory: int | None = ...,
              progress: Progress | None = ..., checkpoint: str | os.PathLike[str] | None = ...,
              scheduler: str | None = ..., prove: bool = ...) -> Count: ...

    def counting_method(self, puzzle: Puzzle, symmetry: SymmetryMode = ..., *, max: int | None = ...,
                        method: CountMethod = ..., max_memory: int | None = ...,
                        checkpoint: str | os.PathLike[str] | None = ...,
                        scheduler: str | None = ...) -> Literal["search", "memo"]: ...

    def placement_count(self, puzzle: Puzzle, symmetry: SymmetryMode = ...) -> int: ...

    def prove_no_solution(self, puzzle: Puzzle) -> Proof | None: ...

    def check(self, puzzle: Puzzle, *, count: bool = ..., method: CountMethod = ..., jobs: int | None = ...,
              progress: Progress | None = ...) -> Check: ...

    def estimate(self, puzzle: Puzzle, *, samples: int | None = ..., seed: int | None = ...,
                 method: CountMethod = ...) -> Estimate: ...


class Drawing(Protocol):
    """How the renderers draw a solution (:mod:`pentomino.render` lends it)."""

    def draw_text(self, puzzle: Puzzle, placements: Sequence[Placement]) -> str: ...

    def draw_svg(self, puzzle: Puzzle, placements: Sequence[Placement], **options: Any) -> str:
        """``options``: those of :func:`pentomino.render.svg.render_svg`."""
        ...


_lent_search: list[Search] = []
_lent_drawing: list[Drawing] = []


def lend_search(search: Search) -> None:
    """The search lends its verbs (called once, when :mod:`pentomino.api` is imported)."""
    _lent_search[:] = [search]


def lend_drawing(drawing: Drawing) -> None:
    """The renderers lend their drawing (called once, when :mod:`pentomino.render` is imported)."""
    _lent_drawing[:] = [drawing]


def _lent() -> Search:
    if not _lent_search:  # pragma: no cover - importing pentomino lends them
        raise InternalError("no search was lent: import pentomino (its __init__ imports pentomino.api)")
    return _lent_search[0]


def _drawing() -> Drawing:
    if not _lent_drawing:  # pragma: no cover - importing pentomino lends them
        raise InternalError("no drawing was lent: import pentomino (its __init__ imports pentomino.render)")
    return _lent_drawing[0]


@functools.lru_cache(maxsize=8)
def _from_pickled_text(text: str) -> Puzzle:
    return Puzzle.from_toml(text, "<a pickled puzzle>")
