package publish_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/release"
)

// startConfigMaps is the operator's ConfigMap folder (publish configmaps).
func startConfigMaps(t *testing.T) *target {
	dir := filepath.Join(t.TempDir(), "operator")
	var hook hook
	d := &configmap.Dest{Dir: dir, Hook: func(op fsx.Op, path string) error {
		if op == fsx.OpWrite {
			return hook.call(string(op) + " " + path)
		}
		return nil
	}}
	return &target{
		dest: d,
		held: func(t *testing.T) map[string]string { return configMapsHeld(t, dir) },
		// The run is cut after its first ConfigMap file is staged.
		interrupt: func(t *testing.T, cancel context.CancelFunc) func() { return hook.cutAfter(t, 1, cancel) },
		// What a killed run leaves (a staged file never renamed), then a write that fails once.
		fault: func(t *testing.T) {
			writeFile(t, filepath.Join(dir, ".10-configmap-bootstrap-tiny-v1.0.0.yaml.capirepo-tmp-dead"), "half")
			hook.failOnce(2)
		},
	}
}

// configMapsHeld is what the operator reads from the folder: per version, the
// metadata and the components (decompressed), under the release's file names. A
// folder whose provider object or namespace is missing, or that the operator could
// not install from, gets a key of its own.
func configMapsHeld(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	if _, err := os.Stat(dir); err != nil {
		return out
	}
	c, err := configmap.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.ConfigMaps {
		v := f.Obj.Metadata.Labels[configmap.LabelVersion]
		comp, err := configmap.Components(f.Obj)
		if err != nil {
			t.Fatal(err)
		}
		out[v+"/metadata.yaml"] = release.SHA256([]byte(f.Obj.Data[configmap.KeyMetadata]))
		out[v+"/bootstrap-components.yaml"] = release.SHA256(comp)
	}
	if len(c.ConfigMaps) == 0 {
		return out
	}
	if len(c.Providers) != 1 || len(c.Namespaces) != 1 {
		out["provider objects and namespaces"] = "missing"
	}
	ins, err := c.Installs()
	if newest := configmap.Newest(versions(c)); err != nil || len(ins) != 1 || ins[0].Version != newest {
		out["operator install"] = "not the newest"
	}
	return out
}

func versions(c *configmap.Contents) []string {
	var out []string
	for _, f := range c.ConfigMaps {
		out = append(out, f.Obj.Metadata.Labels[configmap.LabelVersion])
	}
	return out
}
