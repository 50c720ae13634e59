package check

import (
	"path"

	"github.com/capirepo/capirepo/pkg/lint"
)

// Once drops the repeats of a finding on a file several targets share
// (Target.Shared, named dir/file as Target.Dir says), so the findings on a flat
// folder's metadata.yaml are reported once and not once per provider. A repeat is
// the same finding in every field; findings on other files are all kept, in order.
func Once(ts []Target, fs lint.Findings) lint.Findings {
	shared := map[string]bool{}
	for _, t := range ts {
		for _, name := range t.Shared {
			shared[path.Join(t.Dir, name)] = true
		}
	}
	seen := map[lint.Finding]bool{}
	var out lint.Findings
	for _, f := range fs {
		if shared[f.File] {
			if seen[f] {
				continue
			}
			seen[f] = true
		}
		out = append(out, f)
	}
	return out
}
