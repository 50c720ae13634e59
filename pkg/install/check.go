package install

import (
	"context"
	"io"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// Release is one provider release to install: its label, version and files by name.
type Release struct {
	Label, Version string
	Files          map[string][]byte
}

// Options of a check.
type Options struct {
	Self             []string // the command running Child (capirepo's hidden install-child)
	Assets           string   // the folder of etcd and kube-apiserver
	Clusterctl       string   // the clusterctl binary (path or name on PATH)
	ClusterctlConfig string   // clusterctl's --config (core, bootstrap, control plane)
	CertManager      string   // --cert-manager-file: the cert-manager file whose CRDs are installed
	Values           map[string]string
	Log              io.Writer // progress (stderr)
}

// Report is a check's outcome.
type Report struct {
	Label    string        `json:"label"`
	Version  string        `json:"version"`
	Steps    []Step        `json:"steps"`
	Notes    []string      `json:"notes,omitempty"`
	Findings lint.Findings `json:"findings"`
}

// Check installs next (after each earlier release, for the upgrades) and reports
// what clusterctl and the API server refused, as findings at the release's files.
func Check(ctx context.Context, next Release, earlier []Release, o Options) (*Report, error) {
	etcd, api, err := Assets(o.Assets)
	if err != nil {
		return nil, err
	}
	ctl, err := Clusterctl(o.Clusterctl)
	if err != nil {
		return nil, err
	}
	p := Plan{Etcd: etcd, APIServer: api, Clusterctl: ctl, UserConfig: o.ClusterctlConfig, CertManager: o.CertManager, Values: o.Values, Isolate: Isolated}
	rep := &Report{Label: next.Label, Version: next.Version}
	if err := planFlavors(&p, next, o.Values, rep); err != nil {
		return nil, err
	}
	all := append([]Release{next}, earlier...)
	vals, notes, err := InitValues(all, o.Values)
	if err != nil {
		return nil, missing("%v", err)
	}
	p.Values, rep.Notes = vals, append(notes, rep.Notes...)
	typ, name := layout.ParseLabel(next.Label)
	flag := "--" + layout.TypeFlag(typ)
	p.Init = []string{flag, name + ":" + next.Version}
	for _, e := range earlier {
		p.Upgrades = append(p.Upgrades, Upgrade{From: []string{flag, name + ":" + e.Version}, To: p.Init, Label: next.Label,
			Components: filepath.Join("repository", next.Label, next.Version, componentsFile(next))})
	}
	r, err := Run(ctx, o.Self, p, func(dir string) ([]ConfigProvider, error) {
		return writeRepository(filepath.Join(dir, "repository"), all)
	}, o.Log)
	if err != nil {
		return nil, err
	}
	rep.Steps, rep.Notes = r.Steps, append(rep.Notes, r.Notes...)
	rep.Findings = findings(next, earlier, p, r)
	return rep, nil
}

// planFlavors adds every cluster template of an infrastructure release as a flavor,
// with the names of the variables that got a placeholder (neither given nor defaulted).
func planFlavors(p *Plan, next Release, given map[string]string, rep *Report) error {
	typ, name := layout.ParseLabel(next.Label)
	if typ != layout.InfrastructureProvider {
		return nil
	}
	schemas := ReadSchemas(next.Files)
	for _, file := range sortedNames(next.Files) {
		if layout.FileKind(file) != layout.KindTemplate {
			continue
		}
		vals, notes, err := Values(next.Files, file, given, schemas)
		if err != nil {
			return missing("%v", err)
		}
		rep.Notes = append(rep.Notes, notes...)
		var made []string
		for _, n := range sortedNames(vals) {
			if _, ok := given[n]; !ok && n != "KUBERNETES_VERSION" {
				made = append(made, n)
			}
		}
		p.Flavors = append(p.Flavors, Flavor{Provider: name + ":" + next.Version, Name: layout.TemplateFlavor(file), Values: vals, Placeholders: made})
	}
	return nil
}

// writeRepository writes the releases as a clusterctl local repository under root
// and returns the provider entry naming it.
func writeRepository(root string, rs []Release) ([]ConfigProvider, error) {
	for _, r := range rs {
		dir := filepath.Join(root, r.Label, r.Version)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		for name, data := range r.Files {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
				return nil, err
			}
		}
	}
	next := rs[0]
	typ, name := layout.ParseLabel(next.Label)
	url := "file://" + filepath.Join(root, next.Label, next.Version, componentsFile(next))
	return []ConfigProvider{{Name: name, Type: string(typ), URL: url}}, nil
}

// componentsFile is the components file clusterctl reads of r.
func componentsFile(r Release) string {
	typ, _ := layout.ParseLabel(r.Label)
	var names []string
	for _, n := range sortedNames(r.Files) {
		if layout.FileKind(n) == layout.KindComponents {
			names = append(names, n)
		}
	}
	return layout.MainComponents(typ, names)
}
