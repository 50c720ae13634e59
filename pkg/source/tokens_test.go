package source

import (
	"path/filepath"
	"testing"

	"oras.land/oras-go/v2/registry/remote/auth"
)

// The registry and keyless variables are read here, by the one token policy.
func TestRegistryAndKeylessPolicy(t *testing.T) {
	t.Parallel()
	env := map[string]string{"OCI_USERNAME": " robot ", "OCI_PASSWORD": "pw\n", "OCI_ACCESS_TOKEN": "at", "OCI_REFRESH_TOKEN": "rt",
		"DOCKER_CONFIG": "/etc/docker-cfg", "SIGSTORE_ID_TOKEN": " jwt ", "ACTIONS_ID_TOKEN_REQUEST_URL": "https://u", "ACTIONS_ID_TOKEN_REQUEST_TOKEN": "b"}
	getenv := func(k string) string { return env[k] }
	s := OCISecrets(getenv)
	if want := (auth.Credential{Username: "robot", Password: "pw", AccessToken: "at", RefreshToken: "rt"}); s.Operator != want {
		t.Errorf("OCISecrets credential = %+v, want %+v", s.Operator, want)
	}
	if s.DockerConfig != filepath.Join("/etc/docker-cfg", "config.json") {
		t.Errorf("DockerConfig = %s", s.DockerConfig)
	}
	if none := OCISecrets(nil); none.Operator != auth.EmptyCredential || none.DockerConfig == "" {
		t.Errorf("no variables: %+v, want no credential and the default Docker config", none)
	}
	if got := KeylessToken(getenv); got != (Keyless{IDToken: "jwt", RequestURL: "https://u", RequestToken: "b"}) {
		t.Errorf("KeylessToken = %+v", got)
	}
	if got := KeylessToken(nil); got != (Keyless{}) {
		t.Errorf("KeylessToken(nil) = %+v", got)
	}
}
