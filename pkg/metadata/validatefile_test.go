package metadata

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestValidateFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "metadata.yaml")
	data := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- major: 1\n  minor: 0\n  contract: v1beta1\n"
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := ValidateFile(t.Context(), file, layout.MustParseVersion("v1.1.0"), []string{"v1.0.0"}, false)
	if err != nil || len(found) != 1 || found[0].Rule != RuleVersionSeries || found[0].File != file {
		t.Errorf("v1.1.0 without its series: %v, %v; want one %s finding on %s", found, err, RuleVersionSeries, file)
	}
	if found, err := ValidateFile(t.Context(), file, layout.MustParseVersion("v1.0.3"), []string{"v1.0.0"}, false); err != nil || len(found) != 0 {
		t.Errorf("v1.0.3: %v, %v; want no finding", found, err)
	}
	if _, err := ValidateFile(t.Context(), filepath.Join(filepath.Dir(file), "none.yaml"), layout.MustParseVersion("v1.0.0"), nil, false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}
