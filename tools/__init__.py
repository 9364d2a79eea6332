"""What is not the app: a developer's tools, kept beside it and never installed.

- ``cardfaces``: draws the card faces in ``static/cards`` (``python -m tools.cardfaces``).
- ``build_backend``: the package's build backend (``pyproject.toml``'s ``backend-path``), which
  compiles the bots' search with mypyc while installing.

``pip install .`` packages only ``app`` (``[tool.setuptools.packages.find]``), and nothing in
``app`` imports this package. It is a package (not a bare folder) so that the tests and mypy
name its modules ``tools.<name>``.
"""
