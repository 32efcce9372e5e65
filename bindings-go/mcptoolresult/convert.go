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
	"encoding/json"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/facts"
)

// Target names an output format (a plain string). Targets lists every name the core knows; a
// test checks that the constants below are exactly those names.
type Target = string

// The targets of the core (see the conformance README for each wire shape).
const (
	// TargetCopilot is the GitHub Copilot SDK ToolResultObject.
	TargetCopilot Target = "copilot"
	// TargetMCP is a clean, normalized CallToolResult.
	TargetMCP Target = "mcp"
	// TargetAnthropic is an Anthropic Messages tool_result block.
	TargetAnthropic Target = "anthropic"
	// TargetAnthropicMCP is an Anthropic mcp_tool_result block (text only; also replays history).
	TargetAnthropicMCP Target = "anthropic-mcp"
	// TargetOpenAIChat is an OpenAI Chat Completions tool message; media go to Attachments.
	TargetOpenAIChat Target = "openai-chat"
	// TargetOpenAIResponses is an OpenAI Responses function_call_output item.
	TargetOpenAIResponses Target = "openai-responses"
	// TargetGemini is a Gemini 3+ functionResponse part with media in its parts.
	TargetGemini Target = "gemini"
	// TargetGeminiLegacy is a Gemini 2.x functionResponse part; media go to Attachments.
	TargetGeminiLegacy Target = "gemini-legacy"
	// TargetBedrock is an Amazon Bedrock Converse toolResult block.
	TargetBedrock Target = "bedrock"
	// TargetText is one string: text parts and a marker for every other block.
	TargetText Target = "text"
)

// Options tunes a conversion or an extraction; unset fields keep the core's defaults. The
// fields are sent to the core as a JSON object with snake_case names, and the core validates
// them (an invalid value is an "invalid_option" error).
type Options struct {
	// Strict raises on the first repair instead of repairing (default false).
	Strict *bool `json:"strict,omitempty"`
	// ValidateBase64 checks that every payload is base64 (default true).
	ValidateBase64 *bool `json:"validate_base64,omitempty"`
	// SniffMIME trusts a payload's magic bytes over a contradicting mimeType (default true).
	SniffMIME *bool `json:"sniff_mime,omitempty"`
	// RespectAudience keeps blocks addressed to another audience away from the model (default true).
	RespectAudience *bool `json:"respect_audience,omitempty"`
	// Binary is "inline" (default) or "marker": what the mcp target does with payloads.
	Binary string `json:"binary,omitempty"`
	// StructuredContent is how structuredContent reaches the model: "fallback" (default),
	// "prefer", "append" or "ignore".
	StructuredContent string `json:"structured_content,omitempty"`
	// ToolCallID fills the item's tool call id, for targets whose item carries one.
	ToolCallID string `json:"tool_call_id,omitempty"`
	// ToolName fills the item's tool name, for targets whose item carries one.
	ToolName string `json:"tool_name,omitempty"`
	// MaxImages is the most images one result may carry (nil: the target's default; 0: none).
	MaxImages *int `json:"max_images,omitempty"`
	// MaxImageBytes is the most decoded bytes of one media item (nil: the target's default).
	MaxImageBytes *int `json:"max_image_bytes,omitempty"`
	// MaxTotalBytes is the most decoded bytes of all media of one result (nil: the target's default).
	MaxTotalBytes *int `json:"max_total_bytes,omitempty"`
	// MaxImageDimension is the longest image side in pixels (nil: the target's default).
	MaxImageDimension *int `json:"max_image_dimension,omitempty"`
	// FitImages is what happens to an image over a limit: "limits" (default) downscales and
	// re-encodes it to fit the target's limits (or the caps above), "recommended" also to the
	// provider's recommended size, "off" replaces it by a marker. Each fitted image gets an
	// image_resized notice.
	FitImages string `json:"fit_images,omitempty"`
	// ImagesInRequest is how many images the request already holds besides this result (nil:
	// 0); past 20 in all, Anthropic's limit drops to 2000 px.
	ImagesInRequest *int `json:"images_in_request,omitempty"`
	// MaxTextChars is the most characters of text one result gives the model (nil: no limit);
	// the middle is cut, keeping head and tail, with a marker saying how much (text_truncated).
	MaxTextChars *int `json:"max_text_chars,omitempty"`
	// Payload is "sdk" (default) or "wire". With "sdk", a payload that the target's official
	// Go SDK types as []byte (Bedrock source.bytes in aws-sdk-go-v2, Gemini inlineData.data in
	// google.golang.org/genai) is decoded into Conversion.Bytes; "wire" is the HTTP form,
	// base64 text only. Output is JSON text either way, so it holds base64 there.
	Payload string `json:"payload,omitempty"`
}

// sentOptions is what Convert, ToCopilot and ExtractImages send: the options with this
// binding's host and its payload default.
type sentOptions struct {
	Options
	Host string `json:"host"`
}

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
	// Bytes holds the payloads the target's Go SDK takes as raw bytes, decoded, keyed by JSON
	// Pointer into the Conversion (such as "/output/toolResult/content/1/image/source/bytes").
	// Output and Attachments keep base64 text there, as JSON does; OutputValue and
	// AttachmentsValue put these []byte in place.
	Bytes map[string][]byte `json:"-"`
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

// ConvertJSON converts a CallToolResult given as JSON text, with options given as a JSON
// object (snake_case or camelCase keys, passed to the core untouched; nil or empty for the
// core's defaults, which include payload "wire": add {"payload":"sdk","host":"go"} for
// Conversion.Bytes). It is the JSON-text door of the core, for callers that already hold JSON.
func ConvertJSON(input []byte, target Target, options []byte) (Conversion, error) {
	return convert(input, target, options)
}

// ConvertJSONText is ConvertJSON returning the whole Conversion as the compact JSON text the
// core writes: {"output", "attachments"?, "diagnostics"?}, diagnostics with their messages.
func ConvertJSONText(input []byte, target Target, options []byte) (string, error) {
	out, err := core.convert(input, target, options)
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
// max_image_dimension 8000. Errors are *ConvertError.
func ExtractImages(value any, opts Options) (Extraction, error) {
	options, err := marshalOptions(opts)
	if err != nil {
		return Extraction{}, err
	}
	return extractImages(value, options)
}

// ExtractImagesJSON is ExtractImages for a value given as JSON text, with options given as a
// JSON object passed to the core untouched (nil or empty for the defaults).
func ExtractImagesJSON(input []byte, options []byte) (Extraction, error) {
	return extractImages(input, options)
}

// Targets returns the name of every target the core knows, in documentation order.
func Targets() []string {
	return append([]string(nil), facts.Of.Targets...)
}

func marshalOptions(opts Options) ([]byte, error) {
	if opts == (Options{}) {
		return defaultOptions, nil
	}
	if opts.Payload == "" {
		opts.Payload = "sdk"
	}
	options, err := json.Marshal(sentOptions{opts, "go"})
	if err != nil {
		return nil, internalError("marshalling options: " + err.Error())
	}
	return options, nil
}

var defaultOptions = []byte(`{"payload":"sdk","host":"go"}`)

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
