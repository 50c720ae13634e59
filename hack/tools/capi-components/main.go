// Command capi-components renders cluster-api's core, kubeadm bootstrap and kubeadm
// control-plane components from the cluster-api Go module's config/ folders (kustomize
// as a library) into a clusterctl local repository, for the install tests:
//
//	capi-components SRC VERSION OUT
//
// writes OUT/{cluster-api,bootstrap-kubeadm,control-plane-kubeadm}/VERSION/ with the
// components file and cluster-api's metadata.yaml, and OUT/clusterctl.yaml naming them.
package main

import (
	"fmt"
	"os"
	"path/filepath"

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
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: capi-components SRC VERSION OUT")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "capi-components:", err)
		os.Exit(1)
	}
}

func run(src, version, out string) error {
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
	return os.WriteFile(filepath.Join(out, "clusterctl.yaml"), []byte(cfg), 0o644)
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
