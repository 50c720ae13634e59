package config

import (
	"errors"
	"io/fs"
	"os"
)

// DefaultFile is the config's name in a provider tree: what every command reads
// without --config and what init writes.
const DefaultFile = "capirepo.yaml"

// LoadIfPresent is Load for a config that may be absent: nil and no error when no
// file is at path.
func LoadIfPresent(path string) (*Config, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return Load(path)
}
