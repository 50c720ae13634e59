package configmap

import (
	"fmt"
	"sort"

	"sigs.k8s.io/yaml"
)

// File is one YAML file of an operator folder.
type File struct {
	Name string
	Data []byte
}

// The file names sort in the order `kubectl apply -f DIR` must create the objects:
// namespaces, then ConfigMaps, then the provider objects that read them.
const (
	namespacePrefix = "00-namespace-"
	configMapPrefix = "10-configmap-"
	providerPrefix  = "20-provider-"
)

// configMapFile is the file name of a ConfigMap in a folder.
func configMapFile(cm *ConfigMap) string { return configMapPrefix + cm.Metadata.Name + ".yaml" }

// providerFile is the file name of a provider object in a folder.
func providerFile(p *Provider) string {
	return providerPrefix + p.Spec.FetchConfig.Selector.MatchLabels[LabelType] + "-" + p.Metadata.Name + ".yaml"
}

// folder collects files and refuses two of one name.
type folder struct {
	files []File
	seen  map[string]bool
}

// Render returns the folder for cms: one file per ConfigMap, one per namespace and one
// per provider object (Providers), sorted by name. The same ConfigMaps always give the
// same bytes. A provider in two namespaces is refused: one folder holds one
// installation.
func Render(cms []*ConfigMap) ([]File, error) {
	f := &folder{seen: map[string]bool{}}
	namespaces := map[string]bool{}
	for _, cm := range cms {
		namespaces[cm.Metadata.Namespace] = true
		if err := f.add(configMapFile(cm), cm.Ref(), cm); err != nil {
			return nil, err
		}
	}
	for ns := range namespaces {
		if err := f.add(namespacePrefix+ns+".yaml", "Namespace "+ns, namespaceObject(ns)); err != nil {
			return nil, err
		}
	}
	for _, p := range providers(cms) {
		if err := f.add(providerFile(p), p.Ref(), p); err != nil {
			return nil, err
		}
	}
	sort.Slice(f.files, func(i, j int) bool { return f.files[i].Name < f.files[j].Name })
	return f.files, nil
}

func (f *folder) add(name, ref string, obj any) error {
	if f.seen[name] {
		return fmt.Errorf("%s: %s is written twice (one provider in two namespaces?): write one folder per installation", ref, name)
	}
	f.seen[name] = true
	data, err := yaml.Marshal(obj)
	if err != nil {
		return fmt.Errorf("%s: %w", ref, err)
	}
	f.files = append(f.files, File{Name: name, Data: data})
	return nil
}
