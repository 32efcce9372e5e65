// Package mcptoolresult converts MCP CallToolResult values into what each model provider
// accepts, with the rules of the Rust core `mcp-tool-result` (shared with the Python and Node
// bindings and pinned by one conformance suite), and extracts the images of any JSON value.
//
// Inputs may be JSON ([]byte, json.RawMessage or string), a map[string]any, or any value that
// encoding/json marshals to a CallToolResult, such as *mcp.CallToolResult from
// github.com/modelcontextprotocol/go-sdk/mcp or mcp.CallToolResult from
// github.com/mark3labs/mcp-go/mcp. Each conversion is one call into the core with the whole
// document; functions are pure and safe for concurrent use.
//
// The core runs as a Rust static library through cgo where the module ships one for the
// platform (linux/amd64) and cgo is on, else as an embedded WebAssembly module on wazero (pure
// Go: CGO_ENABLED=0, any GOOS/GOARCH). Backend tells which; the build tags mtr_native and
// mtr_wasm force either.
package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"slices"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/facts"
)

// Target names an output format (a plain string). Targets lists every name the core knows; the
// constants (catalog.go) are generated from the core's catalog.
type Target = string

// The Target constants and Options are generated from the core's catalog (catalog.go).

// Bool returns a pointer to v, for the fields of Options.
func Bool(v bool) *bool {
	return &v
}

// Int returns a pointer to v, for the caps of Options.
func Int(v int) *int {
	return &v
}

// Conversion is the result of a conversion.
type Conversion struct {
	// Output is the target's value as JSON, ready to unmarshal into a provider SDK's type.
	Output json.RawMessage `json:"output"`
	// Attachments is a JSON array of items for a following user message; nil when none.
	Attachments json.RawMessage `json:"attachments,omitempty"`
	// Diagnostics lists every repair, loss or notice, in input order.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	// Omitted lists what caps, MaxTokens and text cuts kept from the model, each with the
	// handle its marker shows; nil when nothing was.
	Omitted []Omitted `json:"omitted,omitempty"`
	// Tokens is the estimate of what the provider bills for the Conversion (option
	// EstimateTokens); nil without it.
	Tokens *Tokens `json:"tokens,omitempty"`
	// Bytes holds the payloads the target's Go SDK takes as raw bytes, decoded, keyed by JSON
	// Pointer into the Conversion (such as "/output/toolResult/content/1/image/source/bytes").
	// Output and Attachments keep base64 text there, as JSON does; OutputValue and
	// AttachmentsValue put these []byte in place.
	Bytes map[string][]byte `json:"-"`
}

// Omitted is one item kept from the model. A host that keeps the originals can give one back
// when the model asks for it by Handle.
type Omitted struct {
	// Handle is "sha256:" and 12 hex digits of the original's SHA-256, as the marker shows it.
	Handle string `json:"handle"`
	// Path is the JSON Pointer of the block in the input.
	Path string `json:"path"`
	// Kind is image, audio, resource, text or structured.
	Kind string `json:"kind"`
	// MIMEType is the original's media type (text/plain for text, application/json for
	// structuredContent given as text).
	MIMEType string `json:"mimeType"`
	// Bytes is the original's size (decoded media, UTF-8 text).
	Bytes int `json:"bytes"`
}

// Tokens is a token estimate (option EstimateTokens): Total is Text + Media; items of unknown
// cost add nothing.
type Tokens struct {
	// Total is the estimate of the whole Conversion.
	Total int `json:"total"`
	// Text counts text, markers, structuredContent given as text and the attachments' caption.
	Text int `json:"text"`
	// Media counts images and documents of known cost.
	Media int `json:"media"`
	// Items has one entry per part the model reads, in order.
	Items []TokenItem `json:"items"`
}

// TokenItem is the estimate of one part.
type TokenItem struct {
	// Path is the JSON Pointer of the block in the input ("" for the attachments' caption).
	Path string `json:"path"`
	// Kind is text, marker, structured, caption, image, document, audio or video.
	Kind string `json:"kind"`
	// Tokens is the estimate; nil where no documented rule gives the cost.
	Tokens *int `json:"tokens"`
}

// Diagnostic is one decision taken while converting.
type Diagnostic struct {
	// Code is the stable snake_case code of the rule that applied.
	Code string `json:"code"`
	// Path is a JSON Pointer into the input as given.
	Path string `json:"path"`
	// Message explains the decision to humans; its text is not stable.
	Message string `json:"message"`
	// Kind tells a repair of the input from a notice.
	Kind DiagnosticKind `json:"-"`
}

// DiagnosticKind tells how a diagnostic's code behaves.
type DiagnosticKind string

// The kinds of diagnostics.
const (
	// Repair: the input was repaired; strict mode raises an error instead.
	Repair DiagnosticKind = "repair"
	// Notice: reported in both modes, never raised.
	Notice DiagnosticKind = "notice"
	// ErrorKind: a code that always raises; never seen in a Conversion.
	ErrorKind DiagnosticKind = "error"
)

// Extraction is what ExtractImages found in a value.
type Extraction struct {
	// Images are the accepted images, in document order; never nil.
	Images []Image `json:"images"`
	// Text is the value with each image replaced by its marker: the string itself when the
	// value is a string, else its canonical JSON.
	Text string `json:"text"`
	// Diagnostics lists every repair and every image kept out by a cap.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	// Omitted lists the images a cap kept out, each with the handle its marker shows.
	Omitted []Omitted `json:"omitted,omitempty"`
}

