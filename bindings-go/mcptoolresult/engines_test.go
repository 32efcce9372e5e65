package mcptoolresult

import (
	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/wasm"
)

// testEngines are the backends this test binary can run side by side: wazero always, cgo in
// builds that link the static library (engines_cgo_test.go).
var testEngines = map[string]engine{"wazero": wazeroEngine{wasm.New(wasm.DefaultCacheDir())}}
