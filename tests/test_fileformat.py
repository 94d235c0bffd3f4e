"""The TOML puzzle format: what each key means, parsed into a :class:`Puzzle`.

Most tests only parse (no search). A few count tiny puzzles to check that the semantics of
copies and pre-placed pieces reach the solver.
"""

from __future__ import annotations

import textwrap

import pytest

from pentomino import Placement, Puzzle, PuzzleError
from pentomino.model.piece import Piece


def parse(text: str, source: str = "<string>") -> Puzzle:
    return Puzzle.from_toml(textwrap.dedent(text).lstrip("\n"), source)


def counts(puzzle: Puzzle) -> dict[str, tuple[int, int | None]]:
    return {pc.piece.name: (pc.min, pc.max) for pc in puzzle.pieces}


def to_toml(puzzle: Puzzle) -> str:
    """Write a puzzle back as a file: every piece under [shapes], pre-placed pieces on the board."""
    r0 = min(r for r, _ in puzzle.board)
    c0 = min(c for _, c in puzzle.board)
    r1 = max(r for r, _ in puzzle.board)
    c1 = max(c for _, c in puzzle.board)
    owner = {c: pl.piece for pl in puzzle.preplaced for c in pl.cells}
    assert all(len(n) == 1 for n in owner.values()), "this writer draws one-letter names only"
    rows = ["".join(owner.get((r, c), "." if (r, c) in puzzle.board else "#") for c in range(c0, c1 + 1))
            for r in range(r0, r1 + 1)]
    lines = [f'name = "{puzzle.name}"', f"one_sided = {str(puzzle.one_sided).lower()}",
             'board = """', *rows, '"""', "[shapes]"]
    for pc in puzzle.pieces:
        lines += [f'"{pc.piece.name}" = """', pc.piece.to_ascii(), '"""']
    lines.append("[copies]")
    for pc in puzzle.pieces:
        value = '"any"' if pc.max is None and pc.min == 0 else \
            str(pc.min) if pc.min == pc.max else f"[{pc.min}, {pc.max if pc.max is not None else 999}]"
        lines.append(f'"{pc.piece.name}" = {value}')
    return "\n".join(lines) + "\n"


# -- pieces ------------------------------------------------------------------------------------
def test_builtin_set():
    p = parse('''
        name = "Scott's 8x8"
        pieces = "pentominoes"
        board = """
        ........
        ........
        ........
        ...##...
        ...##...
        ........
        ........
        ........
        """
        ''')
    assert p.name == "Scott's 8x8"
    assert p.area == 60 and (3, 3) not in p.board and (0, 0) in p.board
    assert sorted(counts(p)) == sorted("FILNPTUVWXYZ")
    assert set(counts(p).values()) == {(1, 1)}
    assert p.one_sided is False and p.preplaced == ()


def test_pieces_list_mixes_a_set_and_pieces():
    p = parse('''
        pieces = ["pentominoes", "O4"]
        board = """
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        """
        ''')
    assert sorted(counts(p)) == sorted(list("FILNPTUVWXYZ") + ["O4"])
    assert p.piece("O4").size == 4 and p.area == 64


def test_single_piece_names():
    p = parse('''
        pieces = ["I4", "O4"]
        board = """
        ....
        ....
        """
        ''')
    assert sorted(counts(p)) == ["I4", "O4"]


def test_one_sided_inferred_from_the_set():
    p = parse('''
        pieces = "one-sided-pentominoes"
        board = """
        ..............................
        ..............................
        ..............................
        """
        ''')
    assert p.one_sided is True
    assert len(p.pieces) == 18 and {"f", "l", "n", "p", "y", "z"} <= set(counts(p))


def test_one_sided_explicit():
    text = '''
        pieces = "pentominoes"
        one_sided = {}
        board = """
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        """
        '''
    assert parse(text.format("true")).one_sided is True
    assert parse(text.format("false")).one_sided is False
    assert parse(text.replace("one_sided = {}\n", "")).one_sided is False


def test_one_sided_false_overrides_a_one_sided_set():
    p = parse('''
        pieces = "one-sided-tetrominoes"
        one_sided = false
        board = """
        .......
        .......
        .......
        .......
        """
        ''')
    assert p.one_sided is False


