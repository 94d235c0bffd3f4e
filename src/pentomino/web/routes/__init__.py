"""The page's endpoints, by concern, each module a list of Starlette routes:

- :mod:`~pentomino.web.routes.puzzles`: the page, the catalogue, a puzzle as JSON, a picture;
- :mod:`~pentomino.web.routes.solve`: solutions by number (Solve, the gallery);
- :mod:`~pentomino.web.routes.check`: is the puzzle solvable, is its solution unique;
- :mod:`~pentomino.web.routes.tasks`: streamed searches (count, watch, a play position's ways to
  finish), their controls and cancelling;
- :mod:`~pentomino.web.routes.play`: play mode's position, hints and finished boards.

A route reads its request through :mod:`pentomino.web.context` and raises what it cannot serve;
the app's exception handlers (:mod:`pentomino.web.app`) answer it.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from pentomino.web.routes import check, play, puzzles, solve, tasks

ROUTES: list[BaseRoute] = [*puzzles.routes, *solve.routes, *check.routes, *tasks.routes, *play.routes]
