from pentomino.cli import main

main(prog_name="pentomino")
