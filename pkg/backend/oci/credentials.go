package oci

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

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

// Credentials returns the credential function: the operator's OCI_* variables when set
// (for every registry, as the operator does), else the Docker config ($DOCKER_CONFIG or
// ~/.docker/config.json) and its credential helpers. Values never appear in errors.
func Credentials(getenv func(string) string) (auth.CredentialFunc, error) {
	if c, ok := envCredential(getenv); ok {
		return func(context.Context, string) (auth.Credential, error) { return c, nil }, nil
	}
	path := dockerConfig(getenv)
	var once sync.Once
	var cred auth.CredentialFunc
	var err error
	// The Docker config is read when a registry first asks for credentials.
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
	}, nil
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
