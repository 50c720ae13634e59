package install

import (
	"context"
	"fmt"
	"time"

	"sigs.k8s.io/yaml"
)

// certManagerCRDs stand in for cert-manager's Issuer and Certificate CRDs (group
// cert-manager.io, version v1, the names of cert-manager's release). clusterctl init
// skips installing cert-manager when it can create a test Issuer and Certificate
// (cmd/clusterctl/client/cluster/cert_manager.go EnsureInstalled → waitForAPIReady):
// "Skipping installing cert-manager as it is already installed". Its pods could not
// run here; nothing issues a certificate.
var certManagerCRDs = []string{crdYAML("Issuer", "issuers"), crdYAML("Certificate", "certificates")}

func crdYAML(kind, plural string) string {
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %[2]s.cert-manager.io
spec:
  group: cert-manager.io
  names: {kind: %[1]s, listKind: %[1]sList, plural: %[2]s, singular: %[3]s}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
    subresources: {status: {}}
`, kind, plural, plural[:len(plural)-1])
}

// InstallCertManagerCRDs creates the stand-in CRDs and waits until they are served.
func (c *Client) InstallCertManagerCRDs(ctx context.Context) error {
	for _, y := range certManagerCRDs {
		var o Object
		if err := yaml.Unmarshal([]byte(y), &o); err != nil {
			return err
		}
		if err := c.Create(ctx, o, false, "Strict"); err != nil {
			return fmt.Errorf("creating %s: %w", o.Kind(), err)
		}
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
