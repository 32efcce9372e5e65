package mcptoolresult

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/facts"
)

// maxDepth is the core's nesting limit; lowering stops there, so cyclic maps and slices end
// in a too_deep error instead of running forever.
var maxDepth = facts.Of.MaxDepth

// lower turns result into the JSON text the core parses. JSON given as []byte, json.RawMessage
// or string is passed as is, without a copy (the core only reads it during the call). Maps and
// slices of the dynamic JSON types are written directly; any other value goes through
// encoding/json.
func lower(result any) ([]byte, error) {
	switch v := result.(type) {
	case []byte:
		return v, nil
	case json.RawMessage:
		return v, nil
	case string:
		return unsafe.Slice(unsafe.StringData(v), len(v)), nil
	}
	budget := sizeHintBudget
	e := encoder{buf: make([]byte, 0, max(256, sizeHint(result, 0, &budget)))}
	if err := e.value(result, 0); err != nil {
		return nil, err
	}
	return e.buf, nil
}

// sizeHintBudget bounds the values sizeHint looks at, so a cyclic map costs little before the
// encoder reports it.
const sizeHintBudget = 4096

// sizeHint estimates the JSON length of v from its strings and byte slices, so that the buffer
// of a result holding a large payload is allocated once instead of grown by copying. Values it
// cannot size cheaply count for a few bytes.
func sizeHint(v any, depth int, budget *int) int {
	if *budget--; *budget < 0 || depth > maxDepth {
		return 0
	}
	switch v := v.(type) {
	case string:
		return len(v) + 2
	case []byte:
		return base64.StdEncoding.EncodedLen(len(v)) + 2
	case map[string]any:
		n := 2
		for k, item := range v {
			n += len(k) + 4 + sizeHint(item, depth+1, budget)
		}
		return n
	case []any:
		n := 2
		for _, item := range v {
			n += 1 + sizeHint(item, depth+1, budget)
		}
		return n
	case []map[string]any:
		n := 2
		for _, item := range v {
			n += 1 + sizeHint(item, depth+1, budget)
		}
		return n
	}
	return 8
}

// encoder writes JSON the way encoding/json does (sorted map keys, the same number format),
// tracking the JSON Pointer of the value being written for errors.
type encoder struct {
	buf  []byte
	path []string
}

func (e *encoder) value(v any, depth int) error {
	switch v := v.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case bool:
		e.buf = strconv.AppendBool(e.buf, v)
	case string:
		e.buf = appendString(e.buf, v)
	case float64:
		return e.float(v, 64)
	case float32:
		return e.float(float64(v), 32)
	case int:
		e.buf = strconv.AppendInt(e.buf, int64(v), 10)
	case int64:
		e.buf = strconv.AppendInt(e.buf, v, 10)
	case int32:
		e.buf = strconv.AppendInt(e.buf, int64(v), 10)
	case uint64:
		e.buf = strconv.AppendUint(e.buf, v, 10)
	case []byte:
		if v == nil {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		e.buf = append(e.buf, '"')
		e.buf = base64.StdEncoding.AppendEncode(e.buf, v)
		e.buf = append(e.buf, '"')
	case map[string]any:
		return e.object(v, depth+1)
	case []any:
		if err := e.open(depth + 1); err != nil {
			return err
		}
		return array(e, v, depth+1)
	case []map[string]any:
		if err := e.open(depth + 1); err != nil {
			return err
		}
		return array(e, v, depth+1)
	default:
		return e.marshal(v)
	}
	return nil
}

// open checks the depth of a container about to be written.
func (e *encoder) open(depth int) error {
	if depth > maxDepth {
		return e.fail("too_deep", "nesting deeper than "+strconv.Itoa(maxDepth)+" levels (a cycle?)")
	}
	return nil
}

