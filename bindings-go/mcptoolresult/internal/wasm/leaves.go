package wasm

import (
	"bytes"
	"fmt"
	"strconv"
)

// leafMin is the shortest string value worth passing as a leaf: below it, moving the string
// through the module's JSON parser and writer costs less than the placeholders.
const leafMin = 1024

// leaf is one string value of the input passed beside the JSON text: content is its text
// (it has no escapes, so the JSON literal is the text itself).
type leaf struct {
	content []byte
}

// splitLeaves returns the input with every long string value without escapes replaced by the
// placeholder "\u0000<i>", and those strings; nil when there is none or when the input holds a
// string starting with U+0000 (which the leaves ABI reserves for placeholders).
func splitLeaves(input []byte) ([]byte, []leaf) {
	if len(input) < leafMin || bytes.Contains(input, []byte(`"\u0000`)) {
		return nil, nil
	}
	var out []byte
	var leaves []leaf
	last := 0
	for i := 0; i < len(input); {
		q := bytes.IndexByte(input[i:], '"')
		if q < 0 {
			break
		}
		start := i + q
		end := stringEnd(input, start)
		if end < 0 {
			return nil, nil // not JSON: the plain call reports it
		}
		i = end + 1
		content := input[start+1 : end]
		if len(content) < leafMin || bytes.IndexByte(content, '\\') >= 0 || isKey(input, i) {
			continue
		}
		if out == nil {
			out = make([]byte, 0, 1024)
		}
		out = append(out, input[last:start]...)
		out = append(out, `"\u0000`...)
		out = strconv.AppendInt(out, int64(len(leaves)), 10)
		out = append(out, '"')
		leaves = append(leaves, leaf{content: content})
		last = i
	}
	if leaves == nil {
		return nil, nil
	}
	return append(out, input[last:]...), leaves
}

// stringEnd is the index of the quote closing the string literal opened at start, or -1.
func stringEnd(data []byte, start int) int {
	for i := start + 1; ; {
		q := bytes.IndexByte(data[i:], '"')
		if q < 0 {
			return -1
		}
		i += q
		backslashes := 0
		for j := i - 1; j > start && data[j] == '\\'; j-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return i
		}
		i++
	}
}

// isKey reports whether the string that ended just before at is an object key.
func isKey(data []byte, at int) bool {
	for ; at < len(data); at++ {
		switch data[at] {
		case ' ', '\t', '\n', '\r':
			continue
		case ':':
			return true
		}
		return false
	}
	return false
}

// joinLeaves writes text with each placeholder "\u0000<i>" replaced by leaf i's literal.
func joinLeaves(text []byte, leaves []leaf) ([]byte, error) {
	size := len(text)
	for _, l := range leaves {
		size += len(l.content)
	}
	out := make([]byte, 0, size)
	marker := []byte(`"\u0000`)
	for {
		m := bytes.Index(text, marker)
		if m < 0 {
			return append(out, text...), nil
		}
		if m > 0 && text[m-1] == '\\' {
			// An escaped quote inside a string, not the start of one.
			out = append(out, text[:m+1]...)
			text = text[m+1:]
			continue
		}
		digits := text[m+len(marker):]
		end := bytes.IndexByte(digits, '"')
		n, err := strconv.Atoi(string(digits[:max(end, 0)]))
		if end < 0 || err != nil || n < 0 || n >= len(leaves) {
			return nil, fmt.Errorf("the core module's output has a string starting with U+0000 that names no leaf: %.40q", text[m:])
		}
		out = append(out, text[:m+1]...)
		out = append(out, leaves[n].content...)
		out = append(out, '"')
		text = digits[end+1:]
	}
}
