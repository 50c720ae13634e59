package mirror

import (
	"slices"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// TestImages pins the image finding mirror records (manifest.Images).
func TestImages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		yaml string
		want []string
	}{
		{"containers and init containers", "kind: Deployment\nspec: {template: {spec: {initContainers: [{image: a:1}], containers: [{image: b:2}, {image: a:1}]}}}\n", []string{"a:1", "b:2"}},
		{"daemonset and several documents", "kind: DaemonSet\nspec: {template: {spec: {containers: [{image: d:1}]}}}\n---\nkind: Job\nspec: {template: {spec: {containers: [{image: \"e@sha256:00\"}]}}}\n", []string{"d:1", "e@sha256:00"}},
		{"CRD schemas are not images", "kind: CustomResourceDefinition\nspec: {versions: [{schema: {image: x:1}}]}\n", []string{}},
		{"variables are left out", "kind: Deployment\nspec: {template: {spec: {containers: [{image: \"${IMG}\"}, {image: \"r/${X}:1\"}]}}}\n", []string{}},
		{"template fields", "kind: DockerMachineTemplate\nspec: {template: {spec: {customImage: no, image: kindest/node:v1.30.0}}}\n", []string{"kindest/node:v1.30.0"}},
		{"maps named image are not images", "kind: X\nspec: {image: {repository: r}}\n", []string{}},
		{"invalid YAML is skipped", "kind: [\n", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := manifest.Images([]byte(tt.yaml)); !slices.Equal(got, tt.want) {
				t.Errorf("Images() = %q, want %q", got, tt.want)
			}
		})
	}
}
