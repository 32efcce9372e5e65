// Package copilotsdk returns the GitHub Copilot Go SDK's own copilot.ToolResult for an MCP
// CallToolResult, converted by mcptoolresult.ToCopilot. It is a module of its own, so that the
// SDK enters the module graph of programs that use the SDK, never that of the binding.
//
// A tool handler must return a copilot.ToolResult: the SDK passes that type through, while any
// other value (mcptoolresult.CopilotToolResult included) reaches the model as its JSON text,
// base64 payloads and all.
package copilotsdk

import (
	copilot "github.com/github/copilot-sdk/go"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// ToolResult converts result (any form mcptoolresult.Convert accepts) with opts and returns
// the SDK's ToolResult. Errors are *mcptoolresult.ConvertError.
func ToolResult(result any, opts mcptoolresult.Options) (copilot.ToolResult, error) {
	r, err := mcptoolresult.ToCopilot(result, opts)
	if err != nil {
		return copilot.ToolResult{}, err
	}
	return From(r), nil
}

// From copies a CopilotToolResult into the SDK's ToolResult (the diagnostics stay behind).
func From(r mcptoolresult.CopilotToolResult) copilot.ToolResult {
	out := copilot.ToolResult{TextResultForLLM: r.TextResultForLLM, ResultType: r.ResultType}
	if r.BinaryResultsForLLM != nil {
		out.BinaryResultsForLLM = make([]copilot.ToolBinaryResult, len(r.BinaryResultsForLLM))
		for i, b := range r.BinaryResultsForLLM {
			out.BinaryResultsForLLM[i] = copilot.ToolBinaryResult{Data: b.Data, MIMEType: b.MIMEType, Type: b.Type, Description: b.Description}
		}
	}
	return out
}
