"""Bot arena: round-robins between a game's bot levels and fixed reference players.

    python -m arena alcatraz --games 40 --seats 2,3,4 --jobs 2
    python -m arena buffalo --players random,greedy,oneply,beginner,intermediate,strong

Every pair of players meets at every seat count asked for (default: every count the game allows).
At a table of n seats the two players share the seats in every balanced arrangement in turn
(``AB``/``BA``; ``AAB``, ``ABA``… for three; in a team game only those where each team is one
player's), and the arrangements of one cycle start from the same seeded position, so no player
profits from a seat. ``--opening`` random plies (seeded) vary
the start, or deterministic bots would replay one game. A player wins a game when its best-placed
seat finishes ahead of every seat of the other; the Elo column is a Bradley–Terry fit over every
pair of seats' finishing order. Reference players: ``random``; ``greedy`` (the largest
``game.gain``); ``oneply`` (the best ``game.evaluate`` after its move). A game package may add its
own through ``arena/players/<slug>.py`` (``extra_players(args) -> list[player]``, with
``add_arguments(parser)`` for its flags). Results are deterministic for a seed, except times and
what time-limited bots find in their time.

``--until-clear`` plays each pairing in batches (100 games, then 20 at a time, whole cycles of
arrangements) and stops it as soon as the 95 % Wilson interval of the first player's score lies
wholly above 50 % (``cleared after N``) or wholly below (``below 50 % after N``), or at
``--games`` (default 400 then: ``not cleared within N``). Each check is a look at the same games
growing, so a pairing stopped early is a little likelier to be a lucky one than a fixed count.

The package: :mod:`arena.cli` (``python -m arena GAME``), :mod:`arena.ladder` (``python -m
arena.ladder GAME``: does each level offered beat the one below it? the table
``GamePackage.offered_levels`` is set from), :mod:`arena.players` (reference players, a game's
extras), :mod:`arena.schedule` (who plays whom, at which seats), :mod:`arena.runner` (playing the
games, in worker processes), :mod:`arena.stats` (places, intervals, Elo), :mod:`arena.report`
(the table), :mod:`arena.playouts` (random games for the benchmarks), :mod:`arena.fairy_stockfish`
(an outside Buffalo engine). The figures measured with it are in ``docs/bots.md``.
"""
