module example.invalid/mcp-tool-result/bindings-go/copilotsdk

go 1.25.5

require (
	example.invalid/mcp-tool-result/bindings-go v0.0.0
	github.com/github/copilot-sdk/go v1.0.11
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/ebitengine/purego v0.10.1 // indirect
	github.com/go-logr/logr v1.4.3 // indirect
	github.com/go-logr/stdr v1.2.2 // indirect
	github.com/google/jsonschema-go v0.4.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/tetratelabs/wazero v1.12.0 // indirect
	go.opentelemetry.io/auto/sdk v1.1.0 // indirect
	go.opentelemetry.io/otel v1.35.0 // indirect
	go.opentelemetry.io/otel/metric v1.35.0 // indirect
	go.opentelemetry.io/otel/trace v1.35.0 // indirect
	golang.org/x/sys v0.44.0 // indirect
)

// The binding in this repository; a published copy would require a released version.
replace example.invalid/mcp-tool-result/bindings-go => ../
