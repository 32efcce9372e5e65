//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

// Backend names the way this build runs the core: "cgo" (the Rust static library) or
// "wazero" (the embedded WebAssembly module).
const Backend = "cgo"

var core engine = cgoEngine{}
