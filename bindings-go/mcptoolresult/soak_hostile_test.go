package mcptoolresult

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"unsafe"
)

// soakTally counts the outcomes of hostile calls; an error that is not a *ConvertError, or a
// panic, fails the test.
type soakTally struct {
	t                              *testing.T
	inputs, results, convertErrors int
}

func (s *soakTally) call(what string, fn func() (any, error)) {
	s.inputs++
	defer func() {
		if p := recover(); p != nil {
			s.t.Errorf("%s: panic %v", what, p)
		}
	}()
	_, err := fn()
	if err == nil {
		s.results++
		return
	}
	var ce *ConvertError
	if !errors.As(err, &ce) {
		s.t.Errorf("%s: %T %v, not a *ConvertError", what, err, err)
		return
	}
	s.convertErrors++
}

type hostileItem struct {
	From    string         `json:"from"`
	Kind    string         `json:"kind"`
	Op      string         `json:"op"`
	Target  string         `json:"target"`
	Text    string         `json:"text"`
	Options map[string]any `json:"options"`
}

// The driver's mutated conformance inputs through the JSON-text doors ([]byte and string) and,
// where encoding/json parses them, through the value doors with options as Options when they
// fit the struct.
func TestSoakHostileMutated(t *testing.T) {
	var items []hostileItem
	if err := json.Unmarshal(driver(t, "hostile", "--count", fmt.Sprint(envInt(t, "SOAK_HOSTILE", 300)), "--seed", "13"), &items); err != nil {
		t.Fatal(err)
	}
	tally := &soakTally{t: t}
	for _, item := range items {
		data, err := base64.StdEncoding.DecodeString(item.Text)
		if err != nil {
			t.Fatal(err)
		}
		options, err := json.Marshal(item.Options)
		if err != nil {
			t.Fatal(err)
		}
		what := item.From + " " + item.Kind
		target := Target(item.Target)
		var opts Options
		optsFit := json.Unmarshal(options, &opts) == nil
		var value any
		parsed := json.Unmarshal(data, &value) == nil
		if item.Op == "extract" {
			tally.call(what, func() (any, error) { return ExtractImagesJSON(data, options) })
			tally.call(what, func() (any, error) { return ExtractImages(string(data), opts) })
			if parsed {
				tally.call(what, func() (any, error) { return ExtractImages(value, opts) })
			}
			continue
		}
		tally.call(what, func() (any, error) { return ConvertJSON(data, target, options) })
		tally.call(what, func() (any, error) { return ConvertJSONText(data, target, options) })
		if optsFit {
			tally.call(what, func() (any, error) { return Convert(string(data), target, opts) })
			if parsed {
				tally.call(what, func() (any, error) { return Convert(value, target, opts) })
				tally.call(what, func() (any, error) { return ToCopilot(value, opts) })
			}
		}
	}
	t.Logf("hostile go-%s mutated: inputs=%d results=%d convert_errors=%d", Backend, tally.inputs, tally.results, tally.convertErrors)
	if tally.results == 0 || tally.convertErrors == 0 {
		t.Error("the mutated inputs must give both results and errors")
	}
}

type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("hostile") }

type badJSONMarshaler struct{}

func (badJSONMarshaler) MarshalJSON() ([]byte, error) { return []byte("{not json"), nil }

type failingText struct{}

func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("hostile text") }

type selfRef struct {
	Content []any `json:"content"`
	Next    *selfRef
}

type unexported struct {
	content []any
	Type    string `json:"type"`
}

type stringKeyed string

