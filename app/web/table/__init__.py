"""A table and its people: the model saved for each table (``model``), what a person's posted
move does (``moves``), a friends' table's seats (``seats``), the computer players and hints
(``players``), outside programs (``programs``) and the game's own forms (``forms``). No HTTP
answer, no template and no storage: the rules are the engine's."""
