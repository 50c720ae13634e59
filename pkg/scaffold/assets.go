package scaffold

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// asset is a file the release ships: its name (or a glob) in the release, the tree
// file (or glob) it comes from when a line says, and the lines.
type asset struct {
	name   string // base name or glob of the released file
	source string // slash path or glob in the tree; "" when only the name is known
	at     string // the line that ships it: the upload, else the copy or render
	via    string // an upload's from an assembled folder: the line that copies it there
}

// lines are the lines read: at, and via when there is one.
func (a asset) lines() string {
	if a.via == "" {
		return a.at
	}
	return a.at + ", " + a.via
}

// releaseFiles is what the release says it ships.
type releaseFiles struct {
	listed    bool // a release line names the templates it ships (or uploads a list naming none)
	assets    []asset
	generated []string // release lines running a generator into a folder an upload ships whole
}

// releaseDirVars name the folder a release is assembled in.
var releaseDirVars = []string{"RELEASE_DIR", "OUTPUT_DIR", "DIST_DIR", "ARTIFACTS", "MANIFEST_DIR"}

// shipping reads, once, what the release ships. With upload steps (a workflow's files:,
// gh release, goreleaser extra_files, an Azure publish folder), the release ships what
// they name: tree files as they are, and from an assembled folder what the release
// lines copy or render into it. Without them, the template files the release lines copy.
func (s *treeSurvey) shipping() *releaseFiles {
	if s.shipped != nil {
		return s.shipped
	}
	rf := &releaseFiles{}
	s.shipped = rf
	dirs := s.releaseDirs()
	into := s.releaseDirContent(dirs)
	for _, u := range s.uploadsRead() {
		rf.listed = true
		dir, base := path.Dir(u.Path), path.Base(u.Path)
		switch {
		case s.treeDir(dir) && !dirs[dir]:
			rf.assets = append(rf.assets, asset{name: base, source: u.Path, at: u.At})
		case strings.ContainsAny(base, "*?["):
			rf.generated = append(rf.generated, s.generatorsInto(dir, u.At)...)
			for _, a := range into[dir] {
				if ok, _ := path.Match(base, a.name); ok || strings.ContainsAny(a.name, "*?[") {
					rf.assets = append(rf.assets, asset{name: a.name, source: a.source, at: u.At, via: a.at})
				}
			}
		default:
			rf.assets = append(rf.assets, s.named(into[dir], base, u.At))
		}
	}
	if !rf.listed {
		rf.assets = templateCopies(dirs, into)
		rf.listed = len(rf.assets) > 0
	}
	return rf
}

// named is the asset an upload names in an assembled folder, with the source a
// release line copies to it when one does.
func (s *treeSurvey) named(in []asset, base, at string) asset {
	for _, a := range in {
		if a.name == base {
			return asset{name: base, source: a.source, at: at, via: a.at}
		}
	}
	return asset{name: base, at: at}
}

func (s *treeSurvey) uploadsRead() []releasescript.Upload { return s.hints.Uploads() }

// treeDir reports a folder of the tree (not one the build creates).
func (s *treeSurvey) treeDir(rel string) bool {
	fi, err := os.Stat(s.abs(rel))
	return err == nil && fi.IsDir() && !strings.ContainsAny(rel, "*?[")
}

// releaseDirs are the folders a release is assembled in.
func (s *treeSurvey) releaseDirs() map[string]bool {
	dirs := map[string]bool{"out": true, "_out": true, "dist": true, "_dist": true, "_output": true}
	for k, v := range s.hints.Vars {
		for _, suffix := range releaseDirVars {
			if strings.HasSuffix(k, suffix) && v != "" {
				dirs[releasescript.CleanRel(releasescript.Expand(v, s.hints.Vars))] = true
			}
		}
	}
	return dirs
}

