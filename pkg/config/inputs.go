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

func validRestrictor(where, v string) []string {
	if v == "" || v == LoadNone || v == LoadRootOnly {
		return nil
	}
	return []string{fmt.Sprintf("%sloadRestrictor %q: want none or rootOnly", where, v)}
}

// paths lists every input path of a provider with the key that names it.
func (p *Provider) paths() map[string][]string {
	m := map[string][]string{}
	add := func(key, v string) {
		if v != "" {
			m[key] = append(m[key], v)
		}
	}
	add("components.kustomize", p.Components.Kustomize)
	add("components.file", p.Components.File)
	for _, e := range p.ExtraComponents {
		add("extraComponents.kustomize", e.Kustomize)
		add("extraComponents.file", e.File)
	}
	add("metadata", p.Metadata)
	for _, t := range p.Templates {
		add("templates.path", t.Path)
		add("templates.kustomize", t.Kustomize)
		add("templates.clusterClass", t.ClusterClass)
	}
	for _, f := range p.Files {
		add("files", f)
	}
	return m
}

var inputKeys = []string{"components.kustomize", "components.file", "extraComponents.kustomize", "extraComponents.file",
	"metadata", "templates.path", "templates.kustomize", "templates.clusterClass", "files"}

// validateInputs refuses absolute paths and "../" escapes and unknown restrictors.
func (p *Provider) validateInputs() []string {
	var errs []string
	paths := p.paths()
	for _, key := range inputKeys {
		for _, v := range paths[key] {
			if err := confine.CheckRel(v); err != nil {
				errs = append(errs, key+": "+err.Error())
			}
		}
	}
	errs = append(errs, validRestrictor("", p.LoadRestrictor)...)
	errs = append(errs, validRestrictor("components.", p.Components.LoadRestrictor)...)
	for _, e := range p.ExtraComponents {
		errs = append(errs, validRestrictor("extraComponents.", e.LoadRestrictor)...)
	}
	for _, t := range p.Templates {
		errs = append(errs, validRestrictor("templates.", t.LoadRestrictor)...)
		if t.LoadRestrictor != "" && t.Kustomize == "" && t.ClusterClass == "" {
			errs = append(errs, "templates: loadRestrictor goes with kustomize or clusterClass (a kustomize folder)")
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
