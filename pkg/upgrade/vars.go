package upgrade

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/variables"
)

// variables reports a ${VAR} that a file of next requires and the same file of the
// previous release did not: absent, defaulted or set by clusterctl there.
func (c *check) variables() {
	for _, nf := range c.next.Variables {
		pf := fileVars(c.prev, nf.File)
		if pf == nil {
			continue // a new file: a note
		}
		before := map[string]variables.Var{}
		for _, v := range pf.Vars {
			before[v.Name] = v
		}
		for _, v := range nf.Vars {
			if pv, ok := before[v.Name]; v.Required && !v.SetByClusterctl && (!ok || !pv.Required) {
				c.variable(nf.File, v, pv, ok)
			}
		}
	}
}

func (c *check) variable(file string, v, pv variables.Var, existed bool) {
	was := "did not use it"
	switch {
	case existed && pv.SetByClusterctl:
		was = "had clusterctl set it"
	case existed:
		was = fmt.Sprintf("defaulted it to %q", pv.Default)
	}
	run := "clusterctl generate cluster with this template"
	if layout.FileKind(file) == layout.KindComponents {
		run = "clusterctl upgrade apply (and init)"
	}
	line := 0
	if len(v.Lines) > 0 {
		line = v.Lines[0]
	}
	c.cover("${"+v.Name+"}", "")
	c.cover("${"+v.Name+"}", "required")
	c.add(RuleVariable, file, line, "", fmt.Sprintf("%s requires ${%s}; %s's %s %s: %s fails for users who do not set it: value for variables [%s] is not set. Please set the value using os environment variables or the clusterctl config file. Give it a default (${%s:=value}) or tell users in the release notes",
		name(c.next), v.Name, name(c.prev), file, was, run, v.Name, v.Name))
}

func fileVars(r *inventory.Release, file string) *variables.FileVars {
	for i := range r.Variables {
		if r.Variables[i].File == file {
			return &r.Variables[i]
		}
	}
	return nil
}
