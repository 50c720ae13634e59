package install

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
)

// WriteKubeconfig writes a kubeconfig for clusterctl naming the control plane, its
// certificate and its token, readable by this user only; it returns the path.
func (cp *ControlPlane) WriteKubeconfig() (string, error) {
	p := filepath.Join(cp.Dir, "kubeconfig")
	text := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: install
  cluster:
    server: %s
    certificate-authority-data: %s
users:
- name: admin
  user:
    token: %s
contexts:
- name: install
  context: {cluster: install, user: admin}
current-context: install
`, cp.URL, base64.StdEncoding.EncodeToString(cp.CA), cp.Token)
	return p, os.WriteFile(p, []byte(text), 0o600)
}