# -- shapes and copies -------------------------------------------------------------------------
def test_shapes_and_copies():
    p = parse('''
        board = """
        ......
        ......
        """
        [shapes]
        Q = """
        ##
        ##
        """
        D = "##"
        M = "#"
        Bar = """
        .x.
        ###
        """
        [copies]
        Q = 1
        D = [1, 3]
        M = "any"
        Bar = 0
        ''')
    assert counts(p) == {"Q": (1, 1), "D": (1, 3), "M": (0, None)}  # 0 leaves Bar out
    assert p.piece("Q").cells == frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
    assert p.piece("D").size == 2 and p.piece("M").size == 1
    with pytest.raises(PuzzleError) as info:  # 0 copies left it out
        p.piece("Bar")
    assert str(info.value) == "'Bar' is not one of the puzzle's pieces; its pieces are Q D M"
    with pytest.raises(PuzzleError, match=r"^'q' is not one of the puzzle's pieces \(did you mean 'Q'\?\)"):
        p.piece("q")


def test_shape_drawing_ignores_other_characters():
    p = parse('''
        board = "...."
        [shapes]
        T = """
        ###
        .#x
        """
        [copies]
        T = [0, 1]
        ''')
    assert p.piece("T").cells == frozenset({(0, 0), (0, 1), (0, 2), (1, 1)})


def test_copies_default_is_one():
    p = parse('''
        pieces = "tetrominoes"
        board = """
        .....
        .....
        .....
        .....
        """
        [copies]
        O4 = 1
        ''')
    assert set(counts(p).values()) == {(1, 1)}


def test_copies_semantics_reach_the_solver():
    # A 2x3 box with dominoes only: 3 tilings (three vertical; or one vertical and two horizontal,
    # at either end).
    p = parse('''
        board = """
        ...
        ...
        """
        [shapes]
        D = "##"
        [copies]
        D = "any"
        ''')
    assert p.count("none") == 3
    # Exactly three copies: the same three tilings.
    q = parse('''
        board = """
        ...
        ...
        """
        [shapes]
        D = "##"
        [copies]
        D = [3, 3]
        ''')
    assert q.count("none") == 3


def test_custom_shape_replaces_builtin_of_same_name():
    p = parse('''
        pieces = "tetrominoes"
        board = """
        ....
        ....
        ....
        ....
        ....
        """
        [shapes]
        O4 = "####"
        ''')
    assert p.piece("O4").cells == frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})


# -- the board ---------------------------------------------------------------------------------
def test_board_with_holes_and_ragged_rows():
    p = parse('''
        board = """
        ....
        .#.
        ..  ..
          .
        """
        [shapes]
        M = "#"
        [copies]
        M = "any"
        ''')
    assert p.board == frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 2),
                                 (2, 0), (2, 1), (2, 4), (2, 5), (3, 2)})
    assert p.area == 11


def test_board_on_one_line():
    p = parse('''
        board = "...."
        [shapes]
        I = "####"
        ''')
    assert p.board == frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})


def test_preplaced_piece():
    p = parse('''
        pieces = "pentominoes"
        board = """
        ..X.....
        .XXX...I
        ..X....I
        ...##..I
        ...##.NI
        ......NI
        ......NN
        .......N
        """
        ''')
    assert p.area == 60
    assert {pl.piece for pl in p.preplaced} == {"X", "I", "N"}
    x = next(pl for pl in p.preplaced if pl.piece == "X")
    assert x == Placement.of("X", [(0, 2), (1, 1), (1, 2), (1, 3), (2, 2)])


def test_two_groups_of_one_letter_are_two_copies():
    p = parse('''
        board = """
        AA..
        ....
        ..AA
        """
        [shapes]
        A = "##"
        [copies]
        A = 6
        ''')
    assert [pl.piece for pl in p.preplaced] == ["A", "A"]
    assert {pl.cells for pl in p.preplaced} == {((0, 0), (0, 1)), ((2, 2), (2, 3))}
    assert counts(p) == {"A": (6, 6)}


def test_two_touching_groups_are_one_piece():
    with pytest.raises(PuzzleError, match="do not form one A piece"):
        parse('''
            board = """
            AA..
            AA..
            ....
            """
            [shapes]
            A = "##"
            [copies]
            A = 6
            ''')


def test_legend():
    p = parse('''
        pieces = ["pentominoes", "O4"]
        board = """
        oo......
        oo......
        ........
        ........
        ........
        ........
        ........
        ........
        """
        [legend]
        o = "O4"
        ''')
    assert p.preplaced == (Placement.of("O4", [(0, 0), (0, 1), (1, 0), (1, 1)]),)


