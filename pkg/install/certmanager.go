package install

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// certManagerFile is where Run puts the cert-manager CRDs the child creates.
const certManagerFile = "cert-manager-crds.json"

// InstallCertManagerCRDs creates the cert-manager CRDs Run prepared (a JSON list,
// from the cert-manager release's own file) and waits until each is served. clusterctl
// init then skips installing cert-manager, because it can create a test Issuer and
// Certificate (cmd/clusterctl/client/cluster/cert_manager.go EnsureInstalled →
// waitForAPIReady): "Skipping installing cert-manager as it is already installed".
// Its pods could not run here; nothing issues a certificate.
func (c *Client) InstallCertManagerCRDs(ctx context.Context, path string) error {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return err
	}
	var crds []Object
	if err := json.Unmarshal(data, &crds); err != nil {
		return err
	}
	for _, o := range crds {
		if err := c.Create(ctx, o, false, "Strict"); err != nil {
			return fmt.Errorf("creating cert-manager's CRD %s: %w", o.str("metadata", "name"), err)
		}
	}
	for _, o := range crds {
		if err := c.waitEstablished(ctx, o.str("metadata", "name")); err != nil {
			return err
		}
	}
	return nil
}

// waitEstablished waits until a CRD's Established condition is True.
func (c *Client) waitEstablished(ctx context.Context, name string) error {
	for range 200 {
		var crd struct {
			Status struct {
				Conditions []struct{ Type, Status string } `json:"conditions"`
			} `json:"status"`
		}
		if err := c.get(ctx, crdPath+"/"+name, &crd); err != nil {
			return err
		}
		for _, cond := range crd.Status.Conditions {
			if cond.Type == "Established" && cond.Status == "True" {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("CRD %s was not established in 10s", name)
}

// writeCertManager reads the cert-manager CRDs for the run (see certManagerSource)
// and writes them into dir for the child; "" when no clusterctl init runs.
func writeCertManager(dir string, p Plan, cfg map[string]any) (string, error) {
	if len(p.Init) == 0 && len(p.Upgrades) == 0 {
		return "", nil // nothing runs clusterctl init (only objects applied)
	}
	src, err := certManagerSource(p.CertManager, cfg, p.UserConfig)
	if err != nil {
		return "", err
	}
	crds, err := readCertManagerCRDs(src)
	if err != nil {
		return "", err
	}
	data, err := json.Marshal(crds)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, certManagerFile)
	return path, os.WriteFile(path, data, 0o600)
}