// Image is one image found by ExtractImages.
type Image struct {
	// Data is the payload as canonical standard base64.
	Data string `json:"data"`
	// MIMEType is the media type, sniffed from the bytes when the declared one disagreed.
	MIMEType string `json:"mimeType"`
	// Path is the JSON Pointer of the image object in the value.
	Path string `json:"path"`
}

// Convert converts result for target. result may be JSON ([]byte, json.RawMessage, string),
// a map[string]any, or any value encoding/json marshals to a CallToolResult. The zero Options
// are the defaults. Errors are *ConvertError.
func Convert(result any, target Target, opts Options) (Conversion, error) {
	options, err := marshalOptions(opts)
	if err != nil {
		return Conversion{}, err
	}
	return convert(result, target, options)
}

// ConvertJSON is Convert for options given as a JSON object (snake_case or camelCase keys;
// nil or empty for none) instead of Options: it returns the same Conversion, with the same
// defaults (payload "sdk", host "go"; set {"payload":"wire"} for base64 text without
// Conversion.Bytes). The options' members go to the core after the defaults (a later key
// wins), and the core validates them.
func ConvertJSON(input []byte, target Target, options []byte) (Conversion, error) {
	return convert(input, target, withBindingDefaults(options))
}

// ConvertJSONText takes what ConvertJSON takes but returns no Conversion: the whole result as
// the compact JSON text the core writes, {"output", "attachments"?, "diagnostics"?}
// (diagnostics with their messages; payloads as base64 text), for callers that pass it on as
// JSON.
func ConvertJSONText(input []byte, target Target, options []byte) (string, error) {
	out, err := core.convert(input, target, withBindingDefaults(options))
	if err != nil {
		return "", err
	}
	return unsafe.String(unsafe.SliceData(out.text), len(out.text)), nil
}

// ExtractImages finds the MCP image blocks anywhere in value (for example what sandboxed code
// returned after calling tools), applies the payload, MIME and cap rules, and returns the
// images plus the value as text with a marker where each image was. value is accepted in the
// same forms as by Convert: []byte, json.RawMessage and string are JSON text. The caps default
// to max_images 20, max_image_bytes 3,932,160, max_total_bytes 20 MiB and
// max_image_dimension 8000. Only the fields extract_images reads may be set (Strict,
// ValidateBase64, SniffMIME, the caps, FitImages): any other is an "invalid_option" error at
// its key. Errors are *ConvertError.
func ExtractImages(value any, opts Options) (Extraction, error) {
	if opts == (Options{}) {
		return extractImages(value, nil)
	}
	options, err := json.Marshal(opts)
	if err != nil {
		return Extraction{}, internalError("marshalling options: " + err.Error())
	}
	return extractImages(value, options)
}

// ExtractImagesJSON is ExtractImages for a value given as JSON text, with options given as a
// JSON object passed to the core untouched (nil or empty for the defaults; an option
// extract_images does not read is an "invalid_option" error).
func ExtractImagesJSON(input []byte, options []byte) (Extraction, error) {
	return extractImages(input, options)
}

// Warm does now the start-up work the first conversion would otherwise pay for: on the wazero
// backend, compiling the embedded module (or loading it from the compilation cache) and
// instantiating it; on cgo, nothing. Call it at start-up to keep that cost off the first
// request; it is safe to call more than once and from several goroutines. It returns the error
// the first conversion would have met.
func Warm() error {
	return core.warm()
}

// Targets returns the name of every target the core knows, in documentation order.
func Targets() []string {
	return append([]string(nil), facts.Of.Targets...)
}

// marshalOptions is what Convert and ToCopilot send: this binding's defaults (catalog.go), then
// the options set in opts.
func marshalOptions(opts Options) ([]byte, error) {
	if opts == (Options{}) {
		return bindingDefaults, nil
	}
	options, err := json.Marshal(opts)
	if err != nil {
		return nil, internalError("marshalling options: " + err.Error())
	}
	return slices.Concat(bindingDefaults[:len(bindingDefaults)-1], []byte{','}, options[1:]), nil
}

// withBindingDefaults is options (JSON text) after this binding's defaults: a JSON object's
// members follow them, so the caller's values win; anything else but null goes to the core as
// it is, for the core's invalid_option.
func withBindingDefaults(options []byte) []byte {
	text := bytes.TrimSpace(options)
	if len(text) == 0 || string(text) == "null" {
		return bindingDefaults
	}
	if text[0] != '{' {
		return options
	}
	members := bytes.TrimLeft(text[1:], " \t\r\n")
	if len(members) > 0 && members[0] == '}' {
		return slices.Concat(bindingDefaults[:len(bindingDefaults)-1], members)
	}
	return slices.Concat(bindingDefaults[:len(bindingDefaults)-1], []byte{','}, members)
}

// convert lowers result to JSON, makes the one call into the core and lifts its answer.
func convert(result any, target Target, options []byte) (Conversion, error) {
	input, err := lower(result)
	if err != nil {
		return Conversion{}, err
	}
	out, err := core.convert(input, target, options)
	if err != nil {
		return Conversion{}, err
	}
	return liftConversion(out)
}

func extractImages(value any, options []byte) (Extraction, error) {
	input, err := lower(value)
	if err != nil {
		return Extraction{}, err
	}
	out, err := core.extractImages(input, options)
	if err != nil {
		return Extraction{}, err
	}
	return liftExtraction(out)
}
