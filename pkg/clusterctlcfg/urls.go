package clusterctlcfg

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/drone/envsubst/v2"
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Entry is one URL clusterctl reads from the configuration: a providers: entry, or
// cert-manager's (Name cert-manager, no type, Version its version: key).
type Entry struct {
	Provider
	Version string // cert-manager.version ("" for providers and when unset)
	Line    int    // the line of its url: value
	node    *yaml.Node
}

// CertManagerLabel is cert-manager's label in a local repository, as clusterctl reads
// its URL: the pseudo-provider cert-manager of no type.
const CertManagerLabel = "cert-manager"

// Entries returns every providers: entry with a url, then cert-manager's when set.
func (c *Config) Entries() []Entry {
	var out []Entry
	if v := lookup(c.top(), "providers").n; v != nil && v.Kind == yaml.SequenceNode {
		for _, item := range v.Content {
			u := lookup(item, "url").n
			if u == nil || u.Kind != yaml.ScalarNode {
				continue
			}
			p := Provider{Provider: layout.Provider{Name: lookup(item, "name").value(), Type: layout.Type(lookup(item, "type").value())}, URL: u.Value}
			out = append(out, Entry{Provider: p, Line: u.Line, node: u})
		}
	}
	m := lookup(c.top(), "cert-manager")
	if u := lookup(m, "url").n; u != nil && u.Kind == yaml.ScalarNode {
		out = append(out, Entry{Provider: Provider{Provider: layout.Provider{Name: CertManagerLabel}, URL: u.Value},
			Version: lookup(m, "version").value(), Line: u.Line, node: u})
	}
	return out
}

// Label is the provider label clusterctl reads the URL under (cert-manager's own).
func (e Entry) Label() string {
	if e.Type == "" && e.Name == CertManagerLabel {
		return CertManagerLabel
	}
	return e.Provider.Label()
}

// LocalPath is a local repository URL as clusterctl splits it (layout.SplitLocal).
type LocalPath = layout.LocalPath

// ReadLocal reads the entry's URL as clusterctl does: ${VAR} expanded from getenv
// (config/providers_client.go List, cert_manager_client.go: envsubst.Eval with
// os.Getenv), then split as a local repository URL (repository/client.go
// repositoryFactory, repository_local.go newLocalRepository). ok is false for a URL of
// another kind (GitHub, GitLab); err is what clusterctl refuses, in its words.
func (e Entry) ReadLocal(getenv func(string) string) (l LocalPath, ok bool, err error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	raw, err := envsubst.Eval(e.URL, getenv)
	if err != nil {
		return l, true, fmt.Errorf("unable to evaluate url: %q: %w", e.URL, err)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return l, true, parseError(e.URL, raw, err)
	}
	if u.Scheme != "" && u.Scheme != "file" {
		return l, false, nil
	}
	path := u.Path
	if runtime.GOOS == "windows" { // file:///C:/x: clusterctl drops the slash the URI form needs
		path = filepath.FromSlash(strings.TrimPrefix(path, "/"))
	}
	return splitLocal(path, e.URL, e.Label())
}

// parseError is clusterctl's refusal of a URL that does not parse, naming it as
// written: once ${VAR} are expanded it may hold a secret (a password), which the
// reason would quote, so the reason is given only when nothing was expanded.
func parseError(written, raw string, err error) error {
	if raw != written {
		return fmt.Errorf("failed to parse repository url %q: it does not parse once its ${VAR} are expanded from the environment (their values are not shown)", written)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // without url's own quote of the URL
	}
	return fmt.Errorf("failed to parse repository url %q: %w", written, err)
}

// splitLocal splits path; written is the URL as written (its ${VAR} not expanded),
// which the errors quote.
func splitLocal(path, written, label string) (LocalPath, bool, error) {
	if !filepath.IsAbs(path) {
		return LocalPath{}, true, fmt.Errorf("invalid path: path %q must be an absolute path", written)
	}
	l, ok := layout.SplitLocal(path)
	if !ok {
		return LocalPath{}, true, fmt.Errorf("invalid path: path should be in the form {basepath}/{provider-name}/{version}/{components.yaml}")
	}
	if l.Version != "latest" && !layout.IsVersion(l.Version) {
		return l, true, fmt.Errorf("invalid version: %q. Version must obey the syntax and semantics of the \"Semantic Versioning\" specification (http://semver.org/) and path format {basepath}/{provider-name}/{version}/{components.yaml}", l.Version)
	}
	if l.Label != label {
		return l, true, fmt.Errorf("invalid path: path %q must contain provider %q in the format {basepath}/{provider-label}/{version}/{components.yaml}", written, label)
	}
	return l, true, nil
}
