"""Pictures of boards and solutions: text, colour terminal, SVG. Nothing here knows of search."""
