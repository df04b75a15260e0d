import pytest

from desk import counting

from .helpers import BROWSER


@pytest.fixture(autouse=True)
def _pruned_today(monkeypatch):
    """Each test starts as if this process had pruned today already (the pruning tests say
    otherwise), so that a count is its one upsert."""
    monkeypatch.setattr(counting, "_last_prune", counting.time.monotonic())


@pytest.fixture
def browser_client(client):
    """The test client with a person's browser as its user agent."""
    client.defaults["HTTP_USER_AGENT"] = BROWSER
    return client
