package config

import (
	"regexp"

	"github.com/distribution/reference"
	"github.com/opencontainers/go-digest"
)

// validate checks one components.images entry: the kustomize override it becomes
// must name an image, a tag and a digest that a registry can serve.
func (im Image) validate(field string) []problem {
	var errs []problem
	if im.Name == "" {
		errs = append(errs, at(field+".name", "missing: name the image to replace, as the kustomization writes it"))
	}
	if im.TagFromVersion.Set() && (im.NewTag != "" || im.Digest != "") {
		errs = append(errs, at(field+".tagFromVersion", "excludes newTag and digest; remove one of them"))
	}
	if im.NewName != "" {
		if err := imageName(im.NewName); err != "" {
			errs = append(errs, at(field+".newName", "%q is not an image name (%s); write registry/repository without tag or digest", im.NewName, err))
		}
	}
	if im.NewTag != "" && !imageTag.MatchString(im.NewTag) {
		errs = append(errs, at(field+".newTag", "%q is not an image tag; use letters, digits, '_', '.' and '-' (at most 128, not starting with '.' or '-')", im.NewTag))
	}
	if im.Digest != "" {
		if _, err := digest.Parse(im.Digest); err != nil {
			errs = append(errs, at(field+".digest", "%q is not a digest (%v); write sha256:<64 hex digits>", im.Digest, err))
		}
	}
	return errs
}

// imageTag is an OCI tag, anchored (reference.TagRegexp is not).
var imageTag = regexp.MustCompile(`^[\w][\w.-]{0,127}$`)

// imageName says why s is no plain image name ("" when it is one).
func imageName(s string) string {
	ref, err := reference.Parse(s)
	if err != nil {
		return err.Error()
	}
	if _, ok := ref.(reference.Tagged); ok {
		return "it has a tag: put it in newTag"
	}
	if _, ok := ref.(reference.Digested); ok {
		return "it has a digest: put it in digest"
	}
	return ""
}
