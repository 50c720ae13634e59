package yamlsuite

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// reading is what one reader made of a text.
type reading struct {
	failed bool
	msg    string
	line   int      // the error's line
	objs   []string // each object as JSON (nil for a reader that gives verdicts only)
}

type reader struct {
	name string
	lint bool // a verdict lint reports (yaml-parse): any disagreement fails the run
	read func([]byte) reading
}

var readers = []reader{
	{"split", false, func(b []byte) reading { d, err := manifest.Split(b); return docsReading(d, err) }},
	{"split-slim", false, func(b []byte) reading {
		d, err := manifest.SplitWith(b, manifest.Options{Slim: contract.SlimPaths()})
		r := docsReading(d, err)
		r.objs = nil
		return r
	}},
	{"outline", false, func(b []byte) reading {
		o, err := manifest.SplitOutline(b)
		r := errReading(err)
		if err == nil {
			for _, x := range o {
				if _, perr := parseSchemas(x); perr != nil {
					return errReading(perr)
				}
			}
		}
		return r
	}},
	{"clusterctl-reader", true, reference}, // manifest.ReadClusterctl, with its fast path
	{"lint-components", true, lintAs("infrastructure-components.yaml")},
	{"lint-template", true, lintAs("cluster-template.yaml")},
	{"lint-clusterclass", true, lintAs("clusterclass-x.yaml")},
}

func parseSchemas(o manifest.Outline) (any, error) {
	for _, s := range o.Schemas {
		if _, err := s.Parse(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

func errReading(err error) reading {
	if err == nil {
		return reading{}
	}
	r := reading{failed: true, msg: err.Error()}
	if e, ok := err.(*manifest.Error); ok {
		r.line, r.msg = e.Line, e.Msg
	}
	return r
}

func docsReading(docs []manifest.Doc, err error) reading {
	r := errReading(err)
	for _, d := range docs {
		if d.Obj == nil {
			r.objs = append(r.objs, "<not a mapping>")
			continue
		}
		r.objs = append(r.objs, asJSON(withoutSchemas(map[string]any(d.Obj))))
	}
	return r
}

func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// lintAs is lint's verdict on the text as one file of a release.
func lintAs(file string) func([]byte) reading {
	return func(b []byte) reading {
		r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "foo"}, Version: layout.NamedVersion("v0.1.0"),
			ComponentsFile: "infrastructure-components.yaml", Files: []release.File{{Name: file, Data: b}}}
		for _, f := range check.Release(r, check.Options{Partial: true}) {
			if f.Rule == "yaml-parse" {
				return reading{failed: true, msg: f.Message, line: f.Line}
			}
		}
		return reading{}
	}
}

func reference(b []byte) reading {
	docs, err := manifest.ReadClusterctl(b)
	r := errReading(err)
	for _, d := range docs {
		r.objs = append(r.objs, asJSON(withoutSchemas(d.Obj)))
	}
	return r
}

type class struct {
	n       int
	example string
	lint    bool
}

type tally struct {
	classes     map[string]*class
	comparisons int
	out         io.Writer
}

// compare reads text with every reader and records how each differs from
// clusterctl's reader (toUnstructured); an error's line is compared with
// manifest.ReadClusterctl's, which lint reports.
func (t *tally) compare(id, place, text string) {
	data := []byte(text)
	want, lines := safeRead(toUnstructured, data), safeRead(reference, data)
	want.line = lines.line
	for _, r := range readers {
		got := safeRead(r.read, data)
		t.comparisons++
		if k := differs(got, want, r.lint); k != "" {
			t.add(r.name+" | "+place+" | "+k, id, r.lint)
		}
	}
}

// safeRead turns a panic into a reading, so one case cannot stop the run.
func safeRead(f func([]byte) reading, b []byte) (r reading) {
	defer func() {
		if p := recover(); p != nil {
			r = reading{failed: true, msg: fmt.Sprintf("PANIC %v", p)}
		}
	}()
	return f(b)
}

var specifics = regexp.MustCompile(`'[^']*'|"[^"]*"|` + "`[^`]*`" + `|\d+|\{.*\}|\[.*\]`)

// differs names what differs: the verdict (with the failing side's reason), the
// error line, or the objects.
func differs(got, want reading, lintReader bool) string {
	switch {
	case got.failed && !want.failed:
		return "verdict: clusterctl reads it, this reader fails: " + reason(got.msg)
	case !got.failed && want.failed:
		return "verdict: clusterctl fails (" + reason(want.msg) + "), this reader reads it"
	case got.failed && lintReader && got.line != want.line:
		return fmt.Sprintf("line: %s", reason(want.msg))
	case !got.failed && got.objs != nil && strings.Join(got.objs, "\n") != strings.Join(want.objs, "\n"):
		return "objects: " + objectReason(got.objs, want.objs)
	}
	return ""
}

func reason(msg string) string {
	if i := strings.Index(msg, "invalid Yaml document separator"); i >= 0 {
		return "invalid Yaml document separator"
	}
	msg = strings.TrimPrefix(msg, "error converting YAML to JSON: ")
	msg = strings.TrimPrefix(msg, "error unmarshaling JSON: while decoding JSON: ")
	msg = strings.TrimPrefix(msg, "yaml: ")
	msg = regexp.MustCompile(`^line \d+: `).ReplaceAllString(msg, "")
	msg = strings.TrimPrefix(msg, "document ")
	if i := strings.Index(msg, ": "); i >= 0 && i < 4 {
		msg = msg[i+2:]
	}
	msg = strings.SplitN(msg, ": clusterctl cannot read", 2)[0]
	return specifics.ReplaceAllString(msg, "…")
}

// objectReason guesses why objects differ, for the report's grouping.
func objectReason(got, want []string) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d documents, clusterctl %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return "first differing document: " + clip(got[i]) + " vs clusterctl " + clip(want[i])
		}
	}
	return ""
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func (t *tally) add(key, id string, lint bool) {
	c := t.classes[key]
	if c == nil {
		c = &class{example: id, lint: lint}
		t.classes[key] = c
	}
	c.n++
}

// report prints the classes, lint's first, and returns the exit code.
func (t *tally) report(cases int) int {
	keys := make([]string, 0, len(t.classes))
	for k := range t.classes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	bad := 0
	for _, lintFirst := range []bool{true, false} {
		for _, k := range keys {
			if c := t.classes[k]; c.lint == lintFirst {
				fmt.Fprintf(t.out, "%5d  %s  (e.g. %s)\n", c.n, k, c.example)
				if c.lint {
					bad += c.n
				}
			}
		}
	}
	fmt.Fprintf(t.out, "%d cases, %d placements, %d comparisons; %d disagreements in what lint reports\n", cases, len(placements), t.comparisons, bad)
	if bad > 0 {
		return 1
	}
	return 0
}
