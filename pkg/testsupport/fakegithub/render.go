package fakegithub

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// releaseJSON renders a release the way the REST API does.
func (s *Server) releaseJSON(rp *repo, r *Release) map[string]any {
	base := fmt.Sprintf("%s/api/v3/repos/%s/%s/releases/%d", s.URL(), rp.owner, rp.name, r.ID)
	assets := make([]map[string]any, 0, len(r.Assets))
	for i := range r.Assets {
		assets = append(assets, s.assetJSON(rp, r, &r.Assets[i]))
	}
	body := map[string]any{
		"id":               r.ID,
		"tag_name":         r.Tag,
		"target_commitish": r.TargetCommitish,
		"name":             r.Name,
		"body":             r.Body,
		"draft":            r.Draft,
		"prerelease":       r.Prerelease,
		"immutable":        r.Immutable,
		"created_at":       r.Created.Format(time.RFC3339),
		"url":              base,
		"assets_url":       base + "/assets",
		"upload_url":       fmt.Sprintf("%s/api/uploads/repos/%s/%s/releases/%d/assets{?name,label}", s.URL(), rp.owner, rp.name, r.ID),
		"html_url":         fmt.Sprintf("%s/%s/%s/releases/tag/%s", s.URL(), rp.owner, rp.name, r.Tag),
		"assets":           assets,
	}
	if !r.Draft {
		body["published_at"] = r.Published.Format(time.RFC3339)
	}
	return body
}

func (s *Server) assetJSON(rp *repo, r *Release, a *Asset) map[string]any {
	out := map[string]any{
		"id":                   a.ID,
		"name":                 a.Name,
		"label":                a.Label,
		"content_type":         a.ContentType,
		"state":                a.State,
		"size":                 len(a.Data),
		"download_count":       0,
		"url":                  fmt.Sprintf("%s/api/v3/repos/%s/%s/releases/assets/%d", s.URL(), rp.owner, rp.name, a.ID),
		"browser_download_url": fmt.Sprintf("%s/%s/%s/releases/download/%s/%s", s.URL(), rp.owner, rp.name, r.Tag, a.Name),
	}
	if a.State == "uploaded" && !rp.opts.NoDigest {
		sum := sha256.Sum256(a.Data)
		out["digest"] = "sha256:" + hex.EncodeToString(sum[:])
	}
	return out
}
