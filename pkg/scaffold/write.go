package scaffold

import (
	"bytes"
	"cmp"
	"fmt"
	"strconv"
	"strings"

	capiconfig "github.com/capirepo/capirepo/pkg/config"
)

// Config is the capirepo.yaml text Render returns.
func (p *Plan) Config() []byte {
	data, _ := p.Render()
	return data
}

// Render returns the capirepo.yaml text of the plan and what init asks the maintainer.
// The text has every decision as a key with its evidence (file:line) in a comment,
// every open question as a "# QUESTION:" line above the value it is about (each
// Question has that line), everything init could not decide as a commented line.
// There are no questions when every value comes from the release path without
// disagreement.
func (p *Plan) Render() (config []byte, questions []Question) {
	var b bytes.Buffer
	w := &writer{b: &b}
	w.line(0, "# yaml-language-server: $schema="+capiconfig.SchemaID)
	w.line(0, "# capirepo.yaml written by `capirepo init`. Each value says in a comment which file and")
	w.line(0, "# line it comes from; a \"# QUESTION:\" line is what init asks you to check; other lines")
	w.line(0, "# starting with # are what init could not decide. Review them, then run:")
	w.line(0, "# capirepo build --version vX.Y.Z")
	if p.Checked != "" {
		w.line(0, "# %s", p.Checked)
	}
	w.line(0, "providers:")
	for _, pr := range p.Providers {
		w.provider(pr)
	}
	if len(p.Unplaced) > 0 {
		w.line(0, "# Templates no provider folder holds; move them under one provider's templates:")
		for _, e := range p.Unplaced {
			w.entry(0, e, true)
		}
	}
	for _, d := range p.Skipped {
		w.comment(0, "%s: components of a test provider the Makefile does not release; add a provider for it if you ship it", d)
	}
	for _, c := range p.Charts {
		w.comment(0, "%s is a Helm chart (Chart.yaml): its templates are Helm's, not cluster templates; not read", c)
	}
	w.remote(p.Remote)
	for _, f := range p.Oversized {
		w.comment(0, "%s is larger than init reads (%d bytes): not inspected; check by hand whether it belongs in this config", f, p.maxRead)
	}
	for _, u := range p.Unread {
		w.comment(0, "%s was not read (%s): check by hand whether it belongs in this config", u.Path, u.Why)
	}
	return b.Bytes(), w.qs
}

type writer struct {
	b     *bytes.Buffer
	lines int
	qs    []Question
	asked map[string]bool // the fields of the current provider whose questions are written
}

func (w *writer) line(indent int, format string, args ...any) {
	w.b.WriteString(strings.Repeat("  ", indent))
	fmt.Fprintf(w.b, format, args...)
	w.b.WriteString("\n")
	w.lines++
}

// comment writes a commented line at indent.
func (w *writer) comment(indent int, format string, args ...any) {
	w.line(indent, "# "+format, args...)
}

// value writes key: value with its evidence, after the questions about field.
func (w *writer) value(indent int, p *Provider, field, text string) {
	w.ask(indent, p, field)
	if ev := p.Evidence[field].Text; ev != "" {
		text += " # " + ev
	}
	w.line(indent, "%s", text)
}

// ask writes the provider's questions about field.
func (w *writer) ask(indent int, p *Provider, field string) {
	if w.asked[field] {
		return
	}
	w.asked[field] = true
	for _, q := range p.questionsOn(field) {
		w.comment(indent, "QUESTION: %s", q.Text)
		q.Provider, q.Line = p.Label(), w.lines
		w.qs = append(w.qs, q)
	}
}

func (w *writer) provider(p *Provider) {
	w.asked = map[string]bool{}
	defer w.rest(p)
	for _, n := range p.Notes {
		w.comment(0, "%s", n)
	}
	w.ask(0, p, "name")
	w.line(0, "- name: %s # from %s", p.Name, p.NameFrom)
	if p.TypeNote != "" { // the note replaces the evidence
		w.ask(1, p, "type")
		w.line(1, "type: %s # %s", p.Type, p.TypeNote)
	} else {
		w.value(1, p, "type", "type: "+string(p.Type))
	}
	if p.File != "" {
		w.value(1, p, "componentsFile", "componentsFile: "+p.File)
	}
	if p.LoadNone != "" {
		w.line(1, "loadRestrictor: none # %s", p.LoadNone)
	}
	w.components(p)
	if p.Metadata != "" {
		w.value(1, p, "metadata", "metadata: "+p.Metadata)
	} else {
		w.ask(1, p, "metadata")
		w.line(1, "releaseSeries: # no metadata.yaml found: the series of your releases and their contracts")
		w.line(1, "- {major: 0, minor: 1, contract: v1beta1}")
	}
	w.templates(p)
	if len(p.Files) > 0 {
		w.comment(1, "files:")
		for _, f := range p.Files {
			w.comment(1, "- %s # %s", f.Path, f.Comment)
		}
	}
}

