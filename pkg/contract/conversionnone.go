package contract

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

var ruleConversionNone = rule("crd-conversion-none", lint.Warning, "A CRD serving versions whose schemas differ should convert between them with a webhook: with spec.conversion.strategy None (the default) the API server only rewrites apiVersion (k8s.io/apiextensions-apiserver pkg/apiserver/conversion/nop_converter.go nopConverter.Convert) and then prunes what the other version's schema lacks, so an object written in one version and read in another loses or misses its fields (Cluster API reads a contract kind in the version its contract label names: internal/contract/version.go). Compared on the schema paths the contract rules read, which is all lint keeps of a schema (diff --upgrade compares whole schemas: upgrade-conversion-none). A warning: the API server and clusterctl accept the CRD.")

// checkConversionNone: strategy None between served versions differing on a
// contract path.
func checkConversionNone(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		strategy := c.doc.Obj.String("spec", "conversion", "strategy")
		if strategy != "" && strategy != "None" {
			continue
		}
		served := servedNames(c)
		for _, v := range served[min(1, len(served)):] {
			if p := differingPath(c, served[0], v); p != "" {
				line := c.doc.LineOf("spec", "versions")
				if n := c.doc.NodeAt("spec", "conversion", "strategy"); n != nil {
					line = n.Line
				}
				out = append(out, report(ruleConversionNone, s.in.File, c.doc, line,
					"%s serves %s and %s, whose schemas differ at %s, with conversion strategy None: the API server only rewrites apiVersion between them, so an object written in one is read in the other without conversion and the fields the other lacks are pruned; convert with a webhook (strategy: Webhook) or serve one version", c.kind, served[0], v, p))
				break
			}
		}
	}
	return out
}

// servedNames are the served versions of c, sorted.
func servedNames(c crd) []string {
	var out []string
	for v, served := range c.versions {
		if served {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// differingPath is the first contract path whose presence or type differs between
// versions a and b of c ("" when none, or when a schema cannot tell).
func differingPath(c crd, a, b string) string {
	sa, sb := c.servedVersion(a), c.servedVersion(b)
	if sa.schema == nil || sb.schema == nil {
		return ""
	}
	for _, p := range schemaPaths {
		p = strings.TrimSuffix(p, ".*")
		na, ka := sa.field(p)
		nb, kb := sb.field(p)
		if ka == unknown || kb == unknown {
			continue
		}
		if ka != kb || typeOf(na) != typeOf(nb) {
			return fmt.Sprintf("%s (%s: %s, %s: %s)", p, a, describeField(na, ka), b, describeField(nb, kb))
		}
	}
	return ""
}

func describeField(n map[string]any, st state) string {
	if st != present {
		return "absent"
	}
	if t := typeOf(n); t != "" {
		return t
	}
	return "present"
}
