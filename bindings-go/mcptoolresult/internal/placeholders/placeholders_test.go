package placeholders

import (
	"strings"
	"testing"
)

// Only long string values without escapes become leaves; keys, short or escaped strings and
// inputs holding a string that starts with U+0000 stay in the text.
func TestSplit(t *testing.T) {
	long := strings.Repeat("A", leafMin)
	in := []byte(`{"` + long + `": "` + long + `", "s": "short", "e": "` + long + `\n", "a": ["` + long + `x"]}`)
	text, leaves := Split(in)
	want := `{"` + long + `": "\u00000", "s": "short", "e": "` + long + `\n", "a": ["\u00001"]}`
	if string(text) != want || len(leaves) != 2 || string(leaves[0]) != long || string(leaves[1]) != long+"x" {
		t.Fatalf("got %d leaves, text %.80q", len(leaves), text)
	}
	for _, in := range []string{`{"a":"` + long + `","b":"\u0000x"}`, `["` + long[:10] + `"]`, `{"a":"` + long} {
		if text, leaves := Split([]byte(in)); text != nil || leaves != nil {
			t.Errorf("%.60q: got %d leaves", in, len(leaves))
		}
	}
}

// Join puts each leaf back, reads escaped strings, leaves escaped quotes alone, refuses a
// placeholder without its leaf, and gives back a text without either as it is.
func TestJoin(t *testing.T) {
	leaves := [][]byte{[]byte("zero"), []byte("one")}
	joined, err := Join([]byte(`{"x":"\u00001","t":"say \"\u00000 here","e":["\u0000\u0000a","\u0000\u00001"],"y":"\u00000"}`), leaves)
	want := `{"x":"one","t":"say \"\u00000 here","e":["\u0000a","\u00001"],"y":"zero"}`
	if err != nil || string(joined) != want {
		t.Fatalf("joined %q, %v", joined, err)
	}
	for _, bad := range []string{`["\u00002"]`, `["\u0000x"]`, `["\u000001"]`, `["\u0000`} {
		if _, err := Join([]byte(bad), leaves); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
	plain := []byte(`{"a":"b\u0001"}`)
	if joined, err := Join(plain, leaves); err != nil || &joined[0] != &plain[0] {
		t.Fatalf("a text without placeholders was copied or refused: %v", err)
	}
}
