"""The web layer: FastAPI routes, the table store, the bots' runner, views and templates.

It turns a request into an engine action, asks the engine, and renders the result; it never
decides a rule (design.md Part 2). ``create_app(data_dir)`` builds the application.
"""

from app.web.app import create_app

__all__ = ["create_app"]
