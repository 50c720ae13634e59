package contract

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
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

// labelReaders are the provider types whose CRDs Cluster API references by
// apiVersion and resolves through the contract label. Core CRDs, IPAM pools
// (referenced by group and kind only) and add-on CRDs are not read that way.
var labelReaders = map[string]bool{
	layout.InfrastructureProvider: true, layout.BootstrapProvider: true, layout.ControlPlaneProvider: true,
}

// labelProblems collects the label versions of one CRD that are not fine: picked
// are versions Cluster API uses (the last of a label it reads), stale the other
// versions the CRD lacks, unserved the other versions it does not serve. Each entry
// is "<label>: <version>" with the line of its label.
type labelProblems struct {
	picked            lint.Findings
	stale, unserved   []string
	staleAt, servedAt int
}

func checkContractLabels(s *scan, c crd, own map[string]bool) lint.Findings {
	if !labelReaders[s.in.Type] {
		return nil
	}
	r := ruleContractLabel
	if c.role == "" {
		if !own[c.group] {
			return nil
		}
		r = ruleContractLabelOth
	}
	labels := contractLabels(c)
	read := resolvedLabel(s.in.Contract, labels)
	if read == "" {
		return lint.Findings{report(r, s.in.File, c.doc, c.doc.LineOf("metadata", "labels"),
			"CRD has no cluster.x-k8s.io/%s label%s; add one mapping the contract to the CRD versions, e.g. cluster.x-k8s.io/%s: %s", orDefault(s.in.Contract, "<contract>"), coreNote(s.in.Contract), orDefault(s.in.Contract, layout.ContractV1beta1), latest(c))}
	}
	if c.role == "" && !namesDefinedVersion(c, labels) {
		return nil // blanket labels on a CRD Cluster API does not reference (CAPO's v1alpha1 kinds)
	}
	var p labelProblems
	if s.in.Contract != "" && read != layout.ContractLabel(s.in.Contract) {
		p.picked = append(p.picked, compatFinding(s, c, read))
	}
	for _, l := range labels {
		p.add(s, c, r, l, l[0] == read || l[0] == alsoRead(s.in.Contract, labels))
	}
	return append(p.picked, p.findings(s, c)...)
}

// add checks each version of label l; the highest version of the label Cluster API
// reads is the one it uses for references, so its mistakes are r's.
func (p *labelProblems) add(s *scan, c crd, r lint.Rule, l [2]string, read bool) {
	line := c.doc.LineOf("metadata", "labels", l[0])
	picked := highestVersion(l[1])
	for _, v := range strings.Split(l[1], "_") {
		served, defined := c.versions[v]
		switch {
		case defined && served:
		case read && v == picked:
			p.picked = append(p.picked, pickedFinding(s, c, r, l, v, defined, line))
		case !defined && !read && keptOnPurpose(l):
		case !defined:
			p.stale = append(p.stale, l[0]+": "+v)
			p.staleAt = firstLine(p.staleAt, line)
		default:
			p.unserved = append(p.unserved, l[0]+": "+v)
			p.servedAt = firstLine(p.servedAt, line)
		}
	}
}

// namesDefinedVersion: some contract label lists a version the CRD defines.
func namesDefinedVersion(c crd, labels [][2]string) bool {
	for _, l := range labels {
		for _, v := range strings.Split(l[1], "_") {
			if _, ok := c.versions[v]; ok {
				return true
			}
		}
	}
	return false
}

// keptOnPurpose: `cluster.x-k8s.io/<c>: <c>` for a contract Cluster API still reads
// (v1beta1 and later) is how Cluster API's own CRDs let the topology reconciler tell
// the contract of older objects in ClusterClasses, even on CRDs that no longer define
// that version. Older contracts' labels (v1alpha3, v1alpha4) are left-overs.
func keptOnPurpose(l [2]string) bool {
	c := labelVersion(l[0])
	return l[1] == c && !less(versionRank(c), versionRank(layout.ContractV1beta1))
}

func pickedFinding(s *scan, c crd, r lint.Rule, l [2]string, v string, defined bool, line int) lint.Finding {
	if !defined {
		return report(r, s.in.File, c.doc, line,
			"label %s lists %q as its highest version, the one Cluster API uses for references to %s (it sorts the versions, GetLatestContractAndAPIVersionFromContract), but the CRD does not define it (versions: %s); list only versions the CRD serves", l[0], v, c.kind, versionList(c))
	}
	return report(r, s.in.File, c.doc, line,
		"label %s lists %q as its highest version, the one Cluster API uses for references to %s, but the CRD does not serve it; serve it or drop it from the label", l[0], v, c.kind)
}

