"""What the desk's tests share: a person's user agent, and the counts as a dict."""

from desk.models import WeeklyCount

BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


def counts(kind: str | None = None) -> dict[tuple[str, str], int]:
    """``{(kind, key): count}`` of every count (of ``kind``), all weeks added up."""
    found: dict[tuple[str, str], int] = {}
    rows = WeeklyCount.objects.all()
    if kind:
        rows = rows.filter(kind=kind)
    for row in rows:
        found[(row.kind, row.key)] = found.get((row.kind, row.key), 0) + row.count
    return found
