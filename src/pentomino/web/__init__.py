"""The web page of ``pentomino serve``: a puzzle studio in the browser.

- :mod:`pentomino.web.app`: the Starlette application (endpoints, limits, security headers);
- :mod:`pentomino.web.jobs`: searches in threads, capped, cancellable, streamed;
- :mod:`pentomino.web.listing`: solutions kept between requests (next, previous, gallery);
- :mod:`pentomino.web.puzzles`: puzzles named in requests, and puzzles as JSON;
- :mod:`pentomino.web.server`: ``serve()``, uvicorn on a socket of its own;
- ``static/``: the page itself (HTML, CSS, JavaScript modules, no build step, nothing fetched
  from elsewhere).

The page uses the library only through these modules, and the library knows nothing of them.
"""
