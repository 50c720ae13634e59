package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestMetadataFiles(t *testing.T) {
	dir := filepath.FromSlash("/repo")
	c := &Config{File: filepath.Join(dir, "capirepo.yaml"), Dir: dir, Providers: []Provider{
		{Provider: layout.Provider{Name: "a"}, Metadata: "metadata.yaml"},
		{Provider: layout.Provider{Name: "b"}, Metadata: "metadata.yaml"},
		{Provider: layout.Provider{Name: "c"}, Metadata: filepath.FromSlash("/other/metadata.yaml")},
	}}
	got, err := c.MetadataFiles()
	want := []string{filepath.Join(dir, "metadata.yaml"), filepath.FromSlash("/other/metadata.yaml")}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("MetadataFiles = %v, %v; want %v", got, err, want)
	}
	c.Providers = append(c.Providers, Provider{Provider: layout.Provider{Name: "inline"}})
	_, err = c.MetadataFiles()
	if err == nil || !strings.Contains(err.Error(), "provider inline declares releaseSeries inline") || !strings.Contains(err.Error(), "capirepo.yaml") {
		t.Errorf("inline series = %v, want a refusal naming the config and provider", err)
	}
}
