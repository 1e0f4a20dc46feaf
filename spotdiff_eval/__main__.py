"""``python -m spotdiff_eval`` runs the ``spotdiff`` command line."""

from .cli import entry

entry()
