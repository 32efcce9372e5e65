// Command stamp checks or writes the stamps of the Go module's committed artifacts.
//
//	stamp -repo <root> check <lib|wasm>   exit 1 when the artifact is missing or stale
//	stamp -repo <root> write <lib|wasm>   record the tree's source hash and the artifact's hash
package main

import (
	"flag"
	"fmt"
	"os"

	"example.invalid/mcp-tool-result/bindings-go/tests/stamp"
)

func main() {
	repo := flag.String("repo", "..", "the repository root")
	flag.Parse()
	if flag.NArg() != 2 || flag.Arg(0) != "check" && flag.Arg(0) != "write" {
		fmt.Fprintln(os.Stderr, "usage: stamp -repo <root> check|write lib|wasm")
		os.Exit(2)
	}
	a, err := stamp.Find(flag.Arg(1))
	if err == nil {
		if flag.Arg(0) == "write" {
			err = a.Write(*repo)
		} else {
			err = a.Check(*repo)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "stamp:", err)
		os.Exit(1)
	}
}