func (e *encoder) object(m map[string]any, depth int) error {
	if err := e.open(depth); err != nil {
		return err
	}
	if m == nil {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	var small [8]string
	keys := small[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.buf = append(e.buf, '{')
	for i, k := range keys {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.buf = appendString(e.buf, k)
		e.buf = append(e.buf, ':')
		e.path = append(e.path, k)
		if err := e.value(m[k], depth); err != nil {
			return err
		}
		e.path = e.path[:len(e.path)-1]
	}
	e.buf = append(e.buf, '}')
	return nil
}

func array[T any](e *encoder, items []T, depth int) error {
	if items == nil {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	e.buf = append(e.buf, '[')
	for i, item := range items {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.path = append(e.path, strconv.Itoa(i))
		if err := e.value(item, depth); err != nil {
			return err
		}
		e.path = e.path[:len(e.path)-1]
	}
	e.buf = append(e.buf, ']')
	return nil
}

// float writes f as encoding/json does: shortest round-trip digits, exponent form only for
// very small or large magnitudes.
func (e *encoder) float(f float64, bits int) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return e.fail("unsupported_value", "JSON cannot carry "+strconv.FormatFloat(f, 'g', -1, bits))
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	e.buf = strconv.AppendFloat(e.buf, f, format, -1, bits)
	if n := len(e.buf); format == 'e' && n >= 4 && e.buf[n-4] == 'e' && e.buf[n-3] == '-' && e.buf[n-2] == '0' {
		e.buf[n-2] = e.buf[n-1] // 1e-07 → 1e-7
		e.buf = e.buf[:n-1]
	}
	return nil
}

// marshal writes any other value with encoding/json (structs, typed maps, pointers). A
// json.Marshaler's output is taken as is: encoding/json would re-scan it to compact it (for a
// go-sdk result with a 5 MiB image, most of the cost), and the core validates the document.
func (e *encoder) marshal(v any) error {
	var data []byte
	var err error
	if m, ok := v.(json.Marshaler); ok && !isNilPointer(v) {
		data, err = m.MarshalJSON()
	} else {
		data, err = json.Marshal(v)
	}
	if err != nil {
		return e.fail("unsupported_value", "cannot encode the value as JSON: "+err.Error())
	}
	e.buf = append(e.buf, data...)
	return nil
}

// isNilPointer reports whether v is a nil pointer, which encoding/json writes as null without
// calling its MarshalJSON.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// fail is the error with code and message at the value being written, its path the core's
// JSON Pointer of e.path (keys that are not UTF-8 with U+FFFD, as the core reads them).
func (e *encoder) fail(code, message string) error {
	tokens := make([]string, len(e.path))
	for i, token := range e.path {
		tokens[i] = strings.ToValidUTF8(token, "\uFFFD")
	}
	path, err := core.jsonPointer(tokens)
	if err != nil {
		return err
	}
	return inputError(code, path, message)
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	hex   = "0123456789abcdef"
)

// special8 has the high bit of a byte set for every byte of the 8 in x (little-endian) that
// may need escaping: non-ASCII, control characters, '"' and '\\' (and no false negatives).
func special8(x uint64) uint64 {
	ctl := (x - ones*0x20) &^ x
	q := x ^ (ones * '"')
	bs := x ^ (ones * '\\')
	return (x | ctl | ((q - ones) &^ q) | ((bs - ones) &^ bs)) & highs
}

// appendString writes s as a JSON string. Bytes that are not UTF-8 become lone-surrogate
// escapes U+DC80..U+DCFF (as Python's surrogateescape), which the core replaces by U+FFFD and
// reports as lone_surrogate.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	raw := unsafe.Slice(unsafe.StringData(s), len(s))
	start, i := 0, 0
	for i < len(s) {
		for i+32 <= len(s) && special8(binary.LittleEndian.Uint64(raw[i:]))|
			special8(binary.LittleEndian.Uint64(raw[i+8:]))|
			special8(binary.LittleEndian.Uint64(raw[i+16:]))|
			special8(binary.LittleEndian.Uint64(raw[i+24:])) == 0 {
			i += 32
		}
		for i+8 <= len(s) && special8(binary.LittleEndian.Uint64(raw[i:])) == 0 {
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			prefix := `\u00`
			if c >= utf8.RuneSelf {
				prefix = `\udc`
			}
			b = append(b, prefix...)
			b = append(b, hex[c>>4], hex[c&0xf])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
