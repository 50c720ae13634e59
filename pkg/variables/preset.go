package variables

import "github.com/capirepo/capirepo/pkg/layout"

// presetHow says how clusterctl generate cluster sets the variables it always
// sets before rendering a template and its ClusterClasses, whatever the file
// says (client.templateOptionsToVariables). KUBERNETES_VERSION is set only with
// --kubernetes-version, so it is not one of them.
var presetHow = map[string]string{
	"CLUSTER_NAME":                "the cluster name argument",
	"NAMESPACE":                   "--target-namespace, else the kubeconfig's namespace",
	"CONTROL_PLANE_MACHINE_COUNT": "--control-plane-machine-count or the variable, else 1",
	"WORKER_MACHINE_COUNT":        "--worker-machine-count or the variable, else 0",
}

// SetByClusterctl reports whether clusterctl always sets name when it renders a
// file of kind (a layout.Kind* value): true for templates and ClusterClasses only,
// since clusterctl init sets none of them for components.
func SetByClusterctl(name string, kind layout.Kind) bool {
	_, ok := presetHow[name]
	return ok && (kind == layout.KindTemplate || kind == layout.KindClusterClass)
}
