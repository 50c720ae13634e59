package scaffold

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/distribution/reference"
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// contents is what the YAML files of a tree hold, read leniently: templates may be
// YAML only after clusterctl's substitution, so kinds are found line by line.
type contents struct {
	clusters, classes int      // Cluster and ClusterClass objects of cluster.x-k8s.io
	groups            []string // API groups of the CustomResourceDefinitions
	deployments       int
	image             string            // image of the last container named manager
	imageAt           string            // the file holding it (absolute)
	groupAt           map[string]string // group -> the first CRD file serving it (absolute)
	kinds             []string          // the kinds of the documents, first-seen order
}

var (
	docSplit   = regexp.MustCompile(`(?m)^---\s*$`)
	kindLine   = regexp.MustCompile(`(?m)^kind:\s*["']?(\w+)["']?\s*(#.*)?$`)
	apiLine    = regexp.MustCompile(`(?m)^apiVersion:\s*["']?([\w./-]+)`)
	groupLine  = regexp.MustCompile(`(?m)^  group:\s*["']?([\w.-]+)`)
	capiGroups = regexp.MustCompile(`^([a-z]+\.)?cluster\.x-k8s\.io/`)
)

// scan reads every file of the tree.
func scan(r *reader, files []string) contents {
	var c contents
	for _, f := range files {
		data, err := r.read(f)
		if err != nil {
			continue
		}
		for _, doc := range docSplit.Split(string(data), -1) {
			c.addFrom(f, doc)
		}
	}
	return c
}

// addFrom adds one document of file f, remembering where groups and the image are.
func (c *contents) addFrom(f, doc string) {
	groups, image := len(c.groups), c.image
	c.add(doc)
	if len(c.groups) > groups {
		if c.groupAt == nil {
			c.groupAt = map[string]string{}
		}
		if g := c.groups[len(c.groups)-1]; c.groupAt[g] == "" {
			c.groupAt[g] = f
		}
	}
	if c.image != image {
		c.imageAt = f
	}
}

func (c *contents) add(doc string) {
	kind := kindLine.FindStringSubmatch(doc)
	if kind == nil {
		return
	}
	if !slices.Contains(c.kinds, kind[1]) {
		c.kinds = append(c.kinds, kind[1])
	}
	api := ""
	if m := apiLine.FindStringSubmatch(doc); m != nil {
		api = m[1]
	}
	switch {
	case kind[1] == "Cluster" && capiGroups.MatchString(api):
		c.clusters++
	case kind[1] == "ClusterClass" && capiGroups.MatchString(api):
		c.classes++
	case kind[1] == "CustomResourceDefinition":
		if m := groupLine.FindStringSubmatch(doc); m != nil {
			c.groups = append(c.groups, m[1])
		}
	case kind[1] == "Deployment":
		c.deployments++
		if im := managerImage(doc); im != "" {
			c.image = im
		}
	}
}

// managerImage returns the image of the container named manager in a Deployment (or
// a patch of one), or "".
func managerImage(doc string) string {
	dec := yaml.NewDecoder(bytes.NewReader([]byte(doc)))
	var d struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct {
						Name  string `yaml:"name"`
						Image string `yaml:"image"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := dec.Decode(&d); err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	for _, ctr := range d.Spec.Template.Spec.Containers {
		if ctr.Name == "manager" && ctr.Image != "" && !strings.Contains(ctr.Image, "${") {
			return ctr.Image
		}
	}
	return ""
}

// finalImage applies a tree's images: entries (innermost first) to the manager image
// and returns the image name (no tag or digest) the rendered output holds.
func finalImage(t *tree, ref string) string {
	name := releasescript.ImageName(ref)
	for i := len(t.images) - 1; i >= 0; i-- {
		if im := t.images[i]; im.Name == name && im.NewName != "" {
			name = im.NewName
		}
	}
	return name
}

// kindsSummary names the kinds read, for a comment ("no objects" when none).
func (c contents) kindsSummary() string {
	if len(c.kinds) == 0 {
		return "no objects"
	}
	if len(c.kinds) > 4 {
		return strings.Join(c.kinds[:4], ", ") + ", …"
	}
	return strings.Join(c.kinds, ", ")
}

// finalTag is the tag the rendered output gives the manager image: the innermost
// images: entry's newTag for its name, else the reference's own tag ("" for none).
func finalTag(t *tree, ref string) string {
	name, tag := releasescript.ImageName(ref), ""
	if r, err := reference.Parse(ref); err == nil {
		if tagged, ok := r.(reference.Tagged); ok {
			tag = tagged.Tag()
		}
	}
	for i := len(t.images) - 1; i >= 0; i-- {
		if im := t.images[i]; im.Name == name {
			tag = cmp.Or(im.NewTag, tag)
			name = cmp.Or(im.NewName, name)
		}
	}
	return tag
}
