package stamp

import (
	"path/filepath"
	"runtime"
	"testing"
)

// The committed static library and WebAssembly module were built from the tree's sources.
func TestArtifactsAreFresh(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Join(filepath.Dir(file), "..", "..", "..")
	for _, a := range Artifacts {
		if err := a.Check(repo); err != nil {
			t.Errorf("%s: %v; regenerate with `%s` and commit the result", a.Name, err, Regenerate)
		}
	}
}
