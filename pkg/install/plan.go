package install

// Plan is what one install does; the parent writes it to the child as JSON.
type Plan struct {
	Etcd       string `json:"etcd"`
	APIServer  string `json:"apiserver"`
	Clusterctl string `json:"clusterctl"`
	Dir        string `json:"dir"`    // the run's temporary folder (Run owns it)
	Config     string `json:"config"` // the clusterctl config every step uses (Run writes it)
	// UserConfig is clusterctl's --config given by the user (an air-gapped mirror's
	// clusterctl.yaml works as it is); Providers are added to it, replacing the
	// entries of the same name and type.
	UserConfig string `json:"-"`
	// CertManager is --cert-manager-file: the cert-manager file whose CRDs are installed
	// (else the one UserConfig's cert-manager url names); CertManagerCRDs is where
	// Run wrote those CRDs for the child.
	CertManager     string            `json:"-"`
	CertManagerCRDs string            `json:"certManagerCRDs"`
	Providers       []ConfigProvider  `json:"-"`
	Init            []string          `json:"init"` // clusterctl init's provider flags: --infrastructure sample:v0.1.0
	Flavors         []Flavor          `json:"flavors,omitempty"`
	Apply           []string          `json:"apply,omitempty"`  // YAML files whose objects are created first (publish configmaps' output)
	Values          map[string]string `json:"values,omitempty"` // --values: the variables of init and upgrades
	Upgrades        []Upgrade         `json:"upgrades,omitempty"`
	// Isolate: the child must run in a private network namespace holding only loopback.
	Isolate bool `json:"isolate"`
}

// Flavor is one cluster template to generate and dry-run.
type Flavor struct {
	Provider string `json:"provider"` // clusterctl's --infrastructure value: sample:v0.1.0
	Name     string `json:"name"`     // the flavor ("" for cluster-template.yaml)
	// Values are the template variables it is generated with (--values, placeholders).
	Values map[string]string `json:"values,omitempty"`
	// Placeholders names the variables of Values capirepo made up (no default, not given).
	Placeholders []string `json:"placeholders,omitempty"`
}

// Upgrade installs an earlier release, creates one object of each of its kinds at
// its storage version and upgrades it to the new release with clusterctl.
type Upgrade struct {
	From  []string `json:"from"`  // clusterctl init's provider flags for the earlier release
	To    []string `json:"to"`    // clusterctl upgrade apply's provider flags
	Label string   `json:"label"` // whose CRDs get an object each (cluster.x-k8s.io/provider label)
	// Components is the new release's components file, relative to Plan.Dir: its CRDs
	// are also dry-run against the API server directly, for its own verdict.
	Components string `json:"components"`
}

// Result is what the child reports: the time of each step and what was refused.
type Result struct {
	Steps    []Step    `json:"steps"`
	Refusals []Refusal `json:"refusals,omitempty"`
	Notes    []string  `json:"notes,omitempty"`
	Error    string    `json:"error,omitempty"`
	Class    string    `json:"class,omitempty"` // "start": the control plane did not start
}

// Step is one timed step.
type Step struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// Refusal is one failure of the install: a step (init, generate, dry-run, upgrade),
// the flavor or upgrade it belongs to, the object, and the message.
type Refusal struct {
	Step    string `json:"step"`
	Flavor  int    `json:"flavor"`  // index in Plan.Flavors (generate, dry-run)
	Upgrade int    `json:"upgrade"` // index in Plan.Upgrades (upgrade)
	Kind    string `json:"kind,omitempty"`
	Name    string `json:"name,omitempty"`
	Index   int    `json:"index"` // the object's position in the generated output
	Message string `json:"message"`
}

// ConfigProvider is one providers: entry of a clusterctl config.
type ConfigProvider struct {
	Name string `json:"name"`
	Type string `json:"type"` // InfrastructureProvider, …
	URL  string `json:"url"`
}
