// Package wasm runs the core as the WebAssembly module built from bindings-wasm (embedded in
// this package) on wazero, with no cgo. The module's ABI: mtr_alloc/mtr_free, mtr_convert,
// mtr_extract_images and mtr_json_pointer (status 0: the Conversion or Extraction JSON text,
// or the pointer as a JSON string; 1: an error object {code, path, message}),
// mtr_out_ptr/mtr_out_len for that text, mtr_bytes_ptr/mtr_bytes_len for the JSON array of
// bytes pointers of the last successful call.
package wasm

import (
	"context"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/placeholders"
)

//go:embed mcp_tool_result.wasm
var module []byte

// Error is a failure the core reported, as its error object.
type Error struct {
	Code    string `json:"code"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + " at " + e.Path + ": " + e.Message }

// Engine compiles the module once, on first use, and keeps a free list of instances: an
// instance (its linear memory) serves one call at a time, and calls on distinct instances run
// in parallel.
type Engine struct {
	cacheDir string
	once     sync.Once
	err      error
	runtime  wazero.Runtime
	compiled wazero.CompiledModule
	free     chan *instance
}

// New returns an engine whose compiled code is cached in cacheDir ("" keeps it in memory).
func New(cacheDir string) *Engine {
	return &Engine{cacheDir: cacheDir, free: make(chan *instance, runtime.GOMAXPROCS(0))}
}

// DefaultCacheDir is where the compiled module is cached across processes: a folder of the
// user cache directory, or "" (memory only) when there is none.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mcp-tool-result", "wazero")
}

func (e *Engine) init() error {
	e.once.Do(func() {
		ctx := context.Background()
		config := wazero.NewRuntimeConfig()
		if e.cacheDir != "" {
			// An unusable cache directory costs a compile per process, nothing else.
			if cache, err := wazero.NewCompilationCacheWithDir(e.cacheDir); err == nil {
				config = config.WithCompilationCache(cache)
			}
		}
		e.runtime = wazero.NewRuntimeWithConfig(ctx, config)
		e.compiled, e.err = e.runtime.CompileModule(ctx, module)
		if e.err != nil {
			e.err = fmt.Errorf("compiling the embedded core module: %w", e.err)
		}
	})
	return e.err
}

// Warm compiles the module (or loads it from the cache) and makes one instance, so the next
// call pays neither; it returns the error the first call would have met.
func (e *Engine) Warm() error {
	if err := e.init(); err != nil {
		return err
	}
	inst, err := e.get()
	if err != nil {
		return err
	}
	e.put(inst)
	return nil
}

// Convert runs mtr_convert: the Conversion JSON text and its bytes pointers, or an *Error.
func (e *Engine) Convert(input []byte, target string, options []byte) ([]byte, []string, error) {
	return e.call("mtr_convert", input, []byte(target), options)
}

// ExtractImages runs mtr_extract_images: the Extraction JSON text and its bytes pointers, or
// an *Error.
func (e *Engine) ExtractImages(input []byte, options []byte) ([]byte, []string, error) {
	return e.call("mtr_extract_images", input, nil, options)
}

// JSONPointer runs mtr_json_pointer: the core's JSON Pointer of tokens (outermost first), or
// an *Error.
func (e *Engine) JSONPointer(tokens []string) (string, error) {
	// A nil slice is a JSON array too, not null.
	text, err := json.Marshal(append([]string{}, tokens...))
	if err != nil {
		return "", err
	}
	out, _, err := e.call("mtr_json_pointer", text, nil, nil)
	if err != nil {
		return "", err
	}
	var pointer string
	if err := json.Unmarshal(out, &pointer); err != nil {
		return "", fmt.Errorf("reading the core module's pointer %q: %w", out, err)
	}
	return pointer, nil
}

func (e *Engine) call(name string, input, target, options []byte) ([]byte, []string, error) {
	if err := e.init(); err != nil {
		return nil, nil, err
	}
	inst, err := e.get()
	if err != nil {
		return nil, nil, err
	}
	out, bytes, err := inst.call(name, input, target, options)
	var coreErr *Error
	if err == nil || errors.As(err, &coreErr) {
		e.put(inst)
	} else {
		// A trap leaves the instance in an unknown state: drop it.
		_ = inst.mod.Close(context.Background())
	}
	return out, bytes, err
}

func (e *Engine) get() (*instance, error) {
	select {
	case inst := <-e.free:
		return inst, nil
	default:
		return newInstance(e.runtime, e.compiled)
	}
}

func (e *Engine) put(inst *instance) {
	select {
	case e.free <- inst:
	default:
		_ = inst.mod.Close(context.Background())
	}
}

// instance is one instantiated module with its exports looked up once.
type instance struct {
	mod                                     api.Module
	mem                                     api.Memory
	alloc, free, outPtr, outLen, bPtr, bLen api.Function
	convert, extract, pointer               api.Function
	convertLeaves, extractLeaves            api.Function
	stack                                   []uint64
}

func newInstance(r wazero.Runtime, compiled wazero.CompiledModule) (*instance, error) {
	// An empty name lets any number of instances of the module coexist.
	mod, err := r.InstantiateModule(context.Background(), compiled, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		return nil, fmt.Errorf("instantiating the core module: %w", err)
	}
	inst := &instance{
		mod: mod, mem: mod.Memory(), stack: make([]uint64, 8),
		// Optional exports: a module without them gets the whole input as text.
		convertLeaves: mod.ExportedFunction("mtr_convert_leaves"),
		extractLeaves: mod.ExportedFunction("mtr_extract_images_leaves"),
	}
	for _, f := range []struct {
		name string
		fn   *api.Function
	}{
		{"mtr_alloc", &inst.alloc}, {"mtr_free", &inst.free}, {"mtr_out_ptr", &inst.outPtr},
		{"mtr_out_len", &inst.outLen}, {"mtr_bytes_ptr", &inst.bPtr}, {"mtr_bytes_len", &inst.bLen},
		{"mtr_convert", &inst.convert}, {"mtr_extract_images", &inst.extract},
		{"mtr_json_pointer", &inst.pointer},
	} {
		if *f.fn = mod.ExportedFunction(f.name); *f.fn == nil {
			return nil, fmt.Errorf("the core module does not export %s", f.name)
		}
	}
	if inst.mem == nil {
		return nil, errors.New("the core module does not export its memory")
	}
	return inst, nil
}

// invoke calls fn with args, returning its first result.
func (inst *instance) invoke(fn api.Function, args ...uint64) (uint32, error) {
	stack := inst.stack[:max(len(args), 1)]
	copy(stack, args)
	if err := fn.CallWithStack(context.Background(), stack); err != nil {
		return 0, fmt.Errorf("the core module trapped: %w", err)
	}
	return uint32(stack[0]), nil
}

// call copies the arguments into one allocation of the module's memory, runs the function and
// copies its output out (the module reuses that memory on the next call). Long string values
// of the input travel as leaves (package placeholders): copied into the module beside the
// text, never scanned by its JSON parser and writer, and put back into the output from the
// input itself.
func (inst *instance) call(name string, input, target, options []byte) ([]byte, []string, error) {
	text, leaves := input, [][]byte(nil)
	if name != "mtr_json_pointer" && inst.convertLeaves != nil && inst.extractLeaves != nil {
		if split, found := placeholders.Split(input); found != nil {
			text, leaves = split, found
		}
	}
	n := uint64(len(text) + len(target) + len(options) + 8*len(leaves))
	for _, l := range leaves {
		n += uint64(len(l))
	}
	if n > math.MaxUint32 {
		return nil, nil, fmt.Errorf("arguments of %d bytes do not fit a 32-bit module", n)
	}
	ptr, err := inst.invoke(inst.alloc, max(n, 1))
	if err != nil {
		return nil, nil, err
	}
	if ptr == 0 {
		return nil, nil, fmt.Errorf("the core module has no memory left for %d bytes of arguments", n)
	}
	at, fits := ptr, true
	place := func(b []byte) uint64 {
		p := at
		fits = fits && inst.mem.Write(at, b)
		at += uint32(len(b))
		return uint64(p)
	}
	in, t, o := place(text), place(target), place(options)
	table := make([]byte, 8*len(leaves))
	for i, l := range leaves {
		binary.LittleEndian.PutUint32(table[8*i:], uint32(place(l)))
		binary.LittleEndian.PutUint32(table[8*i+4:], uint32(len(l)))
	}
	tab := place(table)
	if !fits {
		return nil, nil, errors.New("the core module's allocation is out of its memory")
	}
	var status uint32
	switch {
	case name == "mtr_json_pointer":
		status, err = inst.invoke(inst.pointer, in, uint64(len(text)))
	case name == "mtr_convert" && leaves == nil:
		status, err = inst.invoke(inst.convert, in, uint64(len(text)), t, uint64(len(target)), o, uint64(len(options)))
	case name == "mtr_convert":
		status, err = inst.invoke(inst.convertLeaves, in, uint64(len(text)), t, uint64(len(target)), o, uint64(len(options)), tab, uint64(len(leaves)))
	case leaves == nil:
		status, err = inst.invoke(inst.extract, in, uint64(len(text)), o, uint64(len(options)))
	default:
		status, err = inst.invoke(inst.extractLeaves, in, uint64(len(text)), o, uint64(len(options)), tab, uint64(len(leaves)))
	}
	if err != nil {
		return nil, nil, err
	}
	if _, err := inst.invoke(inst.free, uint64(ptr), max(n, 1)); err != nil {
		return nil, nil, err
	}
	view, err := inst.view(inst.outPtr, inst.outLen)
	if err != nil {
		return nil, nil, err
	}
	switch status {
	case 0:
	case 1:
		coreErr := &Error{}
		if err := json.Unmarshal(view, coreErr); err != nil {
			return nil, nil, fmt.Errorf("reading the core module's error %q: %w", view, err)
		}
		return nil, nil, coreErr
	default:
		return nil, nil, fmt.Errorf("the core module returned status %d", status)
	}
	out := view
	if leaves != nil {
		if out, err = placeholders.Join(view, leaves); err != nil {
			return nil, nil, err
		}
	}
	if len(out) == 0 || &out[0] == &view[0] {
		out = append([]byte(nil), out...) // still the module's memory
	}
	pointers, err := inst.view(inst.bPtr, inst.bLen)
	if err != nil || len(pointers) == 0 {
		return out, nil, err
	}
	var bytes []string
	if err := json.Unmarshal(pointers, &bytes); err != nil {
		return nil, nil, fmt.Errorf("reading the core module's bytes pointers %q: %w", pointers, err)
	}
	return out, bytes, nil
}

// view is the region named by the ptr and len exports in the module's memory, valid until the
// next call.
func (inst *instance) view(ptrFn, lenFn api.Function) ([]byte, error) {
	ptr, err := inst.invoke(ptrFn)
	if err != nil {
		return nil, err
	}
	n, err := inst.invoke(lenFn)
	if err != nil {
		return nil, err
	}
	view, ok := inst.mem.Read(ptr, n)
	if !ok {
		return nil, fmt.Errorf("the core module's output [%d, +%d) is out of its memory", ptr, n)
	}
	return view, nil
}
