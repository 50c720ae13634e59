package source

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/distribution/reference"
)

// openOCI reads oci://REGISTRY/PATH/<label>[:<version>] as the cluster-api-operator
// does: each tag a version, each titled layer a file. Without a tag every tag of the
// repository is a version. Credentials: Options.Registry.Credential, else the operator's
// OCI_* variables for this registry, or the Docker config (through Getenv).
func openOCI(u *url.URL, o Options) (repository.Repository, error) {
	path := strings.TrimPrefix(u.Path, "/")
	if u.Host == "" || path == "" || u.RawQuery != "" || strings.Contains(path, "@") {
		return nil, fmt.Errorf("provider URL %q: %w: want oci://REGISTRY/PATH/<label>[:<version>] (a tag, not a digest)", u.String(), ErrUnsupported)
	}
	ref, err := reference.Parse(u.Host + "/" + path)
	named, ok := ref.(reference.Named)
	if err != nil || !ok {
		return nil, fmt.Errorf("provider URL %q: %w: want oci://REGISTRY/PATH/<label>[:<version>] (%v)", u.String(), ErrUnsupported, err)
	}
	repo, tag := strings.TrimPrefix(named.Name(), u.Host+"/"), ""
	if t, ok := ref.(reference.Tagged); ok {
		tag = t.Tag()
	}
	label := repo[strings.LastIndex(repo, "/")+1:]
	remote := o.Registry
	if remote.Credential == nil {
		cred, err := OCICredentials(o.Getenv, u.Host)
		if err != nil {
			return nil, err
		}
		remote.Credential = cred
	}
	typ, _ := layout.ParseLabel(label)
	if o.Type != "" {
		typ = o.Type
	}
	r := oci.NewReader(remote, u.Host+"/"+repo, tag)
	r.About = repository.Info{Label: label, Version: tag, Components: layout.ComponentsFile(typ)}
	return r, nil
}
