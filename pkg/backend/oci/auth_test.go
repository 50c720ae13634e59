package oci

import (
	"context"
	"encoding/base64"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"oras.land/oras-go/v2/registry/remote/auth"
)

const secret = "s3cr3t-Pa55"

// envOf is what the token policy (source.OCISecrets) reads from these variables.
func envOf(m map[string]string) regclient.Secrets {
	return regclient.Secrets{Operator: auth.Credential{Username: m["OCI_USERNAME"], Password: m["OCI_PASSWORD"]},
		DockerConfig: filepath.Join(m["DOCKER_CONFIG"], "config.json")}
}

func publishWith(t *testing.T, srv *registry.Server, secrets regclient.Secrets) error {
	t.Helper()
	cred, err := regclient.Credentials(secrets, srv.Host)
	if err != nil {
		return err
	}
	p := newPub(t, srv, Options{Remote: regclient.Remote{Credential: cred}})
	_, err = publish.Publish(context.Background(), set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n")), p, publish.Policy{})
	return err
}

func TestCredentials(t *testing.T) {
	dir := t.TempDir()
	srv := registry.New(t, registry.WithBasicAuth("robot", secret))
	auth := base64.StdEncoding.EncodeToString([]byte("robot:" + secret))
	cfg := `{"auths":{"` + srv.Host + `":{"auth":"` + auth + `"}}}`
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, env := range map[string]map[string]string{
		"operator variables": {"OCI_USERNAME": "robot", "OCI_PASSWORD": secret, "DOCKER_CONFIG": t.TempDir()},
		"docker config":      {"DOCKER_CONFIG": dir},
	} {
		if err := publishWith(t, srv, envOf(env)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	err := publishWith(t, srv, envOf(map[string]string{"OCI_USERNAME": "robot", "OCI_PASSWORD": "wrong-" + secret, "DOCKER_CONFIG": t.TempDir()}))
	if err == nil || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), secret) {
		t.Fatalf("wrong password: err = %v; want a 401 without the password", err)
	}
}

func TestRegistryFailures(t *testing.T) {
	for _, tc := range []struct {
		status, times int
		wantErr       bool
	}{
		{http.StatusTooManyRequests, 1, false},
		{http.StatusInternalServerError, 1, false},
		{http.StatusInternalServerError, 0, true},
		{http.StatusNotFound, 0, true},
		{http.StatusUnauthorized, 0, true},
	} {
		srv := registry.New(t)
		srv.AddFault(&registry.Fault{Status: tc.status, Times: tc.times, Match: func(r *http.Request) bool { return r.Method != http.MethodHead }})
		err := publishWith(t, srv, envOf(map[string]string{"DOCKER_CONFIG": t.TempDir()}))
		if (err != nil) != tc.wantErr {
			t.Errorf("status %d ×%d: err = %v, want error %v", tc.status, tc.times, err, tc.wantErr)
		}
		if err != nil && !strings.Contains(err.Error(), http.StatusText(tc.status)) && !strings.Contains(err.Error(), "status code") {
			t.Errorf("status %d: error does not carry the registry's answer: %v", tc.status, err)
		}
	}
}

// A registry that repeats the request's credentials in its error answer does not bring
// them into capirepo's errors, plain or base64-encoded.
func TestRegistryEchoIsRedacted(t *testing.T) {
	srv := registry.New(t, registry.WithBasicAuth("robot", secret))
	srv.AddFault(&registry.Fault{Status: http.StatusBadRequest, Echo: true, Match: func(r *http.Request) bool { return r.Method == http.MethodPut }})
	err := publishWith(t, srv, envOf(map[string]string{"OCI_USERNAME": "robot", "OCI_PASSWORD": secret, "DOCKER_CONFIG": t.TempDir()}))
	encoded := base64.StdEncoding.EncodeToString([]byte("robot:" + secret))
	if err == nil || !strings.Contains(err.Error(), "injected failure") {
		t.Fatalf("err = %v; want the registry's answer", err)
	}
	if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), encoded) {
		t.Fatalf("the error shows the credential: %v", err)
	}
}
