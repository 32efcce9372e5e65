// Command demo prints, for each conversion listed in conformance/demo/conversions.json, a line
// "== <target> <options>" and the Conversion of one tool result as the compact JSON text the
// core writes (ConvertJSONText). The Python and Node bindings print the same bytes; the root
// `make demo` compares them.
//
//	go run ./examples/demo -conversions ../conformance/demo/conversions.json <input.json>
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

func main() {
	conversions := flag.String("conversions", "", "the JSON list of {target, options} to run")
	flag.Parse()
	if *conversions == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: demo -conversions <conversions.json> <input.json>")
		os.Exit(2)
	}
	if err := run(*conversions, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func run(conversionsPath, inputPath string) error {
	list, err := os.ReadFile(conversionsPath)
	if err != nil {
		return err
	}
	var entries []struct {
		Target  string `json:"target"`
		Options string `json:"options"`
	}
	if err := json.Unmarshal(list, &entries); err != nil {
		return fmt.Errorf("%s: %w", conversionsPath, err)
	}
	input, err := os.ReadFile(inputPath)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	for _, e := range entries {
		text, err := mcptoolresult.ConvertJSONText(input, mcptoolresult.Target(e.Target), []byte(e.Options))
		if err != nil {
			return fmt.Errorf("%s %s: %w", e.Target, e.Options, err)
		}
		fmt.Fprintf(out, "== %s %s\n%s\n", e.Target, e.Options, text)
	}
	return out.Flush()
}
