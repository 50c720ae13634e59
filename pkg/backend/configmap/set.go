package configmap

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// fromSet returns the ConfigMaps of every release of set, in set order, each in ns or,
// when ns is "", in its DefaultNamespace. Every release that cannot be one is named in
// a single error, marked publish.Invalid.
func fromSet(set *release.Set, ns string) ([]*ConfigMap, error) {
	var out []*ConfigMap
	var errs []string
	for _, r := range set.Releases {
		cm, err := fromRelease(r, ns)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, cm)
	}
	if len(errs) > 0 {
		return nil, publish.Invalid(fmt.Errorf("%s", strings.Join(errs, "; ")))
	}
	return out, nil
}

func fromRelease(r *release.Release, ns string) (*ConfigMap, error) {
	if ns == "" {
		var err error
		if ns, err = defaultNamespace(r); err != nil {
			return nil, err
		}
	}
	return New(r, ns)
}
