"""The colors of pieces, shared by every colored picture (SVG, terminal).

A piece's color depends on its name only, so the same piece looks the same in every picture
and every run: the twelve pentominoes have hand-picked colors, their mirror images (lower-case
names, used by one-sided puzzles) darker shades of the same hues, and any other name a hue
taken from a CRC of the name (stable across runs, unlike Python's salted ``hash``).
"""

from __future__ import annotations

import colorsys
import zlib

RGB = tuple[int, int, int]

_PENTOMINOES: dict[str, RGB] = {
    "F": (228, 87, 86),    # coral red
    "I": (78, 121, 178),   # steel blue
    "L": (244, 152, 52),   # orange
    "N": (84, 178, 168),   # teal
    "P": (106, 172, 84),   # leaf green
    "T": (240, 206, 72),   # sunflower yellow
    "U": (170, 112, 172),  # orchid purple
    "V": (250, 162, 176),  # pink
    "W": (158, 116, 88),   # brown
    "X": (142, 202, 236),  # sky blue
    "Y": (198, 216, 96),   # lime
    "Z": (118, 104, 196),  # indigo
}


def shade(rgb: RGB, factor: float) -> RGB:
    """``rgb`` darker (``factor`` below 1: each channel times it) or lighter (above 1: each
    channel ``factor - 1`` of the way to white).

    >>> shade((100, 200, 50), 0.5), shade((100, 200, 50), 1.5)
    ((50, 100, 25), (178, 228, 152))
    """
    def channel(v: int) -> int:
        return round(v + (255 - v) * (factor - 1)) if factor > 1 else round(v * factor)
    r, g, b = rgb
    return (channel(r), channel(g), channel(b))


PIECE_COLORS: dict[str, RGB] = {
    **_PENTOMINOES,
    **{name.lower(): shade(rgb, 0.68) for name, rgb in _PENTOMINOES.items()},
}
"""Color of each pentomino by name; lower-case names are the mirror images."""

FREE_COLOR: RGB = (221, 221, 221)
"""Board cells no piece covers, on a light background (SVG)."""
OPEN_COLOR: RGB = (255, 255, 255)
"""A cell left open by choice (a calendar's date): white, its label in black."""
FREE_COLOR_DARK: RGB = (78, 78, 78)
"""Board cells no piece covers, in a terminal (dim grey)."""
OUTLINE_COLOR: RGB = (34, 34, 34)
"""The thick lines round each piece."""


def piece_color(name: str) -> RGB:
    """The color of the piece called ``name``, as (r, g, b) in 0..255; the same every time."""
    known = PIECE_COLORS.get(name)
    if known is not None:
        return known
    crc = zlib.crc32(name.encode("utf-8")) & 0xFFFFFFFF
    hue = (crc % 360) / 360.0
    lightness = 0.52 + 0.08 * ((crc >> 9) % 3)      # 0.52, 0.60, 0.68
    saturation = 0.50 + 0.12 * ((crc >> 11) % 3)    # 0.50, 0.62, 0.74
    r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))


def luminance(rgb: RGB) -> float:
    """Relative luminance (0 black .. 1 white) of an sRGB color."""
    def linear(v: int) -> float:
        x = v / 255.0
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_color(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    # Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05); they are
    # equal at L = 0.179.
    return (0, 0, 0) if luminance(background) > 0.179 else (255, 255, 255)


def hex_color(rgb: RGB) -> str:
    """``#rrggbb`` for an (r, g, b) color."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)
