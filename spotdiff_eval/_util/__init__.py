"""Small mechanisms the other packages share: the folder swap, terminal text, progress,
the garbage-collector pause.

Private to ``spotdiff_eval``: import the modules directly
(``from .._util.terminal import safe_text``).
"""
