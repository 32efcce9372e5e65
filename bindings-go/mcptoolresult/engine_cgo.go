//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/ffi"
	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/placeholders"
)

// cgoEngine calls the Rust static library through the generated UniFFI layer. The input is
// borrowed by the core for the call. The answer (one String, passed as the return buffer
// itself) names each long string the output shares with the input as a leaf, by its range of
// the input (package placeholders), so a payload is copied once: from the input into the
// output Go assembles.
type cgoEngine struct{}

func (cgoEngine) convert(input []byte, target string, options []byte) (coreOutput, error) {
	out, err := ffi.Convert(input, target, bytesString(options))
	if err != nil {
		return coreOutput{}, cgoError(err)
	}
	return cgoAnswer(stringBytes(out), input)
}

func (cgoEngine) extractImages(input []byte, options []byte) (coreOutput, error) {
	out, err := ffi.ExtractImages(input, bytesString(options))
	if err != nil {
		return coreOutput{}, cgoError(err)
	}
	return cgoAnswer(stringBytes(out), input)
}

func (cgoEngine) jsonPointer(tokens []string) (string, error) {
	pointer, err := ffi.JSONPointer(tokens)
	if err != nil {
		return "", cgoError(err)
	}
	return pointer, nil
}

// warm has nothing to do: the library is linked in.
func (cgoEngine) warm() error { return nil }

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

// cgoAnswer reads the core's answer: the JSON text (compact, so without a newline), then,
// each after a newline, the bytes pointers and the leaf table (offset and length in input of
// each leaf, in one flat array).
func cgoAnswer(answer, input []byte) (coreOutput, error) {
	cut := bytes.LastIndexByte(answer, '\n')
	mid := bytes.LastIndexByte(answer[:max(cut, 0)], '\n')
	if mid < 0 {
		return coreOutput{}, internalError("the core's answer has no bytes pointer list and leaf table")
	}
	var leaves [][]byte
	if table := answer[cut+1:]; len(table) > 2 {
		var err error
		if leaves, err = leafTable(table, input); err != nil {
			return coreOutput{}, err
		}
	}
	text, err := placeholders.Join(answer[:mid], leaves)
	if err != nil {
		return coreOutput{}, internalError(err.Error())
	}
	result := coreOutput{text: text}
	if pointers := answer[mid+1 : cut]; len(pointers) > 2 {
		if err := json.Unmarshal(pointers, &result.bytes); err != nil {
			return coreOutput{}, internalError("reading the core's bytes pointers: " + err.Error())
		}
	}
	return result, nil
}

// leafTable reads the core's leaf table, offset and length of each leaf in one flat JSON
// array of integers, as sub-slices of input.
func leafTable(text, input []byte) ([][]byte, error) {
	fields := bytes.TrimSuffix(bytes.TrimPrefix(text, []byte("[")), []byte("]"))
	leaves := make([][]byte, 0, (bytes.Count(fields, []byte(","))+1)/2)
	for len(fields) > 0 {
		var offset, length []byte
		offset, fields, _ = bytes.Cut(fields, []byte(","))
		length, fields, _ = bytes.Cut(fields, []byte(","))
		start, err1 := strconv.Atoi(string(offset))
		n, err2 := strconv.Atoi(string(length))
		if err1 != nil || err2 != nil || start < 0 || n < 0 || start+n > len(input) {
			return nil, internalError(fmt.Sprintf("the core's leaf table %.40q names no range of the input", text))
		}
		leaves = append(leaves, input[start:start+n])
	}
	return leaves, nil
}
