// Command capirepo builds, lints, publishes and mirrors clusterctl provider repositories.
package main

import (
	"os"

	"github.com/capirepo/capirepo/pkg/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