// releaseDirContent maps each folder release lines copy or render files into to
// those files: cp/mv of release lines (and of other non-development lines into a
// release folder, one of dirs), and renders written there.
func (s *treeSurvey) releaseDirContent(dirs map[string]bool) map[string][]asset {
	out := map[string][]asset{}
	for _, l := range s.hints.Lines {
		if l.Dev() && !l.Release {
			continue
		}
		if m := copyLine.FindStringSubmatch(l.Text); m != nil {
			for _, a := range copyAssets(m[1], m[2], l.At, dirs) {
				if l.Release || dirs[a.dir] {
					out[a.dir] = append(out[a.dir], a.asset)
				}
			}
		}
		if d := renderedDir(l.Text); d != "" && l.Release {
			if o := buildOutput(l.Text); o != "" {
				out[path.Dir(o)] = append(out[path.Dir(o)], asset{name: path.Base(o), source: "kustomize:" + d, at: l.At})
			}
		}
	}
	return out
}

type placedAsset struct {
	dir string
	asset
}

// copyAssets reads cp SRC… DST: into DST's folder each source under its name, or the
// one source under DST's name.
func copyAssets(srcs, dst, at string, dirs map[string]bool) []placedAsset {
	dst = releasescript.CleanRel(strings.Trim(dst, `"'`))
	fs := strings.Fields(srcs)
	toDir := strings.HasSuffix(dst, "/") || dirs[dst] || len(fs) > 1 || path.Ext(dst) == ""
	var out []placedAsset
	for _, f := range fs {
		src := releasescript.CleanRel(strings.Trim(f, `"'`))
		if toDir {
			out = append(out, placedAsset{dst, asset{name: path.Base(src), source: src, at: at}})
		} else {
			out = append(out, placedAsset{path.Dir(dst), asset{name: path.Base(dst), source: src, at: at}})
		}
	}
	return out
}

// templateCopies are the template files the release lines copy (into any folder) or
// render into a release folder (one of dirs), of the release folders' content into.
func templateCopies(dirs map[string]bool, into map[string][]asset) []asset {
	var out []asset
	for dir, as := range into {
		for _, a := range as {
			if isTemplateName(a.name) && (dirs[dir] || !strings.HasPrefix(a.source, "kustomize:")) {
				out = append(out, a)
			}
		}
	}
	slices.SortFunc(out, func(a, b asset) int { return strings.Compare(a.at+a.name, b.at+b.name) })
	return out
}

func isTemplateName(n string) bool {
	return strings.HasPrefix(n, "cluster-template") || strings.HasPrefix(n, "clusterclass")
}

// buildOutput is the file a render line writes: the first redirection after the
// build ("" if it writes none).
func buildOutput(text string) string {
	b := strings.Index(text, "build ")
	i := strings.Index(text[max(b, 0):], ">")
	if b < 0 || i < 0 {
		return ""
	}
	f := strings.Fields(strings.TrimLeft(text[b+i:], ">"))
	if len(f) == 0 {
		return ""
	}
	return releasescript.CleanRel(strings.Trim(f[0], `"'`))
}

// at names the release lines that say what ships (the first three).
func (rf *releaseFiles) at() string {
	var ats []string
	for _, a := range rf.assets {
		if !slices.Contains(ats, a.at) {
			ats = append(ats, a.at)
		}
	}
	if len(ats) > 3 {
		ats = append(ats[:3], "…")
	}
	return strings.Join(ats, ", ")
}

// generatorOut is a command line's output folder argument.
var generatorOut = regexp.MustCompile(`(?:--output-dir|--output|--out-dir|--out|-o)[ =]"?([^\s"]+?)/?"?(?:\s|$)`)

// generatorsInto names the release lines that run a program writing into dir (not a
// copy or a kustomize build, which shipping reads): the files it writes are not in
// the tree, so nothing there can be shipped as them.
func (s *treeSurvey) generatorsInto(dir, upload string) []string {
	var out []string
	for _, l := range s.hints.Lines {
		if m := generatorOut.FindStringSubmatch(l.Text); l.Release && m != nil && releasescript.CleanRel(m[1]) == dir && !strings.Contains(l.Text, "go build") {
			out = append(out, fmt.Sprintf("%s runs %s, writing into %s, which %s uploads", l.At, strings.TrimSpace(l.Text), dir, upload))
		}
	}
	return out
}

// generatedNote is "; " and the generator lines, or "".
func (rf *releaseFiles) generatedNote() string {
	if len(rf.generated) == 0 {
		return ""
	}
	return "; " + strings.Join(rf.generated, "; ") + ": the templates it writes are not in the tree"
}
