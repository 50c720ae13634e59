// Command yamlsuite runs the YAML test suite through every capirepo reader against
// clusterctl's own (pkg/testsupport/yamlsuite):
//
//	git clone -b data https://github.com/yaml/yaml-test-suite /tmp/yts
//	go run ./hack/yamlsuite /tmp/yts
package main

import (
	"os"

	"github.com/capirepo/capirepo/pkg/testsupport/yamlsuite"
)

func main() { os.Exit(yamlsuite.Main(os.Args[1:], os.Stdout, os.Stderr)) }
