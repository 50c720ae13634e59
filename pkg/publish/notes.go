package publish

import (
	"fmt"
	"strings"
)

// Provider is one entry of clusterctl.yaml's providers: list.
type Provider struct{ Name, Type, URL string }

// ProvidersSnippet formats the providers: entries every destination prints, in one
// format: a clusterctl.yaml fragment to copy.
func ProvidersSnippet(ps []Provider) string {
	var b strings.Builder
	b.WriteString("providers:")
	for _, p := range ps {
		fmt.Fprintf(&b, "\n  - name: %q\n    type: %q\n    url: %q", p.Name, p.Type, p.URL)
	}
	return b.String()
}
