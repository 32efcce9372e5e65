package wasm

import (
	"bytes"
	"strings"
	"testing"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/placeholders"
)

// A conversion with leaves gives the bytes the plain call gives.
func TestLeavesMatchThePlainCall(t *testing.T) {
	payload := "iVBORw0KGgo" + strings.Repeat("A", 4096) + "="
	input := []byte(`{"content":[{"type":"text","text":"` + strings.Repeat("t", 2000) + `"},{"type":"image","data":"` + payload + `","mimeType":"image/png"}],"structuredContent":{"k":"` + strings.Repeat("s", 3000) + `"}}`)
	if _, leaves := placeholders.Split(input); len(leaves) != 3 {
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

// After Warm, the module is compiled and an instance is free: the next call makes none.
func TestWarmLeavesAnInstance(t *testing.T) {
	e := New("")
	if e.compiled != nil || len(e.free) != 0 {
		t.Fatal("a new engine has compiled code or an instance")
	}
	if err := e.Warm(); err != nil {
		t.Fatal(err)
	}
	if e.compiled == nil || len(e.free) != 1 {
		t.Fatalf("after Warm: compiled %v, %d free instances", e.compiled != nil, len(e.free))
	}
	if err := e.Warm(); err != nil || len(e.free) != 1 {
		t.Fatalf("a second Warm: %v, %d free instances", err, len(e.free))
	}
	if _, _, err := e.Convert([]byte(`{"content":[]}`), "text", nil); err != nil || len(e.free) != 1 {
		t.Fatalf("the call after Warm: %v, %d free instances", err, len(e.free))
	}
}
