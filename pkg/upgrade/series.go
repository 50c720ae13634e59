package upgrade

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
)

// series reports a release series whose contract next's metadata.yaml changes.
func (c *check) series() {
	if c.prev.Metadata == nil || c.next.Metadata == nil {
		return
	}
	for _, ns := range c.next.Metadata.Series {
		for _, ps := range c.prev.Metadata.Series {
			if ps.Major != ns.Major || ps.Minor != ns.Minor || ps.Contract == ns.Contract {
				continue
			}
			key := fmt.Sprintf("v%d.%d", ns.Major, ns.Minor)
			in := span(c.from, func(r *inventory.Release) bool {
				v, ok := version(r)
				return ok && v.Major() == uint64(ns.Major) && v.Minor() == uint64(ns.Minor)
			})
			if in == "" {
				in = "none published"
			}
			c.cover("series "+key, "contract")
			c.add(RuleContract, metadataFile(c.next), 0, "", fmt.Sprintf("series %d.%d declares contract %s in %s's metadata.yaml and %s in %s's: clusterctl reads every installed version's contract from the newest metadata.yaml, so clusters running the earlier %d.%d releases (%s) are taken to run %s, and clusterctl upgrade plans for a contract they do not run. Give %s its own minor (capirepo metadata add-series) and keep %d.%d at %s",
				ns.Major, ns.Minor, ps.Contract, name(c.prev), ns.Contract, name(c.next), ns.Major, ns.Minor, in, ns.Contract, ns.Contract, ns.Major, ns.Minor, ps.Contract))
		}
	}
}

// metadataFile is the name of r's metadata file.
func metadataFile(r *inventory.Release) string {
	for _, f := range r.Files {
		if f.Kind == layout.KindMetadata {
			return f.Name
		}
	}
	return ""
}