func (w *writer) components(p *Provider) {
	w.line(1, "components:")
	w.value(2, p, "components", "kustomize: "+p.Components)
	if p.PullPolicy != "" {
		w.value(2, p, "pullPolicy", "imagePullPolicy: "+p.PullPolicy)
	}
	w.images(p)
	if len(p.Extra) > 0 {
		w.ask(1, p, "extraComponents")
		w.line(1, "extraComponents: # more components files the release ships")
		for _, e := range p.Extra {
			w.extra(p, e)
		}
	}
	if len(p.Variants) > 0 {
		w.comment(1, "extraComponents: # other components folders of this provider; ship them if they are released")
		for _, v := range p.Variants {
			name := strings.TrimSuffix(componentsFile(p.Type), ".yaml") + "-" + lastElem(v) + ".yaml"
			w.comment(1, "- {name: %s, kustomize: %s}", name, v)
		}
	}
}

// images writes the manager image entry: the name the components leave, the release
// name when it differs, and how the tag follows the version.
func (w *writer) images(p *Provider) {
	if p.Image == "" {
		w.comment(2, "images: # no manager container image found in %s", p.Components)
		w.comment(2, "- {name: <image as the kustomization leaves it>, newName: <release image>, tagFromVersion: true}")
		return
	}
	why := p.scriptHints.ImagePin
	if why == "" {
		why = "the manager image, tagged with the release version"
	}
	w.line(2, "images: # %s", why)
	w.value(2, p, "imageName", "- name: "+p.Image)
	switch {
	case p.NewName != "":
		w.value(3, p, "image", "newName: "+p.NewName)
	case p.Evidence["image"].Text != "":
		w.ask(3, p, "image")
		w.comment(3, "release image: this name, %s", p.Evidence["image"].Text)
	default:
		w.ask(3, p, "image")
		w.comment(3, "newName: <registry>/<image> # where the release image is pushed, if not there")
	}
	w.value(3, p, "tag", "tagFromVersion: "+cmp.Or(p.Tag, "true"))
}

// extra writes one extraComponents entry; one leaving the provider's manager image
// gets the same images: entry and pull policy as the components (CAPV's supervisor).
func (w *writer) extra(p *Provider, e Extra) {
	if e.Image == "" || e.Image != p.Image {
		w.line(1, "- {name: %s, kustomize: %s} # %s", e.Name, e.Kustomize, e.At)
		return
	}
	w.line(1, "- name: %s # %s", e.Name, e.At)
	w.line(2, "kustomize: %s", e.Kustomize)
	if p.PullPolicy != "" {
		w.line(2, "imagePullPolicy: %s # as the components", p.PullPolicy)
	}
	fields := []string{"name: " + p.Image}
	if p.NewName != "" {
		fields = append(fields, "newName: "+p.NewName)
	}
	fields = append(fields, "tagFromVersion: "+cmp.Or(p.Tag, "true"))
	w.line(2, "images: # the manager image of the components, set as there")
	w.line(2, "- {%s}", strings.Join(fields, ", "))
}

// rest writes the provider's questions about values the config does not write.
func (w *writer) rest(p *Provider) {
	for _, q := range p.Questions {
		w.ask(1, p, q.Field)
	}
}

func (w *writer) templates(p *Provider) {
	if len(p.Templates) == 0 && len(p.Commented) == 0 {
		return
	}
	w.ask(1, p, "templates")
	if len(p.Templates) == 0 {
		w.comment(1, "templates:")
	} else {
		w.line(1, "templates:")
	}
	for _, e := range p.Templates {
		w.entry(1, e, false)
	}
	for _, e := range p.Commented {
		w.entry(1, e, true)
	}
}

// entry writes one templates: entry, commented or not.
func (w *writer) entry(indent int, e Entry, commented bool) {
	var fields []string
	if e.Flavor != nil {
		fields = append(fields, "flavor: "+strconv.Quote(*e.Flavor))
	}
	for _, kv := range [][2]string{{"kustomize", e.Kustomize}, {"path", e.Path}, {"clusterClass", e.ClusterClass}} {
		if kv[1] != "" {
			fields = append(fields, kv[0]+": "+kv[1])
		}
	}
	text := "- " + strings.Join(fields, ", ")
	if len(fields) > 1 {
		text = "- {" + strings.Join(fields, ", ") + "}"
	}
	if e.Comment != "" {
		text += " # " + e.Comment
	}
	if commented {
		w.comment(indent, "%s", text)
		return
	}
	w.line(indent, "%s", text)
}

// remote lists the remote resources to pin, commented: init downloads nothing.
func (w *writer) remote(urls []string) {
	if len(urls) == 0 {
		return
	}
	w.comment(0, "Remote resources the kustomizations load: capirepo refuses them unpinned. Pin each")
	w.comment(0, "one (sha256sum of the file), and vendor it with file: to build offline:")
	w.comment(0, "remoteResources:")
	for _, u := range urls {
		w.comment(0, "- url: %s", u)
		w.comment(0, "  sha256: <sha256 of the file>")
		w.comment(0, "  file: <a vendored copy in this repository>")
	}
}

func lastElem(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}
