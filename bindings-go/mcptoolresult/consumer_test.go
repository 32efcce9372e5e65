package mcptoolresult

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

const modulePath = "example.invalid/mcp-tool-result/bindings-go"

// moduleDir is bindings-go/, the root of this Go module.
func moduleDir(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("locating the test file")
	}
	return filepath.Dir(filepath.Dir(file))
}

// goRun runs the go command in dir and returns its standard output.
func goRun(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GOTOOLCHAIN=local", "CGO_ENABLED=1", "GOFLAGS="}, env...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr.String())
	}
	return stdout.String()
}

// writeConsumer writes a module importing the binding (required at version, replaced when
// replace is not empty) with main.go as its program.
func writeConsumer(t *testing.T, mainGo, version, replace string) string {
	dir := t.TempDir()
	mod := "module example.invalid/consumer\n\ngo 1.25.5\n\nrequire " + modulePath + " " + version + "\n"
	if replace != "" {
		mod += "\nreplace " + modulePath + " => " + replace + "\n"
	}
	for name, text := range map[string]string{"go.mod": mod, "main.go": mainGo} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const consumerOutput = "success: hello from a consumer\n"

// The committed consumer module builds against this one through its replace directive.
func TestConsumerModuleWithReplace(t *testing.T) {
	if got := goRun(t, filepath.Join(moduleDir(t), "consumer"), nil, "run", "."); got != consumerOutput {
		t.Fatalf("got %q", got)
	}
}

// A vendored build keeps the staticlib (the lib package's doc.go makes vendoring copy it).
func TestConsumerModuleVendored(t *testing.T) {
	mainGo, err := os.ReadFile(filepath.Join(moduleDir(t), "consumer", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeConsumer(t, string(mainGo), "v0.0.0", moduleDir(t))
	goRun(t, dir, nil, "mod", "tidy")
	goRun(t, dir, nil, "mod", "vendor")
	lib := filepath.Join(dir, "vendor", modulePath, "mcptoolresult", "lib", "linux_amd64", "libmcp_tool_result_ffi.a")
	if _, err := os.Stat(lib); err != nil {
		t.Fatalf("vendoring dropped the staticlib: %v", err)
	}
	goRun(t, dir, nil, "build", "-mod=vendor", "-o", "consumer", ".")
	out, err := exec.Command(filepath.Join(dir, "consumer")).Output()
	if err != nil || string(out) != consumerOutput {
		t.Fatalf("got %q, %v", out, err)
	}
}

// Served as a module zip from a file:// proxy, the module links from the read-only module
// cache through its ${SRCDIR} paths.
func TestConsumerModuleFromZip(t *testing.T) {
	const version = "v0.1.0"
	proxy := t.TempDir()
	versions := filepath.Join(proxy, modulePath, "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile(filepath.Join(moduleDir(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(`{"Version":"` + version + `"}`),
		version + ".mod":  goMod,
		version + ".zip":  moduleZip(t, version),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(versions, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mainGo, err := os.ReadFile(filepath.Join(moduleDir(t), "consumer", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeConsumer(t, string(mainGo), version, "")
	cache := t.TempDir()
	env := []string{"GOMODCACHE=" + cache, "GOPROXY=file://" + proxy + ",https://proxy.golang.org", "GONOSUMDB=example.invalid", "GOFLAGS=-mod=mod"}
	t.Cleanup(func() { goRun(t, dir, env, "clean", "-modcache") })
	if got := goRun(t, dir, env, "run", "."); got != consumerOutput {
		t.Fatalf("got %q", got)
	}
}

// moduleZip zips the module as the go command would (nested modules left out), staticlib included.
func moduleZip(t *testing.T, version string) []byte {
	root := moduleDir(t)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." || d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		w, err := zw.Create(modulePath + "@" + version + "/" + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The README's quickstart runs as written and prints what the README shows.
func TestReadmeQuickstart(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleDir(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- quickstart -->\\s*```go\n(.*?)```\\s*Output:\\s*```text\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no quickstart block followed by its output")
	}
	dir := writeConsumer(t, string(m[1]), "v0.0.0", moduleDir(t))
	goRun(t, dir, nil, "mod", "tidy")
	if got := goRun(t, dir, nil, "run", "."); got != string(m[2]) {
		t.Fatalf("quickstart printed\n%s\nREADME shows\n%s", got, m[2])
	}
}

// The demo program (`make demo`) prints a header per entry of conformance/demo/conversions.json
// and the core's Conversion text, whose output is what Convert gives.
func TestDemoProgram(t *testing.T) {
	demo := filepath.Join(moduleDir(t), "..", "conformance", "demo")
	input := filepath.Join(demo, "browser-screenshot.json")
	out := goRun(t, moduleDir(t), nil, "run", "./examples/demo", "-conversions", filepath.Join(demo, "conversions.json"), input)
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
		conv, err := ConvertJSON(text, Target(e.Target), []byte(e.Options))
		if err != nil || !bytes.Equal(conv.Output, printed.Output) {
			t.Fatalf("%s: printed %s\nConvertJSON %s (%v)", e.Target, printed.Output, conv.Output, err)
		}
	}
}
