package install

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// findings turns the child's refusals into findings at the release's files: a
// flavor's object at its template (or ClusterClass) file and line, init and upgrade
// refusals at the components file.
func findings(next Release, earlier []Release, p Plan, r *Result) lint.Findings {
	var out lint.Findings
	comp := layout.VersionFile(next.Label, next.Version, componentsFile(next))
	for _, ref := range r.Refusals {
		f := lint.Finding{Severity: lint.Error, File: comp, Message: ref.Message}
		switch ref.Step {
		case "init":
			f.Rule = RuleInit
		case "generate", "dry-run":
			f = flavorFinding(next, p.Flavors[ref.Flavor], ref)
		default: // upgrade, upgrade-init
			f.Rule = RuleUpgrade
			from := earlier[ref.Upgrade].Version
			f.Line = crdLine(next.Files[componentsFile(next)], ref.Message)
			f.Message = fmt.Sprintf("clusterctl upgrade apply from %s to %s: %s", from, next.Version, ref.Message)
			if ref.Step == "upgrade-init" {
				f.Message = fmt.Sprintf("installing the earlier release %s failed, so its upgrade was not tried: %s", from, ref.Message)
			}
		}
		out = append(out, f)
	}
	return out
}

func flavorFinding(next Release, fl Flavor, ref Refusal) lint.Finding {
	file := layout.TemplateFile(fl.Name)
	f := lint.Finding{Rule: RuleGenerate, Severity: lint.Error, File: layout.VersionFile(next.Label, next.Version, file), Message: ref.Message}
	if ref.Step == "generate" {
		return f
	}
	f.Rule = RuleDryRun
	src, doc, originals := locateDoc(next.Files, file, ref)
	f.File, f.Object = layout.VersionFile(next.Label, next.Version, src), ref.Kind+" "+ref.Name
	if doc != nil {
		f.Line = fieldLine(doc, ref.Message)
	}
	f.Message = "the API server refused it (server-side dry-run, strict field validation): " + ref.Message
	if vars := placeholderCause(doc, originals, ref.Message, fl.Placeholders); vars != nil {
		f.Rule, f.Severity = RuleDryRunPlaceholder, lint.Warning
		f.Message = fmt.Sprintf("not proven: the API server refused the placeholder capirepo gave %s (no default, not in --values), not a value of the release: %s; set %s with --values to prove this flavor",
			valueList(vars, fl.Values), ref.Message, strings.Join(vars, ", "))
	}
	return f
}

// valueList names each variable with its placeholder: A="x", B="y".
func valueList(vars []string, vals map[string]string) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = fmt.Sprintf("%s=%q", v, vals[v])
	}
	return strings.Join(parts, ", ")
}
