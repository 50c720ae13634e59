package metadata

import "github.com/capirepo/capirepo/pkg/lint"

// Parse decodes metadata.yaml. It fails, with a lint.Findings error carrying file:line,
// on everything that stops clusterctl from using the file: invalid YAML, a wrong
// apiVersion or kind, an empty releaseSeries, and major/minor values that are not
// non-negative integers. It accepts a missing apiVersion or kind and unknown fields,
// as clusterctl ≤v1.10 does; Lint reports those.
func Parse(file string, data []byte) (*Metadata, error) {
	m, found := decode(file, data)
	if fatal := onlyFatal(found); len(fatal) > 0 {
		return nil, fatal
	}
	return m, nil
}

func onlyFatal(fs lint.Findings) lint.Findings {
	fatal := fatalRules()
	var out lint.Findings
	for _, f := range fs {
		if fatal[f.Rule] {
			out = append(out, f)
		}
	}
	return out
}
