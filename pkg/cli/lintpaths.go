package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// target is one release (or a group of loose files) to lint.
type target struct {
	rel     *release.Release
	dir     string // shown before file names
	partial bool   // loose files: cross-file rules off
}

// discover turns lint PATH arguments into targets: a file, a release folder
// (<label>/<version>/), or a repository root holding such folders.
func discover(paths []string) ([]target, error) {
	var out []target
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, usageErr(fmt.Errorf("%s: %w", p, err))
		}
		var ts []target
		if fi.IsDir() {
			ts, err = discoverDir(p)
		} else {
			ts, err = fileTarget(p)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	return out, nil
}

func fileTarget(p string) ([]target, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, withCode(ExitInput, err)
	}
	name := filepath.Base(p)
	r := &release.Release{Version: "v0.0.0", Files: []release.File{{Name: name, Data: data}}}
	r.Type, r.Name = guessProvider(name)
	if layout.FileKind(name) == layout.KindComponents || layout.FileKind(name) == layout.KindOther {
		r.ComponentsFile = name
	}
	return []target{{rel: r, dir: filepath.Dir(p), partial: true}}, nil
}

// guessProvider infers a type from a components file name ("bootstrap-components.yaml").
func guessProvider(file string) (typ, name string) {
	for _, t := range layout.Types {
		if strings.HasPrefix(file, layout.ComponentsFile(t)[:len(layout.ComponentsFile(t))-len("-components.yaml")]) {
			return t, "unknown"
		}
	}
	return layout.InfrastructureProvider, "unknown"
}

// discoverDir treats a folder with release files as a release, otherwise as a
// repository root (<label>/<version>/ below it).
func discoverDir(dir string) ([]target, error) {
	if t, ok, err := releaseDir(dir); ok || err != nil {
		return []target{t}, err
	}
	versions, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	sort.Strings(versions)
	var out []target
	for _, v := range versions {
		if t, ok, err := releaseDir(v); err != nil {
			return nil, err
		} else if ok {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		if t, ok, err := templatesDir(dir); ok || err != nil {
			return []target{t}, err
		}
		return nil, withCode(ExitInput, fmt.Errorf("%s: no release found: want a <label>/<version>/ folder with metadata.yaml and a *-components.yaml, a repository root holding such folders, or a folder of cluster-template*.yaml / clusterclass-*.yaml", dir))
	}
	return out, nil
}

// templatesDir lints a folder of templates and ClusterClasses as one set, so the
// ClusterClass cross-check applies; no metadata, so no version rules.
func templatesDir(dir string) (target, bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return target{}, false, nil
	}
	r := &release.Release{Version: "v0.0.0"}
	r.Type, r.Name = layout.InfrastructureProvider, "unknown"
	for _, e := range entries {
		k := layout.FileKind(e.Name())
		if !e.Type().IsRegular() || k != layout.KindTemplate && k != layout.KindClusterClass {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return target{}, false, withCode(ExitInput, err)
		}
		r.Files = append(r.Files, release.File{Name: e.Name(), Data: data})
	}
	return target{rel: r, dir: dir}, len(r.Files) > 0, nil
}

// releaseDir loads dir as <label>/<version>/ when it holds release files.
func releaseDir(dir string) (target, bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return target{}, false, nil
	}
	r := &release.Release{Version: filepath.Base(dir)}
	r.Type, r.Name = layout.ParseLabel(filepath.Base(filepath.Dir(dir)))
	var comps []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return target{}, false, withCode(ExitInput, err)
		}
		r.Files = append(r.Files, release.File{Name: e.Name(), Data: data})
		if layout.FileKind(e.Name()) == layout.KindComponents {
			comps = append(comps, e.Name())
		}
	}
	r.ComponentsFile = layout.MainComponents(r.Type, comps)
	if r.ComponentsFile == "" && r.File("metadata.yaml") == nil {
		return target{}, false, nil
	}
	partial := !layout.IsVersion(r.Version)
	return target{rel: r, dir: dir, partial: partial}, true, nil
}
