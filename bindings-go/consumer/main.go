// Command consumer is a separate module that imports the binding through a replace directive
// and runs one conversion; the binding's tests build and run it.
package main

import (
	"fmt"
	"log"

	"example.invalid/mcp-tool-result/bindings-go/mcptoolresult"
)

func main() {
	result, err := mcptoolresult.ToCopilot(map[string]any{
		"content": []any{map[string]any{"type": "text", "text": "hello from a consumer"}},
	}, mcptoolresult.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(result.ResultType + ": " + result.TextResultForLLM)
}
