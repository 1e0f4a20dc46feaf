"""``python -m spotdiff_eval`` runs the ``spotdiff`` command line."""

import sys

from .cli import main

sys.exit(main(exit_process=True))
