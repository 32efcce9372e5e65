package mcptoolresult

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// marshaler has MarshalJSON on its pointer, as go-sdk's content types do.
type marshaler struct{ Text string }

func (m *marshaler) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"type": "text", "text": m.Text})
}

// lower writes what encoding/json writes, number literals included. Each value is wrapped in
// an object: at the top level, strings and byte slices are JSON text already.
func TestLowerMatchesEncodingJSON(t *testing.T) {
	type block struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	values := []any{
		nil, true, false, "", "plain", "quote \" backslash \\ slash / tab \t nl \n cr \r bell \x07 nul \x00",
		"héllo wörld ✓ 😀 \u2028 <&>", strings.Repeat("abcdefgh", 40) + "\"", strings.Repeat("é", 9),
		0.0, math.Copysign(0, -1), 1.0, -2.5, 0.1, 1e20, 1e21, 1.5e300, 1e-6, 1e-7, 123456789.125, math.MaxFloat64,
		float32(0.1), float32(1e21), float32(1e-7), 0, -7, int64(math.MinInt64), int32(5), uint64(math.MaxUint64),
		int8(-3), uint16(9), json.Number("12345678901234567890123"), json.RawMessage(`{"x":[1,2]}`),
		[]byte("\x00\x01binary"), []byte(nil), map[string]any(nil), []any(nil),
		map[string]any{"b": 1.0, "a": []any{"x", map[string]any{"z": nil, "y": true}}, "": "empty key", "~/": 0.5},
		[]map[string]any{{"type": "text", "text": "t"}},
		map[string]any{"content": []block{{"text", "typed"}}, "n": map[string]int{"k": 1}},
		&marshaler{Text: "typed"}, (*marshaler)(nil),
		marshaler{Text: "a value: its MarshalJSON has a pointer receiver"},
	}
	for _, value := range values {
		v := map[string]any{"v": value}
		got, err := lower(v)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(exact(t, got), exact(t, want.Bytes())) {
			t.Errorf("%#v:\ngot  %s\nwant %s", v, got, want.Bytes())
		}
	}
}

// exact decodes JSON keeping number literals as written.
func exact(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return v
}

func TestJSONInputsAreNotCopied(t *testing.T) {
	input := []byte(`{"content":[]}`)
	got, _ := lower(input)
	if &got[0] != &input[0] {
		t.Fatal("[]byte input was copied")
	}
}

// Bytes that are not UTF-8 reach the core as lone surrogates: replaced and reported.
func TestInvalidUTF8IsReported(t *testing.T) {
	conv, err := Convert(map[string]any{"content": []any{map[string]any{"type": "text", "text": "a\xffb"}}}, TargetMCP, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(conv.Output, []byte("a\uFFFDb")) {
		t.Errorf("output %s", conv.Output)
	}
	if len(conv.Diagnostics) != 1 || conv.Diagnostics[0].Code != "lone_surrogate" || conv.Diagnostics[0].Path != "/content/0/text" || conv.Diagnostics[0].Kind != Repair {
		t.Errorf("diagnostics %+v", conv.Diagnostics)
	}
}

func TestHostileInputs(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["content"] = []any{cyclic}
	loop := []any{nil}
	loop[0] = loop
	type node struct{ Next *node }
	ring := &node{}
	ring.Next = ring
	for _, c := range []struct {
		name  string
		input any
		code  string
		path  string
	}{
		{"cyclic map", cyclic, "too_deep", "/content/0" + strings.Repeat("/content/0", 255)},
		{"cyclic slice", map[string]any{"content": loop}, "too_deep", "/content" + strings.Repeat("/0", 511)},
		{"channel", map[string]any{"content": []any{make(chan int)}}, "unsupported_value", "/content/0"},
		{"func", func() {}, "unsupported_value", ""},
		{"NaN", map[string]any{"structuredContent": map[string]any{"x": math.NaN()}}, "unsupported_value", "/structuredContent/x"},
		{"pointer cycle", map[string]any{"structuredContent": ring}, "unsupported_value", "/structuredContent"},
		{"escaped key", map[string]any{"a/b~c": math.Inf(1)}, "unsupported_value", "/a~1b~0c"},
		{"key not UTF-8", map[string]any{"a\xff": math.Inf(1)}, "unsupported_value", "/a\uFFFD"},
	} {
		_, err := Convert(c.input, TargetCopilot, Options{})
		var ce *ConvertError
		if !errors.As(err, &ce) || ce.Code != c.code || ce.Path != c.path || !errors.Is(err, ErrInvalidInput) {
			t.Errorf("%s: got %v", c.name, err)
		}
	}
}

// The depth limit of the map door is the core's, with the same error path.
func TestDepthLimitMatchesTheCore(t *testing.T) {
	nest := func(levels int) (any, string) {
		var v any = []any{}
		for i := 1; i < levels; i++ {
			v = []any{v}
		}
		doc := map[string]any{"content": []any{}, "structuredContent": v}
		text, _ := json.Marshal(doc)
		return doc, string(text)
	}
	ok, _ := nest(maxDepth - 1) // plus the top-level object
	if _, err := Convert(ok, TargetMCP, Options{}); err != nil {
		t.Fatalf("%d levels: %v", maxDepth, err)
	}
	deep, text := nest(maxDepth)
	_, mapErr := Convert(deep, TargetMCP, Options{})
	_, jsonErr := Convert(text, TargetMCP, Options{})
	var a, b *ConvertError
	if !errors.As(mapErr, &a) || !errors.As(jsonErr, &b) || a.Code != "too_deep" || a.Code != b.Code || a.Path != b.Path {
		t.Fatalf("map door %v, JSON door %v", mapErr, jsonErr)
	}
}
