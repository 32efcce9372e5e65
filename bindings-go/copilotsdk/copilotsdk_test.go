package copilotsdk

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	copilot "github.com/github/copilot-sdk/go"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

var result = map[string]any{"content": []any{
	map[string]any{"type": "text", "text": "done"},
	map[string]any{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", "mimeType": "image/png"},
	map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///r.pdf", "mimeType": "application/pdf", "blob": "JVBERi0x"}},
}, "isError": true}

// ToolResult is the SDK's own type with every field of ToCopilot's result, options included.
func TestToolResult(t *testing.T) {
	got, err := ToolResult(result, mcptoolresult.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := copilot.ToolResult{
		TextResultForLLM: "done",
		BinaryResultsForLLM: []copilot.ToolBinaryResult{
			{Data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", MIMEType: "image/png", Type: "image"},
			{Data: "JVBERi0x", MIMEType: "application/pdf", Type: "resource", Description: "file:///r.pdf"},
		},
		ResultType: "failure",
	}
	if !equal(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	// Options reach the core: strict mode raises on a repair.
	_, err = ToolResult(`{"content":[{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/jpeg"}]}`, mcptoolresult.Options{Strict: mcptoolresult.Bool(true)})
	if ce, ok := err.(*mcptoolresult.ConvertError); !ok || ce.Code != "mime_type_mismatch" {
		t.Fatalf("strict: got %v", err)
	}
}

func equal(a, b copilot.ToolResult) bool {
	if a.TextResultForLLM != b.TextResultForLLM || a.ResultType != b.ResultType || len(a.BinaryResultsForLLM) != len(b.BinaryResultsForLLM) {
		return false
	}
	for i := range a.BinaryResultsForLLM {
		if a.BinaryResultsForLLM[i] != b.BinaryResultsForLLM[i] {
			return false
		}
	}
	return true
}

// Through a DefineTool handler, the SDK passes copilot.ToolResult through (the image stays a
// binary result), while the binding's own struct would reach the model as JSON text.
func TestHandlerKeepsBinaryResults(t *testing.T) {
	ours := copilot.DefineTool("shot", "", func(struct{}, copilot.ToolInvocation) (copilot.ToolResult, error) {
		return ToolResult(result, mcptoolresult.Options{})
	})
	r, err := ours.Handler(copilot.ToolInvocation{Arguments: map[string]any{}})
	if err != nil || len(r.BinaryResultsForLLM) != 2 || strings.Contains(r.TextResultForLLM, "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=") {
		t.Fatalf("got %+v, %v", r, err)
	}
	raw := copilot.DefineTool("shot", "", func(struct{}, copilot.ToolInvocation) (mcptoolresult.CopilotToolResult, error) {
		return mcptoolresult.ToCopilot(result, mcptoolresult.Options{})
	})
	r, err = raw.Handler(copilot.ToolInvocation{Arguments: map[string]any{}})
	if err != nil || len(r.BinaryResultsForLLM) != 0 || !strings.Contains(r.TextResultForLLM, "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=") {
		t.Fatalf("the SDK no longer serializes other types as text: %+v, %v", r, err)
	}
}

// The README's handler snippet runs as written and prints what the README shows.
func TestReadmeHandlerSnippet(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	readme, err := os.ReadFile(filepath.Join(here, "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- copilot-handler -->\\s*```go\n(.*?)```\\s*Output:\\s*```text\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no copilot-handler block followed by its output")
	}
	dir := t.TempDir()
	goMod, err := os.ReadFile(filepath.Join(here, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod := strings.Replace(string(goMod), "module example.invalid/mcp-tool-result/bindings-go/copilotsdk", "module example.invalid/snippet", 1)
	mod = strings.Replace(mod, "=> ../", "=> "+filepath.Join(here, ".."), 1)
	mod = strings.Replace(mod, "require (", "require (\n\texample.invalid/mcp-tool-result/bindings-go/copilotsdk v0.0.0", 1)
	mod += "\nreplace example.invalid/mcp-tool-result/bindings-go/copilotsdk => " + here + "\n"
	sum, _ := os.ReadFile(filepath.Join(here, "go.sum"))
	for name, data := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sum, "main.go": m[1]} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if stdout.String() != string(m[2]) {
		t.Fatalf("the snippet printed\n%s\nthe README shows\n%s", stdout.String(), m[2])
	}
}
