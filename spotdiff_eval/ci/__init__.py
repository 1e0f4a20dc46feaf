"""The logic behind the GitHub Actions workflows, as ``spotdiff ci`` commands.

Each workflow step is one line calling a command here, so what the workflows
do is ordinary, tested Python. The trust model (DESIGN.md section 6): a pull
request is read as data only (``changes``: what merging it changes, from
git; ``history``: what landing it any other way would; ``pull_request``
joins the two) and
scored by the base branch's code (``verify``); what a pull request's run
leaves behind is validated again as data before anything is posted
(``artifact``); Markdown shown on GitHub escapes every untrusted string
(``summary``); GitHub's step files are written so a value cannot forge
another (``github_env``). ``steps`` runs each workflow step end to end, and
``publish`` holds the publish workflow's own parts (the hidden split, the
LEADERBOARD.md commit). Every git call of both goes through ``_git``.
"""
