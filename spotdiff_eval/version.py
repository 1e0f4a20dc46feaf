"""Version numbers that reports carry.

``EVALUATOR_VERSION`` versions the *scoring rules* (matching routes, detail
fields, weights, bootstrap settings), not the package: a report is comparable
with another exactly when their evaluator versions are equal. Bump the minor
number when a rule changes a decision, the major number when the weights or
the meaning of a metric change. 2.0.0 added the prediction budget (recall
now means credited matches) and the contradiction vetoes, 2.1.0 closed the
ways round them that two more red-team rounds found; CHANGELOG.md lists
every rule change.
"""

#: The package's own version (pyproject.toml says the same).
__version__ = "1.0.0"

EVALUATOR_VERSION = "2.11.0"
REPORT_SCHEMA_VERSION = "1.0"
