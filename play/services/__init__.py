"""Every write to a match, one module per concern (views, the API and commands import the module
they need; nothing is re-exported here):

- :mod:`~play.services.matches`: start a match, a series' next round, a rematch, join a seat;
- :mod:`~play.services.moves`: a person's move and its undo;
- :mod:`~play.services.gestures`: timed gestures' challenges (Bataclan's steadiness);
- :mod:`~play.services.bot_turns`: the bots' turns, played by worker jobs, and their recovery;
- :mod:`~play.services.purge`: the purge of abandoned matches;
- shared by them: :mod:`~play.services.guards` (whose seat, which version) and
  :mod:`~play.services.writes` (a move applied under the version guard).

A move is validated by the engine on the stored snapshot, then written only if the match still
has the version the player saw (``UPDATE … WHERE version = expected``): of two concurrent moves —
two tabs, two players, two server processes — exactly one is applied and the other gets
:class:`~play.errors.StaleVersion`. Bots play through the same machinery, one move per worker job
(:mod:`play.tasks`): never inside a web request.
"""
