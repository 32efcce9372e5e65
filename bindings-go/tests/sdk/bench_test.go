package sdk

import (
	"bytes"
	"encoding/base64"
	mtr "example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
	goimage "image"
	"image/png"
	"testing"

	copilot "github.com/github/copilot-sdk/go"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// benchInput is one benchmark case given both as a map and as a go-sdk struct.
type benchInput struct {
	name   string
	asMap  map[string]any
	asGoSD *gosdk.CallToolResult
}

func benchInputs() []benchInput {
	small := benchInput{
		name:   "text",
		asMap:  map[string]any{"content": []any{map[string]any{"type": "text", "text": "Hello, world"}}},
		asGoSD: &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: "Hello, world"}}},
	}
	var mapBlocks []any
	var sdkBlocks []gosdk.Content
	for i := range 10 {
		switch i % 4 {
		case 0, 1:
			mapBlocks = append(mapBlocks, map[string]any{"type": "text", "text": "line of tool output"})
			sdkBlocks = append(sdkBlocks, &gosdk.TextContent{Text: "line of tool output"})
		case 2:
			mapBlocks = append(mapBlocks, map[string]any{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", "mimeType": "image/png"})
			sdkBlocks = append(sdkBlocks, &gosdk.ImageContent{Data: pngBytes, MIMEType: "image/png"})
		case 3:
			mapBlocks = append(mapBlocks, map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///r.pdf", "mimeType": "application/pdf", "blob": "JVBERi0x"}})
			sdkBlocks = append(sdkBlocks, &gosdk.EmbeddedResource{Resource: &gosdk.ResourceContents{URI: "file:///r.pdf", MIMEType: "application/pdf", Blob: pdfBytes}})
		}
	}
	mixed := benchInput{
		name:   "mixed10",
		asMap:  map[string]any{"content": mapBlocks, "isError": false},
		asGoSD: &gosdk.CallToolResult{Content: sdkBlocks},
	}
	// About 5 MiB of base64: a real 1024 x 958 RGBA PNG without compression (the core checks
	// image structure by default, so signature-only bytes would be measured as a marker).
	pixels := goimage.NewNRGBA(goimage.Rect(0, 0, 1024, 958))
	for i := range pixels.Pix {
		pixels.Pix[i] = byte(i*7 + i/4099)
	}
	var encoded bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&encoded, pixels); err != nil {
		panic(err)
	}
	raw := encoded.Bytes()
	image := benchInput{
		name:   "image5MiB",
		asMap:  map[string]any{"content": []any{map[string]any{"type": "image", "data": base64.StdEncoding.EncodeToString(raw), "mimeType": "image/png"}}},
		asGoSD: &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.ImageContent{Data: raw, MIMEType: "image/png"}}},
	}
	return []benchInput{small, mixed, image}
}

// BenchmarkToCopilot times ToCopilot against the Copilot Go SDK's ConvertMCPCallToolResult on
// the same inputs, each given as map[string]any and as a go-sdk *mcp.CallToolResult.
func BenchmarkToCopilot(b *testing.B) {
	for _, in := range benchInputs() {
		for _, form := range []struct {
			name  string
			value any
		}{{"map", in.asMap}, {"gosdk", in.asGoSD}} {
			b.Run(in.name+"/"+form.name+"/ours", func(b *testing.B) {
				for b.Loop() {
					if _, err := mtr.ToCopilot(form.value, mtr.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(in.name+"/"+form.name+"/peer", func(b *testing.B) {
				for b.Loop() {
					if _, ok := copilot.ConvertMCPCallToolResult(form.value); !ok {
						b.Fatal("not converted")
					}
				}
			})
		}
	}
}

// Both converters agree on the benchmark inputs, so the timings compare the same work.
func TestBenchInputsAgree(t *testing.T) {
	for _, in := range benchInputs() {
		for _, value := range []any{in.asMap, in.asGoSD} {
			ours, err := mtr.ToCopilot(value, mtr.Options{})
			peer, ok := copilot.ConvertMCPCallToolResult(value)
			if err != nil || !ok || ours.TextResultForLLM != peer.TextResultForLLM || len(ours.BinaryResultsForLLM) != len(peer.BinaryResultsForLLM) {
				t.Fatalf("%s: ours %v %v, peer %v", in.name, len(ours.TextResultForLLM), err, ok)
			}
			for i, bin := range ours.BinaryResultsForLLM {
				if bin.Data != peer.BinaryResultsForLLM[i].Data || bin.MIMEType != peer.BinaryResultsForLLM[i].MIMEType {
					t.Fatalf("%s: binary %d differs", in.name, i)
				}
			}
		}
	}
}
