"""Matches and seats arrive with the play issues; the app exists so the catalogue can link to it."""
