package arch

import (
	"regexp"
	"strings"
	"testing"
)

// kubeWord matches a string literal that is one of the Kubernetes-side names
// pkg/layout owns: the provider label key, a contract name or a contract label.
var kubeWord = regexp.MustCompile(`^(cluster\.x-k8s\.io/(provider|v1beta[12])?|v1beta[12])$`)

// kubeWordExceptions are the files that may still spell one, and why.
var kubeWordExceptions = map[string]string{
	"pkg/contract/crdutil.go": `"v1beta1" there is a CRD's API version, not a contract`,
}

// The label key, the contract names and the contract labels are spelled in
// pkg/layout (ProviderLabelKey, ContractV1beta1, ContractV1beta2, ContractLabel).
func TestKubernetesVocabularyOnlyInLayout(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if p.path == "pkg/layout" || hasPrefix([]string{"pkg/testsupport/"}, p.path) {
			continue
		}
		for _, f := range p.files {
			for at, s := range literals(f, kubeWord) {
				if file, _, _ := strings.Cut(m.where(at), ":"); kubeWordExceptions[file] == "" {
					t.Errorf("%s: %q is pkg/layout's word; use its name for it (docs/architecture.md)", m.where(at), s)
				}
			}
		}
	}
}
