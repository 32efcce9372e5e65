package consumer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

// The demo program (`make demo`) prints a header per entry of conformance/demo/conversions.json
// and the core's Conversion text, whose output is what ConvertJSON gives.
func TestDemoProgram(t *testing.T) {
	demo := filepath.Join(moduleDir(t), "..", "conformance", "demo")
	input := filepath.Join(demo, "browser-screenshot.json")
	out := goCmd(t, moduleDir(t), nil, "run", "./examples/demo", "-conversions", filepath.Join(demo, "conversions.json"), input)
	var entries []struct{ Target, Options string }
	list, err := os.ReadFile(filepath.Join(demo, "conversions.json"))
	if err == nil {
		err = json.Unmarshal(list, &entries)
	}
	text, err2 := os.ReadFile(input)
	if err != nil || err2 != nil || len(entries) == 0 {
		t.Fatal(err, err2)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2*len(entries) {
		t.Fatalf("%d lines for %d entries:\n%s", len(lines), len(entries), out)
	}
	for i, e := range entries {
		if want := "== " + e.Target + " " + e.Options; lines[2*i] != want {
			t.Fatalf("line %d is %q, want %q", 2*i, lines[2*i], want)
		}
		var printed struct{ Output json.RawMessage }
		if err := json.Unmarshal([]byte(lines[2*i+1]), &printed); err != nil {
			t.Fatalf("%s: %v", e.Target, err)
		}
		conv, err := mcptoolresult.ConvertJSON(text, e.Target, []byte(e.Options))
		if err != nil || !bytes.Equal(conv.Output, printed.Output) {
			t.Fatalf("%s: printed %s\nConvertJSON %s (%v)", e.Target, printed.Output, conv.Output, err)
		}
	}
}
