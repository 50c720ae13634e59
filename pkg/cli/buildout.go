package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/variables"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/release"
	"sigs.k8s.io/yaml"
)

// buildMarker marks a folder as capirepo build output, so build may replace it.
const buildMarker = ".capirepo-build"

// writeBuild stages the whole output tree beside out and renames it into place, so on
// any error out is left as it was. It returns out's absolute path.
func writeBuild(out string, res *pipeline.Result) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	if err := checkReplaceable(abs); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", fmt.Errorf("creating %s: %w", filepath.Dir(abs), err)
	}
	stage, err := os.MkdirTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".tmp-")
	if err != nil {
		return "", fmt.Errorf("output folder %s is not writable: %w", abs, err)
	}
	defer os.RemoveAll(stage)
	if err := writeTree(stage, abs, res); err != nil {
		return "", err
	}
	return abs, swapDir(stage, abs)
}

// checkReplaceable refuses to replace a folder capirepo did not create.
func checkReplaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output %s: %w", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, buildMarker)); err != nil {
		return fmt.Errorf("output folder %s exists and was not written by capirepo build: choose another --out or empty it", dir)
	}
	return nil
}

func writeTree(stage, final string, res *pipeline.Result) error {
	for _, r := range res.Set.Releases {
		dir := filepath.Join(stage, r.Label(), r.Version)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for _, f := range r.Files {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
				return fmt.Errorf("writing %s: %w", filepath.Join(final, r.Label(), r.Version, f.Name), err)
			}
		}
	}
	if err := writeVarsDocs(stage, res.Set); err != nil {
		return err
	}
	cc, err := clusterctlConfig(final, res.Set)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(stage, "clusterctl.yaml"), cc, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(stage, buildMarker), []byte("written by capirepo build; replaced as a whole by the next build\n"), 0o644)
}

// swapDir moves dst aside, renames src into place, then removes the old tree.
func swapDir(src, dst string) error {
	old := ""
	if _, err := os.Stat(dst); err == nil {
		old = src + ".old"
		if err := os.Rename(dst, old); err != nil {
			return fmt.Errorf("replacing %s: %w", dst, err)
		}
	}
	if err := os.Rename(src, dst); err != nil {
		if old != "" {
			_ = os.Rename(old, dst)
		}
		return fmt.Errorf("renaming build output into %s: %w", dst, err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

type ccProvider struct {
	Name string `json:"name"`
	Type string `json:"type"`
	URL  string `json:"url"`
}

// clusterctlConfig is a clusterctl.yaml whose providers point at the built files.
func clusterctlConfig(root string, set *release.Set) ([]byte, error) {
	var ps []ccProvider
	for _, r := range set.Releases {
		ps = append(ps, ccProvider{r.Name, r.Type, layout.LocalURL(root, r.Label(), r.Version, r.ComponentsFile)})
	}
	b, err := yaml.Marshal(map[string]any{"providers": ps})
	if err != nil {
		return nil, err
	}
	return append([]byte("# Written by capirepo build: use with clusterctl --config <this file>.\n"), b...), nil
}

// docsDir holds generated documentation beside the repository tree; "_" keeps it from
// ever being read as a provider label.
const docsDir = "_docs"

// writeVarsDocs writes the variables table of each template flavor:
// _docs/<label>/<version>/<template>.md.
func writeVarsDocs(stage string, set *release.Set) error {
	for _, r := range set.Releases {
		fvs, err := releaseVars(r, "", true)
		if err != nil {
			return err
		}
		dir := filepath.Join(stage, docsDir, r.Label(), r.Version)
		for _, fv := range fvs {
			var b bytes.Buffer
			if err := variables.WriteMarkdown(&b, []variables.FileVars{fv}); err != nil {
				return err
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			name := strings.TrimSuffix(fv.File, ".yaml") + ".md"
			if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
