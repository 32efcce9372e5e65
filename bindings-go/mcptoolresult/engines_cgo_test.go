//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

import (
	"testing"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/ffi"
)

func init() { testEngines["cgo"] = cgoEngine{} }

// A payload passed through unchanged does not cross from Rust as text: the core names it as a
// leaf, by its range of the input, and Go copies it once from the input into the output.
func TestPayloadCrossesAsLeaf(t *testing.T) {
	input := benchResults(t)["image5MiB"]
	raw, err := ffi.Convert(input, TargetAnthropic, `{"tool_call_id":"t1"}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > 1024 {
		t.Fatalf("the core's answer is %d bytes for a %d-byte input", len(raw), len(input))
	}
	out, err := cgoEngine{}.convert(input, TargetAnthropic, []byte(`{"tool_call_id":"t1"}`))
	if err != nil || len(out.text) < len(input)-1024 {
		t.Fatalf("joined text of %d bytes, %v", len(out.text), err)
	}
}

// The same holds for the images ExtractImages finds.
func TestExtractedImageCrossesAsLeaf(t *testing.T) {
	input := benchResults(t)["image5MiB"]
	raw, err := ffi.ExtractImages(input, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > 1024 {
		t.Fatalf("the core's answer is %d bytes for a %d-byte input", len(raw), len(input))
	}
}
