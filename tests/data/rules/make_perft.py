#!/usr/bin/env python3
"""Writes tests/data/rules/ours.perft: perft node counts for positions we chose, counted by
python-chess, for tests/rules_perft.rs.

Run from the project root: `pip install chess==1.11.2 && python3 tests/data/rules/make_perft.py`
(about half a minute). The output is the file in the repository byte for byte; change a position
here, never the .perft file by hand.

The positions: our named cases for castling (Laws Art. 3.8.2), en passant (Art. 3.7.3.1) with
pins and discovered checks, promotion (Art. 3.7.5) with captures and underpromotion, Chess960
castling corner cases (FIDE Guideline II), and positions from our own random games
(`positions-sample.jsonl`, computed with python-chess). Each position gets every depth whose
count stays within MAX_NODES, so the default test run stays fast.
"""

import json
import pathlib

import chess

HERE = pathlib.Path(__file__).resolve().parent
MAX_NODES = 100_000
MAX_DEPTH = 6
FROM_GAMES = 24

# (id, FEN, Chess960?, why the position is here). Chess960 FENs name castling rooks by file
# (Shredder-FEN); the rest use KQkq.
CHOSEN = [
    # Castling, Art. 3.8.2.
    ("castling-both-sides-both-colours", "r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1", False,
     "all four castlings available; rook moves and captures take rights away"),
    ("castling-king-crosses-attacked-f1", "4kr2/7b/8/8/8/8/8/R3K2R w KQ - 0 1", False,
     "f1 is attacked (no O-O); b1 is attacked but only the rook crosses it (O-O-O allowed)"),
    ("castling-out-of-check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", False,
     "the king is in check: no castling"),
    ("castling-onto-attacked-squares", "2r1k3/8/8/8/8/7n/8/R3K2R w KQ - 0 1", False,
     "g1 (knight) and c1 (rook) are attacked: neither castling"),
    ("castling-rook-attacked", "4k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", False,
     "the h1 rook is attacked: O-O is still allowed"),
    ("castling-blocked-by-knight", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", False,
     "b1 is occupied: no O-O-O for White"),
    ("castling-black-to-move", "r3k2r/p6p/8/8/8/8/P6P/1R2K1R1 b kq - 0 1", False,
     "Black to move: O-O-O though b8 is attacked (only the rook crosses it); g8 attacked: no O-O"),
    # En passant, Art. 3.7.3.1.
    ("en-passant-simple", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", False,
     "exd6 e.p."),
    ("en-passant-two-capturers", "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", False,
     "cxd6 and exd6 e.p."),
    ("en-passant-black", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", False,
     "exd3 e.p. by Black"),
    ("en-passant-rank-pin", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", False,
     "exd6 e.p. empties the fifth rank between king and rook: illegal"),
    ("en-passant-diagonal-pin-along", "4k3/6b1/8/4Pp2/8/2K5/8/8 w - f6 0 1", False,
     "the e5 pawn is pinned on c3-g7; exf6 e.p. stays on the line: legal"),
    ("en-passant-diagonal-pin-across", "b3k3/8/8/3Pp3/8/8/8/7K w - e6 0 1", False,
     "the d5 pawn is pinned on h1-a8; dxe6 e.p. leaves the line: illegal"),
    ("en-passant-discovers-bishop-check", "6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1", False,
     "exd6 e.p. removes the d5 pawn from the a2-g8 diagonal: check"),
    ("en-passant-discovers-rook-check", "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1", False,
     "exd6 e.p. opens the e-file: check"),
    ("en-passant-captures-the-checker", "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1", False,
     "d7-d5 gave check; exd6 e.p. removes the checking pawn"),
    # Promotion, Art. 3.7.5.
    ("promotion-push-and-captures", "rnb1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", False,
     "b8 is blocked; bxa8 and bxc8 promote to any of four pieces"),
    ("promotion-knight-check", "8/5P1k/8/8/8/8/8/K7 w - - 0 1", False,
     "only f8=N gives check"),
    ("promotion-black-with-capture", "4k3/8/8/8/8/8/3p4/2R2K2 b - - 0 1", False,
     "d1 and dxc1 promote; a queen or rook on d1 gives check"),
    ("promotion-pinned-pawn", "3n1b2/4P3/3K4/8/8/8/8/k7 w - - 0 1", False,
     "e7 is pinned by f8: only exf8 (capturing the pinner) is legal"),
    # Chess960 castling, FIDE Guideline II.
    ("chess960-king-b1-rook-a1", "1r4kr/pp5p/8/8/8/8/PP5P/RK5R w HAhb - 0 1", True,
     "O-O-O moves the king right, b1 to c1, and the rook a1 to d1"),
    ("chess960-king-already-on-g1", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", True,
     "O-O moves only the rook, h1 to f1"),
    ("chess960-king-and-rook-swap", "4k3/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w G - 0 1", True,
     "king f1, rook g1: O-O swaps them"),
    ("chess960-rook-lands-on-king-square", "4k3/8/8/8/8/8/8/R2K4 w A - 0 1", True,
     "king d1, rook a1: O-O-O puts the king on c1, the rook on d1"),
    ("chess960-castling-rook-shields-c1", "4k3/8/8/8/8/8/8/rR4K1 w B - 0 1", True,
     "the b1 rook screens c1 from a1; after O-O-O the king on c1 would be in check: illegal"),
    ("chess960-castling-rook-shields-g1", "4k3/8/8/8/8/8/8/1K4Rr w G - 0 1", True,
     "g1 (the rook's square) is attacked by h1: O-O illegal"),
    ("chess960-outer-rook-blocked", "4k3/8/8/8/8/8/8/RRK5 w A - 0 1", True,
     "castling with the a1 rook: b1 holds the other rook, so O-O-O is illegal"),
    ("chess960-inner-rook", "4k3/8/8/8/8/8/8/RRK5 w B - 0 1", True,
     "castling with the b1 rook: the king stays on c1, the rook goes to d1"),
    ("chess960-rook-destination-occupied", "4k3/8/8/8/8/8/8/5BKR w H - 0 1", True,
     "king on g1 already, f1 holds a bishop: the rook cannot land, O-O is illegal"),
    ("chess960-king-crosses-attacked-square", "4r1k1/8/8/8/8/8/8/RK5R w HA - 0 1", True,
     "O-O would carry the king from b1 over the attacked e1: illegal; O-O-O is legal"),
    ("chess960-black-both-sides", "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1", True,
     "Black castles from b8 either way"),
]


