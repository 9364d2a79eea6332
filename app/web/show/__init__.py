"""What is shown: view models built from one seat's observation and a read-only view of the
table (``tableview``), never the table itself. The frame of the table page (``frame``, and
``pacing`` for which step a response shows), the announcements in words (``events``), the
end of a deal (``summary``), the tricks panel, the lobby, replays, the lists, the learning
pages. Templates are handed these and nothing else."""
