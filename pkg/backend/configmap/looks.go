package configmap

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// Looks reports whether dir is a folder of operator objects rather than a provider
// repository: a directory with a YAML file directly in it that names the operator's
// labels or API group. A repository root holds provider folders and clusterctl.yaml,
// which name neither.
func Looks(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || ext != ".yaml" && ext != ".yml" && ext != ".json" {
			continue
		}
		data, err := fsx.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil && (bytes.Contains(data, []byte(LabelType)) || bytes.Contains(data, []byte("operator.cluster.x-k8s.io/"))) {
			return true
		}
	}
	return false
}