def perft(board: chess.Board, depth: int) -> int:
    """Leaf count of the legal-move tree `depth` plies deep."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def counts(board: chess.Board) -> list[tuple[int, int]]:
    """(depth, nodes) for every depth up to MAX_DEPTH whose count is at most MAX_NODES (a
    position without legal moves gets `perft 1 0`)."""
    found = []
    for depth in range(1, MAX_DEPTH + 1):
        nodes = perft(board, depth)
        if nodes > MAX_NODES:
            break
        found.append((depth, nodes))
        if nodes == 0:  # checkmate or stalemate: nothing deeper
            break
    return found


def from_games() -> list[tuple[str, str, bool, str]]:
    """Every 12th position of positions-sample.jsonl, plus those with an en-passant square."""
    lines = (HERE / "positions-sample.jsonl").read_text().splitlines()
    fens = [json.loads(line)["fen"] for line in lines]
    chosen = [(index, fen) for index, fen in enumerate(fens) if fen.split()[3] != "-"]
    step = len(fens) // FROM_GAMES
    chosen += [(index, fens[index]) for index in range(0, len(fens), step)][:FROM_GAMES]
    chosen.sort()
    return [(f"game-position-{index + 1}", fen, False, "positions-sample.jsonl line "
             f"{index + 1}") for index, fen in chosen]


def main() -> None:
    out = [
        "# Perft node counts for positions we chose, counted by python-chess 1.11.2.",
        "# Written by make_perft.py beside this file: change the script, not this file.",
        "",
    ]
    for case_id, fen, chess960, why in CHOSEN + from_games():
        board = chess.Board(fen, chess960=chess960)
        assert board.is_valid(), f"{case_id}: {board.status()!r}"
        written = (board.shredder_fen(en_passant="fen") if chess960
                   else board.fen(en_passant="fen"))
        out.append(f"# {why}")
        out.append(f"id {case_id}")
        out.append(f"epd {' '.join(written.split()[:4])}")
        found = counts(board)
        assert found, f"{case_id}: no depth within {MAX_NODES} nodes"
        out += [f"perft {depth} {nodes}" for depth, nodes in found]
        out.append("")
    (HERE / "ours.perft").write_text("\n".join(out))


if __name__ == "__main__":
    main()
