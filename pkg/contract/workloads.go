package contract

import (
	"github.com/distribution/reference"
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// podSpec returns spec.template.spec of a Deployment or DaemonSet, else nil.
func podSpec(d manifest.Doc) *yaml.Node {
	if d.Obj.Group() != "apps" {
		return nil
	}
	if k := d.Obj.Kind(); k != "Deployment" && k != "DaemonSet" {
		return nil
	}
	return at(d.Node, "spec", "template", "spec")
}

func hasManager(d manifest.Doc) bool {
	for _, c := range items(child(podSpec(d), "containers")) {
		if text(child(c, "name")) == "manager" {
			return true
		}
	}
	return false
}

// checkManagers: one Deployment must run a container named manager; with several
// Deployments, those without one are only warned about (helpers are allowed).
func checkManagers(s *scan) lint.Findings {
	var deps []manifest.Doc
	found := false
	for _, d := range s.in.Docs {
		if d.Obj.Kind() == "Deployment" && podSpec(d) != nil {
			deps = append(deps, d)
			found = found || hasManager(d)
		}
	}
	r, msg := ruleManager, "no container is named \"manager\" (the contract says MUST); clusterctl installs the release but init --wait-providers does not wait for this Deployment; name the controller container manager"
	if found {
		r, msg = ruleManagerExtra, "no container is named \"manager\", so clusterctl init --wait-providers does not wait for this Deployment; if it runs a controller, name that container manager"
	}
	var out lint.Findings
	for _, d := range deps {
		if !hasManager(d) {
			out = append(out, report(r, s.in.File, d, d.LineOf("spec", "template", "spec", "containers"), "%s", msg))
		}
	}
	return out
}

// checkImages parses every container and initContainer image of Deployments and
// DaemonSets the way clusterctl does.
func checkImages(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		spec := podSpec(d)
		for _, list := range []string{"containers", "initContainers"} {
			for _, c := range items(child(spec, list)) {
				if f, bad := checkImage(s.in.File, d, c); bad {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

func checkImage(file string, d manifest.Doc, c *yaml.Node) (lint.Finding, bool) {
	n := child(c, "image")
	img, name := text(n), text(child(c, "name"))
	if hasVariable(img) {
		return report(ruleImageVariable, file, d, lineOr(n, c.Line),
			"container %q image %q contains a variable, which clusterctl cannot parse before substitution (\"invalid reference format\"); write the full image and let users override it with clusterctl's images configuration", name, img), true
	}
	ref, err := reference.ParseNamed(img)
	if err != nil {
		return report(ruleImageName, file, d, lineOr(n, c.Line),
			"container %q image %q cannot be parsed by clusterctl (%v); write a fully qualified reference such as docker.io/library/busybox:1.36", name, img, err), true
	}
	if tag, moving := movingTag(ref); moving {
		return report(ruleImageMovingTag, file, d, lineOr(n, c.Line),
			"container %q image %q is on %s, which moves: the release installs whatever it points at when a node pulls; set the tag from the release version (tagFromVersion: true) or pin newTag or digest in capirepo.yaml", name, img, tag), true
	}
	return lint.Finding{}, false
}

// movingTags are tags that name a branch or a channel, not a release.
var movingTags = map[string]bool{"latest": true, "main": true, "master": true, "dev": true, "develop": true, "nightly": true, "edge": true}

// movingTag says whether a reference without a digest is on a moving tag (or none).
func movingTag(ref reference.Named) (string, bool) {
	if _, pinned := ref.(reference.Digested); pinned {
		return "", false
	}
	tagged, ok := ref.(reference.Tagged)
	if !ok {
		return "no tag (latest)", true
	}
	return ":" + tagged.Tag(), movingTags[tagged.Tag()]
}
