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
	outside := separatorDollars(data, texts)
	var uses []variables.Use
	for _, t := range texts {
		if bytes.IndexByte(t.Data, '$') < 0 {
			continue
		}
		us, err := variables.Scan(t.Data)
		if err != nil {
			return variables.Collect(name, data)
		}
		for _, u := range us {
			u.Line += t.Line
			uses = append(uses, u)
		}
	}
	if outside > 0 {
		return variables.Collect(name, data)
	}
	return variables.FromUses(name, uses), nil
}

// separatorDollars counts the "$" of data outside its texts (the document-start lines
// between them), which the texts are slices of: where each text starts in data is
// what its capacity says.
func separatorDollars(data []byte, texts []manifest.Text) int {
	n, at := 0, 0
	for _, t := range texts {
		start := cap(data) - cap(t.Data)
		if start < at || start > len(data) {
			return bytes.Count(data, []byte("$")) // not slices of data: count them all
		}
		n += bytes.Count(data[at:start], []byte("$"))
		at = start + len(t.Data)
	}
	return n + bytes.Count(data[min(at, len(data)):], []byte("$"))
}
