"""Trionfi: Danish Tarok and Swiss Troccas in the browser (see design.md Part 2 for the layout)."""
