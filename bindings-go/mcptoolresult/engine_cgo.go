//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/ffi"
)

// cgoEngine calls the Rust static library through the generated UniFFI layer. The input is
// borrowed by the core for the call. The answer (one String, passed as the return buffer
// itself) names each long string the output shares with the input by its span of the input,
// so a payload is copied once: from the input into the output Go assembles.
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
	joined, err := joinSpans(text[:cut], input)
	if err != nil {
		return coreOutput{}, internalError(err.Error())
	}
	result := coreOutput{text: joined}
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
	text, err := joinSpans(stringBytes(out), input)
	if err != nil {
		return coreOutput{}, internalError(err.Error())
	}
	return coreOutput{text: text}, nil
}

func (cgoEngine) jsonPointer(tokens []string) (string, error) {
	pointer, err := ffi.JSONPointer(tokens)
	if err != nil {
		return "", cgoError(err)
	}
	return pointer, nil
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

// spanMark opens a span or a string starting with U+0000 in the core's text.
var spanMark = []byte(`"\u0000`)

// joinSpans writes text with each span "\u0000<offset>:<len>" replaced by those bytes of input
// (raw JSON string content, as the core wrote it) and the U+0000 doubled in front of any other
// string starting with U+0000 removed. The output is allocated once, at its final size.
func joinSpans(text, input []byte) ([]byte, error) {
	size, err := walkSpans(text, input, nil)
	if err != nil || size == len(text) {
		return text, err
	}
	out := make([]byte, 0, size)
	_, err = walkSpans(text, input, &out)
	return out, err
}

// walkSpans returns the size of the joined text, appending it to out when out is not nil.
func walkSpans(text, input []byte, out *[]byte) (int, error) {
	size := 0
	emit := func(b []byte) {
		size += len(b)
		if out != nil {
			*out = append(*out, b...)
		}
	}
	for {
		m := bytes.Index(text, spanMark)
		if m < 0 {
			emit(text)
			return size, nil
		}
		emit(text[:m+1])
		rest := text[m+len(spanMark):]
		switch {
		case m > 0 && text[m-1] == '\\':
			// An escaped quote inside a string, not the start of one.
			emit(spanMark[1:])
			text = rest
		case bytes.HasPrefix(rest, spanMark[1:]):
			text = rest // a doubled U+0000: keep the second
		default:
			end := bytes.IndexByte(rest, '"')
			offset, length, ok := strings.Cut(string(rest[:max(end, 0)]), ":")
			start, err1 := strconv.Atoi(offset)
			n, err2 := strconv.Atoi(length)
			if end < 0 || !ok || err1 != nil || err2 != nil || start < 0 || n < 0 || start+n > len(input) {
				return 0, fmt.Errorf("mcptoolresult: the core's text has a malformed span %.40q", text[m:])
			}
			emit(input[start : start+n])
			text = rest[end:]
		}
	}
}
