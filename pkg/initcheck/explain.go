package initcheck

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// Checked is one difference between the build and the release (A is the build, B the
// release), with the line of capirepo.yaml that explains it or the question it leaves.
type Checked struct {
	diff.Difference
	Line        int    `json:"line,omitempty"` // the capirepo.yaml line cited (0: none)
	Key         string `json:"key,omitempty"`  // that line's key, e.g. providers[0].components.images[0].newName
	Explanation string `json:"explanation,omitempty"`
	Question    string `json:"question,omitempty"` // set when no line of the config explains it
	Asked       string `json:"asked,omitempty"`    // init's own question about the cited line, when it has one
}

// explainer maps differences to the lines of the proposed config.
type explainer struct {
	cfg   *config.Config
	set   *release.Set
	lines *configLines
}

func (e *explainer) explain(d diff.Difference) Checked {
	c := Checked{Difference: d}
	switch {
	case d.Section == diff.SectionReleases:
		c.Question = "this release is only on one side: is the provider's label or version in capirepo.yaml the one it publishes?"
	case d.Section == diff.SectionImages:
		e.image(&c)
	case d.Section == diff.SectionFiles && d.Change == diff.OnlyInB:
		e.unbuilt(&c)
	case strings.Contains(d.Path, "imagePullPolicy"):
		e.pullPolicy(&c)
	case d.Section == diff.SectionFiles:
		e.source(&c, d.Subject)
		if d.Change == diff.OnlyInA && c.Explanation != "" {
			c.Explanation += "; the release does not ship it: remove the entry if it never did"
		}
	default:
		e.source(&c, d.File)
	}
	return c
}

// source cites the line that builds file.
func (e *explainer) source(c *Checked, file string) {
	i := e.providerOf(file)
	if i < 0 {
		c.Question = fmt.Sprintf("no provider of capirepo.yaml builds %s", file)
		return
	}
	key := e.fileSource(i, file)
	c.Line, c.Key = e.lines.at(key...), keyText(key)
	c.Explanation = fmt.Sprintf("the build writes %s from capirepo.yaml:%d (%s)", file, c.Line, e.lines.line(c.Line))
}

// providerOf is the index of the first provider whose build has file (-1: none).
func (e *explainer) providerOf(file string) int {
	for i, r := range e.set.Releases {
		for _, f := range r.Files {
			if f.Name == file {
				return i
			}
		}
	}
	return -1
}

// fileSource is the config path of the entry that builds file for provider i.
func (e *explainer) fileSource(i int, file string) []any {
	p := &e.cfg.Providers[i]
	at := func(more ...any) []any { return append([]any{"providers", i}, more...) }
	switch {
	case file == e.set.Releases[i].ComponentsFile && p.Components.Kustomize != "":
		return at("components", "kustomize")
	case file == e.set.Releases[i].ComponentsFile:
		return at("components", "file")
	case layout.FileKind(file) == layout.KindMetadata && p.Metadata != "":
		return at("metadata")
	case layout.FileKind(file) == layout.KindMetadata:
		return at("releaseSeries")
	}
	for j, x := range p.ExtraComponents {
		if x.Name == file {
			return at("extraComponents", j)
		}
	}
	for j, f := range p.Files {
		if path.Base(f) == file {
			return at("files", j)
		}
	}
	if j := e.templateOf(p, file); j >= 0 {
		return at("templates", j)
	}
	return at()
}

// templateOf is the index of the templates entry that ships file (-1: none found).
func (e *explainer) templateOf(p *config.Provider, file string) int {
	var classes []int
	for j, t := range p.Templates {
		switch {
		case t.Flavor != nil && layout.TemplateFile(*t.Flavor) == file:
			return j
		case t.Flavor == nil && t.Path != "" && (path.Base(t.Path) == file || isFile(filepath.Join(e.cfg.Dir, t.Path, file))):
			return j
		case t.ClusterClass != "":
			classes = append(classes, j)
		}
	}
	name := layout.ClusterClassName(file)
	for _, j := range classes {
		if len(classes) == 1 || strings.Contains(p.Templates[j].ClusterClass, name) {
			return j
		}
	}
	return -1
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// keyText prints a config path: providers[0].components.images[1].newName.
func keyText(key []any) string {
	var b strings.Builder
	for _, k := range key {
		switch k := k.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		}
	}
	return b.String()
}
