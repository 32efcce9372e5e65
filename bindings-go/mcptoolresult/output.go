package mcptoolresult

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult/internal/facts"
)

// liftConversion splits the core's Conversion text into its members without copying them,
// and decodes the values at the bytes pointers.
func liftConversion(out coreOutput) (Conversion, error) {
	m, err := members(out.text)
	if err != nil {
		return Conversion{}, internalError(err.Error())
	}
	c := Conversion{Output: m["output"], Attachments: m["attachments"]}
	if c.Diagnostics, err = liftDiagnostics(m["diagnostics"]); err != nil {
		return Conversion{}, internalError(err.Error())
	}
	if raw := m["omitted"]; raw != nil {
		if err = json.Unmarshal(raw, &c.Omitted); err != nil {
			return Conversion{}, internalError(err.Error())
		}
	}
	if raw := m["tokens"]; raw != nil {
		c.Tokens = new(Tokens)
		if err = json.Unmarshal(raw, c.Tokens); err != nil {
			return Conversion{}, internalError(err.Error())
		}
	}
	if len(out.bytes) > 0 {
		if c.Bytes, err = liftBytes(out.text, out.bytes); err != nil {
			return Conversion{}, internalError(err.Error())
		}
	}
	return c, nil
}

// liftExtraction reads the core's Extraction text; the strings alias it.
func liftExtraction(out coreOutput) (Extraction, error) {
	v, err := decodeJSON(out.text)
	if err != nil {
		return Extraction{}, internalError(err.Error())
	}
	f := fields{what: "extract_images"}
	top := f.object(v, "the extraction")
	list := f.list(top, "images")
	e := Extraction{Images: make([]Image, len(list)), Text: f.string(top, "text", true)}
	for i, item := range list {
		image := f.object(item, "an image")
		e.Images[i] = Image{Data: f.string(image, "data", true), MIMEType: f.string(image, "mimeType", true), Path: f.string(image, "path", true)}
	}
	if f.err != nil {
		return Extraction{}, internalError(f.err.Error())
	}
	if raw, ok := top["diagnostics"]; ok {
		e.Diagnostics = diagnosticsOf(&f, raw)
	}
	if raw, ok := top["omitted"]; ok {
		e.Omitted = omittedOf(&f, raw)
	}
	if f.err != nil {
		return Extraction{}, internalError(f.err.Error())
	}
	return e, nil
}

func liftDiagnostics(raw []byte) ([]Diagnostic, error) {
	if raw == nil {
		return nil, nil
	}
	v, err := decodeJSON(raw)
	if err != nil {
		return nil, err
	}
	f := fields{what: "diagnostics"}
	d := diagnosticsOf(&f, v)
	return d, f.err
}

// diagnosticsOf reads the core's list of {code, path, message}; each code's kind comes from the
// core's table.
func diagnosticsOf(f *fields, v any) []Diagnostic {
	list, ok := v.([]any)
	if !ok {
		f.fail("diagnostics is not an array")
		return nil
	}
	out := make([]Diagnostic, len(list))
	for i, item := range list {
		d := f.object(item, "a diagnostic")
		code := f.string(d, "code", true)
		out[i] = Diagnostic{Code: code, Path: f.string(d, "path", true), Message: f.string(d, "message", true), Kind: DiagnosticKind(facts.Of.Codes[code].Kind)}
	}
	return out
}

// omittedOf reads an omitted list of the core's output.
func omittedOf(f *fields, v any) []Omitted {
	var out []Omitted
	text, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(text, &out)
	}
	if err != nil {
		f.fail("omitted: %v", err)
	}
	return out
}

// liftBytes decodes the base64 string at each pointer of the Conversion text.
func liftBytes(text []byte, pointers []string) (map[string][]byte, error) {
	tree, err := decodeJSON(text)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(pointers))
	for _, p := range pointers {
		s, ok := resolve(tree, p).(string)
		if !ok {
			return nil, errorf("bytes pointer %s does not name a string", p)
		}
		if out[p], err = base64.StdEncoding.DecodeString(s); err != nil {
			return nil, errorf("bytes at %s: %v", p, err)
		}
	}
	return out, nil
}

// resolve returns the value at JSON Pointer p in v, or nil.
func resolve(v any, p string) any {
	if p == "" {
		return v
	}
	for _, token := range strings.Split(p[1:], "/") {
		token = strings.NewReplacer("~1", "/", "~0", "~").Replace(token)
		switch c := v.(type) {
		case map[string]any:
			v = c[token]
		case []any:
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

// OutputValue is Output decoded into map[string]any, []any, string, json.Number, bool and
// nil, with the []byte of Bytes in place of their base64 text.
func (c Conversion) OutputValue() (any, error) {
	return c.value(c.Output, "/output")
}

// AttachmentsValue is Attachments decoded like OutputValue; nil when there are none.
func (c Conversion) AttachmentsValue() ([]any, error) {
	if c.Attachments == nil {
		return nil, nil
	}
	v, err := c.value(c.Attachments, "/attachments")
	list, _ := v.([]any)
	return list, err
}

func (c Conversion) value(raw []byte, prefix string) (any, error) {
	v, err := decodeJSON(append([]byte(nil), raw...))
	if err != nil {
		return nil, internalError(err.Error())
	}
	for p, data := range c.Bytes {
		if !strings.HasPrefix(p, prefix+"/") {
			continue
		}
		if !place(v, p[len(prefix):], data) {
			return nil, internalError("bytes pointer " + p + " is not in the conversion")
		}
	}
	return v, nil
}

// place sets the value at JSON Pointer p (not "") in v to data.
func place(v any, p string, data []byte) bool {
	i := strings.LastIndexByte(p, '/')
	parent, token := resolve(v, p[:i]), strings.NewReplacer("~1", "/", "~0", "~").Replace(p[i+1:])
	switch c := parent.(type) {
	case map[string]any:
		if _, ok := c[token]; ok {
			c[token] = data
			return true
		}
	case []any:
		if n, err := strconv.Atoi(token); err == nil && n >= 0 && n < len(c) {
			c[n] = data
			return true
		}
	}
	return false
}
