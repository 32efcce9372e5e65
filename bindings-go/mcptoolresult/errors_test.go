package mcptoolresult

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorFamilies(t *testing.T) {
	for _, c := range []struct {
		input  string
		target Target
		code   string
		path   string
		family error
	}{
		{`{"content":[]}`, "gemini-x", "unsupported_target", "", ErrUsage},
		{`{"content":[`, TargetCopilot, "invalid_json", "", ErrInvalidInput},
		{`{"task":{"taskId":"t"}}`, TargetCopilot, "not_final_result", "/task", ErrNotFinal},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}`, TargetMCP, "jsonrpc_error", "/error", ErrNotFinal},
	} {
		_, err := Convert(c.input, c.target, Options{})
		var ce *ConvertError
		if !errors.As(err, &ce) {
			t.Fatalf("%s: want *ConvertError, got %v", c.input, err)
		}
		if ce.Code != c.code || ce.Path != c.path || ce.Message == "" {
			t.Errorf("%s: got %q at %q (%q)", c.input, ce.Code, ce.Path, ce.Message)
		}
		for _, family := range []error{ErrInvalidInput, ErrNotFinal, ErrUsage, ErrInternal} {
			if errors.Is(err, family) != (family == c.family) {
				t.Errorf("%s: errors.Is(err, %v) = %v", c.input, family, !(family == c.family))
			}
		}
		if !strings.Contains(err.Error(), c.code) {
			t.Errorf("%s: message %q lacks the code", c.input, err)
		}
	}
}

func TestInvalidOptionPointsIntoOptions(t *testing.T) {
	_, err := ConvertJSON([]byte(`{"content":[]}`), TargetCopilot, []byte(`{"strict":"yes"}`))
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != "/strict" || !errors.Is(err, ErrUsage) {
		t.Fatalf("got %v", err)
	}
	// The Options struct reaches the core the same way.
	_, err = Convert(`{"content":[]}`, TargetMCP, Options{Binary: "inline-ish"})
	if !errors.As(err, &ce) || ce.Code != "invalid_option" || ce.Path != "/binary" {
		t.Fatalf("got %v", err)
	}
}

func TestBytesThatAreNotUTF8AreNotJSON(t *testing.T) {
	_, err := ConvertJSON([]byte("{\"content\":\"\xff\"}"), TargetCopilot, nil)
	var ce *ConvertError
	if !errors.As(err, &ce) || ce.Code != "invalid_json" || !errors.Is(err, ErrInvalidInput) {
		t.Fatalf("got %v", err)
	}
}

// Bytes that are not UTF-8 cannot be read as text at all: like an argument of the wrong type,
// that is reported before the target's and the options' errors (as every binding does), which
// come before the errors of the JSON text (the fixtures of topic "precedence").
func TestBytesThatAreNotUTF8AreReportedFirst(t *testing.T) {
	notUTF8 := []byte("{\"content\":\"\xff\"}")
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"bad target", func() error { _, err := ConvertJSON(notUTF8, Target("nope"), nil); return err }},
		{"bad options", func() error { _, err := ConvertJSON(notUTF8, TargetCopilot, []byte(`{"strict":5}`)); return err }},
		{"extract, bad options", func() error { _, err := ExtractImagesJSON(notUTF8, []byte(`{"strict":5}`)); return err }},
	} {
		var ce *ConvertError
		if err := c.call(); !errors.As(err, &ce) || ce.Code != "invalid_json" {
			t.Errorf("%s: got %v, want invalid_json", c.name, err)
		}
	}
}
