package clusterctlcfg

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Move is one URL Relink changed.
type Move struct {
	Label, From, To string
}

// Kept is one local URL Relink left as written, and why.
type Kept struct {
	Label, URL, Why string
}

// Relink points every local URL of the configuration whose files are in root at
// root: {label}/{version}/{file} stay, the base becomes root (a file:// URL, as
// capirepo writes them). has reports whether root holds what clusterctl reads through
// e's URL l (based at root): a version's files (cert-manager's at its version: key),
// or for `latest` (publish local's URLs) the label's folder. URLs with
// ${VAR} (clusterctl expands them from the environment), URLs clusterctl refuses and
// URLs whose files root lacks are kept, with why; GitHub and GitLab URLs are not
// touched. No getenv: the URLs are read as written.
func (c *Config) Relink(root string, has func(e Entry, l LocalPath) bool) (moved []Move, kept []Kept) {
	for _, e := range c.Entries() {
		if strings.Contains(e.URL, "${") {
			kept = append(kept, Kept{e.Label(), e.URL, "it names a ${VARIABLE}, which clusterctl expands from the environment: set the variable instead"})
			continue
		}
		l, local, err := e.ReadLocal(nil)
		switch {
		case !local:
			continue
		case err != nil:
			kept = append(kept, Kept{e.Label(), e.URL, err.Error()})
			continue
		}
		l.Base = root
		if !has(e, l) {
			kept = append(kept, Kept{e.Label(), e.URL, fmt.Sprintf("%s has no %s", root, filepath.Join(l.Label, e.readVersion(l), l.File))})
			continue
		}
		if to := layout.LocalURL(root, l.Label, l.Version, l.File); to != e.URL {
			e.node.Value = to
			moved = append(moved, Move{e.Label(), e.URL, to})
		}
	}
	return moved, kept
}

// Reads is the file clusterctl reads through l: a provider's as the URL names it,
// cert-manager's at the version: key (config/cert_manager_client.go: Raw(Version)).
func (e Entry) Reads(l LocalPath) LocalPath {
	l.Version = e.readVersion(l)
	return l
}

func (e Entry) readVersion(l LocalPath) string {
	if e.Label() == CertManagerLabel && e.Version != "" {
		return e.Version
	}
	return l.Version
}
