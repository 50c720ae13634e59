package config

import "fmt"

// MetadataFiles lists the metadata.yaml files the providers name, absolute, each once,
// in provider order. A provider that declares its releaseSeries inline has no file to
// edit: that is refused, naming the config and the provider.
func (c *Config) MetadataFiles() ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range c.Providers {
		if p.Metadata == "" {
			return nil, fmt.Errorf("%s: provider %s declares releaseSeries inline: edit the config instead", c.File, p.Name)
		}
		if f := c.Abs(p.Metadata); !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out, nil
}
