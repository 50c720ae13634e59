package bigtree

// capaConfig is the kubebuilder layout of a CAPA-shaped provider's config/ (crd/ is
// generated): default/ puts the bases together as CAPA's does.
var capaConfig = map[string]string{
	"default/kustomization.yaml": `namePrefix: gen-
namespace: gen-system

commonLabels:
  cluster.x-k8s.io/provider: "infrastructure-gen"

resources:
- namespace.yaml
- credentials.yaml
- metrics_service.yaml

bases:
- ../rbac
- ../manager
- ../crd
- ../certmanager
- ../webhook

patchesStrategicMerge:
- manager_credentials_patch.yaml
- manager_service_account_patch.yaml
- manager_pull_policy.yaml
- manager_webhook_patch.yaml
- webhookcainjection_patch.yaml
- manager_image_patch.yaml

configurations:
- kustomizeconfig.yaml
vars:
- name: CERTIFICATE_NAMESPACE
  objref: {kind: Certificate, group: cert-manager.io, version: v1, name: serving-cert}
  fieldref: {fieldpath: metadata.namespace}
- name: CERTIFICATE_NAME
  objref: {kind: Certificate, group: cert-manager.io, version: v1, name: serving-cert}
- name: SERVICE_NAMESPACE
  objref: {kind: Service, version: v1, name: webhook-service}
  fieldref: {fieldpath: metadata.namespace}
- name: SERVICE_NAME
  objref: {kind: Service, version: v1, name: webhook-service}
`,
	"default/kustomizeconfig.yaml": "varReference:\n- kind: Deployment\n  path: spec/template/spec/volumes/secret/secretName\n",
	"default/namespace.yaml":       "apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    control-plane: controller-manager\n  name: system\n",
	"default/credentials.yaml":     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: manager-bootstrap-credentials\n  namespace: system\ntype: Opaque\ndata:\n  credentials: ${GEN_B64ENCODED_CREDENTIALS}\n",
	"default/metrics_service.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  labels:\n    control-plane: controller-manager\n  name: metrics-service\n  namespace: system\nspec:\n  ports:\n  - name: metrics\n    port: 8443\n    targetPort: metrics\n  selector:\n    control-plane: controller-manager\n",
	"default/manager_credentials_patch.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  template:
    spec:
      containers:
      - name: manager
        env:
        - name: GEN_SHARED_CREDENTIALS_FILE
          value: /home/.gen/credentials
        volumeMounts:
        - name: credentials
          mountPath: /home/.gen
      volumes:
      - name: credentials
        secret:
          secretName: manager-bootstrap-credentials
`,
	"default/manager_service_account_patch.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      serviceAccountName: controller-manager\n",
	"default/manager_pull_policy.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        imagePullPolicy: IfNotPresent\n",
	"default/manager_image_patch.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      containers:\n      - image: registry.example.com/gen/controller:v1.0.0\n        name: manager\n",
	"default/manager_webhook_patch.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  template:
    spec:
      containers:
      - name: manager
        ports:
        - containerPort: 9443
          name: webhook-server
          protocol: TCP
        volumeMounts:
        - mountPath: /tmp/k8s-webhook-server/serving-certs
          name: cert
          readOnly: true
      volumes:
      - name: cert
        secret:
          secretName: $(SERVICE_NAME)-cert
`,
	"default/webhookcainjection_patch.yaml": `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: mutating-webhook-configuration
  annotations:
    cert-manager.io/inject-ca-from: $(CERTIFICATE_NAMESPACE)/$(CERTIFICATE_NAME)
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: validating-webhook-configuration
  annotations:
    cert-manager.io/inject-ca-from: $(CERTIFICATE_NAMESPACE)/$(CERTIFICATE_NAME)
`,
	"rbac/kustomization.yaml":                "resources:\n- role.yaml\n- aggregated_role.yaml\n- role_binding.yaml\n- serviceaccount.yaml\n- leader_election_role.yaml\n- leader_election_role_binding.yaml\n",
	"rbac/role.yaml":                         "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\nrules:\n- apiGroups: [\"\"]\n  resources: [secrets, events, namespaces]\n  verbs: [create, get, list, patch, update, watch]\n" + capaGroupsRule,
	"rbac/aggregated_role.yaml":              "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: aggregated-manager-role\n  labels:\n    cluster.x-k8s.io/aggregate-to-manager: \"true\"\nrules:\n" + capaGroupsRule,
	"rbac/role_binding.yaml":                 "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: manager-rolebinding\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: manager-role\nsubjects:\n- kind: ServiceAccount\n  name: controller-manager\n  namespace: system\n",
	"rbac/serviceaccount.yaml":               "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: controller-manager\n  namespace: system\n  annotations:\n    ${GEN_CONTROLLER_IAM_ROLE/#arn/eks.amazonaws.com/role-arn: arn}\n",
	"rbac/leader_election_role.yaml":         "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: leader-elect-role\n  namespace: system\nrules:\n- apiGroups: [coordination.k8s.io]\n  resources: [leases]\n  verbs: [get, create, update]\n",
	"rbac/leader_election_role_binding.yaml": "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: leader-elect-rolebinding\n  namespace: system\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: leader-elect-role\nsubjects:\n- kind: ServiceAccount\n  name: controller-manager\n  namespace: system\n",
	"manager/kustomization.yaml":             "resources:\n- manager.yaml\n",
	"manager/manager.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
  labels:
    control-plane: controller-manager
spec:
  selector:
    matchLabels:
      control-plane: controller-manager
  replicas: 1
  template:
    metadata:
      labels:
        control-plane: controller-manager
    spec:
      containers:
      - args:
        - --leader-elect
        - --feature-gates=MachinePool=${EXP_MACHINE_POOL:=true}
        - --v=${GEN_LOGLEVEL:=0}
        image: controller:latest
        name: manager
        ports:
        - containerPort: 8443
          name: metrics
      terminationGracePeriodSeconds: 10
`,
	"certmanager/kustomization.yaml":   "resources:\n- certificate.yaml\nconfigurations:\n- kustomizeconfig.yaml\n",
	"certmanager/kustomizeconfig.yaml": "nameReference:\n- kind: Issuer\n  group: cert-manager.io\n  fieldSpecs:\n  - kind: Certificate\n    group: cert-manager.io\n    path: spec/issuerRef/name\nvarReference:\n- kind: Certificate\n  group: cert-manager.io\n  path: spec/commonName\n- kind: Certificate\n  group: cert-manager.io\n  path: spec/dnsNames\n",
	"certmanager/certificate.yaml": `apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  name: selfsigned-issuer
  namespace: system
spec:
  selfSigned: {}
---
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: serving-cert
  namespace: system
spec:
  dnsNames:
  - $(SERVICE_NAME).$(SERVICE_NAMESPACE).svc
  - $(SERVICE_NAME).$(SERVICE_NAMESPACE).svc.cluster.local
  issuerRef:
    kind: Issuer
    name: selfsigned-issuer
  secretName: $(SERVICE_NAME)-cert
`,
	"webhook/kustomization.yaml":   "resources:\n- manifests.yaml\n- service.yaml\nconfigurations:\n- kustomizeconfig.yaml\n",
	"webhook/kustomizeconfig.yaml": "nameReference:\n- kind: Service\n  version: v1\n  fieldSpecs:\n  - kind: MutatingWebhookConfiguration\n    group: admissionregistration.k8s.io\n    path: webhooks/clientConfig/service/name\n  - kind: ValidatingWebhookConfiguration\n    group: admissionregistration.k8s.io\n    path: webhooks/clientConfig/service/name\nnamespace:\n- kind: MutatingWebhookConfiguration\n  group: admissionregistration.k8s.io\n  path: webhooks/clientConfig/service/namespace\n  create: true\n- kind: ValidatingWebhookConfiguration\n  group: admissionregistration.k8s.io\n  path: webhooks/clientConfig/service/namespace\n  create: true\nvarReference:\n- path: metadata/annotations\n",
	"webhook/service.yaml":         "apiVersion: v1\nkind: Service\nmetadata:\n  name: webhook-service\n  namespace: system\nspec:\n  ports:\n  - port: 443\n    targetPort: webhook-server\n  selector:\n    control-plane: controller-manager\n",
	"webhook/manifests.yaml":       capaWebhooks,
}

const capaGroupsRule = "- apiGroups: [infrastructure.r0.example.com, controlplane.r0.example.com, bootstrap.r0.example.com]\n  resources: ['*']\n  verbs: [create, delete, get, list, patch, update, watch]\n"

const capaWebhookPatch = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %s
spec:
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: ["v1", "v1beta1"]
      clientConfig:
        service:
          namespace: system
          name: webhook-service
          path: /convert
`

const capaCAPatch = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    cert-manager.io/inject-ca-from: $(CERTIFICATE_NAMESPACE)/$(CERTIFICATE_NAME)
  name: %s
`

const capaCRDConfig = `nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: CustomResourceDefinition
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/name
namespace:
- kind: CustomResourceDefinition
  group: apiextensions.k8s.io
  path: spec/conversion/webhook/clientConfig/service/namespace
  create: false
varReference:
- path: metadata/annotations
`

const capaWebhooks = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: mutating-webhook-configuration
webhooks:
- admissionReviewVersions: [v1, v1beta1]
  clientConfig:
    service:
      name: webhook-service
      namespace: system
      path: /mutate-infrastructure-cluster-x-k8s-io-v1beta2-genmachine
  failurePolicy: Fail
  name: default.genmachine.infrastructure.cluster.x-k8s.io
  rules:
  - apiGroups: [infrastructure.r0.example.com]
    apiVersions: [v1beta2]
    operations: [CREATE, UPDATE]
    resources: [genmachines]
  sideEffects: None
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: validating-webhook-configuration
webhooks:
- admissionReviewVersions: [v1, v1beta1]
  clientConfig:
    service:
      name: webhook-service
      namespace: system
      path: /validate-infrastructure-cluster-x-k8s-io-v1beta2-genmachine
  failurePolicy: Fail
  name: validation.genmachine.infrastructure.cluster.x-k8s.io
  rules:
  - apiGroups: [infrastructure.r0.example.com]
    apiVersions: [v1beta2]
    operations: [CREATE, UPDATE]
    resources: [genmachines]
  sideEffects: None
`
