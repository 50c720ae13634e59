package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/manifest"
	yaml "go.yaml.in/yaml/v3"
)

var kustomizationNames = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

// ScreenOptions let the caller decide about each reference before it is read.
type ScreenOptions struct {
	// Ref is called for every reference of a kustomization; skip leaves it unread
	// (a pinned remote resource), an error stops the screen.
	Ref func(kfile, dir, ref string) (skip bool, err error)
	// File is called for every file before it is read (kustomization files
	// included); an error stops the screen.
	File func(path string) error
	// Cache holds the files earlier screens of the same build passed (nil: none).
	Cache *ScreenCache
}

// screenWith is Screen with a caller's decision on references.
func screenWith(dir string, o ScreenOptions) error {
	return (&screener{seen: map[string]bool{}, opts: o}).dir(dir)
}

// maxDocs is the most YAML documents one kustomization may reach. kustomize checks
// every resource it adds against all earlier ones, so its build time grows with the
// square of the document count: seconds for 2,000 documents, minutes past 10,000.
const maxDocs = 2000

// maxDocBytes is the largest YAML document the screen lets kustomize read: kustomize
// holds several copies of each node, and real objects are far smaller (etcd's
// default request limit is 1.5 MiB).
const maxDocBytes = 32 << 20

type screener struct {
	seen  map[string]bool
	opts  ScreenOptions
	docs  int   // documents in the files read so far
	bytes int64 // their bytes
}

func (s *screener) dir(dir string) error {
	if s.seen[dir] {
		return nil
	}
	s.seen[dir] = true
	kfile := findKustomization(dir)
	if kfile == "" {
		return fmt.Errorf("%s: no kustomization.yaml: point components.kustomize (or a template's kustomize) at a kustomize folder", dir)
	}
	data, err := s.file(kfile)
	if err != nil {
		return err
	}
	var k map[string]any
	if err := yaml.Unmarshal(data, &k); err != nil {
		return fmt.Errorf("%s: %v", kfile, err)
	}
	refs, inline := references(k)
	for _, ref := range refs {
		if err := s.ref(kfile, dir, ref); err != nil {
			return err
		}
	}
	for _, text := range inline {
		if err := screenInline(kfile, text); err != nil {
			return err
		}
	}
	return nil
}

// screenInline screens YAML written inside a kustomization (an inline patch,
// generator or transformer), which kustomize parses as it parses files.
func screenInline(kfile, text string) error {
	data := []byte(text)
	if err := manifest.Screen(data); err != nil {
		return fmt.Errorf("%s: inline YAML: %w", kfile, err)
	}
	if err := manifest.CheckDepth(data); err != nil {
		return fmt.Errorf("%s: inline YAML: %w", kfile, err)
	}
	if manifest.MayHoldAnchors(data) {
		if _, err := manifest.Split(data); err != nil {
			return fmt.Errorf("%s: inline YAML: %w", kfile, err)
		}
	}
	return nil
}

func (s *screener) ref(kfile, dir, ref string) error {
	if s.opts.Ref != nil {
		if skip, err := s.opts.Ref(kfile, dir, ref); err != nil || skip {
			return err
		}
	}
	if strings.Contains(ref, "://") || strings.HasPrefix(ref, "github.com/") || strings.HasPrefix(ref, "git@") {
		return fmt.Errorf("%s: remote resource %q: capirepo builds are hermetic; vendor the files into the repository", kfile, ref)
	}
	p := refPath(dir, ref)
	fi, err := os.Stat(p)
	if err != nil {
		return fmt.Errorf("%s: resource %q: %v", kfile, ref, err)
	}
	if fi.IsDir() {
		return s.dir(p)
	}
	return s.resource(p, fi)
}

// file reads and screens one YAML file: a bounded scan (binary content, document
// count, anchors); only a file that may define anchors is parsed, with yaml.v3's
// alias limit, since files without anchors cannot hold an alias bomb.
func (s *screener) file(p string) ([]byte, error) {
	if s.seen[p] {
		return nil, nil
	}
	s.seen[p] = true
	if s.opts.File != nil {
		if err := s.opts.File(p); err != nil {
			return nil, err
		}
	}
	if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s): a kustomization reads files only", p, fsx.Kind(fi.Mode()))
	}
	if err := s.addInput(p); err != nil {
		return nil, err
	}
	data, err := ReadInput(p)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", p, err)
	}
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if err := manifest.CheckDepth(data); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	st := manifest.Stats(data)
	if st.Largest > maxDocBytes {
		return nil, fmt.Errorf("%s: document %d is %d MiB: no Kubernetes object is that large (the API server stores objects of at most a few MiB); check that the file is what the kustomization should include", p, st.LargestN, st.Largest>>20)
	}
	if err := s.count(p, st.Docs+st.ListItems); err != nil {
		return nil, err
	}
	if manifest.MayHoldAnchors(data) {
		if _, err := manifest.Split(data); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	return data, nil
}

// refPath is the file a kustomization in dir names by ref, as kustomize's loader
// reads it: an absolute path as written, a relative one under dir.
func refPath(dir, ref string) string {
	if filepath.IsAbs(ref) {
		return filepath.Clean(ref)
	}
	return filepath.Join(dir, ref)
}

func findKustomization(dir string) string {
	for _, n := range kustomizationNames {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && !fi.IsDir() {
			return filepath.Join(dir, n)
		}
	}
	return ""
}

// references lists the local paths a kustomization reads YAML from, and the YAML
// it holds inline (list entries of several lines, patches' patch:), which kustomize
// parses too.
func references(k map[string]any) (refs, inline []string) {
	add := func(v any) {
		if s, ok := v.(string); ok && isInline(s) {
			inline = append(inline, s)
		} else if ok {
			refs = append(refs, s)
		}
	}
	for _, key := range []string{"resources", "bases", "components", "crds", "patchesStrategicMerge", "configurations", "generators", "transformers", "validators"} {
		for _, v := range asList(k[key]) {
			add(v)
		}
	}
	for _, key := range []string{"patches", "patchesJson6902", "replacements"} {
		for _, v := range asList(k[key]) {
			if m, ok := v.(map[string]any); ok {
				add(m["path"])
				if p, ok := m["patch"].(string); ok {
					inline = append(inline, p)
				}
			}
		}
	}
	if m, ok := k["openapi"].(map[string]any); ok {
		add(m["path"])
	}
	return refs, inline
}

// isInline reports whether a kustomization list entry is YAML written in place (an
// inline patch, generator or transformer) rather than a path: it spans lines.
func isInline(s string) bool { return strings.Contains(s, "\n") }

func asList(v any) []any { l, _ := v.([]any); return l }

// count adds the documents of p and refuses the build once they pass maxDocs.
func (s *screener) count(p string, n int) error {
	if s.docs += n; s.docs <= maxDocs {
		return nil
	}
	return fmt.Errorf("%s: this kustomization reaches more than %d YAML documents (this file has %d); kustomize's build time grows with the square of the document count (minutes for thousands of small objects): build it once with `kustomize build` and use the result as a prebuilt file (components.file), which capirepo renders in parts, in linear time", p, maxDocs, n)
}
