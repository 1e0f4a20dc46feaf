"""The leaderboard: submission folders in, LEADERBOARD.md and a static site out.

The flow is one way, like the evaluator's: ``submissions`` discovers and
validates folders (read as data only), ``scoring`` scores them with the
trusted scorer behind a content-hash cache, ``standings`` ranks them with a
paired bootstrap, ``data`` assembles the site's data document, and
``markdown``, ``csv_export`` and ``site`` render it; ``build`` ties the steps
together and swaps the results into place atomically.
"""
