"""Labelled cells: names written on a board's cells, and the cells a player leaves open.

The puzzles people own most are calendars: a board whose cells read the twelve months and the
days 1 to 31 (some also the weekdays), and a set of pieces that covers every cell but today's
month and day. Such a board is a puzzle like any other once the cells to leave open are chosen;
this module holds what a puzzle needs to let them be chosen by name:

* :class:`Labels`: the text on each labelled cell (``"Jan"``, ``"25"``, ``"Mon"``; any text
  without spaces) and the *groups* of labels of which a player leaves one open each
  (``month``, ``day``, ``weekday``);
* the dates: when a puzzle's groups are called ``month`` (12 labels, January first), ``day``
  (31, the 1st first) and optionally ``weekday`` (7, Monday first), a date names the labels to
  leave open (:meth:`Labels.for_date`). Any labels may be left open by name, two months or
  "31 February" included: the board does not know the calendar, only the labels.

The board of a :class:`~pentomino.model.puzzle.Puzzle` is the cells to cover: the labels' cells
left open are not on it (they are :attr:`~pentomino.model.fields.PuzzleFields.opened`), so
every search, count and proof works on such a puzzle unchanged.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from pentomino.errors import PuzzleError
from pentomino.geometry import Cell
from pentomino.lazy import lazy

MONTH, DAY, WEEKDAY = "month", "day", "weekday"
"""The group names a date reads (see :meth:`Labels.for_date`)."""
DATE_SIZES = {MONTH: 12, DAY: 31, WEEKDAY: 7}


@dataclass(frozen=True)
class Labels:
    """The labels written on a board's cells, and the groups of labels left open one each.

    >>> labels = Labels((((0, 0), "Jan"), ((0, 1), "Feb")), (("month2", ("Jan", "Feb")),))
    >>> labels.cell("feb"), labels.label((0, 0)), labels.group("month2")
    ((0, 1), 'Jan', ('Jan', 'Feb'))
    """

    cells: tuple[tuple[Cell, str], ...]
    """Each labelled cell with its label, sorted by cell; a label is on one cell only."""
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The groups, in the file's order: a name and its labels, in order (a calendar's months
    January first). A player leaves one label of each group open."""

    @lazy
    def _cell_of(self) -> dict[str, Cell]:
        return {label: cell for cell, label in self.cells}

    @lazy
    def _label_of(self) -> dict[Cell, str]:
        return dict(self.cells)

    def cell(self, label: str) -> Cell:
        """The cell labelled ``label``; :class:`PuzzleError` (naming the closest label) if none is."""
        found = self._cell_of.get(label)
        if found is None:
            found = self._folded().get(label.casefold())
        if found is None:
            raise PuzzleError(f"no cell is labelled {label!r}{_closest(label, self._cell_of)}; "
                              f"the labels are {_shown(self._cell_of)}")
        return found

    def _folded(self) -> dict[str, Cell]:
        """The cells by label in any case (``jan`` finds ``Jan``), where that is unambiguous."""
        folded: dict[str, list[Cell]] = {}
        for cell, label in self.cells:
            folded.setdefault(label.casefold(), []).append(cell)
        return {k: v[0] for k, v in folded.items() if len(v) == 1}

    def label(self, cell: Cell) -> str | None:
        """The label of ``cell``, or None."""
        return self._label_of.get(cell)

    def canonical(self, label: str) -> str:
        """The label as the board writes it (``jan`` -> ``Jan``)."""
        return self._label_of[self.cell(label)]

    def group(self, name: str) -> tuple[str, ...]:
        """The labels of group ``name``, in order; :class:`PuzzleError` if there is none."""
        for n, members in self.groups:
            if n == name:
                return members
        names = [n for n, _ in self.groups]
        raise PuzzleError(f"no group of labels is called {name!r}{_closest(name, names)}; "
                          + (f"the groups are {', '.join(names)}" if names else "this puzzle has none"))

    @property
    def group_names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.groups)

    @property
    def dated(self) -> bool:
        """True if a date names the labels to leave open: the groups include ``month`` and ``day``."""
        return {MONTH, DAY} <= set(self.group_names)

    def for_date(self, date: datetime.date) -> tuple[str, ...]:
        """The labels a date leaves open: its month, its day and, where the board has them,
        its weekday. :class:`PuzzleError` if the puzzle has no ``month`` and ``day`` groups."""
        if not self.dated:
            raise PuzzleError("this puzzle's labels are not a calendar (it has no 'month' and 'day' groups): "
                              "choose the labels to leave open with --open")
        out = [self.group(MONTH)[date.month - 1], self.group(DAY)[date.day - 1]]
        if WEEKDAY in self.group_names:
            out.append(self.group(WEEKDAY)[date.weekday()])
        return tuple(out)

    def date_openings(self, year: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
        """Each date's labels, in order, with the date: of ``year`` (its weekdays, where the
        board has them); without a year, of every day of a year (366: 29 February too), named
        MM-DD, unless the board has weekdays, which need a year: then this year's."""
        if year is None and WEEKDAY in self.group_names:
            year = datetime.date.today().year
        if year is None:  # every month and day of the calendar: a leap year's
            return [(d.isoformat()[5:], self.for_date(d)) for d in dates_of(2024)]
        return [(d.isoformat(), self.for_date(d)) for d in dates_of(year)]

    def product(self, names: Iterable[str]) -> list[tuple[str, ...]]:
        """Every way to leave one label of each group named open, the first group slowest."""
        out: list[tuple[str, ...]] = [()]
        for name in names:
            out = [(*o, label) for o in out for label in self.group(name)]
        return out

    def is_date(self, opening: tuple[str, ...], names: Sequence[str]) -> bool:
        """True unless ``opening`` (one label of each group ``names``) names a month and a day
        that no date has (31 February): what a grid of every month and day marks."""
        chosen = dict(zip(names, opening, strict=True))
        if MONTH not in chosen or DAY not in chosen:
            return True
        month = self.group(MONTH).index(chosen[MONTH]) + 1
        day = self.group(DAY).index(chosen[DAY]) + 1
        try:
            datetime.date(2024, month, day)
        except ValueError:
            return False
        return True

    def fault(self, cells: frozenset[Cell]) -> str | None:
        """What is wrong with these labels on a board drawn with ``cells`` (its cells to cover
        and those left open), or None."""
        seen: dict[str, Cell] = {}
        for cell, label in self.cells:
            if not label or any(ch.isspace() for ch in label) or label == ".":
                return f"label {label!r} cannot label a cell: use text without spaces, and not '.'"
            if cell not in cells:
                return f"label {label!r} is on {cell}, which is not a cell of the board"
            if label in seen:
                return f"label {label!r} is on two cells: give each cell its own label"
            seen[label] = cell
        names: set[str] = set()
        for name, members in self.groups:
            if name in names:
                return f"group {name!r} is listed twice"
            names.add(name)
            if not members:
                return f"group {name!r} has no labels: list the labels of which one is left open"
            for label in members:
                if label not in seen:
                    return (f"group {name!r} names {label!r}, which labels no cell{_closest(label, seen)}; "
                            "label a cell with it in 'labels'")
            if len(set(members)) != len(members):
                return f"group {name!r} lists a label twice"
            size = DATE_SIZES.get(name)
            if size is not None and len(members) != size:
                return (f"group {name!r} has {len(members)} labels; a date reads {size} "
                        f"({'January' if name == MONTH else 'the 1st' if name == DAY else 'Monday'} first): "
                        "list them all, or call the group something else")
        return None


def dates_of(year: int) -> Iterator[datetime.date]:
    """Every date of ``year``, in order; :class:`PuzzleError` for a year the calendar does not
    have (before 1 or after 9999)."""
    if isinstance(year, bool) or not isinstance(year, int) or not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        raise PuzzleError(f"the year must be a whole number from {datetime.MINYEAR} to {datetime.MAXYEAR}, "
                          f"not {year!r}")
    first = datetime.date(year, 1, 1).toordinal()
    end = datetime.date(year, 12, 31).toordinal()
    return (datetime.date.fromordinal(n) for n in range(first, end + 1))


def parse_date(text: str) -> datetime.date:
    """``YYYY-MM-DD`` or ``today`` as a date; :class:`PuzzleError` otherwise."""
    if text.strip().lower() == "today":
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise PuzzleError(f"{text!r} is not a date: write it as YYYY-MM-DD (2026-11-26) or 'today'") from None


def labels_in(words: Iterable[str]) -> list[str]:
    """Labels as a user types them: several per word, separated by spaces or commas."""
    return [w for word in words for w in word.replace(",", " ").split()]


def _closest(word: str, choices: Iterable[str]) -> str:
    import difflib

    choices = list(choices)
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _shown(labels: Iterable[str]) -> str:
    names = list(labels)
    return " ".join(names) if len(names) <= 50 else " ".join(names[:50]) + " ..."
