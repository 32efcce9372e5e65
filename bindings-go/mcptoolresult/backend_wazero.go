//go:build mtr_wasm || (!mtr_native && !(cgo && linux && amd64))

package mcptoolresult

import "example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/wasm"

// Backend names the way this build runs the core: "cgo" (the Rust static library) or
// "wazero" (the embedded WebAssembly module).
const Backend = "wazero"

// The module is compiled on the first call, with its compiled code cached in the user cache
// directory so that later processes skip the compile.
var core engine = wazeroEngine{wasm.New(wasm.DefaultCacheDir())}
