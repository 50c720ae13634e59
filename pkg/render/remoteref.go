package render

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
	yaml "go.yaml.in/yaml/v3"
)

// generatorInputs refuses remote files in configMapGenerator and secretGenerator
// entries (kustomize would download them).
func generatorInputs(p, key string, val *yaml.Node) error {
	if (key != "configMapGenerator" && key != "secretGenerator") || val.Kind != yaml.SequenceNode {
		return nil
	}
	for _, g := range val.Content {
		var refs []*yaml.Node
		for _, k := range []string{"files", "envs"} {
			if l := manifest.MapValue(g, k); l != nil && l.Kind == yaml.SequenceNode {
				refs = append(refs, l.Content...)
			}
		}
		refs = append(refs, manifest.MapValue(g, "env"))
		for _, r := range refs {
			if r == nil || r.Kind != yaml.ScalarNode {
				continue
			}
			v := r.Value
			if _, after, ok := strings.Cut(v, "="); ok {
				v = after
			}
			if strings.Contains(v, "://") {
				return fmt.Errorf("%s: %s reads %q from the network: vendor the file into the repository", p, key, v)
			}
		}
	}
	return nil
}

func remoteBase(ref string) string {
	if u, err := url.Parse(ref); err == nil {
		if b := path.Base(u.Path); b != "" && b != "." && b != "/" {
			return b
		}
	}
	return "resource.yaml"
}

// isRemote reports whether a kustomization reference (relative to dir) names
// something on the network rather than a local file or folder.
func isRemote(dir, ref string) bool {
	if u, err := url.Parse(ref); err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
		return true
	}
	if strings.Contains(ref, "://") || strings.HasPrefix(ref, "git@") || strings.HasPrefix(ref, "git::") {
		return true
	}
	if _, err := os.Lstat(refPath(dir, ref)); err == nil {
		return false
	}
	return isGitRemote(ref)
}

var gitHosts = []string{"github.com/", "gitlab.com/", "bitbucket.org/", "ssh.dev.azure.com/", "dev.azure.com/"}

// isGitRemote reports whether ref is a remote git base (kustomize would clone it),
// as opposed to one remote file.
func isGitRemote(ref string) bool {
	if strings.HasPrefix(ref, "git@") || strings.HasPrefix(ref, "git::") || strings.HasPrefix(ref, "ssh://") {
		return true
	}
	u, err := url.Parse(ref)
	if err != nil {
		return false
	}
	q := u.Query()
	if q.Has("ref") || q.Has("version") || q.Has("submodules") || q.Has("timeout") || strings.HasSuffix(u.Path, ".git") {
		return true
	}
	if u.Scheme == "http" || u.Scheme == "https" {
		if strings.Contains(strings.TrimPrefix(u.Path, "/"), "//") {
			return true
		}
		if u.Host == "github.com" || u.Host == "gitlab.com" {
			return !strings.Contains(u.Path, "/releases/download/") && !strings.Contains(u.Path, "/raw/")
		}
		return false
	}
	for _, h := range gitHosts {
		if strings.HasPrefix(ref, h) {
			return true
		}
	}
	return false
}
