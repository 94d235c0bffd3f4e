import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def known_entries():
    return json.loads((DATA / "known-counts.json").read_text())


def entry_to_toml(entry) -> str:
    """A puzzle file for a known-counts entry: every piece drawn under [shapes]."""
    lines = [f'name = "{entry["name"]}"', f'one_sided = {"true" if entry["orientation"] != "free" else "false"}']
    board = "\n".join(entry["board"])
    lines.append(f'board = """\n{board}\n"""')
    lines.append("[shapes]")
    for p in entry["pieces"]:
        rows = max(r for r, _ in p["cells"]) + 1
        cols = max(c for _, c in p["cells"]) + 1
        drawing = "\n".join("".join("#" if [r, c] in p["cells"] else "." for c in range(cols)) for r in range(rows))
        lines.append(f'{p["name"]} = """\n{drawing}\n"""')
    lines.append("[copies]")
    for p in entry["pieces"]:
        count = p["count"]
        lines.append(f'{p["name"]} = {json.dumps(count)}')
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="session")
def known():
    return {e["id"]: e for e in known_entries()}
