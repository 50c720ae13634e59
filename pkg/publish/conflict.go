package publish

import (
	"fmt"
	"strings"
)

// Conflict returns one error naming every refused version and file, wrapping
// ErrConflict, or nil when nothing is refused.
func (p *Plan) Conflict(dest string) error {
	var parts []string
	for _, v := range p.ByVersion() {
		var files []string
		for _, s := range v.Steps {
			if s.Action == Refuse {
				files = append(files, s.File.Name+" ("+s.Detail+")")
			}
		}
		if len(files) > 0 {
			parts = append(parts, v.Release.String()+": "+join(files))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s already holds different content for %s; nothing was changed: publish a new version, or replace it (--replace; --force for publish local) if nobody can have downloaded it",
		ErrConflict, dest, strings.Join(parts, "; "))
}

// record adds one action per step to the report, and the extra files as notes.
func (p *Plan) record(rep *Report) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.Steps {
		rep.Add(s.Release.String(), s.File.Name, p.outcome(s), s.Detail)
	}
	for _, v := range p.ByVersion() {
		if v.Held != nil && len(v.Held.Extra) > 0 {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s also holds files this build does not have, left alone: %s", v.Release, join(v.Held.Extra)))
		}
	}
}

func (p *Plan) outcome(s *Step) string {
	switch {
	case s.Action == Skip:
		return Skipped
	case s.Action == Refuse:
		return Refused
	case p.Policy.DryRun:
		return Planned
	case !s.done:
		return Pending
	case s.Action == Replace:
		return Replaced
	}
	return Written
}
