package configmap

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Dest is a folder of operator YAML as a destination of the publishing core: one
// ConfigMap file per provider version, plus the namespaces and provider objects. A
// version's "files" are its metadata.yaml and components as the operator reads them
// back (decompressed), so a re-run is a no-op and different content is refused unless
// the policy replaces it.
// It holds its configuration only; what State reads travels in the plan.
type Dest struct {
	Dir       string
	Namespace string   // "" = each provider's DefaultNamespace
	Hook      fsx.Hook // called before each file write and rename; an error stops the step (tests)
}

// String names the destination: "configmaps:<dir>".
func (d *Dest) String() string { return "configmaps:" + d.Dir }

// Select keeps what the operator takes: metadata.yaml and the components (Strip).
func (d *Dest) Select(set *release.Set) *release.Set { return strip(set) }

// Preflight refuses, before anything is read, a set the operator could not take
// from ConfigMaps (names, build metadata, over 1 MiB after gzip): publish.Invalid.
// A version already in the folder in another namespace is a conflict, named as such,
// unless the policy replaces.
func (d *Dest) Preflight(_ context.Context, set *release.Set, pol publish.Policy) error {
	cms, err := fromSet(set, d.Namespace)
	if err != nil || pol.Replace {
		return err
	}
	c, err := ReadDir(d.Dir)
	if err != nil {
		return nil // State reports an unreadable folder
	}
	var moved []string
	for i, r := range set.Releases {
		if f, ok := c.find(r); ok && f.Obj.Metadata.Namespace != cms[i].Metadata.Namespace {
			moved = append(moved, fmt.Sprintf("%s is in namespace %s there (%s), this run writes namespace %s", r, f.Obj.Metadata.Namespace, f.Where, cms[i].Metadata.Namespace))
		}
	}
	if len(moved) > 0 {
		return fmt.Errorf("%w: %s; nothing was changed: give --namespace to match, or --replace to move them", publish.ErrConflict, strings.Join(moved, "; "))
	}
	return nil
}

// State reports, per version of set, what the folder's ConfigMap for it holds. A
// ConfigMap in another namespace than this run's counts as different content.
func (d *Dest) State(_ context.Context, set *release.Set) (publish.State, error) {
	c, err := ReadDir(d.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		c, err = &Contents{}, nil
	}
	if err != nil {
		return publish.State{}, err
	}
	st := publish.NewState(c)
	for _, r := range set.Releases {
		if f, ok := c.find(r); ok {
			h, err := d.heldOf(r, f.Obj)
			if err != nil {
				return publish.State{}, fmt.Errorf("%s: %w", f.Where, err)
			}
			st.Held[publish.Version{Label: r.Label(), Version: r.Version.String()}] = h
		}
	}
	return st, nil
}

func (d *Dest) heldOf(r *release.Release, cm *ConfigMap) (*publish.Held, error) {
	comp, err := Components(cm)
	if err != nil {
		return nil, err
	}
	h := &publish.Held{Sealed: true, Files: map[string]string{
		layout.MetadataFile: release.SHA256([]byte(cm.Data[KeyMetadata])),
		r.ComponentsFile:    release.SHA256(comp),
	}}
	if ns, err := d.namespace(r); err == nil && ns != cm.Metadata.Namespace {
		for f := range h.Files { // another namespace: not what this run writes
			h.Files[f] = release.SHA256([]byte("namespace " + cm.Metadata.Namespace + "\n" + f))
		}
	}
	return h, nil
}

func (d *Dest) namespace(r *release.Release) (string, error) {
	if d.Namespace != "" {
		return d.Namespace, nil
	}
	return defaultNamespace(r)
}

// find returns the folder's ConfigMap of r's provider version.
func (c *Contents) find(r *release.Release) (Found[ConfigMap], bool) {
	want := configMapLabels(r)
	for _, f := range c.ConfigMaps {
		l := f.Obj.Metadata.Labels
		if l[LabelType] == want[LabelType] && l[LabelName] == want[LabelName] && l[LabelVersion] == want[LabelVersion] {
			return f, true
		}
	}
	return Found[ConfigMap]{}, false
}
