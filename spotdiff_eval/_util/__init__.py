"""Small mechanisms the other packages share.

The folder swap, output folders, the names of files made beside another,
terminal text, percentages, progress, exception chains, the garbage-collector
pause.

Private to ``spotdiff_eval``: import the modules directly
(``from .._util.terminal import safe_text``).
"""
