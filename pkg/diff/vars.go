package diff

import (
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/variables"
)

// variableDiffs compares the ${VAR} variables of each file both sides have, as
// clusterctl lists them (pkg/variables): a variable only one side uses, one that became
// required or defaulted, and a changed default.
func variableDiffs(a, b *inventory.Release) []Difference {
	var out []Difference
	for _, fa := range a.Variables {
		fb := fileVars(b, fa.File)
		if fb == nil {
			continue // a file only one side has is a files difference
		}
		inB := map[string]variables.Var{}
		for _, v := range fb.Vars {
			inB[v.Name] = v
		}
		seen := map[string]bool{}
		for _, va := range fa.Vars {
			seen[va.Name] = true
			vb, ok := inB[va.Name]
			if !ok {
				out = append(out, varDiff(fa.File, va.Name, "", OnlyInA, describe(va), ""))
				continue
			}
			if va.Required != vb.Required {
				out = append(out, varDiff(fa.File, va.Name, "required", Changed, describe(va), describe(vb)))
			} else if va.Default != vb.Default {
				out = append(out, varDiff(fa.File, va.Name, "default", Changed, va.Default, vb.Default))
			}
		}
		for _, vb := range fb.Vars {
			if !seen[vb.Name] {
				out = append(out, varDiff(fa.File, vb.Name, "", OnlyInB, "", describe(vb)))
			}
		}
	}
	return out
}

func fileVars(r *inventory.Release, file string) *variables.FileVars {
	for i := range r.Variables {
		if r.Variables[i].File == file {
			return &r.Variables[i]
		}
	}
	return nil
}

func varDiff(file, name, path, change, a, b string) Difference {
	return Difference{Section: SectionVariables, File: file, Subject: "${" + name + "}", Path: path, Change: change, A: a, B: b}
}

// describe prints a variable as clusterctl sees it.
func describe(v variables.Var) string {
	switch {
	case v.SetByClusterctl:
		return "set by clusterctl"
	case v.Required:
		return "required"
	}
	return "defaulted: " + v.Default
}
