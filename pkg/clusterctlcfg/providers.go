package clusterctlcfg

import (
	"fmt"
	"os"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// SetProviders makes the providers: list hold every p, matched on name and type: a
// matching entry gets p's URL (its other keys and comments stay), others are
// appended; entries of other providers are kept.
func (c *Config) SetProviders(ps ...Provider) error {
	list, err := c.providersNode()
	if err != nil {
		return err
	}
	for _, p := range ps {
		setEntry(list, p)
	}
	return nil
}

// Providers returns the providers: entries (not validated: it is someone's file).
func (c *Config) Providers() ([]Provider, error) {
	v := lookup(c.top(), "providers").n
	if v == nil || v.Tag == "!!null" {
		return nil, nil
	}
	var out []Provider
	if err := v.Decode(&out); err != nil {
		return nil, fmt.Errorf("parsing the providers of %s: %w; want a list of {name, type, url}", c.path, err)
	}
	return out, nil
}

// providersNode returns the providers: sequence, adding it when missing or null.
func (c *Config) providersNode() (*yaml.Node, error) {
	v := lookup(c.top(), "providers").n
	if v == nil {
		v = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		c.top().Content = append(c.top().Content, scalar("providers"), v)
	}
	if v.Tag == "!!null" {
		v.Kind, v.Tag, v.Value = yaml.SequenceNode, "!!seq", ""
	}
	if v.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("parsing %s: providers (line %d) is not a list; fix or remove the file", c.path, v.Line)
	}
	return v, nil
}

func setEntry(list *yaml.Node, p Provider) {
	for _, item := range list.Content {
		if item.Kind == yaml.MappingNode && lookup(item, "name").value() == p.Name && lookup(item, "type").value() == string(p.Type) {
			setScalar(item, "url", p.URL)
			return
		}
	}
	list.Content = append(list.Content, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
		scalar("name"), scalar(p.Name), scalar("type"), scalar(string(p.Type)), scalar("url"), scalar(p.URL)}})
}

// ReadProviders reads and validates the providers: list of a user's clusterctl.yaml.
func ReadProviders(file string) ([]Provider, error) {
	if _, err := os.Stat(file); err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	c, err := Load(file)
	if err != nil {
		return nil, err
	}
	list, err := c.Providers()
	if err != nil {
		return nil, err
	}
	return list, validateAll(file, list)
}

func parseProviders(what string, data []byte) ([]Provider, error) {
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	var list []Provider
	if err := yaml.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("parsing the providers of %s: %w; want a list of {name, type, url}", what, err)
	}
	return list, validateAll(what, list)
}

func validateAll(what string, list []Provider) error {
	for _, p := range list {
		if err := p.Validate(); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
	return nil
}

// New is a fresh configuration listing ps, after a comment line.
func New(comment string, ps []Provider) ([]byte, error) {
	c, err := parse("", nil)
	if err != nil {
		return nil, err
	}
	if err := c.SetProviders(ps...); err != nil {
		return nil, err
	}
	data, err := c.Bytes()
	if err != nil {
		return nil, err
	}
	return append([]byte("# "+comment+"\n"), data...), nil
}

// Snippet is the providers: block a user copies into their clusterctl.yaml, the
// same for every destination: one key per line, values double-quoted, no final
// newline.
func Snippet(ps []Provider) string {
	var b strings.Builder
	b.WriteString("providers:")
	for _, p := range ps {
		fmt.Fprintf(&b, "\n  - name: %q\n    type: %q\n    url: %q", p.Name, p.Type, p.URL)
	}
	return b.String()
}
