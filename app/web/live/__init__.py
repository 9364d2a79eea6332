"""What keeps tables moving and pages live: the poll bus that wakes the pages waiting on a
table (``bus``), who is at a table now (``presence``), and the computers' moves, made off the
request one at a time under the table's lock (``computers``)."""
