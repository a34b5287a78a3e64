#!/usr/bin/env python3
"""Checks the verdicts of our own dead-position cases (tests/rules_arbiter_dead.rs) apart from our
engine, with python-chess.

Run from the project root: `pip install chess==1.11.2 && cargo build && python3
tests/data/unwinnability/check_our_cases.py` (a few seconds; the binary defaults to
target/debug/arbiter, or give its path as the argument).

For every `("CODE", "FEN")` case in the test file:
- "cannot mate" (a `-` in the code) must be proved by one of: python-chess's material test
  (`has_insufficient_material`), or an exhaustive search of every position reachable from the
  case (done when there are at most SEARCH_LIMIT of them) that finds no mate by that side;
- "can mate" (`W` or `B`) must be shown by a mating line: the one `arbiter unwinnable` prints is
  replayed move by move with python-chess, which must find it legal and ending in that side's
  mate (or the exhaustive search finds a mate).
Exits non-zero when any verdict is contradicted or left unproved.
"""

import collections
import pathlib
import re
import subprocess
import sys

import chess

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTS = ROOT / "tests" / "rules_arbiter_dead.rs"
SEARCH_LIMIT = 200_000
CASE = re.compile(r'\(\s*"([W-][B-])",\s*"([^"]+)",?\s*\)')


def reachable_mates(board: chess.Board) -> tuple[set[chess.Color], int] | None:
    """The colours that deliver mate somewhere in the reachable positions, and how many positions
    there are; None when there are more than SEARCH_LIMIT."""
    seen = {board.epd()}
    queue = collections.deque([board.copy(stack=False)])
    maters: set[chess.Color] = set()
    while queue:
        position = queue.popleft()
        if position.is_checkmate():
            maters.add(not position.turn)
            continue
        for move in position.legal_moves:
            child = position.copy(stack=False)
            child.push(move)
            key = child.epd()
            if key not in seen:
                if len(seen) >= SEARCH_LIMIT:
                    return None
                seen.add(key)
                queue.append(child)
    return maters, len(seen)


def engine_lines(binary: pathlib.Path, fen: str) -> dict[chess.Color, list[str]]:
    """The mating lines `arbiter unwinnable` prints, by mating side."""
    output = subprocess.run([binary, "unwinnable", fen], capture_output=True, text=True, check=True)
    lines = {}
    for text in output.stdout.splitlines()[1:]:
        name, _, moves = text.partition(": ")
        if name in ("white", "black") and not moves.startswith(("(", "undecided")):
            lines[chess.WHITE if name == "white" else chess.BLACK] = moves.split()
    return lines


def line_mates(board: chess.Board, mater: chess.Color, line: list[str]) -> bool:
    """True when `line` (UCI) is legal move by move and ends with `mater` having mated."""
    board = board.copy(stack=False)
    for uci in line:
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            return False
        board.push(move)
    return board.is_checkmate() and board.turn != mater


def main() -> int:
    binary = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "target/debug/arbiter"
    cases = CASE.findall(TESTS.read_text())
    problems = 0
    for code, fen in cases:
        board = chess.Board(f"{fen} 0 1")
        lines = engine_lines(binary, fen)
        searched = []

        def search():
            """The exhaustive search, run at most once and only when needed."""
            if not searched:
                searched.append(reachable_mates(board))
            return searched[0]

        proofs = []
        for colour, letter in ((chess.WHITE, code[0]), (chess.BLACK, code[1])):
            name = chess.COLOR_NAMES[colour]
            if letter == "-":
                if board.has_insufficient_material(colour):
                    proofs.append(f"{name} cannot: material")
                elif search() is not None and colour not in search()[0]:
                    proofs.append(f"{name} cannot: none of {search()[1]} positions is its mate")
                else:
                    problems += 1
                    proofs.append(f"{name} cannot: NOT PROVED")
            elif line_mates(board, colour, lines.get(colour, [])):
                proofs.append(f"{name} can: {len(lines[colour])}-ply line replayed")
            elif search() is not None and colour in search()[0]:
                proofs.append(f"{name} can: a mate among {search()[1]} positions")
            else:
                problems += 1
                proofs.append(f"{name} can: NOT SHOWN")
        print(f"{code} {fen}: " + "; ".join(proofs))
    print(f"{len(cases)} cases, {problems} verdicts not confirmed")
    return 1 if problems or not cases else 0


if __name__ == "__main__":
    sys.exit(main())
