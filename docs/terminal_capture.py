"""Turn a real terminal capture (``tmux capture-pane -e -p``) into an SVG for the README.

Usage: python docs/terminal_capture.py capture.ansi > docs/images/terminal.svg
Only the escape codes the ``color`` format writes are understood: 24-bit foreground and
background (38;2 / 48;2) and reset (0).
"""

import re
import sys
from xml.sax.saxutils import escape

CW, CH = 9, 18  # character cell in pixels
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def main(path: str) -> None:
    lines = open(path, encoding="utf-8").read().rstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    width = max(len(SGR.sub("", line)) for line in lines) + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CW}" height="{(len(lines) + 1) * CH}" '
           f'font-family="DejaVu Sans Mono, monospace" font-size="14">',
           '<rect width="100%" height="100%" fill="#1e1e1e"/>']
    for row, line in enumerate(lines):
        fg, bg, col = (220, 220, 220), None, 1
        y = (row + 0.5) * CH
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            m = SGR.fullmatch(part)
            if m:
                codes = [int(x) for x in m.group(1).split(";") if x] or [0]
                i = 0
                while i < len(codes):
                    if codes[i] == 0:
                        fg, bg = (220, 220, 220), None
                    elif codes[i] in (38, 48) and codes[i + 1] == 2:
                        rgb = tuple(codes[i + 2:i + 5])
                        fg, bg = (rgb, bg) if codes[i] == 38 else (fg, rgb)
                        i += 4
                    i += 1
                continue
            for ch in part:
                x = col * CW
                if bg:
                    out.append(f'<rect x="{x}" y="{y:.0f}" width="{CW}" height="{CH}" fill="rgb{bg}"/>')
                if ch != " ":
                    out.append(f'<text x="{x}" y="{y + CH * 0.75:.0f}" fill="rgb{fg}">{escape(ch)}</text>')
                col += 1
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
