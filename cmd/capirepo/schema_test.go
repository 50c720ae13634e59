package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"sigs.k8s.io/yaml"
)

// compiledSchema is config.Schema compiled by a JSON Schema validator.
func compiledSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := config.Schema()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(config.SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(config.SchemaID)
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return s
}

// validateYAML validates a capirepo.yaml against the schema.
func validateYAML(s *jsonschema.Schema, text string) error {
	js, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// TestSchemaAcceptsEveryExampleConfig: the JSON Schema of capirepo config schema
// accepts every capirepo.yaml of examples/ and every config of the docs (as the docs
// test completes a part of one), and refuses what Parse refuses: an unknown key
// anywhere, a wrong type, an unknown version.
func TestSchemaAcceptsEveryExampleConfig(t *testing.T) {
	t.Parallel()
	s := compiledSchema(t)
	root := tree.RepoRoot(t)
	examples, _ := filepath.Glob(filepath.Join(root, "examples", "*", "capirepo.yaml"))
	if len(examples) == 0 {
		t.Fatal("no examples/*/capirepo.yaml")
	}
	for _, f := range examples {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := validateYAML(s, string(data)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	docs := 0
	for _, page := range docPages(t, root) {
		blocks, err := blocksOf(root, page)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			if text, ok := configOf(b.text); ok && (b.lang == "yaml" || b.lang == "yml") {
				docs++
				if err := validateYAML(s, text); err != nil {
					t.Errorf("%s: %v", b.where(), err)
				}
			}
		}
	}
	if docs < 3 {
		t.Errorf("only %d configs in the docs", docs)
	}
	sample := "providers:\n- name: sample\n  type: InfrastructureProvider\n  components: {kustomize: config}\n  metadata: metadata.yaml\n"
	for name, text := range map[string]string{
		"unknown top key":     "colour: blue\n" + sample,
		"unknown nested key":  strings.Replace(sample, "{kustomize: config}", "{kustomize: config, kustomise: x}", 1),
		"wrong type":          strings.Replace(sample, "metadata: metadata.yaml", "metadata: [a]", 1),
		"unknown version":     "version: 2\n" + sample,
		"bad tagFromVersion":  strings.Replace(sample, "{kustomize: config}", "{kustomize: config, images: [{name: a, tagFromVersion: yes-please}]}", 1),
		"no providers at all": "lint: {disable: [x]}\n",
	} {
		if err := validateYAML(s, text); err == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
	if err := validateYAML(s, "version: 1\n"+sample); err != nil {
		t.Errorf("version: 1: %v", err)
	}
}

// TestCommittedSchemaIsCurrent: docs/capirepo.schema.json, where the
// yaml-language-server line init writes points, is what capirepo config schema prints.
func TestCommittedSchemaIsCurrent(t *testing.T) {
	t.Parallel()
	want, err := config.Schema()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(tree.RepoRoot(t), "docs", "capirepo.schema.json"))
	if err != nil || !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want)) {
		t.Fatalf("docs/capirepo.schema.json is not current (%v): run capirepo config schema > docs/capirepo.schema.json", err)
	}
}
