package ffi

// The Rust staticlib is linked by path relative to this directory, so the package links the
// same way from a replace directive, the read-only module cache and a vendor folder. One line
// per platform (linux/amd64 is committed; `make artifacts` rebuilds it), selected by the
// build constraints of ../../backend_cgo.go.

// #cgo CFLAGS: -I${SRCDIR}
// #cgo linux,amd64 LDFLAGS: ${SRCDIR}/../../lib/linux_amd64/libmcp_tool_result_ffi.a -lm -ldl -lpthread
import "C"

// Imported for `go mod vendor`, which copies only imported packages.
import _ "example.invalid/mcp-tool-result/bindings-go/mcptoolresult/lib/linux_amd64"
