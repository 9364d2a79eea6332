"""The bot protocol ``trionfi-bot/1``: JSON lines between Trionfi and an outside program.

``messages`` builds and reads the messages (pure), ``program`` runs an outside program as a
bot with fault handling, ``naming`` reads ``--bot NAME="COMMAND"`` for ``arena`` and ``serve``
alike, ``speaker`` makes one of our levels speak the protocol (``trionfi bot --level L``).
The protocol is documented in ``static/docs/bot-protocol.md`` (served at /bots/protocol).
"""
