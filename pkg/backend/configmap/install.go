package configmap

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// Install is what the operator installs for one provider object from a folder.
type Install struct {
	Provider   string   // "InfrastructureProvider ns/name"
	Where      string   // file:line of the provider object; "" when implied
	Versions   []string // the versions its selector finds, oldest first
	Version    string   // the version it installs: spec.version, else the newest
	ConfigMap  string   // where the installed version's ConfigMap is
	Contract   string   // the contract metadata.yaml declares for the version
	Compressed bool     // the components were gzip-compressed
	Components []byte   `json:"-"` // the components it installs (decompressed)
	Size       int      // the components' size in bytes
}

// Installs reads the folder as the operator does, for each provider object (or, when
// the folder has none, for the objects Providers would write): the ConfigMaps its
// selector finds in its namespace, their version (label, else name) and metadata,
// the version it picks, the release series and contract check, and the components,
// decompressed. A provider object that fetches from a URL or OCI is skipped. Each
// failure names the object and says what the operator would do.
func (c *Contents) Installs() ([]Install, error) {
	var out []Install
	var errs []string
	for _, p := range c.providers() {
		if fc := p.Obj.Spec.FetchConfig; fc != nil && (fc.URL != "" || fc.OCI != "") {
			continue
		}
		in, err := c.install(p)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, *in)
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// providers are the folder's provider objects, or the ones its ConfigMaps imply.
func (c *Contents) providers() []Found[Provider] {
	if len(c.Providers) > 0 {
		return c.Providers
	}
	var cms []*ConfigMap
	for _, f := range c.ConfigMaps {
		cms = append(cms, f.Obj)
	}
	var out []Found[Provider]
	for _, p := range providers(cms) {
		out = append(out, Found[Provider]{Obj: p})
	}
	return out
}

func (c *Contents) install(p Found[Provider]) (*Install, error) {
	in := &Install{Provider: p.Obj.Ref(), Where: p.Where}
	name := in.Provider
	if p.Where != "" {
		name = p.Where + ": " + name
	}
	if p.Obj.Kind == layout.CoreProvider && p.Obj.Metadata.Name != "cluster-api" {
		return nil, fmt.Errorf("%s: the operator's preflight check refuses a CoreProvider not named cluster-api", name)
	}
	found, err := c.selected(p.Obj)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for v := range found {
		in.Versions = append(in.Versions, v)
	}
	sortedVersions(in.Versions)
	in.Version = p.Obj.Spec.Version
	if in.Version == "" {
		in.Version = Newest(in.Versions)
	}
	cm, ok := found[in.Version]
	if !ok {
		return nil, fmt.Errorf("%s: spec.version %s has no ConfigMap among those its selector finds (%s)", name, in.Version, strings.Join(in.Versions, ", "))
	}
	if err := in.read(cm); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return in, nil
}

// read checks metadata and components of the chosen version as phase_load.go does.
func (in *Install) read(cm Found[ConfigMap]) error {
	in.ConfigMap = cm.Where + " " + cm.Obj.Ref()
	md, err := metadata.Parse(cm.Where+" data.metadata", []byte(cm.Obj.Data[KeyMetadata]))
	if err != nil {
		return err
	}
	s := md.SeriesFor(layout.NamedVersion(in.Version))
	if s == nil {
		return fmt.Errorf("%s: version %s does not match any release series of its metadata: the operator refuses it (invalid provider metadata)", in.ConfigMap, in.Version)
	}
	if !layout.Installable(s.Contract) {
		return fmt.Errorf("%s: version %s declares contract %s: the operator installs only v1beta1 and v1beta2 providers", in.ConfigMap, in.Version, s.Contract)
	}
	in.Contract, in.Compressed = s.Contract, cm.Obj.Compressed()
	in.Components, err = Components(cm.Obj)
	in.Size = len(in.Components)
	if err != nil {
		return fmt.Errorf("%s: %w", in.ConfigMap, err)
	}
	return nil
}
