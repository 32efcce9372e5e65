package mcptoolresult

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Every field of Options is an option the core knows: a fully set Options converts (the core
// rejects unknown keys), and each field is sent under its snake_case name.
func TestOptionsCoverTheCoreOptions(t *testing.T) {
	all := Options{
		Strict: Bool(false), ValidateBase64: Bool(true), SniffMIME: Bool(true), RespectAudience: Bool(true),
		ValidateImages: ValidateImagesDecode, Binary: BinaryMarker, StructuredContent: StructuredContentAppend, ToolCallID: "call_1", ToolName: "shot",
		MaxImages: Int(0), MaxImageBytes: Int(1), MaxTotalBytes: Int(2), MaxImageDimension: Int(3),
		Payload: PayloadWire, FitImages: FitImagesRecommended, ImagesInRequest: Int(21), MaxTextChars: Int(1000),
		Model: "gpt-4.1", EstimateTokens: Bool(true), MaxTokens: Int(1000),
	}
	v := reflect.ValueOf(all)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("set Options.%s in this test", v.Type().Field(i).Name)
		}
	}
	input := `{"content":[{"type":"text","text":"hi"},{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"}],"structuredContent":{"a":1}}`
	conv, err := Convert(input, TargetOpenAIResponses, all)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"function_call_output","call_id":"call_1","output":"hi\n[image image/png, 86 B, sha256:48334b9cfe82: over the 0 image limit]\n{\"a\":1}"}`
	if string(conv.Output) != want {
		t.Fatalf("got %s", conv.Output)
	}
	// "hi" (2 bytes) 1, the marker (68 bytes) 17, structuredContent {"a":1} (7 bytes) 2: within
	// MaxTokens. The image is listed as omitted, its handle the SHA-256 of its 86 bytes.
	if conv.Tokens == nil || conv.Tokens.Total != 20 || len(conv.Tokens.Items) != 3 || conv.Tokens.Items[2].Path != "/structuredContent" {
		t.Fatalf("tokens %+v", conv.Tokens)
	}
	if want := []Omitted{{Handle: "sha256:48334b9cfe82", Path: "/content/1", Kind: "image", MIMEType: "image/png", Bytes: 86}}; !reflect.DeepEqual(conv.Omitted, want) {
		t.Fatalf("omitted %+v", conv.Omitted)
	}
	// An invalid value is the core's invalid_option, at the snake_case name.
	_, err = ExtractImages(`[]`, Options{MaxImages: Int(-1)})
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != "/max_images" || !errors.Is(err, ErrUsage) {
		t.Fatalf("got %v", err)
	}
	// The fitting options reach the core too, through Convert and ToCopilot.
	for path, opts := range map[string]Options{
		"/fit_images":        {FitImages: "smaller"},
		"/images_in_request": {ImagesInRequest: Int(-1)},
		"/max_text_chars":    {MaxTextChars: Int(-1)},
	} {
		_, err := Convert(`{"content":[]}`, TargetAnthropic, opts)
		if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != path {
			t.Fatalf("Convert with %s: got %v", path, err)
		}
		_, err = ToCopilot(`{"content":[]}`, opts)
		if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != path {
			t.Fatalf("ToCopilot with %s: got %v", path, err)
		}
	}
}

// ExtractImages sends only the options set (not the binding's payload and host, which it does
// not read), and the core refuses every option extract_images does not read, at its key.
func TestExtractImagesRefusesTheOptionsItDoesNotRead(t *testing.T) {
	if _, err := ExtractImages(`[]`, Options{MaxImages: Int(1), Strict: Bool(true), FitImages: "off"}); err != nil {
		t.Fatal(err)
	}
	for path, opts := range map[string]Options{
		"/max_text_chars":    {MaxTextChars: Int(5)},
		"/tool_call_id":      {ToolCallID: "call_1"},
		"/binary":            {Binary: "marker"},
		"/payload":           {Payload: "wire"},
		"/respect_audience":  {RespectAudience: Bool(true)},
		"/images_in_request": {ImagesInRequest: Int(0)},
	} {
		_, err := ExtractImages(`[]`, opts)
		var ce *ConvertError
		if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != path || !strings.Contains(ce.Message, "ExtractImages") {
			t.Fatalf("ExtractImages with %s: got %v", path, err)
		}
	}
	_, err := ExtractImagesJSON([]byte(`[]`), []byte(`{"toolCallId":"c"}`))
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != "/toolCallId" {
		t.Fatalf("got %v", err)
	}
}

// A JSON string holding the JSON text of a tool result is read as that result
// (json_text_input at the root); strict mode raises it, naming ConvertJSON.
func TestJSONTextOfAResultInAStringIsReadAsTheResult(t *testing.T) {
	result := `{"content":[{"type":"text","text":"hi"}]}`
	quoted, _ := json.Marshal(result)
	conv, err := ConvertJSON(quoted, TargetText, nil)
	if err != nil || string(conv.Output) != `"hi"` || len(conv.Diagnostics) != 1 || conv.Diagnostics[0].Code != "json_text_input" {
		t.Fatalf("got %+v, %v", conv, err)
	}
	_, err = ConvertJSON(quoted, TargetText, []byte(`{"strict":true}`))
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "json_text_input" || ce.Path != "" || !strings.Contains(ce.Message, "ConvertJSON") {
		t.Fatalf("got %v", err)
	}
	e, err := ExtractImagesJSON(quoted, nil)
	if err != nil || e.Text != result || len(e.Diagnostics) != 1 || e.Diagnostics[0].Code != "json_text_input" {
		t.Fatalf("got %+v, %v", e, err)
	}
}

func TestExtractImages(t *testing.T) {
	value := map[string]any{
		"results": []any{
			map[string]any{"tool": "screenshot", "output": map[string]any{
				"content": []any{
					map[string]any{"type": "text", "text": "done"},
					map[string]any{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", "mimeType": "image/jpg"},
				},
			}},
		},
	}
	got, err := ExtractImages(value, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := Extraction{
		Images: []Image{{Data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=", MIMEType: "image/png", Path: "/results/0/output/content/1"}},
		Text:   `{"results":[{"output":{"content":[{"text":"done","type":"text"},"[image 1 of 1, image/png, 86 B]"]},"tool":"screenshot"}]}`,
	}
	diags := got.Diagnostics
	got.Diagnostics = nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	var codes []string
	for _, d := range diags {
		codes = append(codes, d.Code+" "+d.Path+" "+string(d.Kind))
	}
	wantCodes := []string{
		"mime_type_normalized /results/0/output/content/1/mimeType notice",
		"mime_type_mismatch /results/0/output/content/1/mimeType repair",
	}
	if !slices.Equal(codes, wantCodes) {
		t.Fatalf("diagnostics %q", codes)
	}

	// JSON text and the JSON door give the same; images is never nil.
	text, _ := json.Marshal(value)
	for _, e := range []func() (Extraction, error){
		func() (Extraction, error) { return ExtractImages(text, Options{}) },
		func() (Extraction, error) { return ExtractImagesJSON(text, []byte(`{"maxImages":5}`)) },
	} {
		if again, err := e(); err != nil || again.Text != want.Text || !reflect.DeepEqual(again.Images, want.Images) {
			t.Fatalf("got %+v, %v", again, err)
		}
	}
	none, err := ExtractImages(`"plain text"`, Options{})
	if err != nil || none.Images == nil || none.Text != "plain text" {
		t.Fatalf("got %#v, %v", none, err)
	}
	if out, _ := json.Marshal(none); string(out) != `{"images":[],"text":"plain text"}` {
		t.Fatalf("marshalled %s", out)
	}

	// Strict mode raises the first repair.
	_, err = ExtractImages(value, Options{Strict: Bool(true)})
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "mime_type_mismatch" || !errors.Is(err, ErrInvalidInput) {
		t.Fatalf("got %v", err)
	}
}

// ConvertJSONText is the core's JSON door text: the Conversion with the diagnostics' messages.
func TestConvertJSONText(t *testing.T) {
	text, err := ConvertJSONText([]byte(`{"content":[{"type":"text","text":"hi"}],"is_error":true}`), TargetText, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Output      string
		Diagnostics []map[string]string
	}
	if err := json.Unmarshal([]byte(text), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, `{"output":"[tool error] hi","diagnostics":[{"code":"snake_case_key","path":"/is_error","message":"`) ||
		len(got.Diagnostics) != 1 || got.Diagnostics[0]["message"] == "" {
		t.Fatalf("got %s", text)
	}
	_, err = ConvertJSONText([]byte(`{}`), "nope", nil)
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "unsupported_target" || !errors.Is(err, ErrUsage) {
		t.Fatalf("got %v", err)
	}
}

// This binding's default is payload "sdk" with host "go": Bedrock's source.bytes and Gemini's
// inlineData.data arrive as []byte in OutputValue (Output keeps base64, as JSON must), through
// Convert and ConvertJSON alike; "wire" gives none.
func TestBytesDefault(t *testing.T) {
	png, _ := base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=") // a real 1x1 PNG
	input := `{"content":[{"type":"text","text":"shot"},{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"}]}`
	for _, c := range []struct {
		target  Target
		pointer string
	}{
		{TargetBedrock, "/output/toolResult/content/1/image/source/bytes"},
		{TargetGemini, "/output/functionResponse/parts/0/inlineData/data"},
	} {
		conv, err := Convert(input, c.target, Options{ToolCallID: "call_1", ToolName: "shot"})
		if err != nil {
			t.Fatal(err)
		}
		if len(conv.Bytes) != 1 || !bytes.Equal(conv.Bytes[c.pointer], png) {
			t.Fatalf("%s: Bytes %q", c.target, conv.Bytes)
		}
		out, err := conv.OutputValue()
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := resolve(out, strings.TrimPrefix(c.pointer, "/output")).([]byte); !ok || !bytes.Equal(got, png) {
			t.Fatalf("%s: OutputValue holds %#v at %s", c.target, got, c.pointer)
		}
		if !strings.Contains(string(conv.Output), `"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="`) {
			t.Fatalf("%s: Output %s", c.target, conv.Output)
		}
		wire, err := Convert(input, c.target, Options{ToolCallID: "call_1", ToolName: "shot", Payload: "wire"})
		if err != nil || wire.Bytes != nil || !bytes.Equal(wire.Output, conv.Output) {
			t.Fatalf("%s wire: %+v, %v", c.target, wire, err)
		}
		// The JSON door has the same defaults: the same Bytes, whatever the form of its options.
		for _, options := range []string{`{"tool_call_id":"call_1","tool_name":"shot"}`, ` { "tool_name":"shot", "toolCallId":"call_1" } `} {
			door, err := ConvertJSON([]byte(input), c.target, []byte(options))
			if err != nil || len(door.Bytes) != 1 || !bytes.Equal(door.Bytes[c.pointer], png) || !bytes.Equal(door.Output, conv.Output) {
				t.Fatalf("%s JSON door, options %s: %+v, %v", c.target, options, door, err)
			}
		}
		for _, options := range []string{"", "null", "{}", " { } "} {
			door, err := ConvertJSON([]byte(input), c.target, []byte(options))
			if err != nil || len(door.Bytes) != 1 || !bytes.Equal(door.Bytes[c.pointer], png) {
				t.Fatalf("%s JSON door, options %q: %+v, %v", c.target, options, door, err)
			}
		}
		door, err := ConvertJSON([]byte(input), c.target, []byte(`{"tool_call_id":"call_1","tool_name":"shot","payload":"wire"}`))
		if err != nil || door.Bytes != nil || !bytes.Equal(door.Output, wire.Output) {
			t.Fatalf("%s JSON door, payload wire: %+v, %v", c.target, door, err)
		}
	}
	// Options that are not an object reach the core as they are.
	for _, options := range []string{`[]`, `{"payload":}`, `"sdk"`} {
		_, err := ConvertJSON([]byte(input), TargetBedrock, []byte(options))
		var ce *ConvertError
		if !errors.As(err, &ce) || ce.Code != "invalid_option" {
			t.Fatalf("options %s: %v", options, err)
		}
	}
}

// Warm succeeds on either backend, again and again, and conversions after it are as before.
func TestWarm(t *testing.T) {
	before, err := ConvertJSONText([]byte(`{"content":[{"type":"text","text":"hi"}]}`), TargetText, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := Warm(); err != nil {
			t.Fatal(err)
		}
	}
	after, err := ConvertJSONText([]byte(`{"content":[{"type":"text","text":"hi"}]}`), TargetText, nil)
	if err != nil || after != before {
		t.Fatalf("after Warm: %q, %v; before %q", after, err, before)
	}
}
