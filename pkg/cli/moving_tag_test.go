package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMovingTagWarned: a release image on :main is a warning in build (which still
// writes the release, exit 0) and in lint, and --list-rules lists the rule with its
// evidence; the same image on the release's own tag is not warned about.
func TestMovingTagWarned(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, func(f map[string]string) {
		f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "registry.example.com/tiny:v1", "registry.example.com/tiny:main", 1)
	})
	cfg := filepath.Join(dir, "capirepo.yaml")
	code, _, stderr := run(t, "build", "--config", cfg, "--version", "v1.0.0", "--published=", "--out", filepath.Join(dir, "dist"))
	if code != ExitOK || !strings.Contains(stderr, "warning components-image-moving-tag") || !strings.Contains(stderr, `"registry.example.com/tiny:main" is on :main`) {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	code, out, stderr := run(t, "lint", filepath.Join(dir, "dist"))
	if code != ExitOK || !strings.Contains(out+stderr, "components-image-moving-tag") {
		t.Errorf("lint: exit %d\n%s\n%s", code, out, stderr)
	}
	_, rules, _ := run(t, "lint", "--list-rules")
	if !strings.Contains(rules, "components-image-moving-tag") || !strings.Contains(rules, "SetDefaults_Container") {
		t.Errorf("--list-rules lacks the rule or its evidence")
	}
	if _, _, stderr := run(t, "build", "--config", filepath.Join(sampleTree(t, nil), "capirepo.yaml"), "--version", "v1.0.0", "--published=", "--dry-run"); strings.Contains(stderr, "moving-tag") {
		t.Errorf("a versioned tag is warned about:\n%s", stderr)
	}
}
