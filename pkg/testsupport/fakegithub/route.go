package fakegithub

import (
	"net/http"
	"strings"
)

// route is one endpoint: a method, a path pattern with {name} segments, and a name
// used by Inject and Hits.
type route struct {
	name    string
	method  string
	pattern []string
	handle  func(*call)
}

// Route names accepted by Inject and Hits.
const (
	RouteGetRepo         = "get-repo"
	RouteGetTagRef       = "get-tag-ref"
	RouteListReleases    = "list-releases"
	RouteCreateRelease   = "create-release"
	RouteGenerateNotes   = "generate-notes"
	RouteGetReleaseByTag = "get-release-by-tag"
	RouteGetLatest       = "get-latest-release"
	RouteGetRelease      = "get-release"
	RouteEditRelease     = "edit-release"
	RouteDeleteRelease   = "delete-release"
	RouteListAssets      = "list-assets"
	RouteGetAsset        = "get-asset"
	RouteDeleteAsset     = "delete-asset"
	RouteUploadAsset     = "upload-asset"
	RouteDownload        = "download"
	RouteBrowserDownload = "browser-download"
)

func (s *Server) routeTable() []route {
	const repo = "/api/v3/repos/{owner}/{repo}"
	const rel = repo + "/releases"
	table := []struct {
		name, method, path string
		h                  func(*call)
	}{
		{RouteGetRepo, "GET", repo, s.getRepo},
		{RouteGetTagRef, "GET", repo + "/git/ref/tags/{tag}", s.getTagRef},
		{RouteListReleases, "GET", rel, s.listReleases},
		{RouteCreateRelease, "POST", rel, s.createRelease},
		{RouteGetReleaseByTag, "GET", rel + "/tags/{tag}", s.getReleaseByTag},
		{RouteGenerateNotes, "POST", rel + "/generate-notes", s.generateNotes},
		{RouteGetLatest, "GET", rel + "/latest", s.getLatest},
		{RouteGetAsset, "GET", rel + "/assets/{id}", s.getAsset},
		{RouteDeleteAsset, "DELETE", rel + "/assets/{id}", s.deleteAsset},
		{RouteListAssets, "GET", rel + "/{id}/assets", s.listAssets},
		{RouteGetRelease, "GET", rel + "/{id}", s.getRelease},
		{RouteEditRelease, "PATCH", rel + "/{id}", s.editRelease},
		{RouteDeleteRelease, "DELETE", rel + "/{id}", s.deleteRelease},
		{RouteUploadAsset, "POST", "/api/uploads/repos/{owner}/{repo}/releases/{id}/assets", s.uploadAsset},
		{RouteDownload, "GET", "/download/{owner}/{repo}/{id}/{name}", s.download},
		{RouteBrowserDownload, "GET", "/{owner}/{repo}/releases/download/{tag}/{name}", s.browserDownload},
	}
	out := make([]route, 0, len(table))
	for _, t := range table {
		out = append(out, route{t.name, t.method, strings.Split(t.path, "/"), t.h})
	}
	return out
}

// match returns the first route for the request and its path parameters.
func (s *Server) match(r *http.Request) (*route, map[string]string) {
	parts := strings.Split(r.URL.Path, "/")
	for i := range s.routes {
		rt := &s.routes[i]
		if rt.method != r.Method || len(rt.pattern) != len(parts) {
			continue
		}
		if params, ok := matchParts(rt.pattern, parts); ok {
			return rt, params
		}
	}
	return nil, nil
}

func matchParts(pattern, parts []string) (map[string]string, bool) {
	params := map[string]string{}
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") {
			params[strings.Trim(p, "{}")] = parts[i]
			continue
		}
		if p != parts[i] {
			return nil, false
		}
	}
	return params, true
}
