package configmap

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Found is an object read from a folder, with where it was.
type Found[T any] struct {
	Obj   *T
	Where string // "file:line"
	File  string // the file it is in
}

// Contents is what a folder holds for the operator.
type Contents struct {
	ConfigMaps []Found[ConfigMap]
	Providers  []Found[Provider]
	Namespaces []string
	Other      []string // other objects, by where they are: the operator ignores them
}

// ReadDir reads the files `kubectl apply -f DIR` would: *.yaml, *.yml and *.json
// directly in dir, in name order (hidden files, such as staged writes, aside).
func ReadDir(dir string) (*Contents, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	c := &Contents{}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || ext != ".yaml" && ext != ".yml" && ext != ".json" {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := fsx.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := c.Parse(path, data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Parse adds the objects of one YAML file.
func (c *Contents) Parse(file string, data []byte) error {
	docs, err := manifest.Split(data)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	for _, d := range docs {
		if err := c.add(file, fmt.Sprintf("%s:%d", file, d.Line), d.Obj); err != nil {
			return err
		}
	}
	return nil
}

func (c *Contents) add(file, where string, o manifest.Object) error {
	switch {
	case o == nil:
		return fmt.Errorf("%s: the document is not a Kubernetes object", where)
	case o.APIVersion() == "v1" && o.Kind() == "ConfigMap":
		cm := &ConfigMap{}
		if err := decode(where, o, cm); err != nil {
			return err
		}
		c.ConfigMaps = append(c.ConfigMaps, Found[ConfigMap]{cm, where, file})
	case o.APIVersion() == OperatorAPIVersion && layout.OperatorType(layout.Type(o.Kind())) != "":
		return c.addProvider(file, where, o)
	case o.APIVersion() == "v1" && o.Kind() == "Namespace":
		c.Namespaces = append(c.Namespaces, o.Name())
	default:
		c.Other = append(c.Other, where+" "+o.Ref())
	}
	return nil
}

func (c *Contents) addProvider(file, where string, o manifest.Object) error {
	if o.Get("spec", "fetchConfig", "selector", "matchExpressions") != nil {
		return fmt.Errorf("%s: %s selects ConfigMaps with matchExpressions, which capirepo does not evaluate: use matchLabels", where, o.Ref())
	}
	p := &Provider{}
	if err := decode(where, o, p); err != nil {
		return err
	}
	if p.Metadata.Namespace == "" {
		return fmt.Errorf("%s: %s has no namespace: the operator lists its ConfigMaps in its own namespace, so set metadata.namespace", where, o.Ref())
	}
	c.Providers = append(c.Providers, Found[Provider]{p, where, file})
	return nil
}

// decode fills a typed object from a decoded document, as the API server would read it.
func decode(where string, o manifest.Object, into any) error {
	data, err := json.Marshal(map[string]any(o))
	if err == nil {
		err = json.Unmarshal(data, into)
	}
	if err != nil {
		return fmt.Errorf("%s: %s is not a valid %s: %v", where, o.Ref(), o.Kind(), strings.TrimPrefix(err.Error(), "json: "))
	}
	return nil
}

// sortedVersions sorts version strings by SemVer, oldest first.
func sortedVersions(vs []string) {
	sort.SliceStable(vs, func(i, j int) bool { return Newest([]string{vs[i], vs[j]}) == vs[j] && vs[i] != vs[j] })
}
