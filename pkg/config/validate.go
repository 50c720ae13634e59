package config

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	yaml "go.yaml.in/yaml/v3"
)

// Validate applies defaults and checks every provider; all problems are reported
// together, each at the line of the field it is about.
func (c *Config) Validate() error {
	var errs []string
	if c.Version != 0 && c.Version != Version {
		errs = append(errs, fmt.Sprintf("%s: version: %d: this capirepo reads version %d; upgrade capirepo, or write version: %d", c.File, c.Version, Version, Version))
	}
	if len(c.Providers) == 0 {
		errs = append(errs, c.File+": no providers: add a providers: list")
	}
	seen := map[string]bool{}
	for i := range c.Providers {
		p := &c.Providers[i]
		for _, pr := range p.validate() {
			errs = append(errs, c.message(p, pr))
		}
		if label := p.Label(); seen[label] {
			errs = append(errs, c.message(p, at("", "%s is declared twice; remove one entry", label)))
		} else {
			seen[label] = true
		}
	}
	errs = append(errs, c.validateRemote()...)
	if len(errs) > 0 {
		return &Error{Msgs: errs}
	}
	return nil
}

// Error lists every config problem, one per line.
type Error struct{ Msgs []string }

func (e *Error) Error() string { return strings.Join(e.Msgs, "\n") }

func (p *Provider) validate() []problem {
	errs := p.validateIdentity()
	if p.ComponentsFile == "" {
		p.ComponentsFile = layout.ComponentsFile(p.Type)
	} else if err := layout.ValidateFileName(p.ComponentsFile); err != nil {
		errs = append(errs, at("componentsFile", "%v", err))
	}
	errs = append(errs, p.Components.validate("components")...)
	for i, e := range p.ExtraComponents {
		field := fmt.Sprintf("extraComponents[%d]", i)
		if err := layout.ValidateFileName(e.Name); err != nil || e.Name == p.ComponentsFile {
			errs = append(errs, at(field+".name", "%q: use a plain file name other than %s", e.Name, p.ComponentsFile))
		}
		errs = append(errs, e.Components.validate(field)...)
	}
	if (p.Metadata == "") == (len(p.ReleaseSeries) == 0) {
		errs = append(errs, at("", "set exactly one of metadata (a metadata.yaml file) or releaseSeries (inline series)"))
	}
	for i, t := range p.Templates {
		errs = append(errs, t.validate(fmt.Sprintf("templates[%d]", i))...)
	}
	for i, f := range p.Files {
		if f == "" {
			errs = append(errs, at(fmt.Sprintf("files[%d]", i), "the entry is empty: name a file, or remove it"))
		}
	}
	return append(errs, p.validateInputs()...)
}

// validateIdentity checks type and name, each at its own line.
func (p *Provider) validateIdentity() []problem {
	var errs []problem
	typ := p.Type
	if !layout.ValidType(typ) {
		errs = append(errs, at("type", "%q is not one of %s; write the type clusterctl knows the provider by", typ, layout.TypeNames()))
		typ = layout.CoreProvider // check the name on its own
	}
	if err := layout.ValidateName(typ, p.Name); err != nil {
		errs = append(errs, at("name", "%v", err))
	}
	return errs
}

var pullPolicies = map[string]bool{"": true, "Always": true, "IfNotPresent": true, "Never": true}

func (c *Components) validate(field string) []problem {
	var errs []problem
	if (c.Kustomize == "") == (c.File == "") {
		errs = append(errs, at(field, "set exactly one of kustomize (a folder) or file (a YAML file)"))
	}
	if !pullPolicies[c.ImagePullPolicy] {
		errs = append(errs, at(field+".imagePullPolicy", "%q: want Always, IfNotPresent or Never", c.ImagePullPolicy))
	}
	for i, im := range c.Images {
		errs = append(errs, im.validate(fmt.Sprintf("%s.images[%d]", field, i))...)
	}
	return errs
}

var flavorName = regexp.MustCompile(`^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?$`)

func (t Template) validate(field string) []problem {
	n := 0
	for _, set := range []bool{t.Path != "", t.Kustomize != "", t.ClusterClass != ""} {
		if set {
			n++
		}
	}
	switch {
	case n != 1:
		return []problem{at(field, "set exactly one of path, kustomize (with flavor) or clusterClass")}
	case t.Kustomize != "" && t.Flavor == nil:
		return []problem{at(field+".kustomize", "%s needs a flavor (\"\" for cluster-template.yaml); add flavor:", t.Kustomize)}
	case t.Flavor != nil && t.Kustomize == "" && t.Path == "":
		return []problem{at(field+".flavor", "%q goes with kustomize (a folder) or path (a file to ship under the flavor's name)", *t.Flavor)}
	case t.Flavor != nil && *t.Flavor != "" && !flavorName.MatchString(*t.Flavor):
		return []problem{at(field+".flavor", "%q: use letters, digits, '-' and '.' (clusterctl names the file cluster-template-<flavor>.yaml)", *t.Flavor)}
	}
	return nil
}

// Abs resolves a config-relative path.
func (c *Config) Abs(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// setLines records each provider's and remote resource's line for messages.
func setLines(c *Config, root *yaml.Node) {
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		for j, item := range m.Content[i+1].Content {
			switch key := m.Content[i].Value; {
			case key == "providers" && j < len(c.Providers):
				c.Providers[j].Line = item.Line
				c.Providers[j].lines = map[string]int{}
				fieldLines(item, "", c.Providers[j].lines)
			case key == "remoteResources" && j < len(c.RemoteResources):
				c.RemoteResources[j].Line = item.Line
			}
		}
	}
}

var yamlPrefix = regexp.MustCompile(`^yaml: (unmarshal errors:\n\s*)?`)

// cleanYAMLErr turns "yaml: unmarshal errors:\n  line 3: field x not found in type config.Provider"
// into "line 3: unknown key x".
func cleanYAMLErr(err error) string {
	s := yamlPrefix.ReplaceAllString(err.Error(), "")
	s = regexp.MustCompile(`field (\S+) not found in type \S+`).ReplaceAllString(s, "unknown key \"$1\" (check spelling; see docs/config.md)")
	s = strings.ReplaceAll(s, "\n  ", "; ")
	return s
}
