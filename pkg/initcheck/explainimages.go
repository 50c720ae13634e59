package initcheck

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/layout"
)

// image cites the images: entry that sets the build's image (A), or asks for one.
func (e *explainer) image(c *Checked) {
	build, rel := c.A, c.B
	if onlyTemplates(c.File) {
		c.Explanation = fmt.Sprintf("%s is an image: field of %s, a template (a VM image such as a machine template's spec.template.spec.image), not a container image an images: entry sets: the template's own value ships", c.Subject, c.File)
		return
	}
	if build == "" {
		c.Question = fmt.Sprintf("the release ships %s and the build names no image in its place: which kustomization or images: entry of capirepo.yaml should name it?", rel)
		return
	}
	repo := diff.Repository(build)
	for i, p := range e.cfg.Providers {
		for j, img := range p.Components.Images {
			key := []any{"providers", i, "components", "images", j}
			switch {
			case img.NewName == repo && rel != "" && diff.Repository(rel) == repo && img.TagFromVersion.Set():
				key = append(key, "tagFromVersion")
			case img.NewName == repo:
				key = append(key, "newName")
			case img.NewName == "" && img.Name == repo:
				key = append(key, "name")
			default:
				continue
			}
			c.Line, c.Key = e.lines.at(key...), keyText(key)
			c.Explanation = fmt.Sprintf("capirepo.yaml:%d (%s) gives the build %s%s", c.Line, e.lines.line(c.Line), build, releaseShips(rel))
			return
		}
	}
	c.Question = fmt.Sprintf("no images: entry of capirepo.yaml sets %s, the image the kustomization leaves%s: add one (name: %s, newName: the release's repository, tagFromVersion: true)",
		build, releaseShips(rel), diff.ImageName(build))
}

// onlyTemplates says whether every file of a difference (comma-joined) is a template or
// ClusterClass: images: entries reach components only.
func onlyTemplates(files string) bool {
	if files == "" {
		return false
	}
	for _, f := range strings.Split(files, ", ") {
		if k := layout.FileKind(f); k != layout.KindTemplate && k != layout.KindClusterClass {
			return false
		}
	}
	return true
}

func releaseShips(rel string) string {
	if rel == "" {
		return "; the release names no such image"
	}
	return "; the release ships " + rel
}

// unbuilt handles a file only the release has: a commented entry of the config, or a
// question.
func (e *explainer) unbuilt(c *Checked) {
	file := c.Subject
	needles := []string{file}
	if layout.FileKind(file) == layout.KindTemplate {
		flavor := layout.TemplateFlavor(file)
		needles = append(needles, "flavor: "+flavor+" ", "flavor: "+flavor+"\n", `flavor: "`+flavor+`"`)
	}
	for _, n := range needles {
		if c.Line = e.lines.commented(n); c.Line > 0 {
			break
		}
	}
	if c.Line > 0 {
		c.Question = fmt.Sprintf("the release ships %s and no entry builds it; capirepo.yaml:%d has it commented (%s): uncomment it?", file, c.Line, e.lines.line(c.Line))
		return
	}
	c.Question = fmt.Sprintf("the release ships %s and no line of capirepo.yaml builds it: add a templates: or files: entry for its source?", file)
}

// pullPolicy cites components.imagePullPolicy, or asks for it.
func (e *explainer) pullPolicy(c *Checked) {
	i := e.providerOf(c.File)
	if i >= 0 && e.cfg.Providers[i].Components.ImagePullPolicy != "" {
		key := []any{"providers", i, "components", "imagePullPolicy"}
		c.Line, c.Key = e.lines.at(key...), keyText(key)
		c.Explanation = fmt.Sprintf("capirepo.yaml:%d (%s) sets the build's pull policy; the release's is %q", c.Line, e.lines.line(c.Line), c.B)
		return
	}
	c.Question = fmt.Sprintf("the release's pull policy is %q and capirepo.yaml sets none: add components.imagePullPolicy: %s?", c.B, c.B)
}
