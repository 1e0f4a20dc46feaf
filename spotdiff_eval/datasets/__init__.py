"""Datasets and predictions at the input edge: read, validate, turn into domain objects.

Everything a file holds enters the program here, through one JSON reader
(size cap, strict UTF-8, no duplicate keys or NaN), the JSON Schemas, and
the checks a schema cannot express. The rest of the package sees only the
frozen domain types below.
"""

from ._boards import (
    ALLOWED_FILES,
    BOARD_JSON,
    COMMIT,
    Board,
    board_of,
    discover_boards,
    find_board,
    load_board,
    sorted_entries,
)
from ._domain import (
    KINDS,
    Annotation,
    Box,
    Dataset,
    DatasetItem,
    Difference,
    GoldDifference,
    Kind,
    PanelLayout,
    PredictedItem,
    Predictions,
)
from ._encoded_names import encoded_hint
from ._fields import schema_fields
from ._file_kinds import WrongKind, is_kind
from ._hub_names import hub_name_hint
from ._id_clash import id_clashes
from ._jsonio import (
    MAX_JSON_BYTES,
    JSONText,
    check_json_file,
    decode_utf8,
    dumps_canonical,
    dumps_layered,
    iter_layered,
    parse_json_bytes,
    parse_json_text,
    read_bytes_limited,
    read_descriptor_limited,
    read_json,
    write_chunks_atomic,
    write_json_atomic,
    write_text_atomic,
)
from ._loading import LoadedItem, Manifest, load_dataset, manifest_in, read_manifest
from ._nulls import null_fields, without_nulls
from ._predictions import load_predictions, read_predictions
from ._records import difference_from_json, gold_difference_from_json
from ._resources import resource_dir
from ._schema import (
    inlined_schema,
    load_schema,
    precise_validator,
    require_unique,
    validate_document,
)
from ._schema_errors import schema_errors

__all__ = [
    "ALLOWED_FILES",
    "BOARD_JSON",
    "COMMIT",
    "KINDS",
    "MAX_JSON_BYTES",
    "Annotation",
    "Board",
    "Box",
    "Dataset",
    "DatasetItem",
    "Difference",
    "GoldDifference",
    "JSONText",
    "Kind",
    "LoadedItem",
    "Manifest",
    "PanelLayout",
    "PredictedItem",
    "Predictions",
    "WrongKind",
    "board_of",
    "check_json_file",
    "decode_utf8",
    "difference_from_json",
    "discover_boards",
    "dumps_canonical",
    "dumps_layered",
    "encoded_hint",
    "find_board",
    "gold_difference_from_json",
    "hub_name_hint",
    "id_clashes",
    "inlined_schema",
    "is_kind",
    "iter_layered",
    "load_board",
    "load_dataset",
    "load_predictions",
    "load_schema",
    "manifest_in",
    "null_fields",
    "parse_json_bytes",
    "parse_json_text",
    "precise_validator",
    "read_bytes_limited",
    "read_descriptor_limited",
    "read_json",
    "read_manifest",
    "read_predictions",
    "require_unique",
    "resource_dir",
    "schema_errors",
    "schema_fields",
    "sorted_entries",
    "validate_document",
    "without_nulls",
    "write_chunks_atomic",
    "write_json_atomic",
    "write_text_atomic",
]
