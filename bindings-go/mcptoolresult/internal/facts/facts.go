// Package facts holds what the Go package needs to know about the core besides its JSON doors:
// the target names, the nesting limit and each code's kind and error family. facts.json is
// written from the core by a test of the Rust crate (src/facts.rs), which fails when it is
// stale, so both backends read the core's own table.
package facts

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed facts.json
var text []byte

// Code is how a code behaves: its kind ("error", "repair", "notice") and, as an error, its
// family ("invalid_input", "not_final", "usage", "internal").
type Code struct {
	Kind   string `json:"kind"`
	Family string `json:"family"`
}

// Core is the table.
type Core struct {
	Targets  []string        `json:"targets"`
	MaxDepth int             `json:"max_depth"`
	Codes    map[string]Code `json:"codes"`
}

// Of is the core's table.
var Of = func() Core {
	var c Core
	if err := json.Unmarshal(text, &c); err != nil || len(c.Targets) == 0 || c.MaxDepth == 0 {
		panic(fmt.Sprintf("mcptoolresult: the embedded facts.json is unreadable (%v)", err))
	}
	return c
}()
