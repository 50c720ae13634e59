package inventory

import (
	"bytes"

	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/variables"
)

// collectVariables is variables.Collect, scanning only the documents that hold a "$",
// each on its own, their lines moved to the file's: the same inventory, without
// reading the large CRDs that hold no variable. When a document's scan fails (a
// variable clusterctl cannot parse, or one a document start cuts), or a "$" is on a
// document-start line, the whole file is scanned by variables.Collect, whose error is
// clusterctl's.
func collectVariables(name string, data []byte, texts []manifest.Text) (variables.FileVars, error) {
	total, inTexts := bytes.Count(data, []byte("$")), 0
	var uses []variables.Use
	for _, t := range texts {
		n := bytes.Count(t.Data, []byte("$"))
		if n == 0 {
			continue
		}
		inTexts += n
		us, err := variables.Scan(t.Data)
		if err != nil {
			return variables.Collect(name, data)
		}
		for _, u := range us {
			u.Line += t.Line
			uses = append(uses, u)
		}
	}
	if inTexts != total {
		return variables.Collect(name, data)
	}
	return variables.FromUses(name, uses), nil
}
