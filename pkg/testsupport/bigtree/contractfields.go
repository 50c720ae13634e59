package bigtree

func str() map[string]any     { return map[string]any{"type": "string"} }
func boolean() map[string]any { return map[string]any{"type": "boolean"} }
func integer() map[string]any { return map[string]any{"type": "integer", "format": "int32"} }

func obj(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "properties": props}
}

// root is the openAPIV3Schema of kind k at a contract version: the Kubernetes
// envelope, a spec of generated fields and a status, with the fields Cluster API
// reads of k's role in that contract's shape.
func (g *gen) root(k kind, contract string) map[string]any {
	spec := g.object(3, k.fields)
	status := g.object(2, 2+k.fields/4)
	sp, st := spec["properties"].(map[string]any), status["properties"].(map[string]any)
	st["conditions"] = map[string]any{"type": "array", "items": obj(map[string]any{"type": str(), "status": str(),
		"reason": str(), "message": str(), "lastTransitionTime": map[string]any{"type": "string", "format": "date-time"}})}
	ready := func(v1, v2 string) {
		if contract == "v1beta1" {
			st[v1] = boolean()
		} else {
			st["initialization"] = obj(map[string]any{v2: boolean()})
		}
	}
	switch k.role {
	case "InfraCluster":
		sp["controlPlaneEndpoint"] = obj(map[string]any{"host": str(), "port": integer()})
		ready("ready", "provisioned")
	case "InfraMachine":
		sp["providerID"] = str()
		st["addresses"] = map[string]any{"type": "array", "items": obj(map[string]any{"type": str(), "address": str()})}
		ready("ready", "provisioned")
	case "InfraMachinePool":
		sp["providerIDList"] = map[string]any{"type": "array", "items": str()}
		st["ready"], st["replicas"] = boolean(), integer()
	case "BootstrapConfig":
		st["dataSecretName"] = str()
		ready("ready", "dataSecretCreated")
	case "ControlPlane":
		sp["version"], st["version"] = str(), str()
		sp["controlPlaneEndpoint"] = obj(map[string]any{"host": str(), "port": integer()})
		ready("initialized", "controlPlaneInitialized")
	case "Template":
		meta := obj(map[string]any{"labels": map[string]any{"type": "object", "additionalProperties": str()},
			"annotations": map[string]any{"type": "object", "additionalProperties": str()}})
		sp = map[string]any{"template": obj(map[string]any{"metadata": meta, "spec": spec})}
		spec = obj(sp)
	}
	spec["description"], status["description"] = g.description("spec"), g.description("status")
	return map[string]any{"type": "object", "description": g.description(k.name),
		"properties": map[string]any{"apiVersion": str(), "kind": str(), "metadata": map[string]any{"type": "object"},
			"spec": spec, "status": status}}
}

// providerObjects are the provider's Namespace, its manager's ServiceAccount,
// ClusterRole and binding (every kind of its groups, as kubebuilder's markers grant
// them), the manager Deployment and the aggregated ClusterRole that grants the core
// its kinds.
func providerObjects(groups []string) []map[string]any {
	ns := map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "gen-system"}}
	sa := map[string]any{"apiVersion": "v1", "kind": "ServiceAccount", "metadata": map[string]any{"name": "gen-controller-manager", "namespace": "gen-system"}}
	var gs []any
	for _, g := range groups {
		gs = append(gs, g)
	}
	verbs := []any{"create", "delete", "get", "list", "patch", "update", "watch"}
	rules := []any{map[string]any{"apiGroups": gs, "resources": []any{"*"}, "verbs": verbs}}
	role := func(name string, labels map[string]any) map[string]any {
		return map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
			"metadata": map[string]any{"name": name, "labels": labels}, "rules": rules}
	}
	binding := map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
		"metadata": map[string]any{"name": "gen-manager-rolebinding"},
		"roleRef":  map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "gen-manager-role"},
		"subjects": []any{map[string]any{"kind": "ServiceAccount", "name": "gen-controller-manager", "namespace": "gen-system"}}}
	labels := map[string]any{"control-plane": "gen-controller-manager"}
	dep := map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": "gen-controller-manager", "namespace": "gen-system", "labels": labels},
		"spec": map[string]any{"selector": map[string]any{"matchLabels": labels}, "template": map[string]any{
			"metadata": map[string]any{"labels": labels},
			"spec": map[string]any{"serviceAccountName": "gen-controller-manager",
				"containers": []any{map[string]any{"name": "manager", "image": "registry.example.com/gen/controller:v1.0.0",
					"args": []any{"--leader-elect", "--feature-gates=MachinePool=true"}}}}}}}
	svc := map[string]any{"apiVersion": "v1", "kind": "Service", "metadata": map[string]any{"name": "gen-webhook-service", "namespace": "gen-system"},
		"spec": map[string]any{"ports": []any{map[string]any{"port": 443, "targetPort": 9443}}, "selector": labels}}
	return []map[string]any{ns, sa, svc, role("gen-manager-role", map[string]any{}), binding, dep,
		role("gen-aggregated-manager-role", map[string]any{"cluster.x-k8s.io/aggregate-to-manager": "true"})}
}
