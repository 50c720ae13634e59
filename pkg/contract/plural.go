package contract

import "strings"

// applyRule is one of flect's rules: a word ending in an already-plural suffix is
// kept (flect's "noop" guard, tried first), one ending in the singular suffix gets
// the plural suffix.
func applyRule(s, singular, plural string) (string, bool) {
	switch {
	case strings.HasSuffix(s, plural):
		return s, true
	case strings.HasSuffix(s, singular):
		return strings.TrimSuffix(s, singular) + plural, true
	}
	return "", false
}

// applyRules walks flect's rule list in its order: InsertPluralRule prepends, first
// for the suffix list (in reverse) and then for every non-exact dictionary word, so
// dictionary words come first, last word first, then the suffix list in order.
func applyRules(s string) (string, bool) {
	for i := len(dictionary) - 1; i >= 0; i-- {
		if w := dictionary[i]; !w.exact {
			if p, ok := applyRule(s, w.singular, w.plural); ok {
				return p, true
			}
		}
	}
	for _, r := range suffixRules {
		if p, ok := applyRule(s, r[0], r[1]); ok {
			return p, true
		}
	}
	return "", false
}

// knownPlural reports whether flect's pluralToSingle map holds s.
func knownPlural(s string) bool {
	for _, w := range dictionary {
		if !w.unidirectional && (w.plural == s || (w.alternative != "" && w.alternative == s)) {
			return true
		}
	}
	return false
}

// pluralize is flect.Pluralize for one lower-case word.
func pluralize(s string) string {
	if s == "" {
		return ""
	}
	for _, w := range dictionary {
		if w.singular == s {
			return w.plural
		}
	}
	if knownPlural(s) {
		return s
	}
	if p, ok := applyRules(s); ok {
		return p
	}
	if strings.HasSuffix(s, "s") {
		return s
	}
	return s + "s"
}

// CRDName is clusterctl's contract.CalculateCRDName: the CRD name Cluster API expects
// for a kind, flect.Pluralize(lower(kind)) + "." + group.
func CRDName(group, kind string) string {
	return pluralize(strings.ToLower(kind)) + "." + group
}
