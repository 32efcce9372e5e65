//! Placeholder: the binding lands with its own issue.
