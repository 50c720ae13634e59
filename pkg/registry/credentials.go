package registry

import (
	"context"
	"fmt"
	"strings"
	"sync"

	orasregistry "oras.land/oras-go/v2/registry"
	"oras.land/oras-go/v2/registry/remote/auth"
	"oras.land/oras-go/v2/registry/remote/credentials"
)

// Secrets are the registry credentials the token policy found (pkg/source,
// tokens.go): the cluster-api-operator's OCI_* variables and the Docker config file.
type Secrets struct {
	Operator     auth.Credential // OCI_USERNAME, OCI_PASSWORD, OCI_ACCESS_TOKEN, OCI_REFRESH_TOKEN; empty: none set
	DockerConfig string          // the Docker config file ($DOCKER_CONFIG/config.json or ~/.docker/config.json)
}

// Credentials returns the credential function. The operator's credentials, when set,
// are those of the registries in hosts (host[:port]: the one a command publishes to
// or reads, as the operator uses them for its one registry); every other registry,
// such as an image's upstream, gets its Docker config entry (and credential helpers),
// so a password never reaches a registry it is not for. Values never appear in errors.
func Credentials(s Secrets, hosts ...string) (auth.CredentialFunc, error) {
	docker := dockerCredential(s.DockerConfig)
	c, ok := s.Operator, s.Operator != auth.EmptyCredential
	if !ok {
		return docker, nil
	}
	return func(ctx context.Context, host string) (auth.Credential, error) {
		for _, h := range hosts {
			// oras asks for docker.io's credentials as registry-1.docker.io
			if strings.EqualFold(h, host) || strings.EqualFold(orasregistry.Reference{Registry: h}.Host(), host) {
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

// scrub keeps only the error's first line: config parse errors may quote file content.
func scrub(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if strings.Contains(msg, "auth") || strings.Contains(msg, "password") {
		return "the file is not valid Docker config JSON"
	}
	return msg
}
