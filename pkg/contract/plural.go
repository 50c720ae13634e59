package contract

import (
	"strings"

	"github.com/gobuffalo/flect"
)

// pluralize is flect.Pluralize, the library clusterctl itself uses, for one lower-case word.
func pluralize(s string) string { return flect.Pluralize(s) }

// CRDName is clusterctl's contract.CalculateCRDName: the CRD name Cluster API expects
// for a kind, flect.Pluralize(lower(kind)) + "." + group.
func CRDName(group, kind string) string {
	return pluralize(strings.ToLower(kind)) + "." + group
}
