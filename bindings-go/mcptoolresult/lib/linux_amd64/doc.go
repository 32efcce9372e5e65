// Package linux_amd64 holds libmcp_tool_result_ffi.a for linux/amd64, committed with its stamp
// and rebuilt by `make artifacts`.
//
// This Go file exists so that `go mod vendor` keeps the directory: it drops folders without
// Go files, and the library would vanish from vendored builds.
package linux_amd64