// findings reports the stale and unserved versions once per CRD each.
func (p *labelProblems) findings(s *scan, c crd) lint.Findings {
	var out lint.Findings
	if len(p.stale) > 0 {
		out = append(out, report(ruleContractStale, s.in.File, c.doc, p.staleAt,
			"contract labels list versions the CRD does not define (%s; CRD versions: %s); Cluster API uses only the highest version of the label it reads, so this is harmless, but list only versions of spec.versions (kustomize commonLabels for older contracts often leave such labels behind)", strings.Join(p.stale, ", "), versionList(c)))
	}
	if len(p.unserved) > 0 {
		out = append(out, report(ruleContractServed, s.in.File, c.doc, p.servedAt,
			"contract labels list versions the CRD does not serve (%s); Cluster API uses only the highest version of the label it reads, so this is harmless, but list only served versions", strings.Join(p.unserved, ", ")))
	}
	return out
}

func firstLine(cur, line int) int {
	if cur == 0 || (line != 0 && line < cur) {
		return line
	}
	return cur
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

// resolvedLabel is the label key Cluster API resolves references with ("" if none):
// a core of the metadata's contract reads its own label, a v1beta2 core (v1.11-v1.14)
// falls back to cluster.x-k8s.io/v1beta1 (internal/contract GetCompatibleVersions,
// GetLatestContractAndAPIVersionFromContract; empty labels are skipped). Without a
// contract, the newest contract among the labels.
func resolvedLabel(contract string, labels [][2]string) string {
	value := map[string]string{}
	best := ""
	for _, l := range labels {
		value[l[0]] = l[1]
		if l[1] != "" && (best == "" || less(versionRank(labelVersion(best)), versionRank(labelVersion(l[0])))) {
			best = l[0]
		}
	}
	if contract == "" {
		return best
	}
	for _, con := range compatibleContracts(contract) {
		if value[layout.ContractLabel(con)] != "" {
			return layout.ContractLabel(con)
		}
	}
	return ""
}

// alsoRead is the label a newer core reads for a release of contract, beside
// resolvedLabel's ("" none): the v1beta2 label of a v1beta1 release, which v1beta2
// cores (cluster-api v1.11-v1.14, onto which clusterctl installs v1beta1 providers)
// read before the v1beta1 one.
func alsoRead(contract string, labels [][2]string) string {
	for _, l := range labels {
		if contract == layout.ContractV1beta1 && l[0] == layout.ContractLabel(layout.ContractV1beta2) && l[1] != "" {
			return l[0]
		}
	}
	return ""
}

// compatibleContracts are the labels a core of contract reads, in order.
func compatibleContracts(contract string) []string {
	if contract == layout.ContractV1beta2 {
		return []string{layout.ContractV1beta2, layout.ContractV1beta1}
	}
	return []string{contract}
}

// coreNote says which cores were tried when no label resolves.
func coreNote(contract string) string {
	if contract == layout.ContractV1beta2 {
		return " (nor the cluster.x-k8s.io/v1beta1 label a v1beta2 core also reads), so no Cluster API core of the metadata's contract can resolve references to it"
	}
	if contract != "" {
		return ", so no Cluster API core of the metadata's contract " + contract + " can resolve references to it"
	}
	return ""
}

var ruleContractCompat = rule("crd-contract-label-compat", lint.Warning, "A v1beta2 core (cluster-api v1.11-v1.14) also reads the cluster.x-k8s.io/v1beta1 label while v1beta1 compatibility lasts (internal/contract/version.go GetCompatibleVersions, \"until v1beta1 is EOL\", planned for about v1.16); a v1beta2 release whose CRDs carry only that label works today and stops working then.")

func compatFinding(s *scan, c crd, read string) lint.Finding {
	return report(ruleContractCompat, s.in.File, c.doc, c.doc.LineOf("metadata", "labels", read),
		"CRD has no cluster.x-k8s.io/%s label, only %s: cluster-api v1.11-v1.14 (v1beta2 cores) also read that label, so references to %s resolve today with the %s contract's paths, but this stops working when Cluster API drops v1beta1 compatibility (planned for about v1.16); add cluster.x-k8s.io/%s: <versions>", s.in.Contract, read, c.kind, labelVersion(read), s.in.Contract)
}

func labelVersion(key string) string { return strings.TrimPrefix(key, layout.ContractLabelPrefix) }

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
