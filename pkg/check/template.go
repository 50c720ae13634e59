package check

import (
	"strings"

	"github.com/drone/envsubst/v2"
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/variables"
)

const ruleSubstituted = "template-yaml-after-substitution"

// How a template that is not YAML as written was read.
const (
	asWritten    = iota
	placeholders // every variable as a placeholder (or empty alone on its line), then restored
	allEmpty     // every variable unset: defaults applied, the others empty
)

// splitTemplate parses a template (or ClusterClass file) the way clusterctl reads it:
// clusterctl substitutes variables before parsing, so a file may be YAML only after
// substitution (`[${KEYS}]`, `${K}: ${V}`, a whole-line ${VAR} that injects a block,
// a default that is itself a block of YAML spanning lines). It tries the text as
// written, then with a value per variable that keeps the YAML structure
// (variables.Placeholders, which has none for a variable spanning lines; the
// placeholders are turned back into the variables' text in the parsed documents, so
// checks see them as written), then as clusterctl renders it with no variable set
// (defaults applied, the others empty). When none parses, err is the placeholder
// parse's error, which names the real fault's line (a `[${KEYS}]` earlier in the file
// hides it from a parse as written), else the first parse's; a file whose variables
// clusterctl cannot parse keeps the first error (vars-parse says why).
func splitTemplate(data []byte) (docs []manifest.Doc, how int, err error) {
	docs, err = manifest.Split(data)
	if err == nil {
		return docs, asWritten, nil
	}
	unset, eerr := envsubst.Eval(variables.Normalise(string(data)), func(string) string { return "" })
	if eerr != nil {
		return nil, asWritten, err
	}
	if text, originals, perr := variables.Placeholders(data); perr == nil {
		if docs, perr = manifest.Split([]byte(text)); perr == nil {
			restore(docs, originals)
			return docs, placeholders, nil
		}
		err = perr
	}
	if docs, eerr = manifest.Split([]byte(unset)); eerr == nil {
		return docs, allEmpty, nil
	}
	return nil, asWritten, err
}

func substitutedFinding(file string, how int) lint.Finding {
	f := lint.Finding{Rule: ruleSubstituted, Severity: lint.Note, File: file,
		Message: "this template is valid YAML only after variable substitution; clusterctl substitutes first, so it works; it was checked with each variable in place as written"}
	if how == allEmpty {
		f.Message = "this template is valid YAML only after variable substitution; clusterctl substitutes first, so it works, " +
			"but its objects were checked as clusterctl renders them with no variable set (defaults applied, the others empty) and line numbers of other findings may be approximate"
	}
	return f
}

// restore turns the placeholders back into the variables' text in the documents'
// nodes and objects.
func restore(docs []manifest.Doc, originals map[string]string) {
	if len(originals) == 0 {
		return
	}
	pairs := make([]string, 0, 2*len(originals))
	for p, o := range originals {
		pairs = append(pairs, p, o)
	}
	r := strings.NewReplacer(pairs...)
	for i := range docs {
		restoreNode(docs[i].Node, r)
		if docs[i].Obj != nil {
			docs[i].Obj = restoreValue(map[string]any(docs[i].Obj), r).(map[string]any)
		}
	}
}

func restoreNode(n *yaml.Node, r *strings.Replacer) {
	if n == nil {
		return
	}
	if n.Kind == yaml.ScalarNode {
		n.Value = r.Replace(n.Value)
	}
	for _, c := range n.Content {
		restoreNode(c, r)
	}
}

func restoreValue(v any, r *strings.Replacer) any {
	switch t := v.(type) {
	case string:
		return r.Replace(t)
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[r.Replace(k)] = restoreValue(x, r)
		}
		return out
	case []any:
		for i := range t {
			t[i] = restoreValue(t[i], r)
		}
	}
	return v
}
