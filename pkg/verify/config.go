package verify

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
)

// Config reads root/clusterctl.yaml (build's, publish local's or mirror's) the way
// clusterctl reads it, and checks that every local URL in it resolves: expanded from
// getenv, an absolute {base}/{label}/{version}/{file} of the entry's label, whose
// version folder holds metadata.yaml (for a provider) and the file. A URL into
// another folder than root works only while that folder is there: a warning. The
// findings (on clusterctl.yaml, as the other findings name files relative to the
// repository) are keyed by the entry's label; none without clusterctl.yaml.
func Config(root string, getenv func(string) string) (map[string]lint.Findings, error) {
	path := filepath.Join(root, clusterctlcfg.File)
	if !localrepo.Exists(path) {
		return nil, nil
	}
	cfg, err := clusterctlcfg.Load(path)
	if err != nil {
		return nil, err
	}
	return ConfigOf(root, cfg, getenv), nil
}

// ConfigOf is Config of a clusterctl.yaml already read (or changed in memory, as a
// dry run of mirror relink would write it).
func ConfigOf(root string, cfg *clusterctlcfg.Config, getenv func(string) string) map[string]lint.Findings {
	out := map[string]lint.Findings{}
	for _, e := range cfg.Entries() {
		if f, ok := checkEntry(root, e, getenv); ok {
			out[e.Label()] = append(out[e.Label()], f)
		}
	}
	return out
}

// checkEntry is the finding on one entry, if any.
func checkEntry(root string, e clusterctlcfg.Entry, getenv func(string) string) (lint.Finding, bool) {
	at := func(rule lint.Rule, format string, args ...any) (lint.Finding, bool) {
		return lint.Finding{Rule: rule.ID, Severity: rule.Severity, File: clusterctlcfg.File, Line: e.Line, Object: entryName(e),
			Message: fmt.Sprintf(format, args...)}, true
	}
	l, local, err := e.ReadLocal(getenv)
	switch {
	case !local:
		return lint.Finding{}, false
	case err != nil:
		return at(configURLRule, "clusterctl refuses url %q: %v", e.URL, err)
	}
	if missing := MissingFile(e, l); missing != "" {
		return at(configURLRule, "url %q%s: clusterctl fails reading %s (no such file)%s", e.URL, expanded(e), missing, relinkHint(root, e, l))
	}
	if filepath.Clean(l.Base) != filepath.Clean(root) {
		return at(configElsewhereRule, "url %q reads %s, not this repository %s: clusterctl uses that folder's files while it is there%s", e.URL, l.Base, root, relinkHint(root, e, l))
	}
	return lint.Finding{}, false
}

// MissingFile is the first file clusterctl reads through e's URL l that is not there
// ("" if none): the label folder for latest, else metadata.yaml (providers) and the
// file. mirror relink points a URL at a folder only where this finds everything.
func MissingFile(e clusterctlcfg.Entry, l clusterctlcfg.LocalPath) string {
	if l.Version == "latest" {
		if dir := filepath.Join(l.Base, l.Label); !localrepo.IsFolder(dir) {
			return dir
		}
		return ""
	}
	l = e.Reads(l)
	names := []string{layout.MetadataFile, l.File}
	if e.Label() == clusterctlcfg.CertManagerLabel {
		names = names[1:]
	}
	for _, n := range names {
		if p := filepath.Join(l.Dir(), n); !isFile(p) {
			return p
		}
	}
	return ""
}

// isFile: clusterctl's GetFile stats the path (following links) and refuses a folder.
func isFile(p string) bool {
	exists, folder := localrepo.Lookup(p)
	return exists && !folder
}

// relinkHint says how to point the URL at root when root holds what it names.
func relinkHint(root string, e clusterctlcfg.Entry, l clusterctlcfg.LocalPath) string {
	l.Base = root
	if MissingFile(e, l) != "" {
		return ""
	}
	return fmt.Sprintf("; this repository holds %s: if it was moved or copied here, run capirepo mirror relink %s", filepath.Join(l.Label, e.Reads(l).Version), root)
}

// expanded notes a URL whose ${VAR} clusterctl expands from the environment.
func expanded(e clusterctlcfg.Entry) string {
	if strings.Contains(e.URL, "${") {
		return " (its ${VAR} expanded from the environment, as clusterctl does)"
	}
	return ""
}

func entryName(e clusterctlcfg.Entry) string {
	if e.Type == "" {
		return e.Name
	}
	return fmt.Sprintf("%s %s", e.Type, e.Name)
}

// WithConfig adds Config's findings to the report of each label, and a report for
// each label without one (cert-manager, providers of other folders), in label order.
func WithConfig(reports []*Report, byLabel map[string]lint.Findings) []*Report {
	seen := map[string]bool{}
	for _, r := range reports {
		seen[r.Label] = true
		r.Findings = append(r.Findings, byLabel[r.Label]...)
		r.Findings.Sort()
	}
	for _, label := range slices.Sorted(maps.Keys(byLabel)) {
		if !seen[label] && len(byLabel[label]) > 0 {
			reports = append(reports, &Report{Label: label, Findings: byLabel[label]})
		}
	}
	return reports
}
