// Package variables finds clusterctl variables (${VAR}, ${VAR:=default}) in
// provider YAML exactly as clusterctl does (drone/envsubst's parser after
// clusterctl's legacy-spacing rewrite), keeps the original line of every
// occurrence, lints the traps clusterctl does not report, and writes the
// variable inventory providers publish for their users.
package variables

import (
	"fmt"
	"path"
	"sort"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Use is one occurrence of a variable.
type Use struct {
	Name       string `json:"name"`
	Op         string `json:"op,omitempty"`      // envsubst function: "", ":=", "=", ":-", ":?", ":+", ":", "/", "#", ...
	Default    string `json:"default,omitempty"` // clusterctl's default: the args joined, nested vars as ${NAME}
	HasDefault bool   `json:"hasDefault"`        // Default != "": what makes clusterctl call it optional
	Line       int    `json:"line"`              // 1-based line of its "${" in the original file
	Nested     bool   `json:"nested,omitempty"`  // inside another variable's default (clusterctl ignores it)
	InComment  bool   `json:"inComment,omitempty"`
	Spaced     bool   `json:"spaced,omitempty"` // deprecated ${ VAR } spacing
	Text       string `json:"text"`             // the occurrence as written (shortened)
}

// Var is clusterctl's view of one variable: the first top-level occurrence decides.
type Var struct {
	Name     string `json:"name"`
	Required bool   `json:"required"`
	Default  string `json:"default,omitempty"` // as written in the file
	Lines    []int  `json:"lines"`             // every line using it, nested uses included
	// SetByClusterctl marks the variables clusterctl generate cluster always sets
	// for templates and ClusterClasses (CLUSTER_NAME, NAMESPACE and the machine
	// counts); Required is then false, since users need not set them.
	SetByClusterctl bool `json:"setByClusterctl,omitempty"`
}

// Scan returns every variable occurrence in file order (nested ones after their
// parent). If clusterctl cannot parse the file it returns the first *ParseError,
// which is where clusterctl stops.
func Scan(data []byte) ([]Use, error) {
	r := newSource(string(data)).walk()
	if len(r.errs) > 0 {
		return nil, r.errs[0]
	}
	return uses(r.uses), nil
}

// Collect scans one file and returns its inventory for the vars command, the
// variables clusterctl sets marked for templates and ClusterClasses (judged from
// the file's base name); a parse error names the file and line.
func Collect(file string, data []byte) (FileVars, error) {
	us, err := Scan(data)
	if err != nil {
		return FileVars{}, fmt.Errorf("reading variables of %s: %w", file, err)
	}
	return FromUses(file, us), nil
}

// FromUses is Collect's inventory of the uses Scan found in file.
func FromUses(file string, us []Use) FileVars {
	vars := Inventory(us)
	kind := layout.FileKind(path.Base(file))
	for i := range vars {
		if SetByClusterctl(vars[i].Name, kind) {
			vars[i].SetByClusterctl, vars[i].Required = true, false
		}
	}
	return FileVars{File: file, Vars: vars}
}

func uses(fs []found) []Use {
	out := make([]Use, len(fs))
	for i, f := range fs {
		out[i] = f.use
	}
	return out
}

// Inventory is clusterctl's variable list, sorted by name: names used at top level,
// required unless the first top-level occurrence has a non-empty default.
func Inventory(uses []Use) []Var {
	byName := map[string]*Var{}
	var names []string
	for _, u := range uses {
		if !u.Nested && byName[u.Name] == nil {
			byName[u.Name] = &Var{Name: u.Name, Required: !u.HasDefault, Default: u.Default}
			names = append(names, u.Name)
		}
	}
	for _, u := range uses {
		if v := byName[u.Name]; v != nil {
			v.Lines = append(v.Lines, u.Line)
		}
	}
	sort.Strings(names)
	out := make([]Var, len(names))
	for i, n := range names {
		out[i] = *byName[n]
		sort.Ints(out[i].Lines)
		out[i].Lines = dedupe(out[i].Lines)
	}
	return out
}

func dedupe(xs []int) []int {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
