"""Running a vision model on a dataset: ``spotdiff run`` and ``spotdiff merge``.

The modules, from the edge inwards: ``settings`` and ``plan`` check the
options and decide what to ask; ``inputs`` holds the prompt and reads the
images; ``protocols`` speaks OpenAI-compatible, Gemini and Anthropic, and
``tool_calls`` reads an answer given as a tool call;
``extra_body`` merges ``--extra-body``; ``http`` sends one request with
retries, ``deadline`` bounding each attempt, ``reply_status`` saying which
failures to retry, ``reply_text`` and ``event_stream`` reading the body and
``html_page`` naming an error page; ``answer_json`` finds the JSON
in what the model said, ``answer_choice`` picks the answer among it and
``answers`` reads it; ``output``, ``journal`` and
``merge`` write predictions files; ``engine`` runs the worker pool,
``outage`` stopping it when the endpoint is down and ``stop_hints`` saying
what to do about a failure;
``submission_prompt`` tells ``submit`` which prompt a run used;
``..redaction`` keeps the token out of everything::

    from spotdiff_eval.runner import RunSettings, run_model

    result = run_model(RunSettings(endpoint="http://127.0.0.1:8000/v1/chat/completions",
                                   model="my-model", output=Path("predictions/my.json")))
"""

from __future__ import annotations

from .engine import RunResult, run_model, summary_line
from .merge import MergeResult, merge_predictions
from .settings import RunSettings, parse_shard

__all__ = [
    "MergeResult",
    "RunResult",
    "RunSettings",
    "merge_predictions",
    "parse_shard",
    "run_model",
    "summary_line",
]
