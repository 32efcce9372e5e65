package mcptoolresult

import (
	"errors"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/facts"
)

// Sentinels for the error families; errors.Is(err, ErrNotFinal) matches every *ConvertError of
// that family.
var (
	// ErrInvalidInput: the input is not a usable tool result (parse errors, strict-mode repairs).
	ErrInvalidInput = errors.New("mcptoolresult: invalid input")
	// ErrNotFinal: the input is a valid result that is not final (task, input required, JSON-RPC error).
	ErrNotFinal = errors.New("mcptoolresult: result is not final")
	// ErrUsage: the call itself is wrong (unknown target or option).
	ErrUsage = errors.New("mcptoolresult: usage error")
	// ErrInternal: a bug in this library.
	ErrInternal = errors.New("mcptoolresult: internal error")
)

// ConvertError is the error of every conversion. Use errors.As to read it and errors.Is with
// the family sentinels to branch on kinds.
type ConvertError struct {
	// Code is the stable snake_case code, such as "invalid_json" or "unsupported_target".
	Code string
	// Path is a JSON Pointer into the input (or into the options for "invalid_option").
	Path string
	// Message explains the error to humans; its text is not stable.
	Message string
	family  error
}

func (e *ConvertError) Error() string {
	if e.Path == "" {
		return "mcptoolresult: " + e.Code + ": " + e.Message
	}
	return "mcptoolresult: " + e.Code + " at " + e.Path + ": " + e.Message
}

// Is reports whether target is the sentinel of e's family.
func (e *ConvertError) Is(target error) bool {
	return target == e.family
}

// families maps the core's family names (facts.json) to the sentinels.
var families = map[string]error{
	"invalid_input": ErrInvalidInput,
	"not_final":     ErrNotFinal,
	"usage":         ErrUsage,
	"internal":      ErrInternal,
}

// coreError is the *ConvertError for an error the core reported, in the family the core gives
// its code.
func coreError(code, path, message string) *ConvertError {
	family, ok := families[facts.Of.Codes[code].Family]
	if !ok {
		family = ErrInternal
	}
	return &ConvertError{Code: code, Path: path, Message: message, family: family}
}

func internalError(message string) *ConvertError {
	return &ConvertError{Code: "internal_error", Message: message, family: ErrInternal}
}

func inputError(code, path, message string) *ConvertError {
	return &ConvertError{Code: code, Path: path, Message: message, family: ErrInvalidInput}
}
