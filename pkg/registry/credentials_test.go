package registry

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"

	"oras.land/oras-go/v2/registry/remote/auth"
)

const secret = "s3cr3t-Pa55"

// envOf is what the token policy (source.OCISecrets) reads from these variables.
func envOf(m map[string]string) Secrets {
	return Secrets{Operator: auth.Credential{Username: m["OCI_USERNAME"], Password: m["OCI_PASSWORD"]},
		DockerConfig: filepath.Join(m["DOCKER_CONFIG"], "config.json")}
}

func TestOCIVariablesAreForTheirHostsOnly(t *testing.T) {
	dir := t.TempDir()
	auth := base64.StdEncoding.EncodeToString([]byte("puller:docker-pass"))
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"auths":{"up.example:5000":{"auth":"`+auth+`"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cred, err := Credentials(envOf(map[string]string{"OCI_USERNAME": "robot", "OCI_PASSWORD": secret, "DOCKER_CONFIG": dir}), "mirror.example:5000")
	if err != nil {
		t.Fatal(err)
	}
	hub, err := Credentials(envOf(map[string]string{"OCI_USERNAME": "robot", "OCI_PASSWORD": secret, "DOCKER_CONFIG": dir}), "docker.io")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := hub(context.Background(), "registry-1.docker.io"); err != nil || c.Password != secret {
		t.Errorf("docker.io target: oras asks for registry-1.docker.io and got %q, %v", c.Password, err)
	}
	for host, want := range map[string]string{"mirror.example:5000": secret, "MIRROR.example:5000": secret, "up.example:5000": "docker-pass", "other.example": ""} {
		c, err := cred(context.Background(), host)
		if err != nil || c.Password != want {
			t.Errorf("%s: password %q, err %v; want %q", host, c.Password, err, want)
		}
	}
}
