"""Pictures of boards and solutions: text, color terminal, SVG. Nothing here knows of search.

Importing this package lends :class:`~pentomino.model.puzzle.Solution` its pictures
(``str(solution)``, ``solution.to_svg()``, the picture a notebook shows): see
:mod:`pentomino.model.puzzle`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pentomino.model.placement import Placement
from pentomino.model.puzzle import Puzzle, lend_drawing

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing has it from Python 3.11

    from pentomino.render.svg import SvgOptions


def draw_text(puzzle: Puzzle, placements: Sequence[Placement]) -> str:
    """``placements`` on ``puzzle``'s board, one character a cell (see :mod:`pentomino.render.text`)."""
    from pentomino.render.text import render_text  # loaded with the first picture, as render_svg is

    return render_text(puzzle, placements)


def draw_svg(puzzle: Puzzle, placements: Sequence[Placement], **options: Unpack[SvgOptions]) -> str:
    """``placements`` on ``puzzle``'s board as an SVG picture (see :func:`pentomino.render.svg.render_svg`)."""
    # Loaded when a picture is first asked for: xml.sax, which it escapes text with, brings in
    # urllib and http (a quarter of `import pentomino`'s time).
    from pentomino.render.svg import render_svg

    return render_svg(puzzle, placements, **options)


lend_drawing(sys.modules[__name__])
