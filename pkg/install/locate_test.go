package install

import (
	"testing"
)

const template = `apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata:
  name: ${CLUSTER_NAME}
spec:
  topology:
    workers:
      machineDeployments:
      - class: default-worker
        replicaz: ${WORKER_MACHINE_COUNT}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1alpha1
kind: SampleMachineTemplate
metadata:
  name: ${CLUSTER_NAME}-md-0
spec:
  template: {}
`

// The refused object is found by kind and name (variables match anything), and the
// line is the field's the message names, through list indexes (of several fields the
// first in the file, whatever their order in the message); without a field, the
// object's kind line.
func TestLocate(t *testing.T) {
	files := map[string][]byte{"cluster-template.yaml": []byte(template)}
	cases := []struct {
		kind, name, msg string
		want            int
	}{
		{"Cluster", "c1", `Cluster in version "v1beta1" cannot be handled as a Cluster: strict decoding error: unknown field "spec.topology.workers.machineDeployments[0].replicaz"`, 10},
		{"Cluster", "c1", `Cluster.cluster.x-k8s.io "c1" is invalid: spec.topology: Required value`, 6},
		// several fields, in either order (the API server's varies): the first line
		{"Cluster", "c1", `Cluster.cluster.x-k8s.io "c1" is invalid: [spec.topology.workers.machineDeployments[0].replicaz: Invalid value: "x", spec.topology: Required value]`, 6},
		{"Cluster", "c1", `Cluster.cluster.x-k8s.io "c1" is invalid: [spec.topology: Required value, spec.topology.workers.machineDeployments[0].replicaz: Invalid value: "x"]`, 6},
		{"Cluster", "c1", `strict decoding error: unknown field "spec.topology.workers.machineDeployments[0].replicaz", unknown field "spec.topology.workers"`, 7},
		{"SampleMachineTemplate", "c1-md-0", "admission refused", 13},
		{"SampleMachineTemplate", "other", "x", 0},
	}
	for _, c := range cases {
		file, line := locate(files, "cluster-template.yaml", Refusal{Kind: c.kind, Name: c.name, Message: c.msg})
		if file != "cluster-template.yaml" || line != c.want {
			t.Errorf("%s %s %q: %s:%d, want line %d", c.kind, c.name, c.msg, file, line, c.want)
		}
	}
}

// Placeholders follow the variable's name; --values and defaults win.
func TestValues(t *testing.T) {
	files := map[string][]byte{"cluster-template.yaml": []byte("a: ${CONTROL_PLANE_MACHINE_COUNT}\nb: ${NODE_COUNT}\nc: ${REGION}\nd: ${ZONE:=z1}\ne: ${POD_CIDR}\nf: ${GIVEN}\n")}
	got, notes, err := Values(files, "cluster-template.yaml", map[string]string{"GIVEN": "g"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"KUBERNETES_VERSION": KubernetesVersion, "NODE_COUNT": "1", "REGION": "placeholder", "POD_CIDR": "10.0.0.0/16", "GIVEN": "g"}
	if len(got) != len(want) || len(notes) != 3 {
		t.Fatalf("values %v notes %v, want %v and 3 notes", got, notes, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s=%q, want %q", k, got[k], v)
		}
	}
}

// locate finds the refused object in the template file, else in a ClusterClass file
// (clusterctl adds those), and returns the file and the line of the field the
// message names, else of the object's kind.
func locate(files map[string][]byte, template string, ref Refusal) (string, int) {
	name, doc, _ := locateDoc(files, template, ref)
	if doc == nil {
		return template, 0
	}
	return name, fieldLine(doc, ref.Message)
}
