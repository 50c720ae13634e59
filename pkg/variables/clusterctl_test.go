package variables

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/drone/envsubst/v2/parse"
)

// This file holds a copy of clusterctl's own variable detection
// (cmd/clusterctl/client/yamlprocessor/simple_processor.go, v1.6 to v1.14) as the
// reference the tests compare Scan and Inventory against.

var legacyVariableRegEx = regexp.MustCompile(`(\${(\s+([A-Za-z0-9_$]+)\s+)})|(\${(\s+([A-Za-z0-9_$]+))})|(\${(([A-Za-z0-9_$]+)\s+)})`)
var whitespaceRegEx = regexp.MustCompile(`\s`)

func convertLegacyVars(data string) string {
	return legacyVariableRegEx.ReplaceAllStringFunc(data, func(o string) string {
		return whitespaceRegEx.ReplaceAllString(o, "")
	})
}

func inspectVariables(data string) (map[string]string, error) {
	variables := make(map[string]string)
	t, err := parse.Parse(convertLegacyVars(data))
	if err != nil {
		return nil, err
	}
	traverse(t.Root, variables)
	return variables, nil
}

func traverse(root parse.Node, variables map[string]string) {
	switch v := root.(type) {
	case *parse.ListNode:
		for _, ln := range v.Nodes {
			traverse(ln, variables)
		}
	case *parse.FuncNode:
		if _, ok := variables[v.Param]; !ok {
			b := strings.Builder{}
			for _, a := range v.Args {
				switch w := a.(type) {
				case *parse.FuncNode:
					b.WriteString(fmt.Sprintf("${%s}", w.Param))
				case *parse.TextNode:
					b.WriteString(w.Value)
				}
			}
			variables[v.Param] = b.String()
		}
	}
}