def test_preplaced_one_sided_mirror_rejected():
    # 'N' drawn mirrored (N is ##../.###): fine for free pieces, not for one-sided ones ('n').
    text = '''
        pieces = "pentominoes"
        one_sided = {}
        board = """
        ..NN......
        NNN.......
        ..........
        ..........
        ..........
        ..........
        """
        '''
    parse(text.format("false"))
    with pytest.raises(PuzzleError, match=r"<string>:4: .*one-sided"):
        parse(text.format("true"))


# -- load and round trip -----------------------------------------------------------------------
SAMPLE = '''
    name = "sample"
    pieces = ["tetrominoes", "I2"]
    board = """
    ..OO4...
    ..OO4..#
    ........
    """
    [shapes]
    "4" = "##"
    [copies]
    I2 = [0, 2]
    [legend]
    O = "O4"
    '''


def test_from_toml_and_load_agree(tmp_path):
    path = tmp_path / "sample.toml"
    path.write_text(textwrap.dedent(SAMPLE).lstrip("\n"), encoding="utf-8")
    by_text = parse(SAMPLE)
    assert Puzzle.load(str(path)) == by_text
    assert Puzzle.load(path) == by_text  # a Path works too
    assert by_text.name == "sample"
    assert counts(by_text) == {"I4": (1, 1), "L4": (1, 1), "O4": (1, 1), "S4": (1, 1), "T4": (1, 1),
                               "I2": (0, 2), "4": (1, 1)}
    assert sorted(pl.piece for pl in by_text.preplaced) == ["4", "O4"]


def test_load_reads_a_path_object_as_a_file(tmp_path, monkeypatch):
    # A path named like a built-in puzzle is still a file; the same name as a string is the built-in.
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleError, match=r"^6x10: no such file"):
        Puzzle.load(Path("6x10"))
    (tmp_path / "6x10").write_text('board = "...."\n[shapes]\nI = "####"\n', encoding="utf-8")
    assert Puzzle.load(Path("6x10")).area == 4
    assert Puzzle.load("6x10").area == 60


def test_load_builtin_names():
    assert Puzzle.load("6x10").area == 60
    assert Puzzle.load("3x20").board == frozenset((r, c) for r in range(3) for c in range(20))
    assert Puzzle.load("8x8").area == 60
    assert Puzzle.load("scott-finish").preplaced


@pytest.mark.parametrize("name", ["8x8", "scott-finish", "one-sided-3x30", "dominoes-8x8", "8x8-square"])
def test_round_trip(name):
    p = Puzzle.load(name)
    again = Puzzle.from_toml(to_toml(p))
    assert again == p
    assert [pc.piece.cells for pc in again.pieces] == [pc.piece.cells for pc in p.pieces]


def test_round_trip_custom(tmp_path):
    p = parse('''
        name = "custom"
        one_sided = true
        board = """
        AA..##
        ......
        ..  ..
        """
        [shapes]
        A = "##"
        L = """
        #.
        ##
        """
        [copies]
        A = "any"
        L = [0, 2]
        ''')
    path = tmp_path / "custom.toml"
    path.write_text(to_toml(p), encoding="utf-8")
    assert Puzzle.load(path) == p


# -- errors name the source and the line ------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('pieces = "tetrominoes"\nboard = """\n....\n.?..\n"""\n', ["f.toml:4:", "'?'"]),
    ('pieces = "pentominos"\nboard = "."\n', ["f.toml:1:", "'pentominoes'"]),
    ('pieces = "tetrominoes"\nboard = "...."\n[copies]\nI4 = "lots"\n', ["f.toml:4:", "I4"]),
    ('board = "..."\n[shapes]\nA = "#.#"\n', ["f.toml:3:", "not connected"]),
    ('board = "..."\n[shapes]\nA = ".."\n', ["f.toml:3:", "empty"]),
    ('board = "..."\n[shapes]\nA = "###"\n[legend]\n"." = "A"\n', ["f.toml:5:", "'.'"]),
    ('board = = 3\n', ["f.toml:1:", "not valid TOML"]),
])
def test_errors(text, words):
    with pytest.raises(PuzzleError) as info:
        Puzzle.from_toml(text, "f.toml")
    message = str(info.value)
    assert "\n" not in message and message.startswith("f.toml")
    for w in words:
        assert w in message, message


