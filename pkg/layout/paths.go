package layout

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

var safeFile = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// ValidateFileName rejects names that could escape a version folder or that GitHub and
// GitLab would rename: only [A-Za-z0-9._-], no leading dot, no "..".
func ValidateFileName(name string) error {
	if !safeFile.MatchString(name) || strings.Contains(name, "..") {
		return fmt.Errorf("file name %q is not allowed in a release: use letters, digits, '.', '_' and '-' only, with no path separators or \"..\"", name)
	}
	return nil
}

// MetadataFile is the file every release carries, mapping its release series to
// contracts: clusterctl reads it for init, upgrade and `latest`.
const MetadataFile = "metadata.yaml"

// VersionDir is a version's folder in a repository, "<label>/<version>": where a
// local repository keeps its files, and how findings and messages name them.
func VersionDir(label, version string) string { return label + "/" + version }

// VersionFile is a file of a version, "<label>/<version>/<name>".
func VersionFile(label, version, name string) string { return VersionDir(label, version) + "/" + name }

// LocalDir is the version folder of a local repository: root/label/version.
func LocalDir(root, label, version string) string {
	return filepath.Join(root, filepath.FromSlash(VersionDir(label, version)))
}

// LocalURL is the clusterctl provider URL of a local repository (absolute root).
func LocalURL(root, label, version, file string) string {
	return "file://" + filepath.ToSlash(filepath.Join(LocalDir(root, label, version), file))
}

// GitHubURL is the clusterctl form of a GitHub release URL (not the browser /download/ form).
func GitHubURL(owner, repo, tag, file string) string {
	return "https://github.com/" + path.Join(owner, repo, "releases", tag, file)
}

// GitLabURL is the nine-segment generic package URL clusterctl reads; project is a
// numeric id or a group/name path, which is escaped as one segment (%2F).
func GitLabURL(baseURL, project, pkg, version, file string) string {
	base := strings.TrimRight(baseURL, "/")
	return fmt.Sprintf("%s/api/v4/projects/%s/packages/generic/%s/%s/%s",
		base, url.PathEscape(project), pkg, version, file)
}

// FileKind classifies a release file name: metadata.yaml, cluster-template*.yaml,
// clusterclass-*.yaml, *-components*.yaml, or other.
func FileKind(name string) Kind {
	switch {
	case name == MetadataFile:
		return KindMetadata
	case strings.HasPrefix(name, "cluster-template") && strings.HasSuffix(name, ".yaml"):
		return KindTemplate
	case strings.HasPrefix(name, "clusterclass-") && strings.HasSuffix(name, ".yaml"):
		return KindClusterClass
	case name == OperatorComponentsFile || strings.Contains(name, "-components") && strings.HasSuffix(name, ".yaml"):
		return KindComponents // also variants such as infrastructure-components-development.yaml
	}
	return KindOther
}

// Reads is the one rule for the files clusterctl reads of a release whose components
// file is components: metadata.yaml, that components file, every
// cluster-template*.yaml and every clusterclass-*.yaml. What a mirror copies, what a
// signature must cover and what verify loads start from it.
func Reads(name, components string) bool {
	switch FileKind(name) {
	case KindTemplate, KindClusterClass:
		return true
	}
	return name == MetadataFile || name == components
}

// MainComponents picks the components file of a release from several candidates: the
// contract's recommended name for the type when present, else the shortest name.
func MainComponents(typ Type, names []string) string {
	best := ""
	for _, n := range names {
		if n == ComponentsFile(typ) {
			return n
		}
		if best == "" || len(n) < len(best) || len(n) == len(best) && n < best {
			best = n
		}
	}
	return best
}

// TemplateFile is the template name clusterctl reads for a flavor ("" = default).
func TemplateFile(flavor string) string {
	if flavor == "" {
		return "cluster-template.yaml"
	}
	return "cluster-template-" + flavor + ".yaml"
}

// TemplateFlavor is the flavor a cluster-template[-<flavor>].yaml file is for (the
// reverse of TemplateFile; "" for the default template).
func TemplateFlavor(file string) string {
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(file, "cluster-template"), "-"), ".yaml")
}

// ClusterClassFile is the file clusterctl reads for a ClusterClass name.
func ClusterClassFile(name string) string { return "clusterclass-" + name + ".yaml" }

// ClusterClassName is the name a clusterclass-<name>.yaml file is for (the reverse of
// ClusterClassFile); other names come back without their .yaml.
func ClusterClassName(file string) string {
	return strings.TrimSuffix(strings.TrimPrefix(file, "clusterclass-"), ".yaml")
}

// OperatorComponentsFile is the components name the cluster-api-operator takes last
// (after <type>-<name>-<version>-components.yaml and <type>-components.yaml), and the
// suffix of its full names.
const OperatorComponentsFile = "components.yaml"

// OperatorRuntimeExtensionFile is the components name the operator looks for in a
// runtime-extension artifact: its type word, not clusterctl's
// (runtime-extension-components.yaml is not found).
const OperatorRuntimeExtensionFile = "runtimeextension-components.yaml"

// BundleFile is the sigstore bundle's file name in a version folder:
// "<provider-label>-<version>.sigstore.json". It carries the label, so the bundles of
// several providers sharing one GitHub release never collide. pkg/sign writes it; the
// oci destination and mirror find it by this name.
func BundleFile(label, version string) string { return label + "-" + version + ".sigstore.json" }
