// Package consumer tests the Go module as a user gets it: from a module zip served by a
// file:// GOPROXY, with no make step and no Rust toolchain on PATH, under both backends and
// cross-compiled; vendored; and through the committed consumer module.
package consumer

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

const modulePath = "example.invalid/mcp-tool-result/bindings-go"

// moduleDir is bindings-go/, the root of the binding's Go module.
func moduleDir(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("locating the test file")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// goCmd runs the go command in dir with env added and returns its standard output.
func goCmd(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(goBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GOTOOLCHAIN=local", "GOFLAGS=-mod=mod"}, env...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s in %s (%v): %v\n%s", strings.Join(args, " "), dir, env, err, stderr.String())
	}
	return stdout.String()
}

func goBinary(t *testing.T) string {
	path, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// writeModule writes a consumer module requiring the binding at version (replaced by replace
// when not empty) with the given files.
func writeModule(t *testing.T, version, replace string, files map[string]string) string {
	dir := t.TempDir()
	mod := "module example.invalid/consumer\n\ngo 1.25.5\n\nrequire " + modulePath + " " + version + "\n"
	if replace != "" {
		mod += "\nreplace " + modulePath + " => " + replace + "\n"
	}
	files["go.mod"] = mod
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// quickstart returns the quickstart program of a README (the module's, or with "..", the
// project's) and the output the README shows.
func quickstart(t *testing.T, dir string) (string, string) {
	readme, err := os.ReadFile(filepath.Join(moduleDir(t), dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- quickstart -->\\s*```go\n(.*?)```\\s*Output:\\s*```text\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no quickstart block followed by its output")
	}
	return string(m[1]), string(m[2])
}

// backendMain prints which backend the build selected.
const backendMain = `package main

import (
	"fmt"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

func main() { fmt.Println(mcptoolresult.Backend) }
`

// serveZip writes a file:// module proxy holding the binding at version, zipped from the
// tree by golang.org/x/mod/zip (the go command's own rules: nested modules left out).
func serveZip(t *testing.T, version string) string {
	proxy := t.TempDir()
	versions := filepath.Join(proxy, modulePath, "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		t.Fatal(err)
	}
	zipFile, err := os.Create(filepath.Join(versions, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	err = modzip.CreateFromDir(zipFile, module.Version{Path: modulePath, Version: version}, moduleDir(t))
	if closeErr := zipFile.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile(filepath.Join(moduleDir(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(`{"Version":"` + version + `"}`),
		version + ".mod":  goMod,
	} {
		if err := os.WriteFile(filepath.Join(versions, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return proxy
}

// toolPath is a PATH holding only the go command, the C compiler, assembler and linker: no
// cargo, rustc or make.
func toolPath(t *testing.T) string {
	bin := t.TempDir()
	for _, tool := range []string{"go", "gcc", "cc", "as", "ld"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// A consumer as `go get` sees the module: the module README's and the project README's
// quickstarts run with cgo (the committed static library) and with CGO_ENABLED=0 (the embedded
// .wasm on wazero), printing what the READMEs show, and cross-build for darwin/arm64 and
// windows/amd64 on wazero.
func TestGoGetConsumer(t *testing.T) {
	const version = "v0.1.0"
	proxy := serveZip(t, version)
	program, want := quickstart(t, ".")
	projectProgram, projectWant := quickstart(t, "..")
	dir := writeModule(t, version, "", map[string]string{
		"main.go": program, "project/main.go": projectProgram, "backend/main.go": backendMain,
	})
	// The module's dependencies come from the local module cache's download folder, laid out
	// as a proxy, so the test needs no network.
	downloads := filepath.Join(strings.TrimSpace(goCmd(t, ".", nil, "env", "GOMODCACHE")), "cache", "download")
	path := toolPath(t)
	env := []string{
		"PATH=" + path, "GOMODCACHE=" + t.TempDir(),
		"GOPROXY=file://" + proxy + ",file://" + downloads, "GOSUMDB=off", "GONOSUMCHECK=1",
	}
	for _, tool := range []string{"cargo", "rustc", "make"} {
		if found, err := exec.LookPath(filepath.Join(path, tool)); err == nil {
			t.Fatalf("%s is on the consumer's PATH (%s)", tool, found)
		}
	}
	t.Cleanup(func() { goCmd(t, dir, env, "clean", "-modcache") })
	goCmd(t, dir, env, "get", modulePath+"/mcptoolresult@"+version)
	for _, run := range []struct{ cgo, backend string }{{"1", "cgo"}, {"0", "wazero"}} {
		runEnv := append(env, "CGO_ENABLED="+run.cgo)
		if got := goCmd(t, dir, runEnv, "run", "."); got != want {
			t.Errorf("CGO_ENABLED=%s: the quickstart printed\n%s\nthe README shows\n%s", run.cgo, got, want)
		}
		if got := goCmd(t, dir, runEnv, "run", "./project"); got != projectWant {
			t.Errorf("CGO_ENABLED=%s: the project quickstart printed\n%s\nthe README shows\n%s", run.cgo, got, projectWant)
		}
		if got := goCmd(t, dir, runEnv, "run", "./backend"); got != run.backend+"\n" {
			t.Errorf("CGO_ENABLED=%s selected %q, want %s", run.cgo, got, run.backend)
		}
	}
	for _, platform := range [][2]string{{"darwin", "arm64"}, {"windows", "amd64"}} {
		crossEnv := append(env, "GOOS="+platform[0], "GOARCH="+platform[1])
		goCmd(t, dir, crossEnv, "build", "-o", filepath.Join(t.TempDir(), "quickstart"), ".")
		files := goCmd(t, dir, crossEnv, "list", "-f", "{{.GoFiles}}", modulePath+"/mcptoolresult")
		if !strings.Contains(files, "backend_wazero.go") || strings.Contains(files, "backend_cgo.go") {
			t.Errorf("%s/%s compiles %s, want the wazero backend", platform[0], platform[1], files)
		}
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for _, testOnly := range testOnlyModules {
		if bytes.Contains(sum, []byte(testOnly)) {
			t.Errorf("the consumer's go.sum holds the test-only module %s:\n%s", testOnly, sum)
		}
	}
}

// A build with the mtr_native tag where it cannot work fails with a message saying what to do:
// without cgo and with both tags (compiled here), and on a platform without a static library
// (where the build selects the file holding that message; compiling it would need that
// platform's C compiler).
func TestForcedNativeBuildsFailClearly(t *testing.T) {
	cmd := exec.Command(goBinary(t), "build", "-tags", "mtr_native", "./mcptoolresult/")
	cmd.Dir = moduleDir(t)
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if want := "mtr_native_needs_cgo__build_with_CGO_ENABLED_1"; err == nil || !strings.Contains(string(out), want) {
		t.Errorf("CGO_ENABLED=0 -tags mtr_native: want a failure naming %s, got %v:\n%s", want, err, out)
	}
	cmd = exec.Command(goBinary(t), "build", "-tags", "mtr_native,mtr_wasm", "./mcptoolresult/")
	cmd.Dir = moduleDir(t)
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	out, err = cmd.CombinedOutput()
	if want := "build_tags_mtr_wasm_and_mtr_native_exclude_each_other"; err == nil || !strings.Contains(string(out), want) {
		t.Errorf("-tags mtr_native,mtr_wasm: want a failure naming %s, got %v:\n%s", want, err, out)
	}
	env := []string{"CGO_ENABLED=1", "GOOS=darwin", "GOARCH=arm64"}
	files := goCmd(t, moduleDir(t), env, "list", "-tags", "mtr_native", "-f", "{{.GoFiles}}", "./mcptoolresult/internal/ffi/")
	if !strings.Contains(files, "no_lib.go") {
		t.Errorf("darwin/arm64 -tags mtr_native compiles %s, not no_lib.go", files)
	}
	text, err := os.ReadFile(filepath.Join(moduleDir(t), "mcptoolresult", "internal", "ffi", "no_lib.go"))
	if err != nil || !strings.Contains(string(text), "var _ = mtr_native_has_no_prebuilt_static_library_for_this_GOOS_GOARCH") {
		t.Errorf("no_lib.go does not name the missing library (%v)", err)
	}
}

// The committed consumer module builds against this one through its replace directive.
func TestConsumerModuleWithReplace(t *testing.T) {
	if got := goCmd(t, filepath.Join(moduleDir(t), "consumer"), []string{"CGO_ENABLED=1"}, "run", "."); got != "success: hello from a consumer\n" {
		t.Fatalf("got %q", got)
	}
}

// A vendored build keeps the static library (the lib package's doc.go makes vendoring copy it).
func TestConsumerModuleVendored(t *testing.T) {
	mainGo, err := os.ReadFile(filepath.Join(moduleDir(t), "consumer", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeModule(t, "v0.0.0", moduleDir(t), map[string]string{"main.go": string(mainGo)})
	env := []string{"CGO_ENABLED=1"}
	goCmd(t, dir, env, "mod", "tidy")
	goCmd(t, dir, env, "mod", "vendor")
	lib := filepath.Join(dir, "vendor", modulePath, "mcptoolresult", "lib", "linux_amd64", "libmcp_tool_result_ffi.a")
	if _, err := os.Stat(lib); err != nil {
		t.Fatalf("vendoring dropped the static library: %v", err)
	}
	goCmd(t, dir, append(env, "GOFLAGS=-mod=vendor"), "build", "-o", "consumer", ".")
	out, err := exec.Command(filepath.Join(dir, "consumer")).Output()
	if err != nil || string(out) != "success: hello from a consumer\n" {
		t.Fatalf("got %q, %v", out, err)
	}
}
