module example.invalid/consumer

go 1.25.5

require example.invalid/mcp-tool-result/bindings-go v0.0.0

replace example.invalid/mcp-tool-result/bindings-go => ../
