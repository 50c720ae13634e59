package install

import (
	"fmt"
	"github.com/capirepo/capirepo/pkg/fsx"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/variables"
	"sigs.k8s.io/yaml"
)

// KubernetesVersion is the KUBERNETES_VERSION templates get unless --values sets it:
// the control plane's own version.
const KubernetesVersion = "v1.35.4"

// ReadValues reads a --values file: a YAML map of variable names to scalar values.
func ReadValues(path string) (map[string]string, error) {
	if path == "" {
		return map[string]string{}, nil
	}
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, missing("--values: %v", err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, missing("%s: %v (a map of NAME: value)", path, err)
	}
	out := map[string]string{}
	for k, v := range raw {
		if _, ok := v.(map[string]any); ok {
			return nil, missing("%s: %s: a variable's value is a scalar", path, k)
		}
		out[k] = fmt.Sprint(v)
	}
	return out, nil
}

// Values returns the variables the flavor of template is generated with: --values
// first, then, for each variable it or a ClusterClass requires with no default, a
// placeholder the CRD's schema of the field it fills accepts (schemas; enum, format,
// type, maxLength), else of the type its name says; notes name every placeholder used.
func Values(files map[string][]byte, template string, given map[string]string, schemas Schemas) (map[string]string, []string, error) {
	out := map[string]string{"KUBERNETES_VERSION": KubernetesVersion}
	for k, v := range given {
		out[k] = v
	}
	var notes []string
	for _, name := range sortedNames(files) {
		if name != template && layout.FileKind(name) != layout.KindClusterClass {
			continue
		}
		if err := placeholders(out, &notes, name, name, files[name], schemas); err != nil {
			return nil, nil, err
		}
	}
	return out, notes, nil
}

// InitValues returns the variables clusterctl init and upgrade run with: --values,
// then a placeholder for each variable the components of a release require with no
// default (clusterctl refuses to install them unset, as it does for every user who
// has not set them: that is no fault of the release); notes name each placeholder.
func InitValues(rs []Release, given map[string]string) (map[string]string, []string, error) {
	out := map[string]string{}
	for k, v := range given {
		out[k] = v
	}
	var notes []string
	for i, r := range rs {
		file := componentsFile(r)
		data, ok := r.Files[file]
		if !ok {
			continue
		}
		where := file
		if i > 0 {
			where = r.Version + "/" + file
		}
		if err := placeholders(out, &notes, file, where, data, nil); err != nil {
			return nil, nil, err
		}
	}
	return out, notes, nil
}

// placeholders sets a placeholder in out for each variable of file that is required
// and not set (one its schema accepts where schemas know the field), with a note
// naming where.
func placeholders(out map[string]string, notes *[]string, file, where string, data []byte, schemas Schemas) error {
	fv, err := variables.Collect(file, data)
	if err != nil {
		return err
	}
	made := map[string]bool{}
	for _, v := range fv.Vars {
		if _, set := out[v.Name]; !set && v.Required {
			made[v.Name] = true
		}
	}
	fits := schemas.fits(data, made)
	for _, v := range fv.Vars {
		if !made[v.Name] {
			continue
		}
		delete(made, v.Name) // a variable used twice is noted once
		out[v.Name] = Placeholder(v.Name)
		why := ""
		if f, ok := fits[v.Name]; ok {
			out[v.Name], why = f.value, ", "+f.why
		}
		*notes = append(*notes, fmt.Sprintf("%s: %s=%s (a placeholder%s: set it with --values)", where, v.Name, out[v.Name], why))
	}
	return nil
}

// Placeholder is a value of the type a variable's name suggests.
func Placeholder(name string) string {
	n := strings.ToUpper(name)
	switch {
	case strings.HasSuffix(n, "_COUNT") || strings.HasSuffix(n, "_REPLICAS") || strings.HasSuffix(n, "_PORT") || strings.HasSuffix(n, "_SIZE"):
		return "1"
	case strings.HasSuffix(n, "_VERSION"):
		return KubernetesVersion
	case strings.HasSuffix(n, "_CIDR") || strings.Contains(n, "CIDR_BLOCK"):
		return "10.0.0.0/16"
	case strings.HasPrefix(n, "ENABLE_") || strings.HasSuffix(n, "_ENABLED") || strings.HasPrefix(n, "EXP_"):
		return "false"
	case strings.Contains(n, "B64") || strings.Contains(n, "BASE64"): // AWS_B64ENCODED_CREDENTIALS
		return "cGxhY2Vob2xkZXI="
	}
	return "placeholder"
}

// sortedNames returns a map's keys in order.
func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
