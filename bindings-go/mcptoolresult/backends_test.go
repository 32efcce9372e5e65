package mcptoolresult

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"
)

// Every backend of this build gives the same text and bytes pointers for inputs whose long
// strings take the backends' shortcut (leaves: named by the core on cgo, by Go on wazero):
// payloads passed through, sliced out of a data URL, repaired, and long text beside a string
// that starts with U+0000.
func TestBackendsAgreeOnLongStrings(t *testing.T) {
	payload := "iVBORw0KGgo" + strings.Repeat("A", 4096) + "="
	inputs := map[string][]byte{
		"bench image": benchResults(t)["image5MiB"],
		"data url":    []byte(`{"content":[{"type":"image","data":"data:image/png;base64,` + payload + `","mimeType":"image/png"}]}`),
		"repaired":    []byte(`{"content":[{"type":"image","data":"` + strings.TrimSuffix(payload, "=") + `","mimeType":"image/jpeg"}]}`),
		"nul and text": []byte(`{"content":[{"type":"text","text":"\u0000` + strings.Repeat("x", 2048) + `"},{"type":"text","text":"` +
			strings.Repeat("y", 2048) + `"}],"structuredContent":{"k":"` + strings.Repeat("z", 2048) + `"}}`),
	}
	names := slices.Sorted(maps.Keys(testEngines))
	for name, input := range inputs {
		for _, target := range []string{TargetAnthropic, TargetBedrock, TargetGemini, TargetText, TargetMCP} {
			options := []byte(`{"tool_call_id":"t1","tool_name":"n","payload":"sdk","host":"go"}`)
			var first coreOutput
			for i, engine := range names {
				out, err := testEngines[engine].convert(input, target, options)
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, target, engine, err)
				}
				if i == 0 {
					first = out
				} else if !bytes.Equal(out.text, first.text) || !slices.Equal(out.bytes, first.bytes) {
					t.Fatalf("%s %s: %s gave %.300s %q\n%s gave %.300s %q", name, target, names[0], first.text, first.bytes, engine, out.text, out.bytes)
				}
				if bytes.Contains(out.text, []byte(`"\u0000`)) && name != "nul and text" {
					t.Fatalf("%s %s %s: a placeholder reached the output: %.300s", name, target, engine, out.text)
				}
			}
		}
		var first []byte
		for i, engine := range names {
			out, err := testEngines[engine].extractImages(input, nil)
			if err != nil {
				t.Fatalf("%s extract %s: %v", name, engine, err)
			}
			if i == 0 {
				first = out.text
			} else if !bytes.Equal(out.text, first) {
				t.Fatalf("%s extract: %s gave %.300s\n%s gave %.300s", name, names[0], first, engine, out.text)
			}
		}
	}
}

// Every backend writes the core's JSON Pointer of a lowering path, escaping '~' and '/'.
func TestBackendsWriteTheCoresPointers(t *testing.T) {
	for name, e := range testEngines {
		for _, c := range []struct {
			tokens []string
			want   string
		}{
			{nil, ""},
			{[]string{""}, "/"},
			{[]string{"_meta", "a/b~c", "0", "~1"}, "/_meta/a~1b~0c/0/~01"},
			{[]string{"é/", strings.Repeat("k", 2000)}, "/é~1/" + strings.Repeat("k", 2000)},
		} {
			got, err := e.jsonPointer(c.tokens)
			if err != nil || got != c.want {
				t.Errorf("%s %q: got %.80q, %v; want %.80q", name, c.tokens, got, err, c.want)
			}
		}
	}
}
