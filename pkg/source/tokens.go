package source

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/registry"
	"oras.land/oras-go/v2/registry/remote/auth"
)

// TokenVar is one environment variable of the token policy.
type TokenVar struct {
	Name   string // environment variable
	Kind   string // GitLab token kind (private, job, deploy); "" for GitHub
	Header string // the header the token is sent in
}

// GitLab token kinds (the same strings as gitlab.Token*).
const (
	GitLabPrivate = "private"
	GitLabJob     = "job"
	GitLabDeploy  = "deploy"
)

// GitHubTokenVars are read in this order by publish github, verify and mirror.
var GitHubTokenVars = []TokenVar{
	{Name: "GITHUB_TOKEN", Header: "Authorization: Bearer"},
	{Name: "GH_TOKEN", Header: "Authorization: Bearer"},
}

// GitLabTokenVars are read in this order by publish gitlab, verify and mirror.
// GITLAB_ACCESS_TOKEN is the variable clusterctl v1.10+ reads.
var GitLabTokenVars = []TokenVar{
	{Name: "GITLAB_ACCESS_TOKEN", Kind: GitLabPrivate, Header: "PRIVATE-TOKEN"},
	{Name: "GITLAB_TOKEN", Kind: GitLabPrivate, Header: "PRIVATE-TOKEN"},
	{Name: "CI_JOB_TOKEN", Kind: GitLabJob, Header: "JOB-TOKEN"},
	{Name: "GITLAB_DEPLOY_TOKEN", Kind: GitLabDeploy, Header: "Deploy-Token"},
}

// Token is a credential found by the policy.
type Token struct {
	Value string
	Kind  string // GitLab kind
	Var   string // the variable it came from
}

// GitHubToken is the first non-empty GitHub token variable.
func GitHubToken(getenv func(string) string) Token { return first(getenv, GitHubTokenVars, "") }

// GitLabToken is the first non-empty GitLab token variable whose kind is kind ("" =
// any kind).
func GitLabToken(getenv func(string) string, kind string) Token {
	return first(getenv, GitLabTokenVars, kind)
}

// TokenVarNames lists the variables of vars with kind ("" = all) for messages: "A, B or C".
func TokenVarNames(vars []TokenVar, kind string) string {
	var names []string
	for _, v := range vars {
		if kind == "" || v.Kind == kind {
			names = append(names, v.Name)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func first(getenv func(string) string, vars []TokenVar, kind string) Token {
	if getenv == nil {
		return Token{}
	}
	for _, v := range vars {
		if kind != "" && v.Kind != kind {
			continue
		}
		if val := strings.TrimSpace(getenv(v.Name)); val != "" {
			return Token{Value: val, Kind: v.Kind, Var: v.Name}
		}
	}
	return Token{}
}

// OCITokenVars are the cluster-api-operator's registry variables, read by publish oci,
// images copy|push, mirror --images-to|--to-oci and verify oci://: the credentials of
// the registry the command publishes to or reads (never sent to another one).
var OCITokenVars = []TokenVar{
	{Name: "OCI_USERNAME", Header: "Authorization: Basic (with OCI_PASSWORD)"},
	{Name: "OCI_PASSWORD", Header: "Authorization: Basic"},
	{Name: "OCI_ACCESS_TOKEN", Header: "Authorization: Bearer"},
	{Name: "OCI_REFRESH_TOKEN", Header: "the registry's token exchange"},
}

// DockerConfigVar names the folder of the Docker config (config.json) every other
// registry's credentials come from; ~/.docker when unset.
const DockerConfigVar = "DOCKER_CONFIG"

// OCISecrets reads the registry part of the policy: the OCI_* variables (trimmed) and
// where the Docker config is.
func OCISecrets(getenv func(string) string) registry.Secrets {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	v := func(i int) string { return strings.TrimSpace(getenv(OCITokenVars[i].Name)) }
	s := registry.Secrets{Operator: auth.Credential{Username: v(0), Password: v(1), AccessToken: v(2), RefreshToken: v(3)}}
	if d := getenv(DockerConfigVar); d != "" {
		s.DockerConfig = filepath.Join(d, "config.json")
	} else if home, err := os.UserHomeDir(); err == nil {
		s.DockerConfig = filepath.Join(home, ".docker", "config.json")
	} else {
		s.DockerConfig = filepath.Join(".docker", "config.json")
	}
	return s
}

// OCICredentials is registry.Credentials with OCISecrets: the OCI_* variables for the
// registries in hosts, the Docker config for every other one.
func OCICredentials(getenv func(string) string, hosts ...string) (auth.CredentialFunc, error) {
	return registry.Credentials(OCISecrets(getenv), hosts...)
}

// KeylessTokenVars are read, in this order, by build --sign-keyless for its OIDC token
// (audience "sigstore"): SIGSTORE_ID_TOKEN (GitLab CI's id_tokens, or any CI that sets
// it), else GitHub Actions' token endpoint (present with `permissions: id-token: write`).
var KeylessTokenVars = []TokenVar{
	{Name: "SIGSTORE_ID_TOKEN", Header: "the token itself"},
	{Name: "ACTIONS_ID_TOKEN_REQUEST_URL", Header: "the endpoint that issues the token"},
	{Name: "ACTIONS_ID_TOKEN_REQUEST_TOKEN", Header: "Authorization: Bearer (to that endpoint)"},
}

// Keyless is what the keyless part of the policy found: a token, or GitHub Actions'
// endpoint and the bearer token to ask it with (sign.AmbientToken).
type Keyless struct {
	IDToken, RequestURL, RequestToken string
}

// KeylessToken reads the keyless variables (SIGSTORE_ID_TOKEN trimmed).
func KeylessToken(getenv func(string) string) Keyless {
	if getenv == nil {
		return Keyless{}
	}
	return Keyless{IDToken: strings.TrimSpace(getenv(KeylessTokenVars[0].Name)),
		RequestURL: getenv(KeylessTokenVars[1].Name), RequestToken: getenv(KeylessTokenVars[2].Name)}
}

// KeyPasswordVar is cosign's variable for the password of a --sign-key file.
var KeyPasswordVar = TokenVar{Name: "COSIGN_PASSWORD", Header: "decrypts the private key file"}

// KeyPassword reads the password of the signing key, as it is ("" when unset).
func KeyPassword(getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	return getenv(KeyPasswordVar.Name)
}
