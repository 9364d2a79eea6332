"""Where the tables live: in memory behind one lock each (``store``), saved in SQLite on every
change (``database``); uploaded replays for the viewing (``uploads``) and the sweep of tables
nobody joined (``sweep``). It knows nothing of pages or polls."""
