// Command mcpserver is the e2e suite's MCP test server written with the Go go-sdk (stdio): the
// tools of conformance/e2e/tools.json. Its only argument is the conformance/e2e directory.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type blockSpec struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	Asset    string `json:"asset"`
	MIMEType string `json:"mimeType"`
	URI      string `json:"uri"`
	Name     string `json:"name"`
}

type toolSpec struct {
	Content           []blockSpec `json:"content"`
	StructuredContent any         `json:"structuredContent"`
	IsError           bool        `json:"isError"`
}

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: mcpserver <conformance/e2e directory>")
	}
	dir := os.Args[1]
	raw, err := os.ReadFile(filepath.Join(dir, "tools.json"))
	if err != nil {
		log.Fatal(err)
	}
	var spec struct {
		Tools map[string]toolSpec `json:"tools"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		log.Fatal(fmt.Errorf("tools.json: %w", err))
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "mcp-tool-result-e2e-go", Version: "0.0.0"}, nil)
	names := make([]string, 0, len(spec.Tools))
	for name := range spec.Tools {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		tool := spec.Tools[name]
		result, err := build(dir, tool)
		if err != nil {
			log.Fatal(fmt.Errorf("tool %s: %w", name, err))
		}
		server.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return result, nil })
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

// build makes the tool's CallToolResult with the SDK's content types (payloads as raw bytes).
func build(dir string, tool toolSpec) (*mcp.CallToolResult, error) {
	result := &mcp.CallToolResult{IsError: tool.IsError, StructuredContent: tool.StructuredContent}
	for _, b := range tool.Content {
		var data []byte
		if b.Asset != "" {
			var err error
			if data, err = os.ReadFile(filepath.Join(dir, "assets", b.Asset)); err != nil {
				return nil, err
			}
		}
		switch b.Type {
		case "text":
			result.Content = append(result.Content, &mcp.TextContent{Text: b.Text})
		case "image":
			result.Content = append(result.Content, &mcp.ImageContent{Data: data, MIMEType: b.MIMEType})
		case "audio":
			result.Content = append(result.Content, &mcp.AudioContent{Data: data, MIMEType: b.MIMEType})
		case "resource":
			resource := &mcp.ResourceContents{URI: b.URI, MIMEType: b.MIMEType, Blob: data}
			result.Content = append(result.Content, &mcp.EmbeddedResource{Resource: resource})
		case "resource_link":
			result.Content = append(result.Content, &mcp.ResourceLink{URI: b.URI, Name: b.Name, MIMEType: b.MIMEType})
		default:
			return nil, fmt.Errorf("unknown block type %q", b.Type)
		}
	}
	return result, nil
}
