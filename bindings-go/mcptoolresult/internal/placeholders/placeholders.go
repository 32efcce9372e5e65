// Package placeholders is the Go side of the core's placeholder protocol (the grammar is in
// core/src/private/placeholders.rs): long strings travel beside the JSON text as "leaves", the
// text holding the placeholder string "\u0000<i>" for leaf i, and a string of the core's text
// that starts with U+0000 but is not a placeholder has a second U+0000 in front. Both backends
// read the core's answer with Join: on wazero the leaves are the ones Split took out of the
// input, on cgo the ones the core names by their ranges of the input.
package placeholders

import (
	"bytes"
	"fmt"
	"strconv"
)

// leafMin is the shortest string value worth passing as a leaf: below it, moving the string
// through the core's JSON parser and writer costs less than the placeholder.
const leafMin = 1024

// mark opens a placeholder or an escaped string in JSON text: a quote, then U+0000.
var mark = []byte(`"\u0000`)

// Split returns the input with every long string value without escapes replaced by the
// placeholder of its index, and those strings (sub-slices of input: a string without escapes
// is its own JSON literal); nil when there is none or when the input holds a string starting
// with U+0000 (which would need escaping).
func Split(input []byte) ([]byte, [][]byte) {
	if len(input) < leafMin || bytes.Contains(input, mark) {
		return nil, nil
	}
	var out []byte
	var leaves [][]byte
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
		out = append(out, mark...)
		out = strconv.AppendInt(out, int64(len(leaves)), 10)
		out = append(out, '"')
		leaves = append(leaves, content)
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

// Join returns the core's compact JSON text with each placeholder replaced by its leaf's
// literal and each escaped string's first U+0000 removed: a new slice, allocated once, or
// text itself when it holds neither.
func Join(text []byte, leaves [][]byte) ([]byte, error) {
	m := bytes.Index(text, mark)
	if m < 0 {
		return text, nil
	}
	size := len(text)
	for _, l := range leaves {
		size += len(l)
	}
	out := make([]byte, 0, size)
	for ; m >= 0; m = bytes.Index(text, mark) {
		out = append(out, text[:m+1]...)
		rest := text[m+len(mark):]
		switch {
		case m > 0 && text[m-1] == '\\':
			// An escaped quote inside a string, not the start of one.
			out = append(out, mark[1:]...)
			text = rest
		case bytes.HasPrefix(rest, mark[1:]):
			text = rest // an escaped string: its second U+0000 stays
		default:
			end := bytes.IndexByte(rest, '"')
			i, ok := index(rest[:max(end, 0)])
			if end < 0 || !ok || i >= len(leaves) {
				return nil, fmt.Errorf("the core's text has a string starting with U+0000 that names no leaf: %.40q", text[m:])
			}
			out = append(out, leaves[i]...)
			text = rest[end:]
		}
	}
	return append(out, text...), nil
}

// index reads a leaf index: decimal digits without a leading zero (the core writes no other).
func index(digits []byte) (int, bool) {
	if len(digits) == 0 || len(digits) > 9 || (digits[0] == '0' && len(digits) > 1) {
		return 0, false
	}
	n := 0
	for _, d := range digits {
		if d < '0' || d > '9' {
			return 0, false
		}
		n = n*10 + int(d-'0')
	}
	return n, true
}
