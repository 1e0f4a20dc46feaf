"""Options shared by the Hugging Face Hub commands (``download``, ``publish-dataset``).

Not a command itself: it has no entry in ``cli.COMMANDS``.
"""

from __future__ import annotations

import argparse


def repo_id_argument(text: str) -> str:
    """argparse type for ``--dataset``: a malformed id is a usage error, found offline."""
    from ..errors import SpotDiffError
    from ..hub import check_repo_id

    try:
        return check_repo_id(text)
    except SpotDiffError as exc:
        raise argparse.ArgumentTypeError(exc.what) from None


def add_dataset_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dataset",
        required=True,
        type=repo_id_argument,
        metavar="OWNER/NAME",
        help="dataset repository OWNER/NAME",
    )


def add_token_env(parser: argparse.ArgumentParser, purpose: str) -> None:
    parser.add_argument(
        "--token-env",
        metavar="NAME",
        help=f"environment variable holding a Hugging Face token to {purpose} "
        "(default: HF_TOKEN, else a token stored by 'hf auth login'); "
        "the token is never printed",
    )


def resolve_token(name: str | None) -> tuple[str | None, str]:
    """The token and the variable it came from.

    Without ``--token-env``, an unset ``HF_TOKEN`` leaves the choice to
    huggingface_hub (a stored login, or none); a variable named explicitly
    must be set, since naming it says a token is meant to be used.
    """
    from ..errors import SpotDiffError
    from ..hub import DEFAULT_TOKEN_ENV, optional_env_token

    token = optional_env_token(name or DEFAULT_TOKEN_ENV)
    if name is not None and token is None:
        raise SpotDiffError(name, "", "environment variable given with --token-env is not set")
    return token, name or DEFAULT_TOKEN_ENV
