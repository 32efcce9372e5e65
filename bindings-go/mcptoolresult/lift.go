package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// decodeJSON parses JSON text written by the core into map[string]any, []any, string,
// json.Number, bool and nil. Strings without escapes alias data instead of being copied (a
// 5 MiB payload costs one scan), so data must never change afterwards.
func decodeJSON(data []byte) (any, error) {
	d := decoder{data: data}
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	if d.skipSpace(); d.pos != len(d.data) {
		return nil, d.errorf("trailing data")
	}
	return v, nil
}

// errorf is an error about the core's output.
func errorf(format string, args ...any) error {
	return fmt.Errorf("mcptoolresult: "+format, args...)
}

// members returns the raw JSON text of each member of the object data, aliasing data.
func members(data []byte) (map[string][]byte, error) {
	d := decoder{data: data}
	out := map[string][]byte{}
	if err := d.expect('{'); err != nil {
		return nil, err
	}
	if d.closes('}') {
		return out, nil
	}
	for {
		if err := d.expect('"'); err != nil {
			return nil, err
		}
		d.pos--
		key, err := d.string()
		if err != nil {
			return nil, err
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		d.skipSpace()
		start := d.pos
		if err := d.skip(); err != nil {
			return nil, err
		}
		out[key] = data[start:d.pos:d.pos]
		if d.closes('}') {
			return out, nil
		}
		if err := d.expect(','); err != nil {
			return nil, err
		}
	}
}

// skip moves past one value without building it.
func (d *decoder) skip() error {
	if d.pos >= len(d.data) {
		return d.errorf("unexpected end")
	}
	if c := d.data[d.pos]; c != '{' && c != '[' {
		if c == '"' {
			return d.skipString()
		}
		_, err := d.value()
		return err
	}
	depth := 0
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case '"':
			if err := d.skipString(); err != nil {
				return err
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				d.pos++
				return nil
			}
		}
		d.pos++
	}
	return d.errorf("unexpected end")
}

// skipString moves past a string literal starting at its opening quote.
func (d *decoder) skipString() error {
	for d.pos++; ; {
		i := bytes.IndexAny(d.data[d.pos:], `"\`)
		if i < 0 {
			return d.errorf("unterminated string")
		}
		d.pos += i
		if d.data[d.pos] == '"' {
			d.pos++
			return nil
		}
		d.pos += 2
	}
}

type decoder struct {
	data []byte
	pos  int
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("decoding the core's output at byte %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) && (d.data[d.pos] == ' ' || d.data[d.pos] == '\n' || d.data[d.pos] == '\r' || d.data[d.pos] == '\t') {
		d.pos++
	}
}

func (d *decoder) value() (any, error) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return nil, d.errorf("unexpected end")
	}
	switch c := d.data[d.pos]; c {
	case '{':
		return d.object()
	case '[':
		return d.array()
	case '"':
		return d.string()
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	}
	start := d.pos
	for d.pos < len(d.data) && bytes.IndexByte([]byte("+-.0123456789eE"), d.data[d.pos]) >= 0 {
		d.pos++
	}
	if d.pos == start {
		return nil, d.errorf("unexpected %q", d.data[d.pos])
	}
	return json.Number(d.data[start:d.pos]), nil
}

func (d *decoder) literal(word string) error {
	if !bytes.HasPrefix(d.data[d.pos:], []byte(word)) {
		return d.errorf("expected %s", word)
	}
	d.pos += len(word)
	return nil
}

// expect skips space and consumes c.
func (d *decoder) expect(c byte) error {
	d.skipSpace()
	if d.pos >= len(d.data) || d.data[d.pos] != c {
		return d.errorf("expected %q", c)
	}
	d.pos++
	return nil
}

// closes skips space and consumes end if it is next.
func (d *decoder) closes(end byte) bool {
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == end {
		d.pos++
		return true
	}
	return false
}

func (d *decoder) object() (map[string]any, error) {
	d.pos++
	m := map[string]any{}
	if d.closes('}') {
		return m, nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, d.errorf("expected a key")
		}
		key, err := d.string()
		if err != nil {
			return nil, err
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		if m[key], err = d.value(); err != nil {
			return nil, err
		}
		if d.closes('}') {
			return m, nil
		}
		if err := d.expect(','); err != nil {
			return nil, err
		}
	}
}

func (d *decoder) array() ([]any, error) {
	d.pos++
	items := []any{}
	if d.closes(']') {
		return items, nil
	}
	for {
		item, err := d.value()
		if err != nil {
			return nil, err
		}
		items = append(items, item)
		if d.closes(']') {
			return items, nil
		}
		if err := d.expect(','); err != nil {
			return nil, err
		}
	}
}

// string reads a string literal starting at its opening quote.
func (d *decoder) string() (string, error) {
	d.pos++
	rest := d.data[d.pos:]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return "", d.errorf("unterminated string")
	}
	if bytes.IndexByte(rest[:end], '\\') < 0 {
		d.pos += end + 1
		return unsafe.String(unsafe.SliceData(rest), end), nil
	}
	var out []byte
	for {
		i := bytes.IndexAny(d.data[d.pos:], `"\`)
		if i < 0 {
			return "", d.errorf("unterminated string")
		}
		out = append(out, d.data[d.pos:d.pos+i]...)
		d.pos += i
		if d.data[d.pos] == '"' {
			d.pos++
			return string(out), nil
		}
		r, err := d.escape()
		if err != nil {
			return "", err
		}
		out = utf8.AppendRune(out, r)
	}
}

// escape reads one escape sequence starting at its backslash.
func (d *decoder) escape() (rune, error) {
	if d.pos+1 >= len(d.data) {
		return 0, d.errorf("truncated escape")
	}
	c := d.data[d.pos+1]
	d.pos += 2
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := d.hex4()
		if err != nil || !utf16.IsSurrogate(r) {
			return r, err
		}
		if bytes.HasPrefix(d.data[d.pos:], []byte(`\u`)) {
			d.pos += 2
			low, err := d.hex4()
			if err != nil {
				return 0, err
			}
			return utf16.DecodeRune(r, low), nil
		}
		return utf8.RuneError, nil
	}
	return 0, d.errorf("invalid escape \\%c", c)
}

func (d *decoder) hex4() (rune, error) {
	if d.pos+4 > len(d.data) {
		return 0, d.errorf("truncated \\u escape")
	}
	v, err := strconv.ParseUint(string(d.data[d.pos:d.pos+4]), 16, 16)
	if err != nil {
		return 0, d.errorf("invalid \\u escape")
	}
	d.pos += 4
	return rune(v), nil
}
