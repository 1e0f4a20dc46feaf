"""``spotdiff run``: ask a vision model about every item and write a predictions file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import add_command, add_manifest_option, file_path, number_type

EXAMPLES = """\
  # OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, LM Studio, OpenRouter...)
  export SPOTDIFF_API_TOKEN="your-token"
  spotdiff run \\
    --endpoint https://your-provider.example/v1/chat/completions \\
    --model your-vision-model \\
    --manifest data/manifest.json \\
    --output predictions/my-model.json

  # Google Gemini, native API ({model} in the endpoint is replaced by --model)
  spotdiff run \\
    --endpoint https://generativelanguage.googleapis.com/v1beta/models/{model}:generateContent \\
    --model gemini-3.1-flash-lite \\
    --protocol gemini_native \\
    --token-header x-goog-api-key \\
    --token-prefix "" \\
    --timeout 600 \\
    --manifest data/manifest.json \\
    --output predictions/gemini.json

  # Anthropic messages API
  spotdiff run \\
    --endpoint https://api.anthropic.com/v1/messages \\
    --model claude-sonnet-4-5 \\
    --protocol anthropic \\
    --token-header x-api-key \\
    --token-prefix "" \\
    --output predictions/claude.json

  # an OpenAI reasoning model: max_completion_tokens, and extra request fields
  spotdiff run --endpoint https://api.openai.com/v1/chat/completions \\
    --model o4-mini --max-completion-tokens 16000 \\
    --extra-body '{"reasoning_effort": "high"}' --output predictions/o4-mini.json

  # a local model, no token; try one image first, then finish the dataset
  spotdiff run --endpoint http://127.0.0.1:11434/v1/chat/completions \\
    --model qwen2.5vl --limit 1 --output predictions/qwen.json
  spotdiff run --endpoint http://127.0.0.1:11434/v1/chat/completions \\
    --model qwen2.5vl --resume --output predictions/qwen.json

  # two machines, one shard each, then one file
  spotdiff run ... --shard 1/2 --output predictions/part1.json
  spotdiff run ... --shard 2/2 --output predictions/part2.json
  spotdiff merge predictions/part1.json predictions/part2.json --output predictions/my-model.json
"""


def run(args: argparse.Namespace) -> int:
    from dataclasses import fields

    from ..errors import SpotDiffError
    from ..runner import RunSettings, run_model, summary_line

    options = {f.name: getattr(args, f.name) for f in fields(RunSettings) if hasattr(args, f.name)}
    settings = RunSettings(**options)
    result = run_model(settings)
    print(summary_line(result), file=sys.stderr)
    if result.error is not None:
        raise result.error
    if result.unanswered:
        raise SpotDiffError(
            args.output,
            "",
            f"{result.unanswered} of {result.selected} items have no answer "
            "(see run.items); run the same command with --resume to ask again",
        )
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = add_command(
        subparsers,
        "run",
        "Ask a vision model for the differences in every image and write a predictions file.",
        EXAMPLES,
    )
    p.add_argument("--endpoint", required=True, help="the model's HTTP(S) URL")
    p.add_argument("--model", required=True, help="model name sent to the endpoint")
    p.add_argument(
        "--protocol",
        choices=("openai_compatible", "gemini_native", "anthropic"),
        default="openai_compatible",
        help="wire protocol (default: openai_compatible)",
    )
    add_manifest_option(p)
    p.add_argument("--output", type=file_path, required=True, help="predictions file to write")
    p.add_argument(
        "--prompt-file",
        type=Path,
        help="prompt to use instead of the built-in spotdiff_v1; {first} and {second} "
        "become left/right or top/bottom",
    )
    p.add_argument("--limit", type=_positive_int, help="ask about the first N items only")
    p.add_argument(
        "--timeout",
        type=_timeout,
        default=120.0,
        help="seconds for one whole attempt: connecting, the headers and the complete body; "
        "a server trickling its answer is cut off (default: 120), e.g. --timeout 600",
    )
    p.add_argument(
        "--token-env",
        default="SPOTDIFF_API_TOKEN",
        help="environment variable holding the token (default: SPOTDIFF_API_TOKEN); "
        "unset means no token is sent",
    )
    p.add_argument(
        "--token-header",
        default="Authorization",
        help="header that carries the token (default: Authorization)",
    )
    p.add_argument(
        "--token-prefix",
        default="Bearer ",
        help='text before the token in that header (default: "Bearer ")',
    )
    p.add_argument(
        "--concurrency",
        type=_concurrency,
        default=4,
        help="requests in flight at once, at most 256 (default: 4)",
    )
    p.add_argument(
        "--retries",
        type=_retries,
        default=5,
        help="retries of a request after 429, 5xx, a timeout, a 200 reply with no answer "
        "in it (empty, no choices, an HTML page) or a lost connection, at most 20 "
        "(default: 5)",
    )
    p.add_argument(
        "--stop-after-outage",
        type=_non_negative_int,
        metavar="N",
        help="stop the run (for --resume later) once N items in a row failed after their "
        "retries with a server error, a timeout or no connection: the endpoint is down; "
        "or once N replies in a row were HTML pages instead of the API's JSON (one is "
        "retried) (default: 10, or twice --concurrency if larger; 0: never)",
    )
    p.add_argument(
        "--temperature",
        type=_non_negative_float,
        help="sampling temperature (default: not sent, the provider's own)",
    )
    p.add_argument(
        "--max-tokens",
        type=_positive_int,
        help="longest answer in tokens (default: not sent; 4096 for anthropic, which needs one)",
    )
    p.add_argument(
        "--max-completion-tokens",
        type=_positive_int,
        metavar="N",
        help="longest answer in tokens, sent as OpenAI's max_completion_tokens, the only "
        "limit its reasoning models accept (openai_compatible only; instead of --max-tokens), "
        "e.g. --max-completion-tokens 16000",
    )
    p.add_argument(
        "--extra-body",
        metavar="JSON",
        help="a JSON object of extra request fields merged into every request body; fields "
        "the runner sets (model, messages, contents, temperature, token limits) are refused; "
        """e.g. --extra-body '{"reasoning_effort": "high"}' or, for Gemini, """
        """'{"generationConfig": {"thinkingConfig": {"thinkingBudget": 0}}}'""",
    )
    p.add_argument(
        "--extra-body-file",
        type=Path,
        metavar="FILE",
        help="the same, read from a JSON file, e.g. --extra-body-file provider-options.json",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue the --output file (and the journal a killed run left beside it): "
        "ask only about items not answered yet (failed, truncated or unfinished)",
    )
    p.add_argument(
        "--shard",
        type=_shard,
        metavar="I/N",
        help="ask about every N-th item only, starting with item I (1-based); "
        "join the files with spotdiff merge",
    )
    p.set_defaults(handler=run)


_positive_int = number_type(int, 1)
_non_negative_int = number_type(int, 0)


def _concurrency(text: str) -> int:
    """1 to MAX_CONCURRENCY; the runner is imported only when the option is given."""
    from ..runner.settings import MAX_CONCURRENCY

    return int(number_type(int, 1, MAX_CONCURRENCY)(text))


def _retries(text: str) -> int:
    from ..runner.settings import MAX_RETRIES

    return int(number_type(int, 0, MAX_RETRIES)(text))


_non_negative_float = number_type(float, 0)
#: Seconds: above 0 (a millisecond at least) and at most a day.
_timeout = number_type(float, 0.001, 86400)


def _shard(text: str) -> tuple[int, int]:
    from ..runner.settings import parse_shard

    try:
        return parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