def test_piece_from_ascii():
    assert Piece.from_ascii("L", "#.\n#.\n##").size == 4
    with pytest.raises(PuzzleError, match="empty"):
        Piece.from_ascii("E", "...")


def test_puzzle_rejects_an_empty_piece_name():
    from pentomino import PieceCount

    with pytest.raises(PuzzleError, match="cannot name a piece"):
        Puzzle(frozenset({(0, 0), (0, 1)}), (PieceCount(Piece("", frozenset({(0, 0), (0, 1)}))),))


# -- one check of a puzzle, told by Puzzle and, with its line, by the file reader ----------------
DOMINO = Piece("D", frozenset({(0, 0), (0, 1)}))
ROW = frozenset((0, c) for c in range(4))


@pytest.mark.parametrize("pieces, preplaced, message", [
    ([(DOMINO, 2, 2)], [("Q", [(0, 0), (0, 1)])],
     "the 2 cells marked 'Q' name no piece of this puzzle: mark them with the name of one of its pieces"),
    ([(DOMINO, 2, 2)], [("D", [(0, 3), (0, 4)])], "the 2 cells marked 'D' lie partly off the board"),
    ([(DOMINO, 2, 2)], [("D", [(0, 0), (0, 1)]), ("D", [(0, 1), (0, 2)])],
     "the 2 cells marked 'D' overlap another pre-placed piece"),
    ([(DOMINO, 2, 2)], [("D", [(0, 0), (0, 2)])],
     "the 2 cells marked 'D' do not form one D piece; D is ## (rows separated by '/'), "
     "in any rotation or reflection"),
    ([(DOMINO, 2, 2)], [("D", [])],
     "the 0 cells marked 'D' do not form one D piece; D is ## (rows separated by '/'), "
     "in any rotation or reflection"),
    ([(DOMINO, 1, 1), (Piece("O", frozenset({(0, 0), (0, 1)})), 1, 1)],
     [("D", [(0, 0), (0, 1)]), ("D", [(0, 2), (0, 3)])],
     "the 2 cells marked 'D' make piece D pre-placed 2 times but only 1 allowed; "
     "raise its copies under [copies] or remove pre-placed cells"),
    ([(Piece("D", frozenset()), 1, 1)], [], "piece 'D' has no cells: give it at least one"),
    ([(DOMINO, 1, 1), (DOMINO, 1, 1)], [], "piece 'D' is listed twice: give each piece one entry"),
    ([(DOMINO, 3, 1)], [], "copies of D: need 0 <= min <= max, got [3, 1]"),
], ids=["unknown", "off-board", "overlap", "shape", "no-cells", "too-many", "empty-piece", "twice", "copies"])
def test_puzzle_says_what_is_wrong(pieces, preplaced, message):
    from pentomino import PieceCount

    with pytest.raises(PuzzleError) as info:
        Puzzle(ROW, tuple(PieceCount(*p) for p in pieces), tuple(Placement.of(n, cs) for n, cs in preplaced))
    assert str(info.value) == message


def test_an_area_that_does_not_match_is_a_puzzle_with_no_solution():
    from pentomino import PieceCount

    puzzle = Puzzle(ROW, (PieceCount(DOMINO),))  # 4 cells, one domino
    result = puzzle.count_detail()
    assert (result.count, result.reason) == (0, "area mismatch: the board has 4 cells but the pieces cover 2")
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle


def test_puzzle_rejects_an_empty_board():
    from pentomino import PieceCount

    with pytest.raises(PuzzleError) as info:
        Puzzle(frozenset(), (PieceCount(DOMINO),))
    assert str(info.value) == "the board has no cells: draw cells to fill with '.'"