// Go values that encoding/json and the map writer must refuse or take, at every place of a result.
func TestSoakHostileGoValues(t *testing.T) {
	cycleMap := map[string]any{}
	cycleMap["content"] = []any{cycleMap}
	cycleSlice := []any{nil}
	cycleSlice[0] = cycleSlice
	ref := &selfRef{}
	ref.Next = ref
	var deep any = "x"
	for range 100_000 {
		deep = []any{deep}
	}
	var deepMap any = map[string]any{"type": "text", "text": "x"}
	for range 600 {
		deepMap = map[string]any{"a": deepMap}
	}
	var nilMap map[string]any
	var nilPtr *selfRef
	var nilIface error
	leaves := []any{
		make(chan int), func() {}, complex(1, 2), math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1),
		math.MaxFloat64, math.SmallestNonzeroFloat64, uint64(math.MaxUint64), int64(math.MinInt64),
		big.NewInt(1).Lsh(big.NewInt(1), 200), new(big.Float), json.Number("1e400"), json.Number("nope"), json.Number(""),
		json.RawMessage("{not json"), json.RawMessage(""), json.RawMessage("\xff"), []byte{0xff, 0xfe}, []byte{},
		"\xff\xfe", "\xed\xa0\x80", "nul\x00byte", strings.Repeat("\xc3", 70_000), "\x00" + "0",
		map[int]any{1: "x"}, map[any]any{"type": "text"}, map[float64]any{math.NaN(): 1}, map[bool]any{true: 1},
		map[stringKeyed]any{"type": "text", "text": "x"}, map[string]chan int{"c": nil}, map[string]func(){"f": nil},
		map[[2]int]any{{1, 2}: 1}, map[*int]any{nil: 1},
		failingMarshaler{}, badJSONMarshaler{}, failingText{}, map[failingText]any{{}: 1},
		cycleMap, cycleSlice, ref, deepMap, nilMap, nilPtr, nilIface, unexported{Type: "text"},
		struct{ X chan int }{}, [3]any{1, "a", nil}, []map[string]any{nil}, uintptr(1), unsafe.Pointer(nil),
		&[]any{1}, new(any), []error{errors.New("e")}, struct{}{}, true, nil,
	}
	// The 100,000-deep value once at the top (it is too_deep wherever it is placed).
	values := []any{deep}
	for _, leaf := range leaves {
		values = append(values, leaf,
			map[string]any{"content": leaf},
			map[string]any{"content": []any{leaf}},
			map[string]any{"content": []any{map[string]any{"type": "text", "text": leaf}}},
			map[string]any{"content": []any{map[string]any{"type": "image", "data": leaf, "mimeType": "image/png"}}},
			map[string]any{"content": []any{map[string]any{"type": "text", "text": "x"}}, "structuredContent": map[string]any{"k": leaf}},
			map[string]any{"content": []any{}, "isError": leaf, "_meta": leaf},
		)
	}
	tally := &soakTally{t: t}
	for i, value := range values {
		what := fmt.Sprintf("value %d (%T)", i, value)
		for _, target := range []Target{"copilot", "anthropic", "bedrock", "mcp", "no-such-target", ""} {
			tally.call(what, func() (any, error) { return Convert(value, target, Options{ToolCallID: "c"}) })
		}
		tally.call(what, func() (any, error) { return ExtractImages(value, Options{}) })
		tally.call(what, func() (any, error) { return ToCopilot(value, Options{Strict: Bool(true)}) })
	}
	result := []byte(`{"content":[{"type":"text","text":"x"}]}`)
	oddOptions := []Options{
		{MaxImages: Int(-1)}, {MaxImages: Int(math.MaxInt)}, {MaxImageBytes: Int(math.MinInt)}, {MaxTextChars: Int(-5)},
		{FitImages: "sideways"}, {Binary: "\xff"}, {ToolCallID: "\x00\xff"}, {Payload: "neither"}, {StructuredContent: "\xed\xa0\x80"},
	}
	for i, opts := range oddOptions {
		tally.call(fmt.Sprintf("options %d", i), func() (any, error) { return Convert(result, "anthropic", opts) })
	}
	for _, options := range []string{"[]", "1", "null", `{"strict":"yes"}`, `{"max_images":1e400}`, "{", "\xff", `{"max_images":18446744073709551616}`} {
		tally.call("options "+options, func() (any, error) { return ConvertJSON(result, "anthropic", []byte(options)) })
		tally.call("options "+options, func() (any, error) { return ExtractImagesJSON(result, []byte(options)) })
	}
	t.Logf("hostile go-%s values: inputs=%d results=%d convert_errors=%d", Backend, tally.inputs, tally.results, tally.convertErrors)
	if tally.results == 0 || tally.convertErrors == 0 {
		t.Error("the values must give both results and errors")
	}
}
