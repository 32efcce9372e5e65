package mcptoolresult

import (
	"errors"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/wasm"
)

// wazeroEngine runs the embedded WebAssembly module (pure Go).
type wazeroEngine struct {
	e *wasm.Engine
}

func (w wazeroEngine) convert(input []byte, target string, options []byte) (coreOutput, error) {
	text, bytes, err := w.e.Convert(input, target, options)
	return coreOutput{text: text, bytes: bytes}, wazeroError(err)
}

func (w wazeroEngine) extractImages(input []byte, options []byte) (coreOutput, error) {
	text, bytes, err := w.e.ExtractImages(input, options)
	return coreOutput{text: text, bytes: bytes}, wazeroError(err)
}

func (w wazeroEngine) jsonPointer(tokens []string) (string, error) {
	pointer, err := w.e.JSONPointer(tokens)
	return pointer, wazeroError(err)
}

func (w wazeroEngine) warm() error {
	return wazeroError(w.e.Warm())
}

func wazeroError(err error) error {
	if err == nil {
		return nil
	}
	var e *wasm.Error
	if errors.As(err, &e) {
		return coreError(e.Code, e.Path, e.Message)
	}
	return internalError(err.Error())
}