@pytest.mark.parametrize("text, message", [
    # what Puzzle finds, said of the drawing: the character it is drawn with, the line it starts on
    ('pieces = ["O4", "I4"]\nboard = """\n....\n.aa.\n..aa\n....\n"""\n[legend]\na = "O4"\n[copies]\nI4 = 3\n',
     "f.toml:4: the 4 cells marked 'a' (for O4) starting on this line do not form one O4 piece; "
     "O4 is ##/## (rows separated by '/'), in any rotation or reflection"),
    ('pieces = "tetrominoes"\none_sided = true\nboard = """\n.......\n.......\nLLL....\n..L....\n"""\n'
     '[legend]\nL = "L4"\n',
     "f.toml:6: the 4 cells marked 'L' (for L4) starting on this line do not form one L4 piece (one-sided); "
     "L4 is ###/#.. (rows separated by '/'), in any rotation"),
    ('pieces = "domino"\nboard = """\nDD..\n..DD\n"""\n[legend]\nD = "I2"\n',
     "f.toml:4: the 2 cells marked 'D' (for I2) starting on this line make piece I2 pre-placed 2 times but "
     "only 1 allowed; raise its copies under [copies] or remove pre-placed cells"),
    ('pieces = ["domino", "I1"]\nboard = """\n..\n.i\n"""\n[copies]\nI1 = 0\nI2 = [1, 2]\n[legend]\ni = "I1"\n',
     "f.toml:4: the 1 cells marked 'i' (for I1) starting on this line make piece I1 pre-placed 1 times but "
     "it is left out by [copies] (0); raise its copies under [copies] or remove pre-placed cells"),
    ('board = "##"\n[shapes]\nA = "##"\n',
     "f.toml:1: the board has no cells: draw cells to fill with '.'"),
    ('board = """\n..\n"""\n[shapes]\n"#" = "##"\n',
     "f.toml:5: shape name '#' cannot name a piece: use letters or digits, not '.', '#' or spaces"),
    ('board = ".."\n[shapes]\n"a b" = "##"\n',
     "f.toml:3: shape name 'a b' cannot name a piece: use letters or digits, not '.', '#' or spaces"),
    ('grid = "cube"\npieces = "soma"\nboard = ["""\n...\n...\n...\n""", """\n...\n.VV\n...\n""", '
     '"""\n...\n...\n...\n"""]\n',
     "f.toml:3: (layer 2, row 2) the 2 cells marked 'V' starting on this line do not form one V piece "
     "(one-sided); V is ##/#. (rows separated by '/'), in any rotation"),
], ids=["shape-legend", "shape-one-sided", "too-many", "left-out", "empty-board", "name-hash", "name-space", "cube"])
def test_file_says_where_the_puzzle_is_wrong(text, message):
    with pytest.raises(PuzzleError) as info:
        Puzzle.from_toml(text, "f.toml")
    assert str(info.value) == message


def test_file_and_puzzle_find_the_same_fault():
    """The file reader tells, at its line, the very problem Puzzle finds in the same parts."""
    from pentomino import PieceCount
    from pentomino.model.piecesets import find_piece

    with pytest.raises(PuzzleError) as by_file:
        Puzzle.from_toml('pieces = "X"\nboard = """\n.X.\nXXX\nX..\n"""\n', "f.toml")
    board = frozenset((r, c) for r in range(3) for c in range(3))
    cells = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 0)]
    with pytest.raises(PuzzleError) as by_puzzle:
        Puzzle(board, (PieceCount(find_piece("X"), 0, 1), PieceCount(find_piece("I4"), 1, 1)),
               (Placement.of("X", cells),))
    problem = str(by_puzzle.value).removeprefix("the 5 cells marked 'X' ")
    assert problem != str(by_puzzle.value) and problem.startswith("do not form one X piece")
    assert str(by_file.value) == f"f.toml:3: the 5 cells marked 'X' starting on this line {problem}"


def test_touching_copies_drawn_with_two_characters(tmp_path):
    # Two dominoes side by side: one character would make one 4-cell group; two legend
    # characters for the same piece keep them apart. The board is then already solved.
    text = 'pieces = "domino"\nboard = """\nAB\nAB\n"""\n[legend]\nA = "I2"\nB = "I2"\n[copies]\nI2 = 2\n'
    puzzle = Puzzle.from_toml(text)
    assert sorted(p.cells for p in puzzle.preplaced) == [((0, 0), (1, 0)), ((0, 1), (1, 1))]
    assert puzzle.count_detail().by_mode == {"full": 1, "rotations": 1, "none": 1}
    assert len(list(puzzle.solutions())) == 1
    with pytest.raises(PuzzleError, match="do not form one I2"):
        Puzzle.from_toml(text.replace("AB\nAB", "AA\nAA"))


# -- writing: Puzzle.to_toml ---------------------------------------------------------------------
def _every_builtin():
    from pentomino.model.library import builtin_names

    return builtin_names()


@pytest.mark.parametrize("name", _every_builtin())
def test_to_toml_reads_back_to_the_same_builtin_puzzle(name):
    puzzle = Puzzle.load(name)
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle


