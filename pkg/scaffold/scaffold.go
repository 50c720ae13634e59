// Package scaffold inspects a Cluster API provider's source tree and proposes the
// capirepo.yaml that builds it: components folders and their provider type and name,
// the manager image, metadata.yaml, flavor folders and template files, ClusterClass
// sources, load restrictions and remote resources. It reads files only: nothing is
// rendered, run or downloaded. What it cannot decide it leaves to a commented line.
package scaffold

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"

	"github.com/capirepo/capirepo/pkg/scaffold/releasescript"
)

// Plan is the proposed configuration of one source tree.
type Plan struct {
	Root      string // the inspected folder (absolute)
	Providers []*Provider
	Remote    []string // remote resources the kustomizations name, to pin
	Unplaced  []Entry  // templates no provider could take
	Skipped   []string // components folders of test providers the Makefile does not release
	Oversized []string // files over the size cap (MaxRead), not read (slash paths)
	Charts    []string // Helm chart folders, not read: their templates are Helm's, not clusterctl's
	Unread    []Unread // other files init did not read (special, unreadable), by path
	Checked   string   // what init compared the config with: the release read, or why none was
	maxRead   int64
	s         *treeSurvey
}

// Provider is one proposed providers: entry. Paths are slash paths from Root.
type Provider struct {
	layout.Provider
	TypeNote    string   // why a components folder mixing types got Type ("" when it does not mix)
	Root        string   // the provider's folder ("." for the repository root)
	NameFrom    string   // where the name came from, for the comment
	Components  string   // kustomize folder
	File        string   // components file name the Makefile writes, when not the contract's
	Extra       []Extra  // other components files the Makefile builds (extraComponents)
	Variants    []string // other components folders of the same provider (commented)
	Overlays    []string // components folders loading the main one (an overlay adding what the manager needs)
	Image       string   // manager image name as the components leave it ("" unknown)
	NewName     string   // release image name from the Makefile ("" unknown)
	PullPolicy  string
	Metadata    string // metadata.yaml path ("" when none was found)
	Templates   []Entry
	Commented   []Entry // template sources init could not decide on
	LoadNone    string  // why loadRestrictor: none is needed ("" when not)
	Files       []Entry // commented files: entries
	Remote      []string
	Notes       []string        // what the build cannot do as the Makefile does (file:line named)
	Tag         string          // tagFromVersion: "true", or "trimPrefix" when the release tags images without the v
	Evidence    map[string]Cite // config key -> its evidence: kind, files and lines
	Questions   []Question      // what init asks the maintainer about this provider
	trees       []*tree
	scriptHints *releasescript.Hints
	tagLeft     string // the image tag the components leave
}

// Unread is a file init did not read: its slash path and why.
type Unread struct{ Path, Why string }

// Extra is one extraComponents entry, and the line rendering it.
type Extra struct{ Name, Kustomize, At, Image string }

// Entry is one templates: (or files:) entry with an optional comment.
type Entry struct {
	Flavor       *string
	Kustomize    string
	Path         string
	ClusterClass string
	Comment      string
}

// Inspect reads the tree at root and proposes a configuration. It fails only when the
// folder cannot be read, holds no provider components, or ctx ends.
func Inspect(ctx context.Context, root string) (*Plan, error) {
	return inspect(ctx, root, MaxRead)
}

func inspect(ctx context.Context, root string, max int64) (*Plan, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("inspecting %s: not a folder", root)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real // a root reached through a symbolic link is read as the folder it names, as build reads it
	}
	s, err := survey(ctx, abs, max)
	if err != nil {
		return nil, err
	}
	p := &Plan{Root: abs, maxRead: max, s: s}
	p.Providers, p.Skipped = s.providers()
	if len(p.Providers) == 0 {
		p.unread(s)
		if why := s.refusal(root); why != "" {
			return nil, fmt.Errorf("inspecting %s: no components folder: %s%s", root, why, p.unreadNote())
		}
		return nil, fmt.Errorf("inspecting %s: no components folder found (a kustomization, such as config/default, that loads a Deployment and cluster.x-k8s.io CustomResourceDefinitions)%s; write capirepo.yaml by hand (docs/config.md)", root, p.unreadNote())
	}
	s.oneImage = !slices.ContainsFunc(p.Providers, func(o *Provider) bool { return o.Image != p.Providers[0].Image })
	p.Unplaced = s.placeTemplates(p.Providers)
	for _, pr := range p.Providers {
		s.finish(pr)
		pr.decide()
		for _, r := range pr.Remote {
			if !slices.Contains(p.Remote, r) {
				p.Remote = append(p.Remote, r)
			}
		}
	}
	p.Charts = s.charts
	p.unread(s)
	return p, nil
}

// unread records the files init did not read: over the size cap, or special.
func (p *Plan) unread(s *treeSurvey) {
	for _, b := range s.r.big {
		p.Oversized = append(p.Oversized, s.rel(b))
	}
	for f, why := range s.r.unread {
		p.Unread = append(p.Unread, Unread{s.rel(f), why})
	}
	slices.SortFunc(p.Unread, func(a, b Unread) int { return strings.Compare(a.Path, b.Path) })
}

// unreadNote names the files init did not read, for the refusal of a tree in which
// it found no components: one of them may be the kustomization it looked for.
func (p *Plan) unreadNote() string {
	var out []string
	for _, f := range p.Oversized {
		out = append(out, fmt.Sprintf("%s (larger than %d bytes)", f, p.maxRead))
	}
	for _, u := range p.Unread {
		out = append(out, u.Path+" ("+u.Why+")")
	}
	if len(out) == 0 {
		return ""
	}
	return "; not read: " + strings.Join(out, ", ")
}

// skipDirs are never provider sources: tooling, docs, vendored and test data.
var skipDirs = map[string]bool{".git": true, "vendor": true, "node_modules": true, "bin": true, "out": true,
	"_output": true, "_artifacts": true, "tilt_modules": true, "docs": true, "hack": true, "examples": true,
	"samples": true, "e2e": true, "testdata": true, ".github": true, "dist": true, "tmp": true}

// skip reports folders init does not look into (rel is a slash path from the root).
func skip(rel, name string) bool {
	if skipDirs[name] || (strings.HasPrefix(name, ".") && rel != ".") {
		return true
	}
	if name == "test" || name == "tests" {
		return rel != "test" // test/infrastructure/<x> holds providers (cluster-api's CAPD)
	}
	return strings.HasPrefix(rel, "test/") && !strings.HasPrefix(rel, "test/infrastructure")
}
