// Package inventory computes a release's inventory: the facts of one provider release
// that users, mirrors and upgrades care about (files, objects, CRD versions, images,
// ${VAR} variables, metadata series, the kinds templates use, RBAC, workloads), read
// once from its files. It does no I/O: pkg/diff reads releases and compares two
// inventories; the upgrade rules read the same facts.
package inventory

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/variables"
)

// Release is the inventory of one provider release.
type Release struct {
	Label     string               `json:"label,omitempty"`   // provider label, "" when the source does not say
	Version   string               `json:"version,omitempty"` // "" when the source does not say
	Source    string               `json:"source"`            // where it was read
	Files     []File               `json:"files"`             // sorted by name
	Metadata  *Metadata            `json:"metadata,omitempty"`
	CRDs      []CRD                `json:"crds"`      // sorted by name
	Images    []Image              `json:"images"`    // sorted by reference
	Variables []variables.FileVars `json:"variables"` // per YAML file, as clusterctl lists them
	Kinds     []KindUse            `json:"kinds"`     // apiVersion/kind the templates and ClusterClasses use
	RBAC      []Grant              `json:"rbac"`      // what the Roles and ClusterRoles allow
	Workloads []Workload           `json:"workloads"` // Deployments, DaemonSets, StatefulSets
	Objects   []Object             `json:"objects"`   // every object of every YAML file, in file order
}

// File is one release file. Only YAML files (.yaml, .yml) are read: clusterctl reads
// nothing else, and other assets (binaries, checksums, signatures) are named only.
type File struct {
	Name  string      `json:"name"`
	Kind  layout.Kind `json:"kind"`            // layout.FileKind: components, template, clusterclass, metadata, other
	Read  bool        `json:"read"`            // its content is in the inventory
	Error string      `json:"error,omitempty"` // why its YAML could not be parsed (its bytes are compared instead)
	Data  []byte      `json:"-"`
}

// Metadata is metadata.yaml as clusterctl reads it.
type Metadata struct {
	Series []metadata.Series `json:"series"` // as written
}

// CRD is one CustomResourceDefinition.
type CRD struct {
	Name       string            `json:"name"`
	File       string            `json:"file"`
	Line       int               `json:"line"`
	Group      string            `json:"group"`
	Kind       string            `json:"kind"`
	Scope      string            `json:"scope"`
	Versions   []CRDVersion      `json:"versions"`            // in document order
	Conversion Conversion        `json:"conversion"`          // spec.conversion
	Contracts  map[string]string `json:"contracts,omitempty"` // cluster.x-k8s.io/<contract> labels: contract → versions
	Object     manifest.Object   `json:"-"`                   // the object, its schemas null
	Validation *manifest.Schema  `json:"-"`                   // spec.validation (apiextensions v1beta1), unparsed
}

// CRDVersion is one item of spec.versions.
type CRDVersion struct {
	Name       string           `json:"name"`
	Served     bool             `json:"served"`
	Storage    bool             `json:"storage"`
	Deprecated bool             `json:"deprecated,omitempty"`
	Schema     *manifest.Schema `json:"-"` // nil when the version has none
}

// Conversion is a CRD's spec.conversion.
type Conversion struct {
	Strategy string   `json:"strategy,omitempty"` // None (also when unset) or Webhook
	Service  string   `json:"service,omitempty"`  // the webhook's namespace/name
	Reviews  []string `json:"reviews,omitempty"`  // conversionReviewVersions
}

// Image is one image reference and the files naming it.
type Image struct {
	Ref   string   `json:"ref"`
	Files []string `json:"files"`
}

// KindUse is an apiVersion and kind a template or ClusterClass file uses: an object's
// own, or a reference inside one (infrastructureRef, templateRef, ...).
type KindUse struct {
	APIVersion string `json:"apiVersion,omitempty"`
	APIGroup   string `json:"apiGroup,omitempty"` // a v1beta2 reference names the group only
	Kind       string `json:"kind"`
	File       string `json:"file"`
	Ref        bool   `json:"ref,omitempty"` // named by a reference, not an object of the file
}

// Grant is one verb a Role or ClusterRole rule allows on one resource or URL.
type Grant struct {
	Role           string `json:"role"`               // ClusterRole name, or namespace/name of a Role
	Cluster        bool   `json:"cluster"`            // a ClusterRole
	APIGroup       string `json:"apiGroup,omitempty"` // "" for the core group
	Resource       string `json:"resource,omitempty"` // resource or resource/subresource
	ResourceName   string `json:"resourceName,omitempty"`
	NonResourceURL string `json:"nonResourceURL,omitempty"`
	Verb           string `json:"verb"`
}

// Workload is a Deployment, DaemonSet or StatefulSet and its containers.
type Workload struct {
	Kind       string      `json:"kind"`
	Namespace  string      `json:"namespace,omitempty"`
	Name       string      `json:"name"`
	File       string      `json:"file"`
	Containers []Container `json:"containers"`
}

// Container is one container or init container of a workload.
type Container struct {
	Name    string   `json:"name"`
	Image   string   `json:"image"`
	Init    bool     `json:"init,omitempty"`
	Command []string `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
}

// Object is one object of a YAML file.
type Object struct {
	File       string          `json:"file"`
	Line       int             `json:"line"`
	APIVersion string          `json:"apiVersion,omitempty"`
	Kind       string          `json:"kind,omitempty"`
	Namespace  string          `json:"namespace,omitempty"`
	Name       string          `json:"name,omitempty"`
	Key        string          `json:"key"` // group/Kind namespace/name, unique in its file ("document N" when it has no kind)
	Body       manifest.Object `json:"-"`   // CRDs: schemas null (see CRD)
}