def test_to_toml_reads_back_every_known_counts_puzzle(known):
    from conftest import entry_to_puzzle, entry_to_toml

    assert {e["kind"] for e in known.values()} == {"square", "triangle", "hexagon", "cube"}
    for entry in known.values():
        puzzle = Puzzle.from_toml(entry_to_toml(entry)) if entry["kind"] == "square" else entry_to_puzzle(entry)
        text = puzzle.to_toml()
        again = Puzzle.from_toml(text)
        assert again == puzzle and again.grid is puzzle.grid, text


def test_to_toml_draws_touching_copies_and_long_names_through_a_legend():
    text = '''name = "two O4 side by side, copies of every kind"
pieces = ["tetrominoes", "I3"]
board = """
aabb.....
aabb.....
.........
"""
[shapes]
"long-name" = """
##
#.
"""
[copies]
O4 = 2
I4 = "any"
L4 = [0, 3]
I3 = 0
"long-name" = [1, 2]
[legend]
a = "O4"
b = "O4"
'''
    puzzle = Puzzle.from_toml(text)
    assert len(puzzle.preplaced) == 2
    written = puzzle.to_toml()
    assert "[legend]" in written and '"long-name"' in written and "I3" not in written
    assert Puzzle.from_toml(written) == puzzle


def test_to_toml_keeps_the_board_position_and_one_sidedness():
    from pentomino import PieceCount, Placement
    from pentomino.model.piecesets import find_piece

    x = find_piece("X")
    cells = {(r, c) for r in range(2, 5) for c in range(3, 6)} - {(2, 3), (2, 5), (4, 3), (4, 5)}
    puzzle = Puzzle(frozenset(cells), (PieceCount(x),), (Placement.of("X", cells),), True, "an X alone")
    again = Puzzle.from_toml(puzzle.to_toml())
    assert again == puzzle and again.board == puzzle.board and again.one_sided


def test_to_toml_refuses_what_a_file_cannot_say():
    from pentomino import PieceCount
    from pentomino.model.piecesets import find_piece

    puzzle = Puzzle(frozenset({(0, 0), (0, 1)}), (PieceCount(find_piece("I1"), 1, None),))
    with pytest.raises(PuzzleError, match="no maximum"):
        puzzle.to_toml()


def test_cli_show_toml_prints_the_puzzle_file():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "pentomino", "show", "scott-finish", "--toml"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    assert out == Puzzle.load("scott-finish").to_toml()
    assert Puzzle.from_toml(out) == Puzzle.load("scott-finish")


# -- other grids -----------------------------------------------------------------------------------
SOMA = '''grid = "cube"
pieces = "soma"
board = ["""
...
...
...
""", """
...
...
...
""", """
...
...
...
"""]
'''


def test_a_cube_puzzle_file():
    puzzle = Puzzle.from_toml(SOMA)
    assert puzzle.grid.name == "cube" and puzzle.area == 27 and puzzle.one_sided  # solids are not mirrored
    assert [pc.piece.name for pc in puzzle.pieces] == ["V", "L", "T", "Z", "A", "B", "P"]
    assert puzzle.count() == 240 and puzzle.count("none") == 11520


def test_a_ball_puzzle_file():
    """A pyramid of balls of base 4, layer z a (4 - z) x (4 - z) square, and ten L's of three
    balls listed as cells: 6 tilings, 2 up to the pyramid's 8 symmetries (the reference agrees:
    tests/test_reference_grids.py); a flat piece turns over though balls are one-sided."""
    text = '''grid = "sphere"
board = ["""
....
....
....
....
""", """
...
...
...
""", """
..
..
""", """
.
"""]
[shapes]
L3 = [[0, 0, 0], [0, 0, 1], [0, 1, 0]]
[copies]
L3 = 10
'''
    puzzle = Puzzle.from_toml(text)
    assert puzzle.grid.name == "sphere" and puzzle.area == 30 and puzzle.one_sided
    assert len(puzzle.pieces[0].orientations(True)) == 12  # 4 turns in each of 3 planes of squares
    assert (puzzle.count(), puzzle.count("rotations"), puzzle.count("none")) == (2, 2, 6)
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle


