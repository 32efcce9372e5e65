"""The exceptions every function of the package raises (the native module raises them too)."""

from __future__ import annotations

__all__ = ["ConvertError", "InternalError", "InvalidInputError", "NotFinalError", "UsageError"]


class ConvertError(ValueError):
    """A conversion failed.

    ``code`` is the stable snake_case name of the rule (``"invalid_json"``,
    ``"not_final_result"``, ...); ``path`` is a JSON Pointer into the input (into the options
    for ``invalid_option``), ``""`` for the whole input. Branch on these, not on the message.
    """

    code: str
    path: str

    def __init__(self, message: str, code: str, path: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.path = path

    def __reduce__(self) -> tuple[type[ConvertError], tuple[str, str, str]]:
        return (type(self), (str(self), self.code, self.path))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r}, code={self.code!r}, path={self.path!r})"


class InvalidInputError(ConvertError):
    """The input is not a usable tool result (parse errors, unsupported values, strict-mode repairs)."""


class NotFinalError(ConvertError):
    """The input is a valid result that is not final (a task, input required, a JSON-RPC error)."""


class UsageError(ConvertError):
    """The call itself is wrong: an unknown target or option, or an option of the wrong type."""


class InternalError(ConvertError):
    """A bug in this library."""
