"""The schema download: a Content-Disposition header that clients can read."""


def test_schema_download_header_is_well_formed(client, db):
    response = client.get("/api/v1/schema/")
    header = response["Content-Disposition"]
    assert response.status_code == 200
    assert "=?utf-8?" not in header  # not MIME-encoded
    assert header.startswith("inline; filename")
    assert header.isascii()
