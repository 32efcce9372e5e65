package mcptoolresult

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fixtureCase is one case of conformance/fixtures/<target>/<topic>.json.
type fixtureCase struct {
	Key            string
	Target         Target
	Input          json.RawMessage `json:"input"`
	InputJSON      *string         `json:"input_json"`
	Options        json.RawMessage `json:"options"`
	CaseTarget     Target          `json:"target"`
	Expected       json.RawMessage `json:"expected"`
	ExpectedError  *fixtureError   `json:"expected_error"`
	PeerDifference string          `json:"peer_difference"`
	ID             string          `json:"id"`
	// Bytes are the pointers into the Conversion where the runner must get []byte.
	Bytes []string `json:"bytes"`
	// Payloads pins fitted images by pointer; expected holds "$payload" there.
	Payloads map[string]fixturePayload `json:"payloads"`
}

// fixturePayload is what a case pins of a fitted image (the Rust runner checks its header).
type fixturePayload struct {
	SHA256   string `json:"sha256"`
	MaxBytes int    `json:"max_bytes"`
}

// runOptions are the case's options as given, with payload "wire" and host null where a
// conversion case sets neither: the fixtures pin the core's defaults, not this binding's
// (extract_images reads neither option and refuses them).
func runOptions(t *testing.T, c fixtureCase) []byte {
	if c.Target == targetExtractImages {
		return c.Options
	}
	if len(c.Options) == 0 {
		return []byte(`{"payload":"wire","host":null}`)
	}
	var options map[string]json.RawMessage
	if err := json.Unmarshal(c.Options, &options); err != nil {
		return c.Options // not an object: the core's invalid_option is what the case pins
	}
	for key, value := range map[string]string{"payload": `"wire"`, "host": "null"} {
		if _, ok := options[key]; !ok {
			options[key] = json.RawMessage(value)
		}
	}
	out, err := json.Marshal(options)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type fixtureError struct {
	Code string `json:"code"`
	Path string `json:"path"`
}

// fixturesDir is conformance/fixtures found from this file, or $CONFORMANCE_DIR.
func fixturesDir(t testing.TB) string {
	if dir := os.Getenv("CONFORMANCE_DIR"); dir != "" {
		return dir
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("locating the test file")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "conformance", "fixtures")
}

// loadCases reads every fixture file, in path order.
func loadCases(t testing.TB) []fixtureCase {
	files, err := filepath.Glob(filepath.Join(fixturesDir(t), "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures under %s (%v)", fixturesDir(t), err)
	}
	slices.Sort(files)
	var cases []fixtureCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Target Target        `json:"target"`
			Topic  string        `json:"topic"`
			Cases  []fixtureCase `json:"cases"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		topic := doc.Topic
		if topic == "" {
			topic = filepath.Base(file[:len(file)-len(".json")])
		}
		for _, c := range doc.Cases {
			if bytes.Contains(c.Input, []byte(`"$image"`)) {
				c.Input = resolveImages(t, c.Input)
			}
			c.Key = fmt.Sprintf("%s/%s#%s", filepath.Base(filepath.Dir(file)), topic, c.ID)
			c.Target = doc.Target
			if c.CaseTarget != "" {
				c.Target = c.CaseTarget
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// resolveImages replaces every {"$image": name} of an input by the base64 of that test image
// (conformance/images, else its generated/ folder).
func resolveImages(t testing.TB, input json.RawMessage) json.RawMessage {
	images := filepath.Join(fixturesDir(t), "..", "images")
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			if name, ok := v["$image"].(string); ok && len(v) == 1 {
				data, err := os.ReadFile(filepath.Join(images, name))
				if err != nil {
					data, err = os.ReadFile(filepath.Join(images, "generated", name))
				}
				if err != nil {
					t.Fatalf("test image %s: %v (run `make conformance-images`)", name, err)
				}
				return base64.StdEncoding.EncodeToString(data)
			}
			for k, item := range v {
				v[k] = walk(item)
			}
		case []any:
			for i, item := range v {
				v[i] = walk(item)
			}
		}
		return v
	}
	out, err := json.Marshal(walk(decodeNumbers(t, input)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkPayloads checks each pinned payload of have and replaces it by "$payload" (after the
// comma of a data URL).
func checkPayloads(t *testing.T, door string, have map[string]any, payloads map[string]fixturePayload) {
	t.Helper()
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	for pointer, want := range payloads {
		tokens := strings.Split(pointer, "/")[1:]
		var node any = have
		for _, token := range tokens[:len(tokens)-1] {
			switch n := node.(type) {
			case map[string]any:
				node = n[unescape.Replace(token)]
			case []any:
				i, _ := strconv.Atoi(token)
				if i < len(n) {
					node = n[i]
				} else {
					node = nil
				}
			}
		}
		last := unescape.Replace(tokens[len(tokens)-1])
		var text string
		var set func(string)
		switch n := node.(type) {
		case map[string]any:
			text, _ = n[last].(string)
			set = func(v string) { n[last] = v }
		case []any:
			i, _ := strconv.Atoi(last)
			if i < len(n) {
				text, _ = n[i].(string)
				set = func(v string) { n[i] = v }
			}
		}
		// A data URL keeps its prefix: data:<mime>;base64,$payload.
		prefix := ""
		if comma := strings.IndexByte(text, ','); strings.HasPrefix(text, "data:") && comma >= 0 {
			prefix, text = text[:comma+1], text[comma+1:]
		}
		data, err := base64.StdEncoding.DecodeString(text)
		if set == nil || err != nil {
			t.Fatalf("%s: no base64 payload at %s", door, pointer)
		}
		sum := sha256.Sum256(data)
		if got := fmt.Sprintf("%x", sum[:]); got != want.SHA256 || len(data) > want.MaxBytes {
			t.Fatalf("%s: payload at %s: sha256 %s, %d bytes; want %s, at most %d", door, pointer, got, len(data), want.SHA256, want.MaxBytes)
		}
		set(prefix + "$payload")
	}
}

// targetExtractImages is the pseudo-target of conformance/fixtures/extract_images/: those cases
// run through ExtractImages instead of a conversion.
const targetExtractImages Target = "extract_images"

// TestConformance runs every case through the JSON door, and cases given as a value also
// through the map door (the input decoded into map[string]any) and, for copilot, ToCopilot.
// extract_images cases run through ExtractImagesJSON and ExtractImages the same way.
//
// CONFORMANCE_BACKEND (when set) names the backend the run must use, so that each backend's
// count file counts its own cases.
func TestConformance(t *testing.T) {
	if want := os.Getenv("CONFORMANCE_BACKEND"); want != "" && want != Backend {
		t.Fatalf("CONFORMANCE_BACKEND is %s but this build uses %s", want, Backend)
	}
	cases := loadCases(t)
	ran := 0
	for _, c := range cases {
		t.Run(c.Key, func(t *testing.T) {
			ran++
			input := []byte(c.Input)
			if c.InputJSON != nil {
				input = []byte(*c.InputJSON)
			}
			options := runOptions(t, c)
			check(t, "json door", c, doors(c, input, c.Target, options))
			if c.Target == TargetCopilot {
				checkToCopilot(t, c, input)
			}
			if c.InputJSON != nil {
				return
			}
			value := decodeNumbers(t, c.Input)
			if _, isString := value.(string); isString {
				return // a Go string is JSON text to Convert: the JSON door covered it
			}
			// A Go map has no key order: the map door lowers its keys sorted. Where the case's
			// keys are sorted that is the case's own text, so it must give exactly what the case
			// pins; elsewhere it must give exactly what the JSON door gives for the sorted text.
			if keysSorted(t, c.Input) {
				check(t, "map door", c, doors(c, value, c.Target, options))
			} else {
				sorted, err := json.Marshal(value)
				if err != nil {
					t.Fatal(err)
				}
				want, wantDiags, wantErr := doors(c, sorted, c.Target, options)()
				got, gotDiags, gotErr := doors(c, value, c.Target, options)()
				if !reflect.DeepEqual(want, got) || !reflect.DeepEqual(wantDiags, gotDiags) || !reflect.DeepEqual(wantErr, gotErr) {
					t.Fatalf("map door: got %+v %v %v, the JSON door on sorted keys %+v %v %v", got, gotDiags, gotErr, want, wantDiags, wantErr)
				}
			}
		})
	}
	fmt.Printf("conformance go (%s): ran %d cases\n", Backend, ran)
	if path := os.Getenv("CONFORMANCE_COUNT_FILE"); path != "" {
		if err := os.WriteFile(path, []byte(strconv.Itoa(ran)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// doors returns the call of a case for an input given as JSON text ([]byte: ConvertJSON,
// ExtractImagesJSON) or as a Go value (Convert, ExtractImages), with the case's options passed
// to the core untouched. The result is what the case's expected value pins, diagnostics aside.
func doors(c fixtureCase, input any, target Target, options []byte) func() (any, []Diagnostic, error) {
	if target == targetExtractImages {
		return func() (any, []Diagnostic, error) {
			var e Extraction
			var err error
			if text, ok := input.([]byte); ok {
				e, err = ExtractImagesJSON(text, options)
			} else {
				e, err = extractImages(input, options)
			}
			diagnostics := e.Diagnostics
			e.Diagnostics = nil
			return e, diagnostics, err
		}
	}
	return func() (any, []Diagnostic, error) {
		var conv Conversion
		var err error
		if text, ok := input.([]byte); ok {
			conv, err = ConvertJSON(text, target, options)
		} else {
			conv, err = convert(input, target, options)
		}
		if err != nil {
			return nil, nil, err
		}
		out, err := conv.OutputValue()
		if err != nil {
			return nil, nil, err
		}
		result := map[string]any{"output": out}
		if conv.Attachments != nil {
			if result["attachments"], err = conv.AttachmentsValue(); err != nil {
				return nil, nil, err
			}
		}
		if conv.Omitted != nil {
			result["omitted"] = conv.Omitted
		}
		if conv.Tokens != nil {
			result["tokens"] = conv.Tokens
		}
		// Native bytes go back to base64 for the comparison; where they were must be the
		// case's bytes.
		var found []string
		result = base64Bytes(result, "", &found).(map[string]any)
		want := slices.Clone(c.Bytes)
		slices.Sort(want)
		slices.Sort(found)
		if !slices.Equal(want, found) {
			return nil, nil, fmt.Errorf("[]byte at %q, the case's bytes are %q", found, want)
		}
		return result, conv.Diagnostics, nil
	}
}

// base64Bytes replaces every []byte in v by its standard base64, recording its pointer.
func base64Bytes(v any, at string, found *[]string) any {
	switch v := v.(type) {
	case []byte:
		*found = append(*found, at)
		return base64.StdEncoding.EncodeToString(v)
	case map[string]any:
		for k, item := range v {
			v[k] = base64Bytes(item, at+"/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(k), found)
		}
	case []any:
		for i, item := range v {
			v[i] = base64Bytes(item, at+"/"+strconv.Itoa(i), found)
		}
	}
	return v
}

// check compares one result with the case's expectation, as parsed JSON. Diagnostics must all
// have a message and are compared by code and path, in order.
func check(t *testing.T, door string, c fixtureCase, run func() (any, []Diagnostic, error)) {
	t.Helper()
	result, diags, err := run()
	if c.ExpectedError != nil {
		var ce *ConvertError
		if !errors.As(err, &ce) {
			t.Fatalf("%s: want error %+v, got %v (result %+v)", door, *c.ExpectedError, err, result)
		}
		if ce.Code != c.ExpectedError.Code || ce.Path != c.ExpectedError.Path {
			t.Fatalf("%s: want error %+v, got %s at %q (%s)", door, *c.ExpectedError, ce.Code, ce.Path, ce.Message)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: unexpected error %v", door, err)
	}
	body, err := json.Marshal(result)
	if err != nil {
		t.Fatalf("%s: %v", door, err)
	}
	have, _ := decode(t, body).(map[string]any)
	checkPayloads(t, door, have, c.Payloads)
	if len(diags) > 0 {
		var pinned []any
		for _, d := range diags {
			if d.Message == "" {
				t.Errorf("%s: diagnostic %s at %q has no message", door, d.Code, d.Path)
			}
			pinned = append(pinned, map[string]any{"code": d.Code, "path": d.Path})
		}
		have["diagnostics"] = pinned
	}
	want := decode(t, c.Expected)
	if !reflect.DeepEqual(want, any(have)) {
		actual, _ := json.Marshal(have)
		t.Fatalf("%s:\nwant %s\ngot  %s", door, c.Expected, actual)
	}
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

// keysSorted reports whether every object in the JSON text has its keys in sorted order.
func keysSorted(t *testing.T, data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		delim, ok := tok.(json.Delim)
		if !ok {
			return true
		}
		for prev, first := "", true; dec.More(); first = false {
			if delim == '{' {
				key, err := dec.Token()
				if err != nil {
					t.Fatal(err)
				}
				if !first && key.(string) < prev {
					return false
				}
				prev = key.(string)
			}
			if !walk() {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	return walk()
}

// decodeNumbers decodes a fixture input keeping number literals exact.
func decodeNumbers(t testing.TB, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

// checkToCopilot runs a copilot case through ToCopilot, its input as the fixture's JSON text
// and its options as Options. Options that the typed Options cannot hold as written (an
// unknown or misspelt key, a value of the wrong JSON type) cannot reach ToCopilot at all: such
// a case must be one that pins invalid_option.
func checkToCopilot(t *testing.T, c fixtureCase, input []byte) {
	t.Helper()
	opts, ok := typedOptions(t, c.Options)
	if !ok {
		if c.ExpectedError == nil || c.ExpectedError.Code != "invalid_option" {
			t.Fatalf("ToCopilot: options %s do not fit Options, but the case pins no invalid_option", c.Options)
		}
		return
	}
	if opts.Payload == "" {
		opts.Payload = "wire" // as runOptions: the fixtures pin the core's default
	}
	check(t, "ToCopilot", c, func() (any, []Diagnostic, error) {
		r, err := ToCopilot(input, opts)
		return map[string]any{"output": r}, r.Diagnostics, err
	})
}

// typedOptions decodes a case's options into Options, reporting whether Options holds them
// exactly: encoding the result again must give the same object, with camelCase keys written
// snake_case (the one spelling Options has).
func typedOptions(t *testing.T, raw json.RawMessage) (Options, bool) {
	var opts Options
	if len(raw) == 0 {
		return opts, true
	}
	var given map[string]any
	if err := json.Unmarshal(raw, &given); err != nil {
		return opts, false
	}
	snake := make(map[string]any, len(given))
	for key, value := range given {
		snake[snakeCase(key)] = value
	}
	text, err := json.Marshal(snake)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&opts); err != nil {
		return Options{}, false
	}
	if text, err = json.Marshal(opts); err != nil {
		t.Fatal(err)
	}
	var again map[string]any
	if err := json.Unmarshal(text, &again); err != nil {
		t.Fatal(err)
	}
	return opts, reflect.DeepEqual(snake, again)
}

// snakeCase writes a camelCase key snake_case ("respectAudience" -> "respect_audience"); a key
// that does not start lower-case is returned as it is.
func snakeCase(key string) string {
	if key == "" || key[0] < 'a' || key[0] > 'z' {
		return key
	}
	var b strings.Builder
	for _, r := range key {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
