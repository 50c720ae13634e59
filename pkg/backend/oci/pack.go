package oci

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/opencontainers/go-digest"
	"github.com/opencontainers/image-spec/specs-go"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// PackOptions are the values an artifact records besides the files.
type PackOptions struct {
	Source  string    // org.opencontainers.image.source (the provider's repository URL)
	Created time.Time // org.opencontainers.image.created; zero leaves it out (never the clock)
	// CreatedFor, when set, gives a version's creation time (e.g. its tag's commit);
	// a zero answer falls back to Created.
	CreatedFor func(version string) time.Time
}

// created is the creation time of version.
func (o PackOptions) created(version string) time.Time {
	if o.CreatedFor != nil {
		if t := o.CreatedFor(version); !t.IsZero() {
			return t
		}
	}
	return o.Created
}

// Artifact is one packed manifest with its blobs, ready to push. Same inputs give the
// same bytes, so the same digest.
type Artifact struct {
	Tag      string
	Manifest []byte
	Desc     ocispec.Descriptor
	Blobs    map[digest.Digest][]byte // the empty config and every layer
	Layers   []Layer                  // in manifest order
}

// Layer is one file of the artifact.
type Layer struct {
	Title string
	Desc  ocispec.Descriptor
}

// named is a file under the title it gets in the artifact.
type named struct {
	title string
	data  []byte
}

// packRelease builds the artifact of one release, tagged with its version. Runtime-extension
// releases get the extra runtimeextension-components.yaml layer (the same blob).
func packRelease(rel *release.Release, opts PackOptions) (*Artifact, error) {
	if err := rel.Validate(); err != nil {
		return nil, err
	}
	var files []named
	for _, f := range rel.Files {
		files = append(files, named{f.Name, f.Data})
	}
	if rel.Type == layout.RuntimeExtensionProvider && rel.File(RuntimeExtensionAlias) == nil {
		files = append(files, named{RuntimeExtensionAlias, rel.File(rel.ComponentsFile).Data})
	}
	ann := annotations(rel.Label(), rel.Version.String(), layout.TypeFlag(rel.Type), rel.Name, opts)
	return pack(rel.Version.String(), files, ann)
}

// packBundle builds one artifact holding several releases under the operator's full file
// names, tagged tag (a version).
func packBundle(name, tag string, rels []*release.Release, opts PackOptions) (*Artifact, error) {
	if _, err := layout.ParseVersion(tag); err != nil {
		return nil, fmt.Errorf("bundle %s tag: %w", name, err)
	}
	if len(rels) == 0 {
		return nil, fmt.Errorf("bundle %s: no providers", name)
	}
	var files []named
	var types, names []string
	for _, rel := range rels {
		if err := rel.Validate(); err != nil {
			return nil, err
		}
		files = append(files, bundleFiles(rel)...)
		types = append(types, layout.TypeFlag(rel.Type))
		names = append(names, rel.Name)
	}
	ann := annotations(name, tag, strings.Join(types, ","), strings.Join(names, ","), opts)
	return pack(tag, files, ann)
}

// bundleFiles names a release's files as the operator looks for them in a bundle.
func bundleFiles(rel *release.Release) []named {
	var out []named
	for _, f := range rel.Files {
		out = append(out, named{bundleTitle(rel, f.Name), f.Data})
	}
	return out
}

// bundleTitle is a file's layer title in a bundle: <type>-<name>-<version>-metadata.yaml,
// ...-components.yaml for the main components file, ...-<file name> for the others.
func bundleTitle(rel *release.Release, file string) string {
	suffix := file
	if file == rel.ComponentsFile {
		suffix = layout.OperatorComponentsFile
	}
	return fullName(rel.Type, rel.Name, rel.Version.String(), suffix)
}

func annotations(title, version, typ, name string, opts PackOptions) map[string]string {
	ann := map[string]string{
		AnnotationTitle:        title,
		AnnotationVersion:      version,
		AnnotationProviderType: typ,
		AnnotationProviderName: name,
	}
	if opts.Source != "" {
		ann[AnnotationSource] = opts.Source
	}
	if t := opts.created(version); !t.IsZero() {
		ann[AnnotationCreated] = t.UTC().Format(time.RFC3339)
	}
	return ann
}

// tagPattern is the OCI distribution spec's tag grammar.
var tagPattern = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$`)

// pack lays the files out as layers sorted by title and encodes the manifest.
func pack(tag string, files []named, ann map[string]string) (*Artifact, error) {
	if !tagPattern.MatchString(tag) {
		return nil, fmt.Errorf("version %s cannot be an OCI tag (letters, digits, '_', '.' and '-' only: no '+' build metadata); publish a version without it", tag)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].title < files[j].title })
	a := &Artifact{Tag: tag, Blobs: map[digest.Digest][]byte{}}
	a.Blobs[ocispec.DescriptorEmptyJSON.Digest] = ocispec.DescriptorEmptyJSON.Data
	m := ocispec.Manifest{
		Versioned:    specs.Versioned{SchemaVersion: 2},
		MediaType:    ocispec.MediaTypeImageManifest,
		ArtifactType: ArtifactType,
		Config:       ocispec.DescriptorEmptyJSON,
		Annotations:  ann,
		Layers:       []ocispec.Descriptor{},
	}
	for i, f := range files {
		if i > 0 && files[i-1].title == f.title {
			return nil, fmt.Errorf("artifact %s: two files named %s", tag, f.title)
		}
		d := ocispec.Descriptor{MediaType: FileMediaType, Digest: digest.FromBytes(f.data),
			Size: int64(len(f.data)), Annotations: map[string]string{AnnotationTitle: f.title}}
		a.Blobs[d.Digest] = f.data
		a.Layers = append(a.Layers, Layer{f.title, d})
		m.Layers = append(m.Layers, d)
	}
	return a.encode(m)
}

func (a *Artifact) encode(m ocispec.Manifest) (*Artifact, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encoding manifest %s: %w", a.Tag, err)
	}
	a.Manifest = b
	a.Desc = ocispec.Descriptor{MediaType: ocispec.MediaTypeImageManifest, ArtifactType: ArtifactType,
		Digest: digest.FromBytes(b), Size: int64(len(b))}
	return a, nil
}
