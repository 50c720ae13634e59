package config

import (
	"fmt"
	"net/url"
	"regexp"

	"github.com/capirepo/capirepo/pkg/confine"
)

// Load restrictor values: rootOnly is kustomize's default, none lets a kustomization
// load files from anywhere inside the folder holding capirepo.yaml.
const (
	LoadRootOnly = "rootOnly"
	LoadNone     = "none"
)

// LoadRestrictorFor is the restrictor of one kustomize entry: its own, else the provider's.
func (p *Provider) LoadRestrictorFor(entry string) string {
	if entry != "" {
		return entry
	}
	return p.LoadRestrictor
}

func validRestrictor(field, v string) []problem {
	if v == "" || v == LoadNone || v == LoadRootOnly {
		return nil
	}
	return []problem{at(field, "%q: want none or rootOnly", v)}
}

// input is one input path of a provider: the field that names it and its value.
type input struct {
	field, path string
	folder      bool // a kustomize folder (else a file; templates.path and clusterClass may be either)
	either      bool
}

// inputs lists every input path of a provider with the field that names it.
func (p *Provider) inputs() []input {
	var out []input
	add := func(field, v string, folder, either bool) {
		if v != "" {
			out = append(out, input{field, v, folder, either})
		}
	}
	components := func(field string, c Components) {
		add(field+".kustomize", c.Kustomize, true, false)
		add(field+".file", c.File, false, false)
	}
	components("components", p.Components)
	for i, e := range p.ExtraComponents {
		components(fmt.Sprintf("extraComponents[%d]", i), e.Components)
	}
	add("metadata", p.Metadata, false, false)
	for i, t := range p.Templates {
		field := fmt.Sprintf("templates[%d]", i)
		add(field+".path", t.Path, false, true)
		add(field+".kustomize", t.Kustomize, true, false)
		add(field+".clusterClass", t.ClusterClass, false, true)
	}
	for i, f := range p.Files {
		add(fmt.Sprintf("files[%d]", i), f, false, false)
	}
	return out
}

// validateInputs refuses absolute paths and "../" escapes and unknown restrictors.
func (p *Provider) validateInputs() []problem {
	var errs []problem
	for _, in := range p.inputs() {
		if err := confine.CheckRel(in.path); err != nil {
			errs = append(errs, at(in.field, "%v", err))
		}
	}
	errs = append(errs, validRestrictor("loadRestrictor", p.LoadRestrictor)...)
	errs = append(errs, validRestrictor("components.loadRestrictor", p.Components.LoadRestrictor)...)
	for i, e := range p.ExtraComponents {
		errs = append(errs, validRestrictor(fmt.Sprintf("extraComponents[%d].loadRestrictor", i), e.LoadRestrictor)...)
	}
	for i, t := range p.Templates {
		field := fmt.Sprintf("templates[%d].loadRestrictor", i)
		errs = append(errs, validRestrictor(field, t.LoadRestrictor)...)
		if t.LoadRestrictor != "" && t.Kustomize == "" && t.ClusterClass == "" {
			errs = append(errs, at(field, "goes with kustomize or clusterClass (a kustomize folder); remove it"))
		}
	}
	return errs
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// validateRemote checks the remoteResources entries.
func (c *Config) validateRemote() []string {
	var errs []string
	seen := map[string]bool{}
	for i, r := range c.RemoteResources {
		at := fmt.Sprintf("%s:%d: remoteResources[%d]", c.File, r.Line, i)
		if u, err := url.Parse(r.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			errs = append(errs, fmt.Sprintf("%s: url %q: want an http(s) URL, as written in the kustomization", at, r.URL))
		}
		if seen[r.URL] {
			errs = append(errs, fmt.Sprintf("%s: url %s is pinned twice", at, r.URL))
		}
		seen[r.URL] = true
		if !sha256Hex.MatchString(r.SHA256) {
			errs = append(errs, fmt.Sprintf("%s: sha256 %q: want 64 lower-case hex digits (sha256sum of the file)", at, r.SHA256))
		}
		if r.File != "" {
			if err := confine.CheckRel(r.File); err != nil {
				errs = append(errs, fmt.Sprintf("%s: file: %v", at, err))
			}
		}
	}
	return errs
}
