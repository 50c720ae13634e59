package publish

import (
	"fmt"
	"sync"

	"github.com/capirepo/capirepo/pkg/release"
)

// Action is what the plan does with one file.
type Action string

const (
	Skip    Action = "skip"    // identical content is there
	Put     Action = "put"     // nothing is there
	Replace Action = "replace" // different content is there and may be replaced
	Refuse  Action = "refuse"  // different content is there and stays
)

// Step is the plan for one file of one release.
type Step struct {
	Release *release.Release
	File    *release.File
	Action  Action
	Detail  string // why, for the report
	done    bool
}

// Version names the step's release version.
func (s *Step) Version() Version { return Version{s.Release.Label(), s.Release.Version.String()} }

// Writes reports whether the step changes the destination.
func (s *Step) Writes() bool { return s.Action == Put || s.Action == Replace }

// Plan is every step of one run, in set order (releases, then files by name). It is
// the one value a run passes around: the set, what the destination read (State, with
// the destination's snapshot), the policy, the steps and what Apply noticed.
type Plan struct {
	Set    *release.Set
	State  State
	Policy Policy
	Steps  []*Step
	mu     sync.Mutex
	notes  []string

	onProgress     ProgressFunc // from Publish's context (WithProgress)
	written, total int64        // bytes of the writing steps done, of all of them
}

// NewPlan decides every file of set against st under pol. It reads nothing.
func NewPlan(set *release.Set, st State, pol Policy) *Plan {
	p := &Plan{Set: set, State: st, Policy: pol}
	for _, r := range set.Releases {
		h := st.Held[Version{r.Label(), r.Version.String()}]
		for i := range r.Files {
			f := &r.Files[i]
			a, why := decide(f, h, pol)
			p.Steps = append(p.Steps, &Step{Release: r, File: f, Action: a, Detail: why})
		}
	}
	return p
}

func decide(f *release.File, h *Held, pol Policy) (Action, string) {
	if h == nil {
		return Put, ""
	}
	got, ok := h.Files[f.Name]
	want := f.SHA256()
	switch {
	case ok && got == want:
		return Skip, ""
	case !h.Sealed && ok:
		return Replace, "left different by an unfinished earlier run (sha256 " + short(got) + ")"
	case !h.Sealed:
		return Put, ""
	case h.Immutable && ok:
		return Refuse, fmt.Sprintf("the published version is immutable and holds sha256 %s, this build %s", short(got), short(want))
	case h.Immutable:
		return Refuse, "the published version is immutable and does not have this file"
	case !ok && pol.Replace:
		return Put, "new in the published version"
	case !ok:
		return Refuse, "not in the published version"
	case pol.Replace:
		return Replace, "was sha256 " + short(got)
	}
	return Refuse, fmt.Sprintf("content differs: published sha256 %s, this build %s", short(got), short(want))
}

// VersionSteps are the steps of one release.
type VersionSteps struct {
	Release *release.Release
	Held    *Held // nil when the destination has nothing of this version
	Steps   []*Step
}

// Writes reports whether any step of the version changes the destination.
func (v VersionSteps) Writes() bool {
	for _, s := range v.Steps {
		if s.Writes() {
			return true
		}
	}
	return false
}

// ByVersion groups the steps per release, in set order.
func (p *Plan) ByVersion() []VersionSteps {
	var out []VersionSteps
	idx := map[*release.Release]int{}
	for _, s := range p.Steps {
		i, ok := idx[s.Release]
		if !ok {
			i = len(out)
			idx[s.Release] = i
			out = append(out, VersionSteps{Release: s.Release, Held: p.State.Held[s.Version()]})
		}
		out[i].Steps = append(out[i].Steps, s)
	}
	return out
}

// Done marks a step as carried out; destinations call it as each file lands (safe
// from several goroutines).
func (p *Plan) Done(s *Step) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !s.done {
		s.done = true
		p.progress(s)
	}
}

// DoneVersion marks every writing step of a version as carried out.
func (p *Plan) DoneVersion(v VersionSteps) {
	for _, s := range v.Steps {
		if s.Writes() {
			p.Done(s)
		}
	}
}

// Note records something Apply noticed for the user (a tag GitHub will create, stale
// copies left alone); Publish adds the notes to the report of a successful run.
// Safe from several goroutines.
func (p *Plan) Note(msg string) {
	p.mu.Lock()
	p.notes = append(p.notes, msg)
	p.mu.Unlock()
}
