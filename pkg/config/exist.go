package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/kustomize/api/konfig"
)

// CheckInputs checks that every input path of every provider is there and of the
// kind its field names (a kustomize folder, a file), each problem at the field's
// line. It is the build's first step: Load checks only how the config is written.
func (c *Config) CheckInputs() error {
	var errs []string
	for i := range c.Providers {
		p := &c.Providers[i]
		for _, in := range p.inputs() {
			if msg := c.inputProblem(in); msg != "" {
				errs = append(errs, c.At(p, in.field)+": "+msg)
			}
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

func (c *Config) inputProblem(in input) string {
	fi, err := os.Stat(c.Abs(in.path))
	switch {
	case errors.Is(err, os.ErrNotExist):
		return in.path + " does not exist (paths are relative to the folder holding " + filepath.Base(c.File) + "); fix the path"
	case err != nil:
		return err.Error()
	case in.either:
		return ""
	case in.folder && !fi.IsDir():
		return in.path + " is a file, not a kustomize folder; name the folder holding kustomization.yaml, or use file:"
	case in.folder && !hasKustomization(c.Abs(in.path)):
		return in.path + " has no kustomization.yaml; point it at a kustomize folder"
	case !in.folder && fi.IsDir() && strings.HasPrefix(in.field, "files["):
		return in.path + " is a folder: files: lists single files; ship a folder's templates with templates: - path: " + in.path
	case !in.folder && fi.IsDir():
		return in.path + " is a folder, not a file; name a file"
	}
	return ""
}

func hasKustomization(dir string) bool {
	for _, n := range konfig.RecognizedKustomizationFileNames() {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}
