package configmap

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// The API server's rules for names and label values (k8s.io/apimachinery validation).
var (
	dns1123Label     = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	dns1123Subdomain = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	labelValue       = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)
)

// checkName applies the API server's rule for an object name (a DNS-1123 subdomain).
func checkName(what, name string) error {
	if len(name) > 253 || !dns1123Subdomain.MatchString(name) {
		return fmt.Errorf("%s name %q is not a valid Kubernetes name: lower-case letters, digits, '-' and '.', at most 253 characters, starting and ending with a letter or digit", what, name)
	}
	return nil
}

// checkNamespace applies the rule for a namespace name (a DNS-1123 label).
func checkNamespace(ns string) error {
	if len(ns) > 63 || !dns1123Label.MatchString(ns) {
		return fmt.Errorf("namespace %q is not a valid Kubernetes namespace: lower-case letters, digits and '-', at most 63 characters", ns)
	}
	return nil
}

// checkLabels applies the rule for label values: at most 63 characters of letters,
// digits, '-', '_' and '.', starting and ending with a letter or digit.
func checkLabels(labels map[string]string) error {
	for _, k := range sortedKeys(labels) {
		v := labels[k]
		if len(v) > 63 || !labelValue.MatchString(v) {
			return fmt.Errorf("label %s=%q is not a valid Kubernetes label value: at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit", k, v)
		}
	}
	return nil
}

// checkVersion refuses what cannot be the version label, naming the build metadata
// case: '+' is allowed in SemVer but not in a label value or a name.
func checkVersion(v layout.Version) error {
	version := v.String()
	if strings.Contains(version, "+") {
		return fmt.Errorf("version %s has build metadata (+...): the operator reads the version from the label %s, and a label value cannot hold '+'; publish this release under a version without build metadata", version, LabelVersion)
	}
	if !v.Valid() {
		return fmt.Errorf("version %q is not a SemVer version the operator can parse (want v<MAJOR>.<MINOR>.<PATCH>[-pre])", version)
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
