package initcheck

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
)

// publishedURLs are the URLs clusterctl reads the providers of cfg at tag from, when
// the checkout's origin is on github.com (one release holds every provider) or on a
// GitLab host (a generic package per provider, named by its label as publish gitlab
// names it).
func publishedURLs(origin, tag string, cfg *config.Config) ([]string, error) {
	host, project, ok := parseRemote(origin)
	if !ok {
		return nil, fmt.Errorf("the checkout's origin remote%s names no GitHub or GitLab project: pass --check-against URL|DIR, the release clusterctl reads", shownRemote(origin))
	}
	var out []string
	for _, p := range cfg.Providers {
		file := p.ComponentsFile
		if file == "" {
			file = layout.ComponentsFile(p.Type)
		}
		switch {
		case host == "github.com":
			owner, repo, _ := strings.Cut(project, "/")
			return []string{layout.GitHubURL(owner, repo, tag, file)}, nil
		case strings.Contains(host, "gitlab"):
			out = append(out, layout.GitLabURL("https://"+host, project, p.Label(), tag, file))
		default:
			return nil, fmt.Errorf("the checkout's origin remote is on %s, neither github.com nor a GitLab host: pass --check-against URL|DIR, the release clusterctl reads", host)
		}
	}
	return out, nil
}

// parseRemote reads the host and project path of a git remote URL
// (https://host/group/name(.git), ssh://git@host/group/name.git,
// git@host:group/name.git) as provenance.RemoteURI cleans it.
func parseRemote(remote string) (host, project string, ok bool) {
	u, err := url.Parse(provenance.RemoteURI(remote))
	if err != nil || u.Hostname() == "" {
		return "", "", false
	}
	project = strings.TrimSuffix(strings.Trim(u.Path, "/"), ".git")
	if !strings.Contains(project, "/") {
		return "", "", false
	}
	return strings.ToLower(u.Hostname()), project, true
}

// shownRemote is the remote as an error may name it: without user information (a
// token) or query, never raw ("" when it is no network URL).
func shownRemote(remote string) string {
	if u := provenance.RemoteURI(remote); u != "" {
		return " (" + u + ")"
	}
	return ""
}
