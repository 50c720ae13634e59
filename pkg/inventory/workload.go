package inventory

import "github.com/capirepo/capirepo/pkg/manifest"

// workloadOf reads a Deployment, DaemonSet or StatefulSet: its containers, with their
// images, commands and arguments (a manager's flags, such as a storage migration).
func workloadOf(obj manifest.Object) (Workload, bool) {
	switch obj.Kind() {
	case "Deployment", "DaemonSet", "StatefulSet":
	default:
		return Workload{}, false
	}
	if obj.Group() != "apps" {
		return Workload{}, false
	}
	w := Workload{Kind: obj.Kind(), Namespace: obj.Namespace(), Name: obj.Name()}
	for _, key := range []string{"initContainers", "containers"} {
		for _, c := range obj.Slice("spec", "template", "spec", key) {
			m := manifest.Object(asMap(c))
			w.Containers = append(w.Containers, Container{Name: m.String("name"), Image: m.String("image"),
				Init: key == "initContainers", Command: stringList(m.Slice("command")), Args: stringList(m.Slice("args"))})
		}
	}
	return w, true
}
