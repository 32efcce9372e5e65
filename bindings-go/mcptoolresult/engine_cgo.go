//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/ffi"
)

// cgoEngine calls the Rust static library through the generated UniFFI layer. The input is
// borrowed by the core for the call; the answer (the core's String, passed as the return
// buffer itself) is copied once out of Rust's memory.
type cgoEngine struct{}

func (cgoEngine) convert(input []byte, target string, options []byte) (coreOutput, error) {
	out, err := ffi.Convert(input, target, bytesString(options))
	if err != nil {
		return coreOutput{}, cgoError(err)
	}
	// The Conversion text, a newline (the compact text has none) and the bytes pointers.
	text := stringBytes(out)
	cut := bytes.LastIndexByte(text, '\n')
	if cut < 0 {
		return coreOutput{}, internalError("the core's answer has no bytes pointer list")
	}
	result := coreOutput{text: text[:cut:cut]}
	if pointers := text[cut+1:]; len(pointers) > 2 {
		if err := json.Unmarshal(pointers, &result.bytes); err != nil {
			return coreOutput{}, internalError("reading the core's bytes pointers: " + err.Error())
		}
	}
	return result, nil
}

func (cgoEngine) extractImages(input []byte, options []byte) (coreOutput, error) {
	out, err := ffi.ExtractImages(input, bytesString(options))
	if err != nil {
		return coreOutput{}, cgoError(err)
	}
	return coreOutput{text: stringBytes(out)}, nil
}

// bytesString views b as a string for the length of a call (the core only reads it).
func bytesString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// stringBytes views a string the generated layer just copied out of Rust, and that nothing
// else holds, as the private bytes of a coreOutput.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// cgoError maps an error of the generated layer to a *ConvertError.
func cgoError(err error) error {
	switch e := err.(type) {
	case *ffi.ConvertErrorInvalidInput:
		return coreError(e.Code, e.Path, e.Message)
	case *ffi.ConvertErrorNotFinal:
		return coreError(e.Code, e.Path, e.Message)
	case *ffi.ConvertErrorUsage:
		return coreError(e.Code, e.Path, e.Message)
	case *ffi.ConvertErrorInternal:
		return coreError(e.Code, e.Path, e.Message)
	}
	return internalError(err.Error())
}
