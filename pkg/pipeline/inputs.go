package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/confine"
	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/remote"
	"github.com/capirepo/capirepo/pkg/render"
)

// inputs is what every render of one build shares: the folder inputs must stay in,
// the pinned remote resources, and the findings about inputs.
type inputs struct {
	cfg    *config.Config
	root   *confine.Root
	remote *remote.Store
	tmp    string // this build's temporary folder (render overlays), removed by Build
	screen *render.ScreenCache

	mu       sync.Mutex
	findings lint.Findings
	found    map[string][]render.Origin // by kustomize folder: where its render's objects came from
}

func newInputs(ctx context.Context, cfg *config.Config, opts Options) (*inputs, error) {
	root, err := confine.New(cfg.Dir)
	if err != nil {
		return nil, err
	}
	pins := map[string]remote.Pin{}
	for _, r := range cfg.RemoteResources {
		pins[r.URL] = remote.Pin{URL: r.URL, SHA256: r.SHA256, File: cfg.Abs(r.File)}
	}
	client := httpx.NewClient(httpx.Options{Client: opts.HTTPClient}) // timeouts; no credentials
	cache := ""
	if opts.CacheDir != "" {
		cache = filepath.Join(opts.CacheDir, "capirepo")
	}
	st := &remote.Store{Pins: pins, CacheDir: cache, Offline: opts.Offline, Root: root, Client: client, Source: cfg.File, Ctx: ctx}
	return &inputs{cfg: cfg, root: root, remote: st, screen: render.NewScreenCache()}, nil
}

// render returns the render options of one kustomize folder.
func (in *inputs) render(dir, restrictor string) render.Options {
	lr := ""
	if restrictor == config.LoadNone {
		lr = render.LoadNone
	}
	return render.Options{Dir: dir, Root: in.cfg.Dir, LoadRestrictor: lr, Remote: in.remote, Warn: in.warn, TempDir: in.tmp, Cache: in.screen}
}

func (in *inputs) warn(w render.Warning) {
	in.add(lint.Finding{Rule: contract.RuleKustomizeDeprecated.ID, Severity: lint.Warning,
		File: in.rel(w.File), Line: w.Line, Message: w.Message})
}

func (in *inputs) add(f lint.Finding) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, g := range in.findings {
		if g == f {
			return
		}
	}
	in.findings = append(in.findings, f)
}

// rel shows a path relative to the folder holding capirepo.yaml when it is inside.
func (in *inputs) rel(p string) string {
	for _, base := range []string{in.cfg.Dir, realPath(in.cfg.Dir)} {
		if r, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	return p
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// relabelFinding says that the kustomization set another provider label, which
// capirepo replaced. A label of another provider type (bootstrap-x under an
// InfrastructureProvider) hints at a wrong type: a warning. Any other value (k0smotron
// labels every provider "k0sproject-k0smotron") is only a note.
func relabelFinding(file string, typ layout.Type, want string, previous map[string][]string) []lint.Finding {
	var olds []string
	for old := range previous {
		olds = append(olds, old)
	}
	sort.Strings(olds)
	var out []lint.Finding
	for _, old := range olds {
		sev, hint := lint.Note, "clusterctl would replace it the same way"
		if t, ok := layout.TypeOf(old); ok && t != layout.CoreProvider && t != typ {
			sev, hint = contract.RuleProviderTypeLabel.Severity, "it is the label of a "+string(t)+": check the provider's type in capirepo.yaml"
		}
		out = append(out, lint.Finding{Rule: contract.RuleProviderTypeLabel.ID, Severity: sev, File: file,
			Message: fmt.Sprintf("the kustomization sets cluster.x-k8s.io/provider: %s on %d object(s) (first: %s); capirepo sets %s from the config's type and name; %s", old, len(previous[old]), previous[old][0], want, hint)})
	}
	return out
}

// rendered records where the objects of a kustomize folder's render came from.
func (in *inputs) rendered(dir string, origins []render.Origin) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.found == nil {
		in.found = map[string][]render.Origin{}
	}
	in.found[dir] = origins
}

// renderedOrigins returns what rendered recorded for dir.
func (in *inputs) renderedOrigins(dir string) ([]render.Origin, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	o, ok := in.found[dir]
	return o, ok
}
