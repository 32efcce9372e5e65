package sdk

import (
	"encoding/base64"
	"encoding/json"
	mtr "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
	"reflect"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	pngBase64   = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=" // a real 1x1 PNG
	pngBytes, _ = base64.StdEncoding.DecodeString(pngBase64)
	pdfBytes    = []byte("%PDF-1") // base64 JVBERi0x
)

func TestGoSDKStruct(t *testing.T) {
	result := &gosdk.CallToolResult{
		Content: []gosdk.Content{
			&gosdk.TextContent{Text: "Analysis complete"},
			&gosdk.ImageContent{Data: pngBytes, MIMEType: "image/png"},
			&gosdk.EmbeddedResource{Resource: &gosdk.ResourceContents{URI: "file:///r.pdf", MIMEType: "application/pdf", Blob: pdfBytes}},
		},
		IsError: true,
	}
	got, err := mtr.ToCopilot(result, mtr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := mtr.CopilotToolResult{
		TextResultForLLM: "Analysis complete",
		BinaryResultsForLLM: []mtr.CopilotBinaryResult{
			{Data: pngBase64, MIMEType: "image/png", Type: "image"},
			{Data: "JVBERi0x", MIMEType: "application/pdf", Type: "resource", Description: "file:///r.pdf"},
		},
		ResultType: "failure",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
}

// go-sdk marshals a nil Content as "content": null.
func TestGoSDKNilContent(t *testing.T) {
	got, err := mtr.ToCopilot(&gosdk.CallToolResult{StructuredContent: map[string]any{"b": 2, "a": "x"}}, mtr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.TextResultForLLM != `{"a":"x","b":2}` || got.ResultType != "success" || got.BinaryResultsForLLM != nil {
		t.Fatalf("got %+v", got)
	}
	codes := []string{}
	for _, d := range got.Diagnostics {
		codes = append(codes, d.Code+" "+d.Path)
	}
	want := []string{"missing_field /content", "structured_content_as_text /structuredContent"}
	if !reflect.DeepEqual(codes, want) {
		t.Fatalf("diagnostics %v, want %v", codes, want)
	}
}

func TestMCPGoValues(t *testing.T) {
	result := mcpgo.CallToolResult{
		Content: []mcpgo.Content{
			mcpgo.NewTextContent("line 1"),
			mcpgo.NewImageContent(pngBase64, "image/png"),
			mcpgo.NewEmbeddedResource(mcpgo.TextResourceContents{URI: "file:///n.txt", MIMEType: "text/plain", Text: "line 2"}),
		},
	}
	want := mtr.CopilotToolResult{
		TextResultForLLM:    "line 1\nline 2",
		BinaryResultsForLLM: []mtr.CopilotBinaryResult{{Data: pngBase64, MIMEType: "image/png", Type: "image"}},
		ResultType:          "success",
	}
	for name, input := range map[string]any{"value": result, "pointer": &result} {
		got, err := mtr.ToCopilot(input, mtr.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: got %+v\nwant %+v", name, got, want)
		}
	}
	failure, err := mtr.ToCopilot(mcpgo.NewToolResultError("boom"), mtr.Options{})
	if err != nil || failure.TextResultForLLM != "boom" || failure.ResultType != "failure" {
		t.Fatalf("got %+v, %v", failure, err)
	}
}

// Convert's Output unmarshals straight into a provider SDK type.
func TestOutputUnmarshalsIntoSDKTypes(t *testing.T) {
	conv, err := mtr.Convert(map[string]any{"content": []any{map[string]any{"type": "text", "text": "hi"}}}, mtr.TargetMCP, mtr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var result gosdk.CallToolResult
	if err := json.Unmarshal(conv.Output, &result); err != nil {
		t.Fatal(err)
	}
	text, ok := result.Content[0].(*gosdk.TextContent)
	if !ok || text.Text != "hi" || result.IsError {
		t.Fatalf("got %+v", result)
	}
}