def test_shapes_as_cells_on_any_grid():
    text = '''grid = "hexagon"
board = """
. . .
 . . .
"""
[shapes]
bar = [[0, 0], [0, 2], [0, 4]]
'''
    puzzle = Puzzle.from_toml(text + "[copies]\nbar = 2\n")
    assert puzzle.grid.name == "hexagon" and puzzle.area == 6
    assert puzzle.pieces[0].piece.cells == frozenset({(0, 0), (0, 2), (0, 4)})
    assert puzzle.count("none") == 1  # a bar along each row: no other way on two rows
    assert Puzzle.from_toml(puzzle.to_toml()) == puzzle


@pytest.mark.parametrize("text,message", [
    ('grid = "hex"\npieces = "soma"\nboard = "..."\n',
     "x.toml:1: unknown grid 'hex' (did you mean 'hexagon'?); the grids are square, triangle, hexagon, cube, sphere"),
    ('pieces = "soma"\nboard = """\n...\n"""\n',
     'x.toml:1: piece set \'soma\' is made for the cube grid, and this puzzle\'s grid is square: add grid = "cube" '
     "(or pick a set of the square grid)"),
    ('grid = "hexagon"\nboard = """\n. . .\n .x. .\n"""\n[shapes]\nbar = [[0, 0], [0, 2]]\n',
     "x.toml:4: character 'x' at column 3 is between cells: on a hexagon board cells are where row + column "
     "is even (count from 0); leave the others blank"),
    ('grid = "cube"\npieces = "soma"\nboard = """\n...\n"""\n',
     'x.toml:3: a cube board is a list of layers, one drawing a layer (z = 0 first): '
     'board = [""" ... """, """ ... """]'),
    ('grid = "sphere"\npieces = "kanoodle"\nboard = """\n...\n"""\n',
     'x.toml:3: a sphere board is a list of layers, one drawing a layer (z = 0 first): '
     'board = [""" ... """, """ ... """]'),
    ('grid = "cube"\nboard = ["..."]\n[shapes]\nQ = [[0, 0], [0, 1]]\n',
     "x.toml:4: shape 'Q' must be a drawing with '#' (several lines between triple quotes \"\"\" ... \"\"\") "
     "or a list of cells such as [[0, 0, 0], [0, 0, 1]]"),
    ('grid = "hexagon"\nboard = ". . ."\n[shapes]\nQ = [[0, 0], [0, 1]]\n',
     "x.toml:4: shape 'Q': [0, 1] is not a cell of the hexagon grid"),
    ('grid = "triangle"\nboard = "...."\n[shapes]\nQ = [[0, 0], [0, 2]]\n',
     "x.toml:4: shape 'Q' is not connected: every cell must touch another by a side"),
])
def test_errors_on_other_grids(text, message):
    with pytest.raises(PuzzleError) as info:
        Puzzle.from_toml(text, "x.toml")
    assert str(info.value) == message


# The sets built by loading a puzzle, then those writing its file adds. Writing looks each piece
# up by name (building the sets before the first that holds it, all small here) and tries whole
# sets at the pieces left over, never a set longer than they are (not the 35 hexominoes).
@pytest.mark.parametrize("name,loaded,written", [
    ("6x10", ["pentominoes"], []),
    ("one-sided-3x30", ["pentominoes", "one-sided-pentominoes"], ["tetrominoes", "trominoes", "domino", "monomino"]),
    ("8x8-square", ["pentominoes", "one-sided-pentominoes", "tetrominoes"], ["domino", "monomino"]),
    ("hexiamonds-4x9", ["hexiamonds"], ["moniamond", "diamond", "triamond", "tetriamonds", "pentiamonds"]),
    ("soma", ["soma"], []),
    ("solid-pentominoes-2x3x10", ["pentominoes", "solid-pentominoes"], ["soma", "square-slab", "brick"]),
])
def test_a_puzzle_builds_only_the_piece_sets_it_names(monkeypatch, name, loaded, written):
    """Loading a puzzle, writing its file and pickling it (as a parallel count does) generate
    only the sets they need: the 6x10 does not pay for the pentacubes or the hexominoes."""
    import pickle

    from pentomino.model import piecesets

    monkeypatch.setattr(piecesets, "_BUILT", {})
    sets = piecesets.piece_sets()
    puzzle = Puzzle.load(name)
    assert sets.built() == loaded
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle and Puzzle.from_toml(puzzle.to_toml()) == puzzle
    assert sets.built() == [n for n in sets if n in loaded + written]
