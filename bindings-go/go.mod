module example.invalid/mcp-tool-result/bindings-go

go 1.25.5

require github.com/tetratelabs/wazero v1.12.0

require golang.org/x/sys v0.44.0 // indirect
