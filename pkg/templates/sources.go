package templates

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/capirepo/capirepo/pkg/components"
	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
)

func (s Source) build(ctx context.Context) (*output, error) {
	switch {
	case s.Kustomize != "":
		data, err := s.kustomize(ctx, s.Kustomize)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		name := layout.TemplateFile(*s.Flavor)
		return oneFile(release.File{Name: name, Data: data}, Origin{Kustomize: s.Kustomize}), nil
	case s.Flavor != nil && s.Path != "":
		f, err := s.renamedTemplate(s.Path, layout.TemplateFile(*s.Flavor))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		return oneFile(f, Origin{File: s.Path}), nil
	case s.ClusterClass != "":
		f, err := s.clusterClass(ctx, s.ClusterClass)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		if fi, err := os.Stat(s.ClusterClass); err == nil && fi.IsDir() {
			return oneFile(f, Origin{Kustomize: s.ClusterClass}), nil
		}
		return oneFile(f, Origin{File: s.ClusterClass}), nil
	}
	return s.path(s.Path)
}

func (s Source) kustomize(ctx context.Context, dir string) ([]byte, error) {
	opts := s.Render
	opts.Dir = dir
	m, err := render.KustomizeContext(ctx, opts)
	if err != nil {
		return nil, err
	}
	return components.Encode(m, components.Options{MaxSize: httpx.MaxFileSize})
}

// resolve checks that p leads inside the root (symbolic links followed).
func (s Source) resolve(p string) (string, error) {
	if s.Root == nil {
		return p, nil
	}
	if _, err := s.Root.Resolve(p); err != nil {
		return "", err
	}
	return p, nil
}

// path ships a named file, or every template file of a folder (not recursive).
func (s Source) path(p string) (*output, error) {
	if _, err := s.resolve(p); err != nil {
		return nil, fmt.Errorf("templates path: %w", err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("templates path: %w", err)
	}
	if !fi.IsDir() {
		f, err := s.readTemplate(p)
		if err != nil {
			return nil, err
		}
		return oneFile(f, Origin{File: p}), nil
	}
	return s.folder(p)
}

func (s Source) folder(dir string) (*output, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading templates folder: %w", err)
	}
	out := &output{origins: map[string]Origin{}}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if _, err := s.resolve(p); err != nil {
			return nil, fmt.Errorf("templates folder: %w", err)
		}
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			continue
		}
		if k := layout.FileKind(e.Name()); k != layout.KindTemplate && k != layout.KindClusterClass {
			out.notes = append(out.notes, fmt.Sprintf("%s: skipped: not a cluster-template*.yaml or clusterclass-*.yaml file", p))
			continue
		}
		f, err := s.readTemplate(p)
		if err != nil {
			return nil, err
		}
		out.files = append(out.files, f)
		out.origins[f.Name] = Origin{File: p}
	}
	if len(out.files) == 0 {
		out.findings = lint.Findings{{Rule: contract.RuleTemplatesEmpty.ID, Severity: contract.RuleTemplatesEmpty.Severity, File: s.show(dir),
			Message: "the templates folder holds no cluster-template*.yaml or clusterclass-*.yaml file, so this entry ships no templates: add them, or remove the entry"}}
	}
	return out, nil
}

// show names p relative to the root when there is one.
func (s Source) show(p string) string {
	if s.Root != nil {
		if r, err := filepath.Rel(s.Root.Dir(), p); err == nil {
			return filepath.ToSlash(r)
		}
	}
	return p
}

// readTemplate reads a template file byte for byte after checking its name.
func (s Source) readTemplate(p string) (release.File, error) {
	name := filepath.Base(p)
	if k := layout.FileKind(name); k != layout.KindTemplate && k != layout.KindClusterClass {
		return release.File{}, fmt.Errorf("%s: a template file must be named cluster-template[-<flavor>].yaml or clusterclass-<name>.yaml; rename it or give the entry a flavor", p)
	}
	return s.renamedTemplate(p, name)
}

// renamedTemplate reads a template file to ship under name.
func (s Source) renamedTemplate(p, name string) (release.File, error) {
	if _, err := s.resolve(p); err != nil {
		return release.File{}, err
	}
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return release.File{}, fmt.Errorf("%s is a folder: a flavor entry with path takes one file", p)
	}
	if err := layout.ValidateFileName(name); err != nil {
		return release.File{}, fmt.Errorf("%s: %w", p, err)
	}
	data, err := render.ReadInput(p)
	if err != nil {
		return release.File{}, err
	}
	// Parse problems are findings of the release checks: clusterctl parses templates
	// only after substitution, which the checks model.
	if err := manifest.Screen(data); err != nil {
		return release.File{}, fmt.Errorf("%s: %w", p, err)
	}
	return release.File{Name: name, Data: data}, nil
}

// clusterClass names the output after the ClusterClass's metadata.name.
func (s Source) clusterClass(ctx context.Context, p string) (release.File, error) {
	if _, err := s.resolve(p); err != nil {
		return release.File{}, err
	}
	var data []byte
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		return release.File{}, err
	case fi.IsDir():
		data, err = s.kustomize(ctx, p)
	default:
		data, err = render.ReadInput(p)
	}
	if err != nil {
		return release.File{}, err
	}
	docs, err := manifest.Split(data)
	if err != nil {
		return release.File{}, fmt.Errorf("%s: %w", p, err)
	}
	var names []string
	for _, d := range docs {
		if d.Obj.Kind() == "ClusterClass" {
			names = append(names, d.Obj.Name())
		}
	}
	if len(names) != 1 {
		return release.File{}, fmt.Errorf("%s: want exactly one ClusterClass, found %d", p, len(names))
	}
	return release.File{Name: layout.ClusterClassFile(names[0]), Data: data}, nil
}

func sortFiles(fs []release.File) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
}
