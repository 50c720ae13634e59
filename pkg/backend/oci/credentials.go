package oci

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"oras.land/oras-go/v2/registry"
	"oras.land/oras-go/v2/registry/remote/auth"
	"oras.land/oras-go/v2/registry/remote/credentials"
)

// Environment variables the cluster-api-operator reads its OCI credentials from.
const (
	EnvUsername     = "OCI_USERNAME"
	EnvPassword     = "OCI_PASSWORD"
	EnvAccessToken  = "OCI_ACCESS_TOKEN"
	EnvRefreshToken = "OCI_REFRESH_TOKEN"
)

// Credentials returns the credential function. The operator's OCI_* variables, when
// set, are the credentials of the registries in hosts (host[:port]: the one a command
// publishes to or reads, as the operator uses them for its one registry); every other
// registry, such as an image's upstream, gets its Docker config entry ($DOCKER_CONFIG or
// ~/.docker/config.json, and credential helpers), so a password never reaches a
// registry it is not for. Values never appear in errors.
func Credentials(getenv func(string) string, hosts ...string) (auth.CredentialFunc, error) {
	docker := dockerCredential(dockerConfig(getenv))
	c, ok := envCredential(getenv)
	if !ok {
		return docker, nil
	}
	return func(ctx context.Context, host string) (auth.Credential, error) {
		for _, h := range hosts {
			// oras asks for docker.io's credentials as registry-1.docker.io
			if strings.EqualFold(h, host) || strings.EqualFold(registry.Reference{Registry: h}.Host(), host) {
				return c, nil
			}
		}
		return docker(ctx, host)
	}, nil
}

// dockerCredential reads the Docker config at path when a registry first asks for
// credentials.
func dockerCredential(path string) auth.CredentialFunc {
	var once sync.Once
	var cred auth.CredentialFunc
	var err error
	return func(ctx context.Context, host string) (auth.Credential, error) {
		once.Do(func() {
			store, serr := credentials.NewStore(path, credentials.StoreOptions{})
			if serr != nil {
				err = fmt.Errorf("reading Docker config %s: %v", path, scrub(serr))
				return
			}
			cred = credentials.Credential(store)
		})
		if err != nil {
			return auth.EmptyCredential, err
		}
		return cred(ctx, host)
	}
}

func envCredential(getenv func(string) string) (auth.Credential, bool) {
	c := auth.Credential{
		Username:     strings.TrimSpace(getenv(EnvUsername)),
		Password:     strings.TrimSpace(getenv(EnvPassword)),
		AccessToken:  strings.TrimSpace(getenv(EnvAccessToken)),
		RefreshToken: strings.TrimSpace(getenv(EnvRefreshToken)),
	}
	return c, c != auth.EmptyCredential
}

func dockerConfig(getenv func(string) string) string {
	if d := getenv("DOCKER_CONFIG"); d != "" {
		return filepath.Join(d, "config.json")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(".docker", "config.json")
	}
	return filepath.Join(home, ".docker", "config.json")
}

// scrub keeps only the error's first line: config parse errors may quote file content.
func scrub(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if strings.Contains(msg, "auth") || strings.Contains(msg, "password") {
		return "the file is not valid Docker config JSON"
	}
	return msg
}
