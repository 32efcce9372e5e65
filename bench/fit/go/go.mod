module example.invalid/mcp-tool-result/bench-fit

go 1.26.0

require (
	example.invalid/mcp-tool-result/bindings-go v0.0.0
	golang.org/x/image v0.48.0
)

require (
	github.com/tetratelabs/wazero v1.12.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace example.invalid/mcp-tool-result/bindings-go => ../../../bindings-go
