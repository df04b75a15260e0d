"""Buffalo's extra arena players: Fairy-Stockfish at fixed times a move (an arena plug-in).

    python -m arena buffalo --players strong,expert,fairy30,fairy100,fairy1000 --games 20
    python -m arena buffalo --fairy 100 --players expert,fairy100
    python -m arena buffalo --fairy none     # no Fairy-Stockfish players

``--fairy`` lists the milliseconds a move (default 10,30,100,300,1000); each becomes a player
named ``fairy<ms>`` (see ``arena/fairy_stockfish.py``: the npm package is installed into
``bench/.cache`` on first use, its process starts when the player first moves). Without node and
npm on the PATH there are no Fairy-Stockfish players, and a line on stderr says so.
"""

from __future__ import annotations

import shutil
import sys

from arena.fairy_stockfish import FairyStockfish

DEFAULT_FAIRY = "10,30,100,300,1000"


def add_arguments(parser) -> None:
    parser.add_argument(
        "--fairy",
        default=DEFAULT_FAIRY,
        help=f"Fairy-Stockfish players' ms a move (default {DEFAULT_FAIRY}; 'none': no player)",
    )


def extra_players(args) -> list[FairyStockfish]:
    spec = getattr(args, "fairy", DEFAULT_FAIRY) or ""
    if spec == "none" or not spec:
        return []
    if not shutil.which("node") or not shutil.which("npm"):
        print("arena: no node/npm on the PATH, no Fairy-Stockfish players", file=sys.stderr)
        return []
    return [FairyStockfish(int(ms)) for ms in spec.split(",")]
