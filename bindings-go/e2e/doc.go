// Package e2e is the Go end-to-end suite of mcp-tool-result: real MCP results (from
// @modelcontextprotocol/server-everything and from the go-sdk server in ./mcpserver), converted
// by the Go binding and sent through the official Go provider SDKs to the suite's capture server
// (conformance/e2e). It is a module of its own, so the SDKs never enter the binding's go.mod.
// The README snippets live in snippets.go; the tests run them. `make e2e` runs `go test` here.
package e2e
