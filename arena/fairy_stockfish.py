"""Fairy-Stockfish as an outside Buffalo opponent for the arena and the benchmarks (never imported
by the web app).

    .venv/bin/python -m arena.fairy_stockfish                 # install, check perft and moves
    .venv/bin/python -m arena.fairy_stockfish --score 1000    # its score of the start position

Fairy-Stockfish (GPL, C++, here its WebAssembly build from npm ``fairy-stockfish-nnue.wasm``
1.1.12 under node) plays Buffalo as a variant configured in its variants-file language (see
``VARIANTS``). The package is installed on first use with ``npm install --prefix bench/.cache``
(the git-ignored cache the bench scripts share). :class:`FairyStockfish` speaks UCI to it through
``arena/fairy_stockfish.js`` and is an arena player (``name`` "fairy100" for 100 ms a move,
``choose(state, seat, rng) -> move dict``, ``reset()``, ``close()``); its process starts on first
use.

Its board is ours mirrored: our row r is its rank 8 − r, same files; the buffalo are black. It
knows only the standard game (no multi-step handicap opening turn); positions with buffalo
removed are fine. ``check_perft`` compares its perft with the published figures of the start.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from play.games.buffalo import board as bb

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "bench" / ".cache"  # git-ignored
PACKAGE = "fairy-stockfish-nnue.wasm"
VERSION = "1.1.12"
SHIM = Path(__file__).resolve().with_name("fairy_stockfish.js")
START_FEN = "bbbbbbbbbbb/11/11/11/11/3DDCDD3/11 b - - 0 1"
START_PERFT = (11, 595, 6_433, 381_796)  # depth 1–4 from START_FEN (issue 16)

# Buffalo (black b) step forward without capturing; the chief (c) is a king-stepper that
# captures, dogs (d) are queens that never capture; both keep to ranks 2–6. A buffalo on its rank
# 1 wins; a side without a move loses (no buffalo left, or all blocked). No 50-move rule.
VARIANTS = """[buffalo]
maxFile = k
maxRank = 7
king = -
customPiece1 = b:mfW
customPiece2 = d:mQ
customPiece3 = c:K
startFen = bbbbbbbbbbb/11/11/11/11/3DDCDD3/11 b - - 0 1
mobilityRegionWhiteCustomPiece2 = *2 *3 *4 *5 *6
mobilityRegionWhiteCustomPiece3 = *2 *3 *4 *5 *6
flagPiece = b
flagRegionBlack = *1
stalemateValue = loss
nMoveRule = 0
"""


class FairyStockfishUnavailable(RuntimeError):
    pass


def package_dir(cache: Path = CACHE) -> Path:
    return cache / "node_modules" / PACKAGE


def ensure_installed(cache: Path = CACHE) -> Path:
    """The npm package's folder, installed into ``cache`` first if missing."""
    target = package_dir(cache)
    if (target / "stockfish.wasm").exists():
        return target
    if not shutil.which("node") or not shutil.which("npm"):
        raise FairyStockfishUnavailable("Fairy-Stockfish needs node and npm on the PATH")
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["npm", "install", "--no-save", "--prefix", str(cache), f"{PACKAGE}@{VERSION}"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    if not (target / "stockfish.wasm").exists():
        raise FairyStockfishUnavailable(f"npm did not install {PACKAGE}")
    return target


def to_fen(state: Any) -> str:
    """The position in Fairy-Stockfish's FEN (ranks 7 → 1 are our rows 1 → 7)."""
    if state.opening_left and state.options.opening_buffalo_moves > 1:
        raise ValueError("Fairy-Stockfish knows no multi-step opening turn")
    pieces = {sq: "b" for sq in bb.bits(state.buffalo)}
    pieces.update({sq: "D" for sq in bb.bits(state.dogs)})
    pieces[state.chief] = "C"
    ranks = []
    for row in range(bb.ROWS):
        text, empty = "", 0
        for col in range(bb.COLUMNS):
            piece = pieces.get(row * bb.COLUMNS + col)
            if piece is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + piece
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    side = "b" if state.side == bb.BUFFALO_SIDE else "w"
    return f"{'/'.join(ranks)} {side} - - 0 {1 + state.ply // 2}"


def _square_from_uci(text: str) -> str:
    return text[0] + str(8 - int(text[1:]))


def move_from_uci(uci: str) -> dict[str, str]:
    """``"f2e3"`` → ``{"from": "f6", "to": "e5"}`` (ranks 1–7 have one digit)."""
    return {"from": _square_from_uci(uci[:2]), "to": _square_from_uci(uci[2:4])}


class FairyStockfish:
    """One Fairy-Stockfish process playing at a fixed time (or node count) per move."""

    def __init__(self, movetime_ms: int = 100, *, nodes: int | None = None, cache: Path = CACHE):
        self.movetime_ms = movetime_ms
        self.nodes = nodes
        self.name = f"fairy{nodes}n" if nodes else f"fairy{movetime_ms}"
        self.cache = cache
        self.last_info = ""
        self._process: subprocess.Popen | None = None
        self._variants = ""

    def _start(self) -> None:
        """Starts the engine process (on first use: an arena may build players it never uses)."""
        variants = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
        variants.write(VARIANTS)
        variants.close()
        self._variants = variants.name
        self._process = subprocess.Popen(
            ["node", str(SHIM), str(ensure_installed(self.cache)), self._variants],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._send("uci")
        self._wait("uciok")
        self._send("setoption name VariantPath value /variants.ini")
        self._send("setoption name UCI_Variant value buffalo")
        self._send("setoption name Threads value 1")
        self._ready()

    def _send(self, line: str) -> None:
        if self._process is None:
            self._start()
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()

    def _wait(self, prefix: str) -> str:
        while True:
            line = self._process.stdout.readline()
            if not line:
                raise FairyStockfishUnavailable("Fairy-Stockfish stopped")
            line = line.strip()
            if line.startswith("info") and " score " in line:
                self.last_info = line
            if line.startswith(prefix):
                return line

    def _ready(self) -> None:
        self._send("isready")
        self._wait("readyok")

    def reset(self) -> None:
        """A new game: starts the process if needed, so no move's time includes the start."""
        self._send("ucinewgame")
        self._ready()

    def best_uci(self, fen: str, movetime_ms: int | None = None) -> str:
        self._send(f"position fen {fen}")
        if self.nodes and movetime_ms is None:
            self._send(f"go nodes {self.nodes}")
        else:
            self._send(f"go movetime {movetime_ms or self.movetime_ms}")
        return self._wait("bestmove").split()[1]

    def choose(self, state: Any, seat: int = 0, rng: Any = None) -> dict[str, str]:
        return move_from_uci(self.best_uci(to_fen(state)))

    def score(self, fen: str, movetime_ms: int) -> str:
        """Its last reported score (``"cp -905"``, ``"mate 7"``) for the side to move."""
        self.best_uci(fen, movetime_ms)
        words = self.last_info.split()
        at = words.index("score")
        return " ".join(words[at + 1 : at + 3])

    def legal_moves(self, fen: str) -> set[str]:
        """Its legal moves (UCI) in ``fen``, from the divide of ``go perft 1``."""
        self._send(f"position fen {fen}")
        self._send("go perft 1")
        moves = set()
        while True:
            line = self._process.stdout.readline().strip()
            if line.startswith("Nodes searched") or not line and self._process.poll() is not None:
                return moves
            if ":" in line and not line.startswith("info"):
                moves.add(line.split(":")[0])

    def perft(self, fen: str, depth: int) -> int:
        self._send(f"position fen {fen}")
        self._send(f"go perft {depth}")
        return int(self._wait("Nodes searched").split(":")[1])

    def close(self) -> None:
        if self._process is None:
            return
        if self._process.poll() is None:
            try:
                self._send("quit")
                self._process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
        Path(self._variants).unlink(missing_ok=True)
        self._process = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


def check_perft(engine: FairyStockfish) -> list[int]:
    """Its perft 1–4 of the start; raises if they differ from the published figures."""
    counts = [engine.perft(START_FEN, depth) for depth in range(1, len(START_PERFT) + 1)]
    if tuple(counts) != START_PERFT:
        raise FairyStockfishUnavailable(f"perft {counts} != {list(START_PERFT)}: bad set-up")
    return counts


def check_moves(engine: FairyStockfish, games: int, seed: int = 1) -> int:
    """Compares both engines' legal moves along seeded random games; the positions checked."""
    import random

    from play.games.buffalo.engine import BuffaloEngine
    from play.games.buffalo.state import move_from_int

    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        state = BuffaloEngine().new_game(seats=2, options={}, rng=rng)
        while state.result is None:
            ours = {_to_uci(move_from_int(m)) for m in state.int_moves()}
            theirs = engine.legal_moves(to_fen(state))
            if ours != theirs:
                raise FairyStockfishUnavailable(f"moves differ in {to_fen(state)}")
            checked += 1
            state = state.child(rng.choice(state.int_moves()))
    return checked


def _to_uci(move: dict[str, str]) -> str:
    return "".join(sq[0] + str(8 - int(sq[1:])) for sq in (move["from"], move["to"]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--score", type=int, default=0, help="think this many ms on the start")
    parser.add_argument("--games", type=int, default=20, help="random games whose moves to compare")
    args = parser.parse_args(argv)
    engine = FairyStockfish()
    try:
        print("perft 1–4 of the start:", ", ".join(f"{n:,}" for n in check_perft(engine)))
        if args.games:
            checked = check_moves(engine, args.games)
            print(f"same legal moves in all {checked:,} positions of {args.games} random games")
        if args.score:
            print(f"start position, {args.score} ms: {engine.score(START_FEN, args.score)}")
    finally:
        engine.close()


if __name__ == "__main__":
    main()
