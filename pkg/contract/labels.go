package contract

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

var contractLabel = regexp.MustCompile(`^cluster\.x-k8s\.io/v[0-9]+((alpha|beta)[0-9]+)?$`)

// contractLabels returns the CRD's cluster.x-k8s.io/<contract> labels, sorted by key.
func contractLabels(c crd) [][2]string {
	var out [][2]string
	for k, v := range c.doc.Obj.StringMap("metadata", "labels") {
		if contractLabel.MatchString(k) {
			out = append(out, [2]string{k, v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

func checkContractLabels(s *scan, c crd, own map[string]bool) lint.Findings {
	r := ruleContractLabel
	if c.role == "" {
		if !own[c.group] {
			return nil
		}
		r = ruleContractLabelOth
	}
	labels := contractLabels(c)
	if len(labels) == 0 || (s.in.Contract != "" && !hasLabel(labels, "cluster.x-k8s.io/"+s.in.Contract)) {
		return lint.Findings{report(r, s.in.File, c.doc, c.doc.LineOf("metadata", "labels"),
			"CRD has no cluster.x-k8s.io/%s label; add one mapping the contract to the CRD versions, e.g. cluster.x-k8s.io/%s: %s", orDefault(s.in.Contract, "<contract>"), orDefault(s.in.Contract, "v1beta1"), latest(c))}
	}
	current := currentContract(s.in.Contract, labels)
	var out lint.Findings
	for _, l := range labels {
		out = append(out, checkLabelVersions(s, c, labelRules(r, l[0] == current), l)...)
	}
	return out
}

// labelRules picks the rules for one contract label: the current contract's label is
// what Cluster API reads, so its mistakes are r's; labels of older contracts only
// warn (commonLabels often leave them stale, e.g. cluster.x-k8s.io/v1alpha4).
func labelRules(r lint.Rule, current bool) [2]lint.Rule {
	switch {
	case !current:
		return [2]lint.Rule{ruleContractStale, ruleContractServed}
	case r == ruleContractLabel:
		return [2]lint.Rule{r, r}
	}
	return [2]lint.Rule{r, ruleContractServed}
}

// checkLabelVersions checks each version of a label: rules[0] for versions the CRD
// lacks, rules[1] for versions it does not serve.
func checkLabelVersions(s *scan, c crd, rules [2]lint.Rule, l [2]string) lint.Findings {
	var out lint.Findings
	line := c.doc.LineOf("metadata", "labels", l[0])
	for _, v := range strings.Split(l[1], "_") {
		served, ok := c.versions[v]
		switch {
		case !ok:
			out = append(out, report(rules[0], s.in.File, c.doc, line,
				"label %s lists version %q, which the CRD does not define (versions: %s); list only versions of spec.versions", l[0], v, versionList(c)))
		case !served:
			out = append(out, report(rules[1], s.in.File, c.doc, line,
				"label %s lists version %q, which the CRD does not serve; drop it or serve it", l[0], v))
		}
	}
	return out
}

var kubeVersion = regexp.MustCompile(`^v([0-9]+)(?:(alpha|beta)([0-9]+))?$`)

// versionRank orders Kubernetes API versions: v1alpha1 < v1beta1 < v1 < v2alpha1.
func versionRank(v string) [3]int {
	m := kubeVersion.FindStringSubmatch(v)
	if m == nil {
		return [3]int{-1, 0, 0}
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[3])
	stage := map[string]int{"alpha": 0, "beta": 1, "": 2}[m[2]]
	return [3]int{major, stage, minor}
}

// currentContract is the label key Cluster API reads: the release's contract when
// known, else the newest contract among the labels.
func currentContract(contract string, labels [][2]string) string {
	if contract != "" {
		return "cluster.x-k8s.io/" + contract
	}
	best := ""
	for _, l := range labels {
		v := strings.TrimPrefix(l[0], "cluster.x-k8s.io/")
		if best == "" || less(versionRank(strings.TrimPrefix(best, "cluster.x-k8s.io/")), versionRank(v)) {
			best = l[0]
		}
	}
	return best
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
