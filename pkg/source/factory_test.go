package source

import (
	"errors"
	"testing"

	"github.com/capirepo/capirepo/pkg/repository"
)

func TestFor(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		url                  string
		kind                 repository.Kind
		label, version, file string
	}{
		{"https://github.com/kubernetes-sigs/cluster-api-provider-aws/releases/latest/infrastructure-components.yaml",
			repository.GitHub, "infrastructure-aws", "latest", "infrastructure-components.yaml"},
		{"https://github.com/acme/cluster-api-bootstrap/releases/v1.0.0/bootstrap-components.yaml",
			repository.GitHub, "bootstrap-bootstrap", "v1.0.0", "bootstrap-components.yaml"},
		{"https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/infrastructure-foo/v1.0.0/infrastructure-components.yaml",
			repository.GitLab, "infrastructure-foo", "v1.0.0", "infrastructure-components.yaml"},
		{"/srv/repo/control-plane-x/v0.1.0/control-plane-components.yaml", repository.Local, "control-plane-x", "v0.1.0", "control-plane-components.yaml"},
		{"file:///srv/repo/control-plane-x/latest/control-plane-components.yaml", repository.Local, "control-plane-x", "latest", "control-plane-components.yaml"},
		{"oci://registry.example:5000/capi/runtime-extension-hooks:v0.3.0", repository.OCI, "runtime-extension-hooks", "v0.3.0", "runtime-extension-components.yaml"},
		{"oci://ghcr.io/acme/providers/infrastructure-aws", repository.OCI, "infrastructure-aws", "", "infrastructure-components.yaml"},
	} {
		p, err := For(tt.url, Options{})
		if err != nil {
			t.Errorf("For(%s): %v", tt.url, err)
			continue
		}
		if i := p.Info(); i.Kind != tt.kind || i.Label != tt.label || i.Version != tt.version || i.Components != tt.file {
			t.Errorf("For(%s) = %s %s %s %s, want %s %s %s %s", tt.url, i.Kind, i.Label, i.Version, i.Components, tt.kind, tt.label, tt.version, tt.file)
		}
	}
}

func TestForRefuses(t *testing.T) {
	t.Parallel()
	for _, u := range []string{
		"relative/x/v1.0.0/c.yaml",
		"s3://bucket/x",
		"oci://registry.example/x@sha256:0000000000000000000000000000000000000000000000000000000000000000",
		"oci:///no-host",
		"oci://registry.example/Capi/infrastructure-aws:v1.0.0", // upper case is not a repository name
		"oci://registry.example/capi/infrastructure-aws:v1.0.0:extra",
		"https://example.com/x/releases/v1/c.yaml",
		"http://127.0.0.1:8080/api/v4/projects/g%2Fn/packages/generic/p/v1.0.0/c.yaml",
		"https://github.com/o/r/releases/download/v1.0.0/c.yaml",
		"/too/short.yaml",
	} {
		if _, err := For(u, Options{}); !errors.Is(err, ErrUnsupported) {
			t.Errorf("For(%s) = %v, want ErrUnsupported", u, err)
		}
	}
}

func TestTokenPolicy(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, tt := range []struct {
		name   string
		getenv func(string) string
		kind   string
		want   Token
	}{
		{"clusterctl's variable first", env("GITLAB_TOKEN", "b", "GITLAB_ACCESS_TOKEN", "a", "CI_JOB_TOKEN", "j"), "", Token{"a", GitLabPrivate, "GITLAB_ACCESS_TOKEN"}},
		{"explicit token before the CI job token", env("GITLAB_TOKEN", " b ", "CI_JOB_TOKEN", "j"), "", Token{"b", GitLabPrivate, "GITLAB_TOKEN"}},
		{"job token", env("CI_JOB_TOKEN", "j", "GITLAB_DEPLOY_TOKEN", "d"), "", Token{"j", GitLabJob, "CI_JOB_TOKEN"}},
		{"asked kind only", env("GITLAB_TOKEN", "b", "GITLAB_DEPLOY_TOKEN", "d"), GitLabDeploy, Token{"d", GitLabDeploy, "GITLAB_DEPLOY_TOKEN"}},
		{"none", env(), "", Token{}},
		{"nil getenv", nil, "", Token{}},
	} {
		if got := GitLabToken(tt.getenv, tt.kind); got != tt.want {
			t.Errorf("%s: GitLabToken = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if got := GitHubToken(env("GH_TOKEN", "g", "GITHUB_TOKEN", "h")); got.Value != "h" || got.Var != "GITHUB_TOKEN" {
		t.Errorf("GitHubToken = %+v, want GITHUB_TOKEN first", got)
	}
}
