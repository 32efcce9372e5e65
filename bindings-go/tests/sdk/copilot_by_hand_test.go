package sdk

import (
	"encoding/json"
	"reflect"
	"testing"

	copilot "github.com/github/copilot-sdk/go"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	mtr "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// convertByHand is how the Copilot Go SDK could call the core itself, with the signature of
// its ConvertMCPCallToolResult and without the copilotsdk module (which imports the SDK: a
// cycle). The binding module imports no SDK, so the SDK can import it. docs/copilot-sdk.md
// shows this function.
func convertByHand(value any) (copilot.ToolResult, bool) {
	r, err := mtr.ToCopilot(value, mtr.Options{})
	if err != nil {
		return copilot.ToolResult{}, false // not a final CallToolResult (err says why)
	}
	out := copilot.ToolResult{TextResultForLLM: r.TextResultForLLM, ResultType: r.ResultType}
	for _, b := range r.BinaryResultsForLLM {
		out.BinaryResultsForLLM = append(out.BinaryResultsForLLM, copilot.ToolBinaryResult{
			Data: b.Data, MIMEType: b.MIMEType, Type: b.Type, Description: b.Description,
		})
	}
	return out, true
}

// The mapping by hand gives the SDK's ToolResult with every field the copilot target writes,
// and its JSON is the target's wire output.
func TestCopilotSDKCallsTheCoreByHand(t *testing.T) {
	result := &gosdk.CallToolResult{
		Content: []gosdk.Content{
			&gosdk.TextContent{Text: "Analysis complete"},
			&gosdk.ImageContent{Data: pngBytes, MIMEType: "image/png"},
			&gosdk.EmbeddedResource{Resource: &gosdk.ResourceContents{URI: "file:///r.pdf", MIMEType: "application/pdf", Blob: pdfBytes}},
		},
		IsError: true,
	}
	got, ok := convertByHand(result)
	want := copilot.ToolResult{
		TextResultForLLM: "Analysis complete",
		BinaryResultsForLLM: []copilot.ToolBinaryResult{
			{Data: pngBase64, MIMEType: "image/png", Type: "image"},
			{Data: "JVBERi0x", MIMEType: "application/pdf", Type: "resource", Description: "file:///r.pdf"},
		},
		ResultType: "failure",
	}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, %v\nwant %+v", got, ok, want)
	}
	conv, err := mtr.Convert(result, mtr.TargetCopilot, mtr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var wire, mapped any
	text, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	if json.Unmarshal(conv.Output, &wire) != nil || json.Unmarshal(text, &mapped) != nil || !reflect.DeepEqual(wire, mapped) {
		t.Fatalf("the SDK's JSON %s differs from the wire output %s", text, conv.Output)
	}
	// The SDK's ToolResult has the wire names, so unmarshalling Output gives the same value.
	var unmarshalled copilot.ToolResult
	if err := json.Unmarshal(conv.Output, &unmarshalled); err != nil || !reflect.DeepEqual(unmarshalled, want) {
		t.Fatalf("unmarshalled %+v, %v", unmarshalled, err)
	}
	// A text-only success: no binary results (nil, as the SDK's own converter leaves it).
	if got, ok := convertByHand(map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}}); !ok ||
		!reflect.DeepEqual(got, copilot.ToolResult{TextResultForLLM: "ok", ResultType: "success"}) {
		t.Fatalf("text only: %+v, %v", got, ok)
	}
	// What is not a final CallToolResult is false, as with the SDK's converter.
	for _, value := range []any{42, map[string]any{"task": map[string]any{"taskId": "t1"}}} {
		if got, ok := convertByHand(value); ok || !reflect.DeepEqual(got, copilot.ToolResult{}) {
			t.Fatalf("%v: %+v, %v", value, got, ok)
		}
	}
}
