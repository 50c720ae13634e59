package scaffold

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// source is one kustomize folder and what it loads.
type source struct {
	rel     string // slash path from the root
	tree    *tree
	c       contents
	overlay bool // it loads another provider folder's components folder (mergeOverlays)
}

// treeSurvey is everything found under the root.
type treeSurvey struct {
	root      string
	sources   []*source
	files     []string // template-looking YAML files (slash paths), sorted
	metadata  []string // files named metadata.yaml (slash paths), in walk order
	hints     *releasescript.Hints
	r         *reader
	wrappers  []*tree                // development kustomizations around shipped template files
	shipped   *releaseFiles          // what the release ships, read once
	charts    []string               // Helm chart folders (Chart.yaml), not read
	names     map[string][]nameClaim // provider names the docs give, by type
	fileNames map[string][]nameClaim // components file names the docs give, by type
	oneImage  bool                   // every provider leaves the same manager image (one provider, or k0smotron's one binary)
	plainYAML []string               // the first YAML files found (for the refusal of a tree without kustomization)
	copiedTo  map[string]string      // template file -> the tree file a release line copies it to (classCopies)
}

var templateFile = regexp.MustCompile(`^(cluster-template.*|clusterclass-.*|.*cluster-?class.*)\.ya?ml$`)

// survey walks root once.
func survey(ctx context.Context, root string, max int64) (*treeSurvey, error) {
	r := &reader{max: max}
	s := &treeSurvey{root: root, r: r, hints: releasescript.Read(root, releasescript.Source{Read: r.read, IsKustomization: isKustomization})}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel := s.rel(p)
		if d.IsDir() {
			if skip(rel, d.Name()) {
				return filepath.SkipDir
			}
			if isChart(p) && rel != "." {
				s.charts = append(s.charts, rel)
				return filepath.SkipDir // a Helm chart: its templates/ are Helm's, not clusterctl's
			}
			if kustomizationIn(p) != "" {
				t := loadTree(s.r, p)
				s.sources = append(s.sources, &source{rel: rel, tree: t, c: scan(s.r, t.files)})
			}
			return nil
		}
		if d.Type()&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice) != 0 {
			s.r.refused(p, fsx.ErrSpecial) // never opened; named in the config (or the refusal)
		}
		if d.Type().IsRegular() && (strings.HasSuffix(d.Name(), ".yaml") || strings.HasSuffix(d.Name(), ".yml")) && len(s.plainYAML) < 10 {
			s.plainYAML = append(s.plainYAML, rel)
		}
		if d.Type().IsRegular() && templateFile.MatchString(d.Name()) {
			s.files = append(s.files, rel)
		}
		if d.Type().IsRegular() && d.Name() == layout.MetadataFile {
			s.metadata = append(s.metadata, rel)
		}
		return nil
	})
	slices.Sort(s.files)
	return s, err
}

func (s *treeSurvey) rel(p string) string {
	r, err := filepath.Rel(s.root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

func (s *treeSurvey) abs(rel string) string { return filepath.Join(s.root, filepath.FromSlash(rel)) }

// find returns the source of a folder, or nil.
func (s *treeSurvey) find(rel string) *source {
	for _, src := range s.sources {
		if src.rel == rel {
			return src
		}
	}
	return nil
}

// includedByAny reports whether another of srcs loads src.
func includedByAny(src *source, srcs []*source) bool {
	for _, o := range srcs {
		if o != src && o.tree.includes(src.tree.dir) {
			return true
		}
	}
	return false
}

// under reports whether rel is root or inside it.
func under(rel, root string) bool {
	return root == "." || rel == root || strings.HasPrefix(rel, root+"/")
}

// loads reports whether any of the trees loads the file at rel.
func (s *treeSurvey) loads(trees []*tree, rel string) bool {
	abs := s.abs(rel)
	for _, t := range trees {
		if slices.Contains(t.files, abs) {
			return true
		}
	}
	return false
}

// isKustomization reports a folder holding a kustomization.
func isKustomization(dir string) bool { return kustomizationIn(dir) != "" }

// isChart reports a Helm chart folder.
func isChart(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "Chart.yaml"))
	return err == nil && fi.Mode().IsRegular()
}
