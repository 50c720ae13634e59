// Command capi-components renders cluster-api's core, kubeadm bootstrap and kubeadm
// control-plane components from the cluster-api Go module's config/ folders (kustomize
// as a library) into a clusterctl local repository, for the install tests:
//
//	capi-components SRC VERSION OUT CERT_MANAGER_SRC CERT_MANAGER_VERSION
//
// writes OUT/{cluster-api,bootstrap-kubeadm,control-plane-kubeadm}/VERSION/ with the
// components file and cluster-api's metadata.yaml, OUT/cert-manager/CERT_MANAGER_VERSION/
// cert-manager-crds.yaml with the CRDs of that cert-manager release (its Go module's
// deploy/crds, the CRDs its cert-manager.yaml carries), and OUT/clusterctl.yaml naming
// them all, as an air-gapped mirror's clusterctl.yaml does.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

type provider struct{ name, kind, label, file, config string }

var providers = []provider{
	{"cluster-api", "CoreProvider", "cluster-api", "core-components.yaml", "core/config/default"},
	{"kubeadm", "BootstrapProvider", "bootstrap-kubeadm", "bootstrap-components.yaml", "bootstrap/kubeadm/config/default"},
	{"kubeadm", "ControlPlaneProvider", "control-plane-kubeadm", "control-plane-components.yaml", "controlplane/kubeadm/config/default"},
}

func main() {
	if len(os.Args) != 6 {
		fmt.Fprintln(os.Stderr, "usage: capi-components SRC VERSION OUT CERT_MANAGER_SRC CERT_MANAGER_VERSION")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3], os.Args[4], os.Args[5]); err != nil {
		fmt.Fprintln(os.Stderr, "capi-components:", err)
		os.Exit(1)
	}
}

func run(src, version, out, cmSrc, cmVersion string) error {
	meta, err := os.ReadFile(filepath.Join(src, "metadata.yaml"))
	if err != nil {
		return err
	}
	cfg := "providers:\n"
	for _, p := range providers {
		dir := filepath.Join(out, p.label, version)
		if err := render(filepath.Join(src, p.config), filepath.Join(dir, p.file)); err != nil {
			return fmt.Errorf("%s: %w", p.config, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "metadata.yaml"), meta, 0o644); err != nil {
			return err
		}
		abs, _ := filepath.Abs(filepath.Join(dir, p.file))
		cfg += fmt.Sprintf("- name: %s\n  type: %s\n  url: file://%s\n", p.name, p.kind, abs)
	}
	cm, err := certManagerCRDs(cmSrc, filepath.Join(out, "cert-manager", cmVersion))
	if err != nil {
		return err
	}
	cfg += fmt.Sprintf("cert-manager:\n  url: file://%s\n  version: %s\n", cm, cmVersion)
	return os.WriteFile(filepath.Join(out, "clusterctl.yaml"), []byte(cfg), 0o644)
}

// certManagerCRDs joins cert-manager's deploy/crds/*.yaml (sorted) into dir and
// returns the file's absolute path.
func certManagerCRDs(src, dir string) (string, error) {
	files, err := filepath.Glob(filepath.Join(src, "deploy", "crds", "*.yaml"))
	if err != nil || len(files) == 0 {
		return "", fmt.Errorf("%s/deploy/crds: no CRD files (%v)", src, err)
	}
	sort.Strings(files)
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		if !bytes.HasPrefix(b, []byte("---")) {
			all = append(all, "---\n"...)
		}
		all = append(all, b...)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	dest, _ := filepath.Abs(filepath.Join(dir, "cert-manager-crds.yaml"))
	return dest, os.WriteFile(dest, all, 0o644)
}

func render(dir, dest string) error {
	opts := krusty.MakeDefaultOptions()
	opts.LoadRestrictions = types.LoadRestrictionsNone
	res, err := krusty.MakeKustomizer(opts).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return err
	}
	y, err := res.AsYaml()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dest, y, 0o644)
}
