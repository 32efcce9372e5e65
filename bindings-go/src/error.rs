//! The error crossing to Go: one variant per core error family, each with code, path and message.

use std::fmt;

use mcp_tool_result::{Code, ErrorFamily};

/// Why a conversion failed. The variant is the error family; `code` is the stable snake_case
/// code and `path` a JSON Pointer into the input (or into the options for `invalid_option`).
#[derive(Debug, uniffi::Error)]
pub enum ConvertError {
    /// The input is not a usable tool result.
    InvalidInput {
        code: String,
        path: String,
        message: String,
    },
    /// The input is a valid result that is not final.
    NotFinal {
        code: String,
        path: String,
        message: String,
    },
    /// The call itself is wrong: unknown target or option.
    Usage {
        code: String,
        path: String,
        message: String,
    },
    /// A bug in this library.
    Internal {
        code: String,
        path: String,
        message: String,
    },
}

impl From<mcp_tool_result::ConvertError> for ConvertError {
    fn from(e: mcp_tool_result::ConvertError) -> Self {
        let (code, path, message) = (
            e.code().as_str().to_owned(),
            e.path().to_owned(),
            e.message().to_owned(),
        );
        match e.code().family() {
            ErrorFamily::InvalidInput => ConvertError::InvalidInput { code, path, message },
            ErrorFamily::NotFinal => ConvertError::NotFinal { code, path, message },
            ErrorFamily::Usage => ConvertError::Usage { code, path, message },
            ErrorFamily::Internal => ConvertError::Internal { code, path, message },
        }
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ConvertError::InvalidInput { code, path, message }
        | ConvertError::NotFinal { code, path, message }
        | ConvertError::Usage { code, path, message }
        | ConvertError::Internal { code, path, message }) = self;
        match path.is_empty() {
            true => write!(f, "{code}: {message}"),
            false => write!(f, "{code} at {path}: {message}"),
        }
    }
}

impl std::error::Error for ConvertError {}

/// The input as text; bytes that are not UTF-8 are not JSON.
pub fn utf8(input: &[u8]) -> Result<&str, mcp_tool_result::ConvertError> {
    std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        mcp_tool_result::ConvertError::new(Code::InvalidJson, "", format!("input is not UTF-8 (byte {at})"))
    })
}
