package wasm

import (
	"bytes"
	"strings"
	"testing"
)

// Only long string values without escapes become leaves; keys, short or escaped strings and
// inputs holding a string that starts with U+0000 stay in the text.
func TestSplitLeaves(t *testing.T) {
	long := strings.Repeat("A", leafMin)
	in := []byte(`{"` + long + `": "` + long + `", "s": "short", "e": "` + long + `\n", "a": ["` + long + `x"]}`)
	text, leaves := splitLeaves(in)
	want := `{"` + long + `": "\u00000", "s": "short", "e": "` + long + `\n", "a": ["\u00001"]}`
	if string(text) != want || len(leaves) != 2 || string(leaves[0].content) != long || string(leaves[1].content) != long+"x" {
		t.Fatalf("got %d leaves, text %.80q", len(leaves), text)
	}
	for _, in := range []string{`{"a":"` + long + `","b":"\u0000x"}`, `["` + long[:10] + `"]`, `{"a":"` + long} {
		if text, leaves := splitLeaves([]byte(in)); text != nil || leaves != nil {
			t.Errorf("%.60q: got %d leaves", in, len(leaves))
		}
	}
	joined, err := joinLeaves([]byte(`{"x":"\u00001","t":"say \"\u00000 here"}`), leaves)
	if err != nil || string(joined) != `{"x":"`+long+`x","t":"say \"\u00000 here"}` {
		t.Fatalf("joined %.80q, %v", joined, err)
	}
	if _, err := joinLeaves([]byte(`["\u00009"]`), leaves); err == nil {
		t.Fatal("a placeholder without a leaf was accepted")
	}
}

// A conversion with leaves gives the bytes the plain call gives.
func TestLeavesMatchThePlainCall(t *testing.T) {
	payload := "iVBORw0KGgo" + strings.Repeat("A", 4096) + "="
	input := []byte(`{"content":[{"type":"text","text":"` + strings.Repeat("t", 2000) + `"},{"type":"image","data":"` + payload + `","mimeType":"image/png"}],"structuredContent":{"k":"` + strings.Repeat("s", 3000) + `"}}`)
	if _, leaves := splitLeaves(input); len(leaves) != 3 {
		t.Fatalf("%d leaves, want 3", len(leaves))
	}
	e := New("")
	for _, target := range []string{"anthropic", "bedrock", "text", "openai-chat"} {
		options := []byte(`{"tool_call_id":"t1","payload":"sdk","host":"go"}`)
		with, withBytes, err := e.Convert(input, target, options)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := e.get()
		if err != nil {
			t.Fatal(err)
		}
		inst.convertLeaves, inst.extractLeaves = nil, nil
		plain, plainBytes, err := inst.call("mtr_convert", input, []byte(target), options)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(with, plain) || strings.Join(withBytes, ",") != strings.Join(plainBytes, ",") {
			t.Fatalf("%s: with leaves %.200s %q\nplain %.200s %q", target, with, withBytes, plain, plainBytes)
		}
	}
}
