"""The web page of ``pentomino serve``: a puzzle studio in the browser.

- :mod:`pentomino.web.app`: the Starlette application, put together from
  :mod:`pentomino.web.routes` (the endpoints, by concern) and :mod:`pentomino.web.guard` (the
  host check, the body limit, the security headers), with one exception handler per kind of
  error;
- :mod:`pentomino.web.context`: what every route shares: the app's settings, tasks and listings,
  and reading a request;
- :mod:`pentomino.web.settings`: the server's limits and who it answers to;
- :mod:`pentomino.web.tasks`: searches in threads, capped, cancellable, streamed;
- :mod:`pentomino.web.listing`: solutions kept between requests (next, previous, gallery);
- :mod:`pentomino.web.puzzles`: puzzles named in requests, and puzzles as JSON;
- :mod:`pentomino.web.play`: play mode's positions, hints and finished boards;
- :mod:`pentomino.web.server`: ``serve()``, uvicorn on a socket of its own;
- ``static/``: the page itself (HTML, CSS, JavaScript modules, no build step, nothing fetched
  from elsewhere).

The page uses the library only through :mod:`pentomino.api` and the model's values, as the
command line does, and the library knows nothing of it.
"""
