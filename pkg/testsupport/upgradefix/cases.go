package upgradefix

import (
	"fmt"
	"os"
	"path/filepath"
)

// Case is a provider history and a next release; Want is the one rule (not a note)
// the upgrade doctor must report, once, or "" for none.
type Case struct {
	Name    string
	History []Release // oldest first
	Next    Release
	Want    string
}

// Base is a release of infrastructure-acme in series 0.1 … 0.<minor>: three contract
// kinds stored in v1beta1, a manager and its ClusterRole, a template in v1beta1.
func Base(version string, minor int) Release {
	r := Release{Version: version, Args: []string{"--leader-elect", "--diagnostics-address=:8443"},
		Template: Template("v1beta1", "${ACME_FLAVOR:=small}")}
	for i := 1; i <= minor; i++ {
		r.Series = append(r.Series, fmt.Sprintf("0.%d v1beta1", i))
	}
	for _, kind := range []string{"AcmeCluster", "AcmeMachine", "AcmeMachineTemplate"} {
		r.CRDs = append(r.CRDs, CRD{Kind: kind, Contract: "v1beta1", Versions: []Version{{Name: "v1beta1", Served: true, Storage: true}}})
	}
	r.Rules = []Rule{
		{Groups: []string{""}, Resources: []string{"secrets"}, Verbs: []string{"get", "list", "watch"}},
		{Groups: []string{"infrastructure.cluster.x-k8s.io"}, Resources: []string{"acmeclusters", "acmeclusters/status", "acmemachines", "acmemachines/status"},
			Verbs: []string{"get", "list", "patch", "update", "watch"}},
	}
	return r
}

// Template is a cluster template creating AcmeCluster and AcmeMachineTemplate in
// version v, its machine flavor given by flavor (a ${VAR} expression).
func Template(v, flavor string) string {
	return fmt.Sprintf(`apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata:
  name: ${CLUSTER_NAME}
  namespace: ${NAMESPACE}
spec:
  clusterNetwork:
    pods:
      cidrBlocks:
      - 192.168.0.0/16
  infrastructureRef:
    apiVersion: infrastructure.cluster.x-k8s.io/%[1]s
    kind: AcmeCluster
    name: ${CLUSTER_NAME}
---
apiVersion: infrastructure.cluster.x-k8s.io/%[1]s
kind: AcmeCluster
metadata:
  name: ${CLUSTER_NAME}
  namespace: ${NAMESPACE}
spec:
  region: ${ACME_REGION}
---
apiVersion: infrastructure.cluster.x-k8s.io/%[1]s
kind: AcmeMachineTemplate
metadata:
  name: ${CLUSTER_NAME}-md-0
  namespace: ${NAMESPACE}
spec:
  template:
    spec:
      flavor: %[2]s
`, v, flavor)
}

// Write writes a case under dir: the history as a repository root dir/old, the next
// release as dir/next/infrastructure-acme/<version>; it returns both paths.
func Write(dir string, c Case) (old, next string, err error) {
	old = filepath.Join(dir, "old")
	for _, r := range c.History {
		if err := writeRelease(filepath.Join(old, Label, r.Version), r); err != nil {
			return "", "", err
		}
	}
	next = filepath.Join(dir, "next", Label, c.Next.Version)
	return old, next, writeRelease(next, c.Next)
}

func writeRelease(dir string, r Release) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, body := range r.Files() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}
