package install

import (
	"os"
	"os/exec"
	"path/filepath"
)

// AssetsEnv is envtest's convention for the folder holding etcd and kube-apiserver.
const AssetsEnv = "KUBEBUILDER_ASSETS"

// Assets finds etcd and kube-apiserver in dir (the flag, else $KUBEBUILDER_ASSETS).
func Assets(dir string) (etcd, apiserver string, err error) {
	if dir == "" {
		return "", "", missing("no control plane binaries: set %s to a folder holding etcd and kube-apiserver "+
			"(setup-envtest use -p path prints one) or pass --kubebuilder-assets DIR", AssetsEnv)
	}
	etcd, apiserver = filepath.Join(dir, "etcd"), filepath.Join(dir, "kube-apiserver")
	for _, p := range []string{etcd, apiserver} {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return "", "", missing("%s: no executable %s; fill the folder with setup-envtest "+
				"(setup-envtest use -p path) or name another with --kubebuilder-assets", p, filepath.Base(p))
		}
	}
	return etcd, apiserver, nil
}

// Clusterctl finds the clusterctl binary: a path, or a name looked up on PATH.
func Clusterctl(name string) (string, error) {
	if name == "" {
		name = "clusterctl"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", missing("clusterctl %q not found: install clusterctl or pass --clusterctl PATH", name)
	}
	return filepath.Abs(p)
}
