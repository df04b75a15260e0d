"""The floor every app stands on: what the whole site shares and no app owns.

The API's base view, error format, throttles, parsers and reference page (``core.api``), client
addresses, the shared cache, bulk inserts, the request middleware, the background workers'
supervisor, the low-priority thread for CPU-heavy work. It imports none of the site's apps
(``catalogue``, ``importers``, ``play``) nor the project (``ludotheque``): they import it.
"""
