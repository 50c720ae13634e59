package verify

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// upgradeFindings applies the `clusterctl upgrade plan` rule: the metadata.yaml of the
// highest version (pre-releases included) needs a series for every version present.
// versions is sorted highest first.
func upgradeFindings(label string, versions []layout.Version, mds map[string]*metadata.Metadata) lint.Findings {
	if len(versions) == 0 {
		return nil
	}
	top := versions[0]
	md := mds[top.String()]
	if md == nil {
		return lint.Findings{finding(RuleUpgradeSeries, label, top.String(), layout.MetadataFile,
			"the highest version has no readable metadata.yaml: `clusterctl upgrade plan` fails for every management cluster running this provider")}
	}
	var out lint.Findings
	gaps := map[string][]string{}
	var order []string
	for _, v := range versions {
		if seriesOf(md, v) != nil {
			continue
		}
		key := fmt.Sprintf("%d.%d", v.Major(), v.Minor())
		if gaps[key] == nil {
			order = append(order, key)
		}
		gaps[key] = append(gaps[key], v.String())
	}
	for _, key := range order {
		out = append(out, finding(RuleUpgradeSeries, label, top.String(), layout.MetadataFile, fmt.Sprintf(
			"no releaseSeries entry for %s (versions %s): `clusterctl upgrade plan` reads this file and fails with \"does not match any release series\"; keep metadata.yaml cumulative",
			key, strings.Join(gaps[key], ", "))))
	}
	return out
}
