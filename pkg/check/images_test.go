package check

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

const imageInText = readerNS + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: script\n  namespace: foo-system\ndata:\n  pod.yaml: |\n    containers:\n    - image: ${IMG}\n"

const imageInDeployment = readerNS + "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: m\n  namespace: foo-system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        image: ${IMG}\n"

// TestVarsImageOnObjects: vars-image is judged on the images clusterctl parses
// (Deployment and DaemonSet containers), not on lines: an `image: ${IMG}` line in a
// ConfigMap's embedded text is no error.
func TestVarsImageOnObjects(t *testing.T) {
	t.Parallel()
	lintOf := func(comp string) string {
		return rules(Release(rel(map[string]string{"metadata.yaml": meta, "infrastructure-components.yaml": comp}), Options{Partial: true}))
	}
	if got := lintOf(imageInText); strings.Contains(got, "vars-image") {
		t.Errorf("ConfigMap text: %s", got)
	}
	if got := lintOf(imageInDeployment); !strings.Contains(got, "error:vars-image") {
		t.Errorf("Deployment: %s", got)
	}
}

// TestVarsImageOnObjectsClusterctl: clusterctl v1.14.2's generate provider --describe
// reads the ConfigMap case and fails on the Deployment one.
func TestVarsImageOnObjectsClusterctl(t *testing.T) {
	t.Parallel()
	for _, b := range clusterctl.Pick(t, "v1.14.2") {
		if _, stderr, err := b.DescribeProvider(t, imageInText); err != nil {
			t.Errorf("ConfigMap text: %v %s", err, stderr)
		}
		if _, stderr, err := b.DescribeProvider(t, imageInDeployment); err == nil || !strings.Contains(stderr, "invalid reference format") {
			t.Errorf("Deployment: %v %s", err, stderr)
		}
	}
}
