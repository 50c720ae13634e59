package source

import "strings"

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
