module example.invalid/consumer

go 1.25.5

require example.invalid/mcp-tool-result/bindings-go v0.0.0

require (
	github.com/tetratelabs/wazero v1.12.0 // indirect
	golang.org/x/sys v0.44.0 // indirect
)

replace example.invalid/mcp-tool-result/bindings-go => ../
