"""The Hugging Face Hub: download a dataset at a pinned revision, publish one.

Built on the real ``huggingface_hub`` client; errors become one clean line
(``_errors``), and the file lists a dataset repository must hold live in
``_files``.
"""

from ._board_datasets import board_dataset, pin_board
from ._client import plain_http_warning
from ._transfer import (
    DEFAULT_TOKEN_ENV,
    InvalidDatasetError,
    check_repo_id,
    download_dataset,
    optional_env_token,
    publish_dataset,
)

__all__ = [
    "DEFAULT_TOKEN_ENV",
    "InvalidDatasetError",
    "board_dataset",
    "check_repo_id",
    "download_dataset",
    "optional_env_token",
    "pin_board",
    "plain_http_warning",
    "publish_dataset",
]
