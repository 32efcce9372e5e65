// Package stamp proves that the artifacts committed in the Go module (the linux/amd64 static
// library and the WebAssembly module) were built from the sources in the tree: each has a
// stamp file holding a hash of its sources and of the artifact itself.
package stamp

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Artifact is one committed build output, with the sources (files or folders, relative to
// the repository root) it is built from.
type Artifact struct {
	Name    string
	Path    string
	Sources []string
}

// Regenerate is the command that rebuilds stale artifacts.
const Regenerate = "make -C bindings-go artifacts"

// The workspace files every build of the core reads (.cargo/config.toml: its profiles).
var rust = []string{"Cargo.toml", "Cargo.lock", ".cargo/config.toml", "core/Cargo.toml", "core/src"}

// Artifacts are the committed outputs.
var Artifacts = []Artifact{
	{
		Name:    "lib",
		Path:    "bindings-go/mcptoolresult/lib/linux_amd64/libmcp_tool_result_ffi.a",
		Sources: append([]string{"bindings-go/Cargo.toml", "bindings-go/src"}, rust...),
	},
	{
		Name:    "wasm",
		Path:    "bindings-go/mcptoolresult/internal/wasm/mcp_tool_result.wasm",
		Sources: append([]string{"bindings-wasm/Cargo.toml", "bindings-wasm/src"}, rust...),
	},
}

// Find returns the artifact called name.
func Find(name string) (Artifact, error) {
	for _, a := range Artifacts {
		if a.Name == name {
			return a, nil
		}
	}
	return Artifact{}, fmt.Errorf("no artifact %q", name)
}

// SourceHash hashes the artifact's sources under repo: every file's path and content, in
// path order.
func (a Artifact) SourceHash(repo string) (string, error) {
	var files []string
	for _, source := range a.Sources {
		err := filepath.WalkDir(filepath.Join(repo, source), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(repo, path)
			files = append(files, filepath.ToSlash(rel))
			return err
		})
		if err != nil {
			return "", err
		}
	}
	slices.Sort(files)
	sum := sha256.New()
	for _, file := range files {
		data, err := os.ReadFile(filepath.Join(repo, file))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s\x00%x\n", file, sha256.Sum256(data))
	}
	return hex.EncodeToString(sum.Sum(nil)), nil
}

// StampPath is the artifact's stamp file.
func (a Artifact) StampPath(repo string) string {
	return filepath.Join(repo, a.Path+".stamp")
}

// Stamp is the content of a stamp file.
type Stamp struct {
	Sources, Artifact string
}

// Write records the current source hash and the artifact's hash.
func (a Artifact) Write(repo string) error {
	sources, err := a.SourceHash(repo)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(filepath.Join(repo, a.Path))
	if err != nil {
		return err
	}
	text := fmt.Sprintf("# %s, built by `%s` from %s.\nsources sha256:%s\nartifact sha256:%x\n",
		filepath.Base(a.Path), Regenerate, strings.Join(a.Sources, ", "), sources, sha256.Sum256(data))
	return os.WriteFile(a.StampPath(repo), []byte(text), 0o644)
}

// Read parses the artifact's stamp file.
func (a Artifact) Read(repo string) (Stamp, error) {
	data, err := os.ReadFile(a.StampPath(repo))
	if err != nil {
		return Stamp{}, err
	}
	var s Stamp
	lines := bufio.NewScanner(bytes.NewReader(data))
	for lines.Scan() {
		key, value, _ := strings.Cut(lines.Text(), " sha256:")
		switch key {
		case "sources":
			s.Sources = value
		case "artifact":
			s.Artifact = value
		}
	}
	if s.Sources == "" || s.Artifact == "" {
		return Stamp{}, fmt.Errorf("%s: no sources or artifact hash", a.StampPath(repo))
	}
	return s, nil
}

// Check returns nil when the artifact exists, is the one its stamp names, and its stamp holds
// the hash of the sources in the tree.
func (a Artifact) Check(repo string) error {
	s, err := a.Read(repo)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(filepath.Join(repo, a.Path))
	if err != nil {
		return err
	}
	if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != s.Artifact {
		return fmt.Errorf("%s is not the file its stamp names (sha256 %s, stamp %s)", a.Path, got, s.Artifact)
	}
	sources, err := a.SourceHash(repo)
	if err != nil {
		return err
	}
	if sources != s.Sources {
		return fmt.Errorf("%s was built from other sources than the tree's %s", a.Path, strings.Join(a.Sources, ", "))
	}
	return nil
}
