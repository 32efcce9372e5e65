package consumer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testOnlyModules are the modules only tests and the adapters use; they live in the tests,
// copilotsdk and bedrocksdk modules, never in the binding's.
var testOnlyModules = []string{
	"github.com/aws/aws-sdk-go-v2",
	"github.com/github/copilot-sdk/go",
	"github.com/mark3labs/mcp-go",
	"github.com/modelcontextprotocol/go-sdk",
}

// The binding module's graph, go.mod and go.sum hold none of the test-only modules, so they
// never reach a consumer's module graph or go.sum.
func TestTestOnlyModulesStayOut(t *testing.T) {
	graph := goCmd(t, moduleDir(t), nil, "mod", "graph")
	var files []string
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(moduleDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(data))
	}
	for _, m := range testOnlyModules {
		for what, text := range map[string]string{"go mod graph": graph, "go.mod": files[0], "go.sum": files[1]} {
			if strings.Contains(text, m) {
				t.Errorf("%s of the binding module names %s", what, m)
			}
		}
	}
	if !strings.Contains(graph, "github.com/tetratelabs/wazero@") {
		t.Errorf("go mod graph does not list wazero, the one dependency:\n%s", graph)
	}
}
