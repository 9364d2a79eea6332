"""Computer players. A bot sees one seat's ``Observation`` and its own random stream, never the
deal itself, and returns a legal action for that seat."""
