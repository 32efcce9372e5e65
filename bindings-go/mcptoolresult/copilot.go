package mcptoolresult

import (
	"fmt"
)

// CopilotToolResult is the GitHub Copilot SDK's ToolResult as produced by the copilot target,
// with the same JSON field names as github.com/github/copilot-sdk/go.ToolResult.
type CopilotToolResult struct {
	// TextResultForLLM is the text parts, joined with "\n".
	TextResultForLLM string `json:"textResultForLlm"`
	// BinaryResultsForLLM holds images and blob resources, in block order.
	BinaryResultsForLLM []CopilotBinaryResult `json:"binaryResultsForLlm,omitempty"`
	// ResultType is "failure" when the result is an error, else "success".
	ResultType string `json:"resultType"`
	// Diagnostics lists every repair, loss or notice; not part of the wire shape.
	Diagnostics []Diagnostic `json:"-"`
}

// CopilotBinaryResult is the Copilot SDK's ToolBinaryResult.
type CopilotBinaryResult struct {
	// Data is the payload as standard base64.
	Data string `json:"data"`
	// MIMEType is the payload's media type.
	MIMEType string `json:"mimeType"`
	// Type is "image" or "resource".
	Type string `json:"type"`
	// Description is the resource's URI, when it has one.
	Description string `json:"description,omitempty"`
}

// ToCopilot converts result for the GitHub Copilot SDK. result is accepted in the same forms
// as by Convert, and opts are the same options (the zero Options are the defaults). The
// adapter module example.invalid/mcp-tool-result/bindings-go/copilotsdk returns the SDK's own
// copilot.ToolResult. Errors are *ConvertError.
func ToCopilot(result any, opts Options) (CopilotToolResult, error) {
	c, err := Convert(result, TargetCopilot, opts)
	if err != nil {
		return CopilotToolResult{}, err
	}
	// The decoded strings alias the core's output text, which is private to this call.
	out, err := liftCopilot(c.Output)
	if err != nil {
		return CopilotToolResult{}, internalError(err.Error())
	}
	out.Diagnostics = c.Diagnostics
	return out, nil
}

// liftCopilot reads the copilot target's output. The strings alias output, which must never
// change afterwards.
func liftCopilot(output []byte) (CopilotToolResult, error) {
	v, err := decodeJSON(output)
	if err != nil {
		return CopilotToolResult{}, err
	}
	f := fields{what: "copilot output"}
	top := f.object(v, "output")
	out := CopilotToolResult{
		TextResultForLLM: f.string(top, "textResultForLlm", true),
		ResultType:       f.string(top, "resultType", true),
	}
	if _, ok := top["binaryResultsForLlm"]; ok {
		list := f.list(top, "binaryResultsForLlm")
		out.BinaryResultsForLLM = make([]CopilotBinaryResult, len(list))
		for i, item := range list {
			b := f.object(item, "binaryResultsForLlm item")
			out.BinaryResultsForLLM[i] = CopilotBinaryResult{
				Data:        f.string(b, "data", true),
				MIMEType:    f.string(b, "mimeType", true),
				Type:        f.string(b, "type", true),
				Description: f.string(b, "description", false),
			}
		}
	}
	return out, f.err
}

// fields reads typed fields of the core's decoded JSON; the first mismatch sticks in err.
type fields struct {
	what string
	err  error
}

func (f *fields) fail(format string, args ...any) {
	if f.err == nil {
		f.err = errorf("unexpected %s: %s", f.what, fmt.Sprintf(format, args...))
	}
}

func (f *fields) list(m map[string]any, key string) []any {
	list, ok := m[key].([]any)
	if !ok {
		f.fail("%s is not an array", key)
	}
	return list
}

func (f *fields) object(v any, what string) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		f.fail("%s is not an object", what)
	}
	return m
}

func (f *fields) string(m map[string]any, key string, required bool) string {
	v, ok := m[key]
	if !ok {
		if required {
			f.fail("%s is missing", key)
		}
		return ""
	}
	s, ok := v.(string)
	if !ok {
		f.fail("%s is not a string", key)
	}
	return s
}
