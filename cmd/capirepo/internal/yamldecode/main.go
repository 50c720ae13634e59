// Command yamldecode is the anchor of capirepo's process benchmarks: it decodes
// every document of the file it is given with yaml.v3, on one goroutine, and
// keeps nothing, like the simplest program that reads such a file.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	yaml "go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: yamldecode FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = decodeAll(data)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "yamldecode:", err)
		os.Exit(1)
	}
}

// decodeAll decodes each document into an empty interface.
func decodeAll(data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
	}
}
