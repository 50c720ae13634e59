package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/layout"
)

// kustomization is the part of a kustomization.yaml that init reads.
type kustomization struct {
	Resources    []string          `yaml:"resources"`
	Bases        []string          `yaml:"bases"`
	Components   []string          `yaml:"components"`
	Crds         []string          `yaml:"crds"`
	Patches      []patchRef        `yaml:"patches"`
	PatchesSM    []string          `yaml:"patchesStrategicMerge"`
	PatchesJSON  []patchRef        `yaml:"patchesJson6902"`
	Labels       []labelSet        `yaml:"labels"`
	CommonLabels map[string]string `yaml:"commonLabels"`
	Images       []image           `yaml:"images"`
}

type patchRef struct {
	Path string `yaml:"path"`
}

type labelSet struct {
	Pairs map[string]string `yaml:"pairs"`
}

// image is a kustomize images: entry.
type image struct {
	Name    string `yaml:"name"`
	NewName string `yaml:"newName"`
	NewTag  string `yaml:"newTag"`
	Digest  string `yaml:"digest"`
}

// kustomizationFiles are the names kustomize looks for, in its order.
var kustomizationFiles = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

// kustomizationIn returns the kustomization file of dir, or "".
func kustomizationIn(dir string) string {
	for _, n := range kustomizationFiles {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && fi.Mode().IsRegular() {
			return filepath.Join(dir, n)
		}
	}
	return ""
}

// tree is what a kustomize folder loads, read statically (nothing is rendered).
type tree struct {
	dir     string
	kdirs   []string // kustomization folders loaded, dir first
	files   []string // YAML files loaded (resources, then patches), in load order
	remotes []string // remote resources (URLs, git bases)
	outside []string // files loaded from outside the folder of the kustomization naming them
	label   string   // the cluster.x-k8s.io/provider label a kustomization sets
	images  []image  // images: entries, outermost first
	missing []string // files and folders named but not in the tree (generated inputs)
	r       *reader
}

// loadTree reads dir's kustomization and everything it loads, recursively.
func loadTree(r *reader, dir string) *tree {
	t := &tree{dir: dir, r: r}
	t.walk(dir, map[string]bool{})
	return t
}

func (t *tree) walk(dir string, seen map[string]bool) {
	if seen[dir] {
		return
	}
	seen[dir] = true
	file := kustomizationIn(dir)
	if file == "" {
		return
	}
	data, err := t.r.read(file)
	var k kustomization
	if err != nil || yaml.Unmarshal(data, &k) != nil {
		return
	}
	t.kdirs = append(t.kdirs, dir)
	t.takeLabel(k)
	t.images = append(t.images, k.Images...)
	for _, r := range slices.Concat(k.Resources, k.Bases, k.Components, k.Crds) {
		t.ref(dir, r, seen)
	}
	for _, p := range patchPaths(k) {
		t.file(dir, filepath.Join(dir, p))
	}
}

func (t *tree) takeLabel(k kustomization) {
	key := layout.ProviderLabelKey
	if t.label != "" {
		return
	}
	for _, l := range k.Labels {
		if v := l.Pairs[key]; v != "" {
			t.label = v
			return
		}
	}
	t.label = k.CommonLabels[key]
}

// ref follows one resources/bases/components entry.
func (t *tree) ref(dir, r string, seen map[string]bool) {
	if isRemote(r) {
		t.remotes = append(t.remotes, r)
		return
	}
	p := filepath.Join(dir, r)
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		t.missing = append(t.missing, p)
		return
	case fi.IsDir():
		t.walk(p, seen)
	default:
		t.file(dir, p)
	}
}

func (t *tree) file(dir, p string) {
	if _, err := os.Stat(p); err != nil {
		t.missing = append(t.missing, p)
		return
	}
	if rel, err := filepath.Rel(dir, p); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		t.outside = append(t.outside, p)
	}
	t.files = append(t.files, p)
}

// patchPaths lists the patch files a kustomization names (inline patches excluded).
func patchPaths(k kustomization) []string {
	var out []string
	for _, p := range slices.Concat(k.Patches, k.PatchesJSON) {
		if p.Path != "" {
			out = append(out, p.Path)
		}
	}
	for _, p := range k.PatchesSM {
		if !strings.Contains(p, "\n") {
			out = append(out, p)
		}
	}
	return out
}

// isRemote reports a URL or a remote git base (github.com/org/repo//path?ref=x).
func isRemote(r string) bool {
	return strings.Contains(r, "://") || strings.HasPrefix(r, "github.com/") ||
		strings.HasPrefix(r, "git@") || strings.Contains(r, "?ref=")
}

// includes reports whether t loads the kustomize folder dir (other than itself).
func (t *tree) includes(dir string) bool {
	return dir != t.dir && slices.Contains(t.kdirs, dir)
}
