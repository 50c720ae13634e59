package scaffold

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Config returns the capirepo.yaml text of the plan: every decision as a key, every
// open question as a commented line with what to check.
func (p *Plan) Config() []byte {
	var b bytes.Buffer
	w := &writer{b: &b}
	w.line(0, "# capirepo.yaml written by `capirepo init`. Lines starting with # are what init")
	w.line(0, "# could not decide: review them, then run: capirepo build --version vX.Y.Z")
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
	w.remote(p.Remote)
	for _, f := range p.Oversized {
		w.comment(0, "%s is larger than init reads (%d bytes): not inspected; check by hand whether it belongs in this config", f, p.maxRead)
	}
	for _, u := range p.Unread {
		w.comment(0, "%s was not read (%s): check by hand whether it belongs in this config", u.Path, u.Why)
	}
	return b.Bytes()
}

type writer struct{ b *bytes.Buffer }

func (w *writer) line(indent int, format string, args ...any) {
	w.b.WriteString(strings.Repeat("  ", indent))
	fmt.Fprintf(w.b, format, args...)
	w.b.WriteString("\n")
}

// comment writes a commented line at indent.
func (w *writer) comment(indent int, format string, args ...any) {
	w.line(indent, "# "+format, args...)
}

func (w *writer) provider(p *Provider) {
	for _, n := range p.Notes {
		w.comment(0, "%s", n)
	}
	w.line(0, "- name: %s # from %s", p.Name, p.NameFrom)
	if p.TypeNote != "" {
		w.line(1, "type: %s # %s", p.Type, p.TypeNote)
	} else {
		w.line(1, "type: %s", p.Type)
	}
	if p.File != "" {
		w.line(1, "componentsFile: %s # the name the Makefile gives it", p.File)
	}
	if p.LoadNone != "" {
		w.line(1, "loadRestrictor: none # %s", p.LoadNone)
	}
	w.components(p)
	if p.Metadata != "" {
		w.line(1, "metadata: %s", p.Metadata)
	} else {
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
	w.line(2, "kustomize: %s", p.Components)
	if p.PullPolicy != "" {
		w.line(2, "imagePullPolicy: %s # the Makefile's set-manifest-pull-policy", p.PullPolicy)
	}
	switch {
	case p.Image != "" && p.NewName != "":
		why := p.scriptHints.imagePin
		if why == "" {
			why = "the release image, tagged with the release version"
		}
		w.line(2, "images: # %s", why)
		w.line(2, "- name: %s", p.Image)
		w.line(3, "newName: %s # the release image the Makefile names", p.NewName)
		w.line(3, "tagFromVersion: true")
	case p.Image != "":
		w.line(2, "images: # the manager image %s leaves, tagged with the release version", p.Components)
		w.line(2, "- name: %s", p.Image)
		w.comment(3, "newName: <registry>/<image> # where the release image is pushed, if not there")
		w.line(3, "tagFromVersion: true")
	default:
		w.comment(2, "images: # no manager container image found in %s", p.Components)
		w.comment(2, "- {name: <image as the kustomization leaves it>, newName: <release image>, tagFromVersion: true}")
	}
	if len(p.Extra) > 0 {
		w.line(1, "extraComponents: # more components files the Makefile builds")
		for _, e := range p.Extra {
			w.line(1, "- {name: %s, kustomize: %s}", e.Name, e.Kustomize)
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

func (w *writer) templates(p *Provider) {
	if len(p.Templates) == 0 && len(p.Commented) == 0 {
		return
	}
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
