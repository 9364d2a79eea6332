"""What every request goes through, knowing no game: the guards (same origin, body size,
``HEAD``), rate limits, slow connections, reading fields and cookies, problems and their
pages, and drawing templates. Nothing here imports another room of the web layer."""
